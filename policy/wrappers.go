package policy

import (
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/actionguard/actionguard/analyze/shell"
)

// Wrapper is a program the policy declares to run the command its operands
// name (a company's "with-vpn", "tsh ssh HOST"): the shell analysis then
// judges the command after it. A wrapper can only reveal a command: a
// program actionguard judges itself cannot be declared one, and no entry
// removes a built-in wrapper.
type Wrapper struct {
	Name string
	// Options lists the wrapper's options in the spec syntax of
	// docs/program-specs.md, one option (all its spellings) a line:
	// "-r= --region=" takes a value, "-q" takes none.
	Options []string
	// Skip is how many operands come before the wrapped command ("tsh ssh
	// HOST CMD": 2).
	Skip int
	// Source is "file:line" of the entry.
	Source string
}

var wrapperKeys = []string{"name", "options", "skip"}

// wrappers reads the wrappers section: a list of entries.
func (p *fileParser) wrappers(v ast.Node) {
	items, _ := p.list(v, "wrappers", "write each wrapper on its own line after a dash: - name: with-vpn")
	for _, item := range items {
		p.wrapper(item)
	}
}

func (p *fileParser) wrapper(n ast.Node) {
	if s, ok := n.(*ast.StringNode); ok {
		p.errorAt(p.at(n), fmt.Sprintf("a wrapper is a mapping, got text %q", s.Value), fmt.Sprintf("write - name: %q", s.Value))
		return
	}
	values, clean := p.mapping(n, "a wrapper", wrapperKeys)
	if values == nil && !clean {
		return
	}
	at := p.at(n)
	w := Wrapper{Source: fmt.Sprintf("%s:%d", p.src.name, at.line)}
	ok := clean
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			ok = false
			continue
		}
		switch key := keyName(mv); key {
		case "name":
			s, good := p.text(v, key)
			if good {
				good = p.wrapperCheck(v, shell.CheckWrapperName(s))
			}
			w.Name, ok = s, ok && good
		case "options":
			good := p.wrapperOptions(v, &w)
			ok = ok && good
		case "skip":
			s, good := p.integer(v, "skip", 0, shell.MaxWrapperSkip, "skip counts the words between the wrapper's options and the command it runs")
			w.Skip, ok = s, ok && good
		}
	}
	if !hasKey(values, "name") {
		if clean {
			p.errorAt(at, "a wrapper needs a name", "add name: with-vpn")
		}
		return
	}
	if !ok {
		return
	}
	for _, prev := range p.l.wrappers {
		if strings.EqualFold(prev.Name, w.Name) {
			p.errorAt(at, fmt.Sprintf("wrapper %s is already declared at %s", w.Name, prev.Source), "declare each wrapper once")
			return
		}
	}
	p.l.wrappers = append(p.l.wrappers, w)
	p.l.wrapperPos = append(p.l.wrapperPos, at)
}

// wrapperOptions reads options: a list of option lines.
func (p *fileParser) wrapperOptions(v ast.Node, w *Wrapper) bool {
	items, good := p.list(v, "options", `write a list: options: ["-r= --region=", "-q"]`)
	if !good {
		return false
	}
	if len(items) > shell.MaxWrapperOptions {
		p.errorAt(p.at(v), fmt.Sprintf("a wrapper lists at most %d options, got %d", shell.MaxWrapperOptions, len(items)), "list only the options that take a value")
		return false
	}
	ok := true
	for _, item := range items {
		if !p.plain(item) {
			ok = false
			continue
		}
		s, good := p.text(item, "an option")
		if good {
			good = p.wrapperCheck(item, shell.CheckWrapperOption(s))
		}
		if good {
			w.Options = append(w.Options, s)
		}
		ok = ok && good
	}
	return ok
}

// wrapperCheck reports err, a shell.WrapperError, at n.
func (p *fileParser) wrapperCheck(n ast.Node, err error) bool {
	if err == nil {
		return true
	}
	var we *shell.WrapperError
	hint := ""
	if errors.As(err, &we) {
		hint = we.Hint
	}
	p.errorAt(p.at(n), err.Error(), hint)
	return false
}

// mergeWrappers adds the project's wrappers to the user's: a wrapper only
// reveals the command it runs, so a project may declare its own; one
// declared in both files keeps the user's reading.
func (p *Policy) mergeWrappers(user, project *layer, warn func(at pos, msg, hint string)) {
	if user != nil {
		p.Wrappers = append(p.Wrappers, user.wrappers...)
	}
	if project == nil {
		return
	}
	for i, w := range project.wrappers {
		dup := ""
		for _, x := range p.Wrappers {
			if strings.EqualFold(x.Name, w.Name) {
				dup = x.Source
			}
		}
		if dup != "" {
			if warn != nil {
				warn(project.wrapperPos[i], fmt.Sprintf("wrapper %s ignored: it is already declared at %s", w.Name, dup), "the user's file decides how its wrappers are read")
			}
			continue
		}
		p.Wrappers = append(p.Wrappers, w)
	}
}

// describe is the wrapper as a person reads it: "with-vpn [--region=] CMD".
func (w Wrapper) describe() string {
	var b strings.Builder
	b.WriteString(w.Name)
	for _, o := range w.Options {
		b.WriteString(" [")
		b.WriteString(strings.Join(strings.Fields(o), "|"))
		b.WriteString("]")
	}
	for i := 0; i < w.Skip; i++ {
		fmt.Fprintf(&b, " ARG%d", i+1)
	}
	b.WriteString(" COMMAND")
	return b.String()
}

// ShellWrappers returns the policy's wrappers in the shell analysis's form
// (shell.Options.Wrappers).
func (p *Policy) ShellWrappers() []shell.Wrapper {
	if len(p.Wrappers) == 0 {
		return nil
	}
	out := make([]shell.Wrapper, 0, len(p.Wrappers))
	for _, w := range p.Wrappers {
		sw := shell.Wrapper{Name: strings.ToLower(w.Name), Options: w.Options, Skip: w.Skip}
		if shell.CheckWrapper(sw) != nil {
			continue // a Policy built by hand with an entry the file would refuse
		}
		out = append(out, sw)
	}
	return out
}
