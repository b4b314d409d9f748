package mcpproxy

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// callParams is what a tools/call request asks for: the tool's name, its
// arguments and the client's progress token.
type callParams struct {
	Name          string
	Arguments     map[string]any
	ProgressToken json.RawMessage
}

// maxParamsDepth bounds how deeply a call's params may nest: far more than
// any tool's arguments need, far less than a parser's own limit.
const maxParamsDepth = 128

// The keys of a tools/call's params that the proxy reads.
var callKeys = []string{"name", "arguments", "_meta"}

// readCallParams reads a tools/call request's params the way no upstream
// server can read differently: the params are forwarded as they came, so
// whatever two JSON parsers could disagree on is refused rather than
// judged one way and run the other. That is: bytes that are not UTF-8, a
// key given twice in any object (parsers keep the first or the last), a
// key that differs from name, arguments or _meta only in case (Go's
// encoding/json reads "NAME" as "name", most others do not), a name that
// is not a string and arguments that are not an object.
func readCallParams(raw json.RawMessage) (callParams, error) {
	var p callParams
	if !utf8.Valid(raw) {
		return p, errors.New("the params are not valid UTF-8")
	}
	if err := checkKeys(raw); err != nil {
		return p, err
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil || top == nil {
		return p, errors.New("the params are not a JSON object")
	}
	for k := range top {
		for _, want := range callKeys {
			if k != want && strings.EqualFold(k, want) {
				return p, fmt.Errorf("the params have a key %q that differs from %q only in case", k, want)
			}
		}
	}
	if err := json.Unmarshal(top["name"], &p.Name); err != nil || p.Name == "" {
		return p, errors.New("the params name no tool (name must be a non-empty string)")
	}
	if args := bytes.TrimSpace(top["arguments"]); len(args) > 0 && !bytes.Equal(args, []byte("null")) {
		if args[0] != '{' {
			return p, errors.New("the arguments are not a JSON object")
		}
		if err := json.Unmarshal(args, &p.Arguments); err != nil {
			return p, fmt.Errorf("reading the arguments: %w", err)
		}
	}
	var meta struct {
		ProgressToken json.RawMessage `json:"progressToken"`
	}
	if m := top["_meta"]; len(m) > 0 && json.Unmarshal(m, &meta) == nil {
		p.ProgressToken = meta.ProgressToken
	}
	return p, nil
}

// checkKeys walks a JSON value and refuses a key given twice in one object
// (keys compared as decoded, so "n\u0061me" is "name") and nesting deeper
// than maxParamsDepth.
func checkKeys(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := checkValue(dec, 0); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("the params have data after their JSON value")
	}
	return nil
}

func checkValue(dec *json.Decoder, depth int) error {
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("the params are not JSON: %w", err)
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	if depth >= maxParamsDepth {
		return fmt.Errorf("the params nest deeper than %d levels", maxParamsDepth)
	}
	if d == '[' {
		for dec.More() {
			if err := checkValue(dec, depth+1); err != nil {
				return err
			}
		}
		_, err := dec.Token()
		return err
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("the params are not JSON: %w", err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return fmt.Errorf("the params give the key %q twice in one object", key)
		}
		seen[key] = true
		if err := checkValue(dec, depth+1); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

// printableASCII reports whether a tool name is written in printable ASCII
// only (no spaces, controls, look-alike letters, zero-width or bidi marks).
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// resolveTool is the name a call is judged under. A tool the server listed
// is judged under its own name; a name that differs from a listed tool's
// only in case is judged as that tool (a server may look names up without
// case, while the policy names the tool as listed). A name with characters
// outside printable ASCII that the server did not list is refused: it is
// either no tool at all or a look-alike of one the policy names.
func (s *session) resolveTool(name string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.schemas[name]; ok {
		return name, nil
	}
	if !printableASCII(name) {
		return "", fmt.Errorf("the tool name %q has characters outside printable ASCII and the server listed no tool of that name", name)
	}
	match := ""
	for listed := range s.schemas {
		if !strings.EqualFold(listed, name) {
			continue
		}
		if match != "" {
			return "", fmt.Errorf("the tool name %q differs only in case from two tools the server listed, %q and %q", name, min(match, listed), max(match, listed))
		}
		match = listed
	}
	return firstNonEmpty(match, name), nil
}
