package tools

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
	"github.com/actionguard/actionguard/rule/ruletest"
)

// example is a parsed rule example: `ToolName {"arg": …}`, or `$ command
// line` (a shell command), optionally followed by ` contacts: <n>` (a
// contact book in which every contact has n earlier interactions) and then
// by ` user: <message>`, ` app: <application>` or ` history: <EarlierTool>
// => <its observation>`.
type example struct {
	tool    string
	input   map[string]any
	argv    []string
	opt     Options
	book    bool
	contact int
}

func parseExample(t *testing.T, ex string) example {
	t.Helper()
	name, rest, _ := strings.Cut(ex, " ")
	var e example
	var s string
	if name == "$" {
		line, opts, _ := strings.Cut(rest, " contacts: ")
		e.argv = shellWords(line)
		if opts != "" {
			s = "contacts: " + opts
		}
	} else {
		e.tool = name
		dec := json.NewDecoder(strings.NewReader(rest))
		if err := dec.Decode(&e.input); err != nil {
			t.Fatalf("example %q: input: %v", ex, err)
		}
		s = strings.TrimSpace(rest[dec.InputOffset():])
	}
	if n, ok := strings.CutPrefix(s, "contacts:"); ok {
		num, more, _ := strings.Cut(strings.TrimSpace(n), " ")
		k, err := strconv.Atoi(num)
		if err != nil {
			t.Fatalf("example %q: contacts: %v", ex, err)
		}
		e.book, e.contact = true, k
		s = strings.TrimSpace(more)
	}
	switch {
	case s == "":
	case strings.HasPrefix(s, "user:"):
		e.opt.UserMessages = []string{strings.TrimSpace(strings.TrimPrefix(s, "user:"))}
	case strings.HasPrefix(s, "app:"):
		e.opt.Application = strings.TrimSpace(strings.TrimPrefix(s, "app:"))
	case strings.HasPrefix(s, "history:"):
		// history: Tool => observation
		tool, obs, _ := strings.Cut(strings.TrimSpace(strings.TrimPrefix(s, "history:")), " => ")
		e.opt.History = []Call{{Tool: tool, Observation: obs}}
	default:
		t.Fatalf("example %q: trailing %q", ex, s)
	}
	return e
}

// shellWords splits a command line at blanks, honouring quotes.
func shellWords(s string) []string {
	var out []string
	var cur strings.Builder
	quote, in := byte(0), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// withBook gives every contact of the call n earlier interactions.
func withBook(p *Prepared, opt Options, n int) Options {
	opt.ContactBook = true
	opt.Interactions = map[Contact]int{}
	for _, c := range p.Contacts() {
		opt.Interactions[c] = n
	}
	return opt
}

func (e example) run() *Result {
	var p *Prepared
	if e.argv != nil {
		var ok bool
		if p, ok = prepareLine(strings.Join(e.argv, " "), ""); !ok {
			return &Result{}
		}
	} else {
		p = Prepare(e.tool, e.input)
	}
	opt := e.opt
	if e.book {
		opt = withBook(p, opt, e.contact)
	}
	return p.Judge(opt)
}

// TestRules checks the registry and runs every rule's Match and NoMatch
// examples through Analyze: a rule cannot ship without examples that hold.
func TestRules(t *testing.T) {
	ruletest.Check(t, ruletest.Options{Prefix: "tool.", RequireNoMatch: true, DangerousFloor: 100}, Rules,
		func(ex string, _ *rule.Rule) []rule.Finding { return parseExample(t, ex).run().Findings })
}

func hasRule(res *Result, id string) bool { return ruletest.Has(res.Findings, id) }

func ruleIDs(res *Result) string { return ruletest.IDs(res.Findings) }
