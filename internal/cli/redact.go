package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/privacy"
	"github.com/actionguard/actionguard/internal/jsonx"
	"github.com/spf13/cobra"
)

// redactOptions are the flags of redact.
type redactOptions struct {
	json  bool
	jsonl bool
	types []string
}

func (a *app) redactCommand() *cobra.Command {
	o := &redactOptions{}
	cmd := &cobra.Command{
		Use:   "redact [flags] [text…]",
		Short: "Mask personal data and secrets in text (the masking table)",
		Long: `Mask the personal data and secrets in text: phone numbers, e-mail and IP
addresses, bank cards, bank accounts, IBANs, home addresses and tax IDs get seed
001's masked form (138****5678, a****@domain.com, ****1234, 192.168.1.***);
passwords, API keys, tokens, session cookies, private keys and one-time codes
have no safe form and are replaced whole ([API KEY REDACTED]).

The text is the arguments, or standard input when there are none. Standard
input is read in windows of a megabyte, so a text of any size takes a few
megabytes of memory (with --json it is read whole, up to 64 MiB). With --json
the findings come too (type, byte offsets, confidence, detector). With --jsonl
each line of standard input is {"id": "…", "text": "…"} and each line out is
{"id": "…", "text": "<masked>", "findings": [{"type": "phone", "start": 8, "end": 19}]},
the offsets in bytes of the input text. Nothing is recorded in the audit log.`,
		Example: `  actionguard redact "call me on 13812345678"
  git diff | actionguard redact
  actionguard redact --json < message.txt
  actionguard redact --jsonl < records.jsonl > masked.jsonl
  actionguard redact --types password,api_key,token < log.txt`,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runRedact(o, args) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print the masked text and the findings as JSON")
	f.BoolVar(&o.jsonl, "jsonl", false, `read {"id","text"} lines on standard input and write {"id","text","findings"} lines`)
	f.StringSliceVar(&o.types, "types", nil, "mask only these types (comma-separated: "+typeNames()+")")
	return cmd
}

func typeNames() string {
	names := make([]string, len(privacy.Types))
	for i, t := range privacy.Types {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// filter keeps the findings of the chosen types (all when none are chosen).
func (o *redactOptions) filter(fs []privacy.Finding) []privacy.Finding {
	if len(o.types) == 0 {
		return fs
	}
	return slices.DeleteFunc(fs, func(f privacy.Finding) bool { return !slices.Contains(o.types, string(f.Type)) })
}

func (a *app) runRedact(o *redactOptions, args []string) error {
	for i, t := range o.types {
		o.types[i] = strings.ToLower(strings.TrimSpace(t))
		if !slices.Contains(privacy.Types, privacy.Type(o.types[i])) {
			return usageErr("the types are "+typeNames(), "unknown type %q", t)
		}
	}
	if o.jsonl {
		if len(args) > 0 {
			return usageErr("with --jsonl the text comes on standard input", "--jsonl takes no text argument")
		}
		if o.json {
			return usageErr("choose one of --json and --jsonl", "--json and --jsonl together")
		}
		return o.stream(a.env.Stdin, a.env.Stdout, a.env.Stderr)
	}
	var text string
	if len(args) > 0 && !(len(args) == 1 && args[0] == "-") {
		text = strings.Join(args, " ")
	} else if !o.json {
		// Standard input of any size, in windows: the memory stays a few
		// megabytes whatever the input's size.
		st := privacy.Stream{}
		if len(o.types) > 0 {
			st.Keep = func(f privacy.Finding) bool { return slices.Contains(o.types, string(f.Type)) }
		}
		out := bufio.NewWriterSize(a.env.Stdout, 64<<10)
		if _, err := st.Redact(a.env.Stdin, out); err != nil {
			return fmt.Errorf("redacting standard input: %w", err)
		}
		return out.Flush()
	} else {
		data, err := io.ReadAll(io.LimitReader(a.env.Stdin, privacy.MaxText+1))
		if err != nil {
			return fmt.Errorf("reading standard input: %w", err)
		}
		if len(data) > privacy.MaxText {
			return usageErr("split the input, or use --jsonl for many texts", "the input is larger than %d MiB", privacy.MaxText>>20)
		}
		text = string(data)
	}
	fs := o.filter(privacy.Detect(text))
	masked := privacy.Mask(text, fs)
	if o.json {
		if fs == nil {
			fs = []privacy.Finding{}
		}
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(struct {
			Text     string            `json:"text"`
			Findings []privacy.Finding `json:"findings"`
		}{masked, fs})
	}
	_, err := io.WriteString(a.env.Stdout, masked)
	if err == nil && len(args) > 0 {
		_, err = io.WriteString(a.env.Stdout, "\n")
	}
	return err
}

// redactLine is one line of redact --jsonl, in and out.
type redactLine struct {
	ID       json.RawMessage `json:"id,omitempty"`
	Text     *string         `json:"text"`
	Findings []spanOut       `json:"findings"`
	Error    string          `json:"error,omitempty"`
}

// spanOut is a finding as the redaction contract gives it.
type spanOut struct {
	Type  privacy.Type `json:"type"`
	Start int          `json:"start"`
	End   int          `json:"end"`
}

// stream is redact --jsonl. A line that cannot be read gets an answer
// with its error (and no text), is reported on stderr, and the stream
// goes on; the exit code is then ExitUsage.
func (o *redactOptions) stream(r io.Reader, w, stderr io.Writer) error {
	in := bufio.NewReaderSize(r, 256<<10)
	out := bufio.NewWriterSize(w, 256<<10)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	var buf, outBuf []byte
	var err error
	line, bad := 0, 0
	fail := func(id json.RawMessage, msg string) error {
		bad++
		fmt.Fprintf(stderr, "actionguard: line %d: %s\n", line, msg)
		return enc.Encode(redactLine{ID: id, Error: msg, Findings: []spanOut{}})
	}
	for {
		buf, err = readLine(in, buf[:0])
		if len(buf) == 0 && err != nil {
			if errors.Is(err, errLineTooLong) {
				line++
				if e := fail(nil, err.Error()); e != nil {
					return e
				}
				continue
			}
			if !errors.Is(err, io.EOF) {
				return fmt.Errorf("reading standard input: %w", err)
			}
			break
		}
		line++
		data := bytes.TrimSpace(buf)
		if len(data) == 0 {
			if err != nil {
				break
			}
			continue
		}
		id, text, ok := quickLine(data)
		if !ok {
			// Anything but the plain {"id","text"} shape: the full decoder.
			var rec redactLine
			if uerr := json.Unmarshal(data, &rec); uerr != nil {
				if e := fail(rawID(data), "invalid JSON: "+jsonErrorText(uerr)); e != nil {
					return e
				}
				continue
			}
			if rec.Text == nil {
				if e := fail(rec.ID, `the line has no "text"`); e != nil {
					return e
				}
				continue
			}
			id, text = rec.ID, *rec.Text
		}
		fs := o.filter(privacy.Detect(text))
		line := appendRedacted(outBuf[:0], id, privacy.Mask(text, fs), fs)
		outBuf = line
		if _, e := out.Write(line); e != nil {
			return e
		}
		if err != nil {
			break
		}
	}
	if bad > 0 {
		return &exitError{code: ExitUsage, err: fmt.Errorf("%d of %d lines could not be read", bad, line)}
	}
	return nil
}

// rawID is the "id" of a line that does not decode whole, if it can be found.
func rawID(data []byte) json.RawMessage {
	if id := salvageID(data); id != "" {
		b, _ := json.Marshal(id)
		return b
	}
	return nil
}

// appendRedacted appends one answer line: {"id":…,"text":"…","findings":[…]}.
func appendRedacted(dst []byte, id json.RawMessage, masked string, fs []privacy.Finding) []byte {
	dst = append(dst, '{')
	if len(id) > 0 {
		dst = append(dst, `"id":`...)
		dst = append(dst, id...)
		dst = append(dst, ',')
	}
	dst = append(dst, `"text":`...)
	dst = jsonx.AppendString(dst, masked)
	dst = append(dst, `,"findings":[`...)
	for i, f := range fs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"type":"`...)
		dst = append(dst, f.Type...)
		dst = append(dst, `","start":`...)
		dst = strconv.AppendInt(dst, int64(f.Start), 10)
		dst = append(dst, `,"end":`...)
		dst = strconv.AppendInt(dst, int64(f.End), 10)
		dst = append(dst, '}')
	}
	return append(dst, "]}\n"...)
}

// quickLine reads the common line {"id": "…" or a number, "text": "…"}
// (either order, no escapes in the text but \" \\ \n \t \r \/) without
// reflection. ok is false for anything else, which the full decoder reads.
func quickLine(data []byte) (id json.RawMessage, text string, ok bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, "", false
	}
	i++
	gotText := false
	for {
		i = skipSpace(data, i)
		if i < len(data) && data[i] == '}' {
			i = skipSpace(data, i+1)
			return id, text, gotText && i == len(data)
		}
		key, j, ok := quickString(data, i)
		if !ok {
			return nil, "", false
		}
		i = skipSpace(data, j)
		if i >= len(data) || data[i] != ':' {
			return nil, "", false
		}
		i = skipSpace(data, i+1)
		switch key {
		case "text":
			if gotText {
				return nil, "", false
			}
			t, j, ok := quickString(data, i)
			if !ok {
				return nil, "", false
			}
			text, gotText, i = t, true, j
		case "id":
			if id != nil {
				return nil, "", false
			}
			j := i
			if j < len(data) && data[j] == '"' {
				if _, k, ok := quickString(data, j); ok {
					j = k
				} else {
					return nil, "", false
				}
			} else {
				for j < len(data) && (data[j] >= '0' && data[j] <= '9' || data[j] == '-') {
					j++
				}
				if j == i {
					return nil, "", false
				}
			}
			if !json.Valid(data[i:j]) {
				return nil, "", false
			}
			id, i = json.RawMessage(data[i:j]), j
		default:
			return nil, "", false
		}
		i = skipSpace(data, i)
		switch {
		case i < len(data) && data[i] == ',':
			i = skipSpace(data, i+1)
			if i >= len(data) || data[i] != '"' {
				return nil, "", false // a trailing comma
			}
		case i < len(data) && data[i] == '}':
		default:
			return nil, "", false
		}
	}
}

// quickString reads a JSON string at data[i] with only the simple escapes
// and valid UTF-8; it returns the string and the offset after it.
func quickString(data []byte, i int) (string, int, bool) {
	if i >= len(data) || data[i] != '"' {
		return "", 0, false
	}
	start := i + 1
	var b []byte
	for j := start; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			if b == nil {
				if !utf8.Valid(data[start:j]) {
					return "", 0, false
				}
				return string(data[start:j]), j + 1, true
			}
			if !utf8.Valid(b) {
				return "", 0, false
			}
			return string(b), j + 1, true
		case c < 0x20:
			return "", 0, false
		case c == '\\':
			if j+1 >= len(data) {
				return "", 0, false
			}
			if b == nil {
				b = append([]byte(nil), data[start:j]...)
			}
			j++
			switch data[j] {
			case '"', '\\', '/':
				b = append(b, data[j])
			case 'n':
				b = append(b, '\n')
			case 't':
				b = append(b, '\t')
			case 'r':
				b = append(b, '\r')
			default:
				return "", 0, false // \u, \b, \f: the full decoder
			}
		default:
			if b != nil {
				b = append(b, c)
			}
		}
	}
	return "", 0, false
}

func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n') {
		i++
	}
	return i
}
