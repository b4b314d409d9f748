package policy

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// Bounds on a policy file, whose real size is a few kilobytes. The YAML
// parser's cost grows with the number of tokens times the length of their
// line, so the bounds keep a hostile file (a project's policy comes with the
// repository) from stalling every check: the worst file within them parses
// in tens of milliseconds, a real one in well under one.
const (
	maxFileSize = 64 << 10
	maxLine     = 1 << 10
	maxDashes   = 3 // "- " opening a line, as in "- - - x": lists nested on one line
)

// layer is one policy file, parsed and validated but not merged: every
// setting keeps its position so that merging can name what it drops.
type layer struct {
	file          string
	mode          *setting[Mode]
	level         *setting[int]
	onUnparseable *setting[string]
	onError       *setting[string]
	allow, deny   []Entry
	allowPos      []pos // position of each allow entry, for merge warnings
	rules         []*CustomRule
	rulePos       []pos
	// uncompiled reports a rule whose condition was not compiled: the
	// process has no compiler (UseCompiler).
	uncompiled bool
	disable    []setting[string]
	disablePos pos // the disable key
	// forbidden and sensitive are the evaluation section's patterns.
	forbidden, sensitive []EvalPattern
	// The learning layer's settings (session.go).
	learningDays *setting[int]
	workingHours *setting[string]
	trust        *trustLayer
	undo         *undoLayer
	approvals    *approvalsLayer
	// wrappers are the wrappers section's entries, wrapperPos where each is.
	wrappers   []Wrapper
	wrapperPos []pos
	// strictDurability is strict_durability (durability.go).
	strictDurability *setting[bool]
	diags            []Diagnostic
	// allowWarnings are the warnings about allow entries, which only matter
	// when the entries are used (in a user's file, not a project's).
	allowWarnings []Diagnostic
}

type pos struct{ line, col int }

type setting[T any] struct {
	v T
	pos
}

// fileParser walks the YAML syntax tree of one file. It never stops at the
// first problem: every problem it can see is recorded.
type fileParser struct {
	src *source
	l   *layer
}

// parseLayer parses and validates one policy file. It never panics and
// always returns a layer; l.diags holds every problem found.
func parseLayer(name string, src []byte) (l *layer) {
	l = &layer{file: name}
	p := &fileParser{src: &source{name: name}, l: l}
	if len(src) > maxFileSize {
		p.errorAt(pos{}, fmt.Sprintf("the file is larger than %d KiB", maxFileSize>>10), "a policy file is a few kilobytes; is this the right file?")
		return l
	}
	// The YAML parser ends a line at \n, \r\n or a lone \r; so does source.
	src = normalizeNewlines(src)
	p.src = newSource(name, src)
	if !p.withinBounds() {
		return l
	}
	f, err := parseYAML(src)
	if deep, ok := err.(*tooDeepError); ok {
		p.errorAt(tokenPos(deep.tk), fmt.Sprintf("brackets nest more than %d deep", maxNesting), "a policy file needs two or three levels")
		return l
	}
	if err != nil {
		p.syntaxError(err)
		return l
	}
	var body ast.Node
	for _, doc := range f.Docs {
		if doc == nil || doc.Body == nil {
			continue
		}
		if body != nil {
			p.errorAt(p.at(doc.Body), "a policy file holds one YAML document", "remove the --- separator and merge the documents")
			break
		}
		body = doc.Body
	}
	if body == nil {
		return l // an empty file is the default policy
	}
	p.top(body)
	return l
}

// withinBounds reports the first line that is too long or opens too many
// nested lists, before the YAML parser sees it.
func (p *fileParser) withinBounds() bool {
	for i, line := range p.src.lines {
		if len(line) > maxLine {
			p.errorAt(pos{i + 1, utf8.RuneCountInString(line[:maxLine]) + 1}, fmt.Sprintf("the line is longer than %d bytes", maxLine),
				"split it: a long expression or text fits in a block scalar (when: | and the text on the next lines)")
			return false
		}
		rest, dashes := strings.TrimLeft(line, " "), 0
		for strings.HasPrefix(rest, "- ") || rest == "-" {
			dashes++
			rest = strings.TrimLeft(rest[1:], " ")
		}
		if dashes > maxDashes {
			p.errorAt(pos{i + 1, 1}, fmt.Sprintf("lists nest %d deep on one line", dashes), "a policy file needs one dash per item: - command: ...")
			return false
		}
	}
	return true
}

func normalizeNewlines(src []byte) []byte {
	if !bytes.ContainsRune(src, '\r') {
		return src
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	return bytes.ReplaceAll(src, []byte("\r"), []byte("\n"))
}

// maxNesting bounds the nesting of flow collections ([ and {), which the
// YAML parser handles by recursion.
const maxNesting = 32

// parseYAML parses src, turning a panic of the parser into an error: a
// malformed file must be reported, not crash the check.
func parseYAML(src []byte) (f *ast.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("the YAML parser failed: %v", r)
		}
	}()
	tokens := lexer.Tokenize(string(src))
	depth := 0
	for _, tk := range tokens {
		switch tk.Type {
		case token.SequenceStartType, token.MappingStartType:
			if depth++; depth > maxNesting {
				return nil, &tooDeepError{tk}
			}
		case token.SequenceEndType, token.MappingEndType:
			depth--
		}
	}
	return parser.Parse(tokens, 0)
}

type tooDeepError struct{ tk *token.Token }

func (e *tooDeepError) Error() string { return "nested too deeply" }

func (p *fileParser) add(severity string, at pos, msg, hint string) {
	p.l.diags = append(p.l.diags, Diagnostic{File: p.src.name, Line: at.line, Col: at.col,
		Severity: severity, Message: msg, Hint: hint})
}

func (p *fileParser) errorAt(at pos, msg, hint string) { p.add(SeverityError, at, msg, hint) }

func (p *fileParser) warnAt(at pos, msg, hint string) { p.add(SeverityWarning, at, msg, hint) }

func (p *fileParser) at(n ast.Node) pos {
	l, c := nodePos(n)
	return pos{l, c}
}

func tokenPos(tk *token.Token) pos {
	if tk == nil || tk.Position == nil {
		return pos{}
	}
	return pos{tk.Position.Line, max(tk.Position.Column, 1)}
}

func (p *fileParser) inValue(n ast.Node, off int) pos {
	l, c := p.src.valuePos(n, off)
	return pos{l, c}
}

// syntaxError reports an error of the YAML parser at its position, with a
// hint for the common ones.
func (p *fileParser) syntaxError(err error) {
	at, msg := pos{}, err.Error()
	var ye yamlError
	if errors.As(err, &ye) {
		msg = ye.GetMessage()
		at = tokenPos(ye.GetToken())
	}
	hint := "check the indentation and the quoting around this point"
	switch {
	case strings.Contains(msg, "already defined"):
		hint = "each key may appear once; merge the two or delete one"
	case strings.Contains(msg, "tab"):
		hint = "indent with spaces, not tabs"
	case strings.Contains(msg, "not found"), strings.Contains(msg, "could not find"):
		hint = "close the bracket or the quote"
	case strings.Contains(msg, "escape"):
		hint = `in double quotes YAML reads backslashes itself; write a regular expression in single quotes: '\d+'`
	}
	p.errorAt(at, "invalid YAML: "+msg, hint)
}

// yamlError is how the YAML parser's errors give their position.
type yamlError interface {
	error
	GetMessage() string
	GetToken() *token.Token
}

// plain reports nodes a policy file may not use: anchors, aliases, tags and
// complex keys are refused, so that what a user reads is what applies.
func (p *fileParser) plain(n ast.Node) bool {
	switch n.(type) {
	case *ast.AnchorNode, *ast.AliasNode:
		p.errorAt(p.at(n), "YAML anchors and aliases are not supported in a policy file", "write the value out in full")
		return false
	case *ast.TagNode:
		p.errorAt(p.at(n), "YAML tags are not supported in a policy file", "remove the tag (!!…)")
		return false
	case *ast.MappingKeyNode, *ast.MergeKeyNode:
		p.errorAt(p.at(n), "complex and merge keys are not supported in a policy file", "write each key as a plain name")
		return false
	}
	return true
}

// mapping returns the key/value pairs of a mapping, checking each key is a
// plain name that appears once and is one of keys (with a suggestion when
// it is not). what names the mapping in messages. clean is false when
// something was reported: then a missing key is likely a misspelled one,
// and not worth a second message.
func (p *fileParser) mapping(n ast.Node, what string, keys []string) (_ []*ast.MappingValueNode, clean bool) {
	var values []*ast.MappingValueNode
	switch v := n.(type) {
	case *ast.MappingNode:
		values = v.Values
	case *ast.MappingValueNode:
		values = []*ast.MappingValueNode{v}
	default:
		if p.plain(n) {
			p.errorAt(p.at(n), fmt.Sprintf("%s must be a mapping of keys to values, got %s", what, describe(n)), fmt.Sprintf("write it as %s: value", keys[0]))
		}
		return nil, false
	}
	var out []*ast.MappingValueNode
	seen := map[string]bool{}
	clean = true
	for _, mv := range values {
		if mv == nil || mv.Key == nil {
			continue
		}
		if !p.plain(mv.Key) {
			clean = false
			continue
		}
		k, ok := mv.Key.(*ast.StringNode)
		if !ok {
			p.errorAt(p.at(mv.Key), fmt.Sprintf("keys must be names, got %s", describe(mv.Key)), "the keys of "+what+" are "+strings.Join(keys, ", "))
			clean = false
			continue
		}
		at := p.at(mv.Key)
		if !slices.Contains(keys, k.Value) {
			hint := "the keys of " + what + " are " + strings.Join(keys, ", ")
			if s := suggest(k.Value, keys); s != "" {
				hint = "did you mean " + s + "?"
			} else if what == "the policy" && slices.Contains(evaluationKeys, k.Value) {
				hint = "it belongs in the evaluation section: write evaluation: and indent " + k.Value + ": under it"
			}
			p.errorAt(at, fmt.Sprintf("unknown key %q in %s", k.Value, what), hint)
			clean = false
			continue
		}
		if seen[k.Value] {
			p.errorAt(at, fmt.Sprintf("%s appears twice in %s", k.Value, what), "keep one of them")
			continue
		}
		seen[k.Value] = true
		out = append(out, mv)
	}
	return out, clean
}

// describe names the type of a node for messages: "a number", "a list"…
func describe(n ast.Node) string {
	switch v := n.(type) {
	case nil, *ast.NullNode:
		return "nothing"
	case *ast.IntegerNode, *ast.FloatNode, *ast.InfinityNode, *ast.NanNode:
		return "a number"
	case *ast.BoolNode:
		return "true/false"
	case *ast.StringNode:
		return "text " + strconv.Quote(v.Value)
	case *ast.LiteralNode:
		return "a block of text"
	case *ast.SequenceNode:
		return "a list"
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	}
	return "a " + strings.ToLower(n.Type().String())
}

func keyName(mv *ast.MappingValueNode) string {
	return mv.Key.(*ast.StringNode).Value
}

// text returns the string value of n, reporting anything else.
func (p *fileParser) text(n ast.Node, key string) (string, bool) {
	switch v := n.(type) {
	case *ast.StringNode:
		return v.Value, true
	case *ast.LiteralNode:
		if v.Value == nil {
			return "", true
		}
		return v.Value.Value, true
	}
	if !p.plain(n) {
		return "", false
	}
	var hint string
	switch n.(type) {
	case nil, *ast.NullNode:
		hint = "give it a value, or remove the key"
	case *ast.SequenceNode, *ast.MappingNode, *ast.MappingValueNode:
		hint = "write a single value"
	default:
		hint = fmt.Sprintf("quote it: %s: %q", key, n.GetToken().Value)
	}
	p.errorAt(p.at(n), fmt.Sprintf("%s must be text, got %s", key, describe(n)), hint)
	return "", false
}

// choice returns the value of n if it is one of choices.
func (p *fileParser) choice(n ast.Node, key string, choices []string, hint string) (string, bool) {
	switch n.(type) {
	case *ast.StringNode:
	default:
		if p.plain(n) {
			p.errorAt(p.at(n), fmt.Sprintf("%s must be %s, got %s", key, oneOf(choices), describe(n)), hint)
		}
		return "", false
	}
	s, ok := p.text(n, key)
	if !ok {
		return "", false
	}
	if slices.Contains(choices, s) {
		return s, true
	}
	if x := suggest(s, choices); x != "" {
		hint = "did you mean " + x + "?"
	}
	p.errorAt(p.at(n), fmt.Sprintf("%s must be %s, got %q", key, oneOf(choices), s), hint)
	return "", false
}

// list returns the items of a sequence; nothing (key:) is an empty list.
func (p *fileParser) list(n ast.Node, key, hint string) ([]ast.Node, bool) {
	switch v := n.(type) {
	case *ast.SequenceNode:
		return v.Values, true
	case nil, *ast.NullNode:
		return nil, true
	}
	if p.plain(n) {
		p.errorAt(p.at(n), fmt.Sprintf("%s must be a list, got %s", key, describe(n)), hint)
	}
	return nil, false
}
