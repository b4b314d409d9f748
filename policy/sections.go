package policy

import (
	"fmt"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// This file reads the sections of a policy file; parse.go reads YAML.

// The keys of each mapping, in the order the documentation gives them.
var (
	topKeys        = []string{"mode", "security_level", "on_unparseable", "on_error", "allow", "deny", "rules", "disable", "evaluation", "learning_days", "working_hours", "trust", "undo", "approvals", "wrappers", "strict_durability"}
	allowKeys      = []string{"command", "tool", "reason"}
	denyKeys       = []string{"command", "tool", "verdict", "reason"}
	ruleKeys       = []string{"id", "when", "verdict", "message"}
	evaluationKeys = []string{"forbidden_patterns", "sensitive_patterns"}
	modeNames      = []string{string(Learning), string(Adaptive), string(Flow), string(Paranoid)}
	fallbackNames  = []string{"notify", "confirm", "approve", "block"}
	denyVerdicts   = []string{"confirm", "approve", "block"}
	ruleVerdicts   = []string{"notify", "confirm", "approve", "block"}
)

func (p *fileParser) top(body ast.Node) {
	values, _ := p.mapping(body, "the policy", topKeys)
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			continue
		}
		switch key := keyName(mv); key {
		case "mode":
			if s, ok := p.choice(v, key, modeNames, "adaptive is the default, paranoid the strictest"); ok {
				p.l.mode = &setting[Mode]{Mode(s), p.at(v)}
			}
		case "security_level":
			p.level(v)
		case "on_unparseable", "on_error":
			if s, ok := p.fallback(v, key); ok {
				st := &setting[string]{s, p.at(v)}
				if key == "on_error" {
					p.l.onError = st
				} else {
					p.l.onUnparseable = st
				}
			}
		case "allow", "deny":
			items, _ := p.list(v, key, `write each entry on its own line after a dash: - command: "git status"`)
			for _, item := range items {
				p.entry(item, key)
			}
		case "rules":
			items, _ := p.list(v, key, "write each rule on its own line after a dash: - id: custom.my-rule")
			for _, item := range items {
				p.rule(item)
			}
		case "disable":
			p.l.disablePos = p.at(mv.Key)
			p.disable(v)
		case "evaluation":
			p.evaluation(v)
		case "learning_days":
			p.learningDays(v)
		case "working_hours":
			p.workingHours(v)
		case "trust":
			p.trust(v)
		case "undo":
			p.undo(v)
		case "approvals":
			p.approvals(v)
		case "wrappers":
			p.wrappers(v)
		case "strict_durability":
			p.strictDurability(v)
		}
	}
	p.checkRuleIDs()
}

func (p *fileParser) level(v ast.Node) {
	if n, ok := p.integer(v, "security_level", 1, 9, "5 is balanced, 9 the strictest"); ok {
		p.l.level = &setting[int]{n, p.at(v)}
	}
}

func (p *fileParser) fallback(v ast.Node, key string) (string, bool) {
	if s, ok := v.(*ast.StringNode); ok && s.Value == "allow" {
		p.errorAt(p.at(v), fmt.Sprintf("%s cannot be allow: an action that could not be checked must not run silently", key), "notify is the loosest accepted: the action runs and the user is told")
		return "", false
	}
	return p.choice(v, key, fallbackNames, "confirm is the default; notify is the loosest")
}

func (p *fileParser) entry(n ast.Node, list string) {
	keys, what := allowKeys, "an allow entry"
	if list == "deny" {
		keys, what = denyKeys, "a deny entry"
	}
	if s, ok := n.(*ast.StringNode); ok {
		p.errorAt(p.at(n), fmt.Sprintf("%s is a mapping, got text %q", what, s.Value),
			fmt.Sprintf("write - command: %q (or - tool: %q)", s.Value, s.Value))
		return
	}
	values, clean := p.mapping(n, what, keys)
	if values == nil && !clean {
		return
	}
	e := Entry{Verdict: "allow"}
	if list == "deny" {
		e.Verdict = "block"
	}
	at := p.at(n)
	var patNode ast.Node // the value of command: or tool:
	ok := true
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			ok = false
			continue
		}
		switch key := keyName(mv); key {
		case "command", "tool":
			if key == "tool" && hasKey(values, "command") {
				p.errorAt(p.at(mv.Key), "an entry has a command or a tool, not both", "split it into two entries")
				ok = false
				continue
			}
			s, good := p.text(v, key)
			if !good {
				ok = false
				continue
			}
			if key == "command" {
				e.Command = s
				e.m, good = p.pattern(v, s, compileCommand)
			} else {
				e.Tool = s
				e.m, good = p.pattern(v, s, compileTool)
			}
			patNode, ok = v, ok && good
		case "reason":
			e.Reason, _ = p.text(v, key)
		case "verdict":
			if s, good := v.(*ast.StringNode); good && (s.Value == "allow" || s.Value == "notify") {
				p.errorAt(p.at(v), "a deny entry cannot "+s.Value, "move the entry to allow: to let the command run")
				ok = false
				continue
			}
			s, good := p.choice(v, key, denyVerdicts, "block is the default")
			e.Verdict, ok = s, ok && good
		}
	}
	if !hasKey(values, "command") && !hasKey(values, "tool") {
		if clean {
			p.errorAt(at, what+" needs a command or a tool", `e.g. - command: "git status"`)
		}
		return
	}
	if !ok {
		return
	}
	e.Source = fmt.Sprintf("%s:%d", p.src.name, at.line)
	if list == "deny" {
		p.l.deny = append(p.l.deny, e)
		return
	}
	p.checkAllow(&e, p.at(patNode))
	p.l.allow = append(p.l.allow, e)
	p.l.allowPos = append(p.l.allowPos, at)
}

// pattern compiles the pattern s, the value of node v, reporting an error
// at its exact position.
func (p *fileParser) pattern(v ast.Node, s string, compile func(string) (*matcher, *patternError)) (*matcher, bool) {
	m, err := compile(s)
	if err != nil {
		p.errorAt(p.inValue(v, err.off), err.msg, err.hint)
		return nil, false
	}
	return m, true
}

// canaries are commands no allow entry should let through; an entry that
// does is almost certainly wider than its author meant.
var canaries = [][]string{
	{"rm", "-rf", "/"},
	{"rm", "-rf", "~"},
	{"/usr/bin/rm", "-rf", "/"},
}

// shellTools are the tool names of shell actions, which allow entries never
// allow by name.
var shellTools = []string{"Bash", "bash", "shell", "Shell", "run_shell_command"}

func (p *fileParser) checkAllow(e *Entry, at pos) {
	warn := func(msg, hint string) {
		p.l.allowWarnings = append(p.l.allowWarnings, Diagnostic{File: p.src.name, Line: at.line, Col: at.col,
			Severity: SeverityWarning, Message: msg, Hint: hint})
	}
	if e.Command != "" {
		for _, c := range canaries {
			if e.m.matchArgv(&command{argv: c}) {
				warn(fmt.Sprintf("this allow entry also allows %q", strings.Join(c, " ")),
					`narrow it: name the program and the arguments you mean, e.g. "make test"`)
				return
			}
		}
		return
	}
	for _, t := range shellTools {
		if e.m.matchTool(t) {
			warn(fmt.Sprintf("this allow entry matches the shell tool %s, which is never allowed by name", t),
				"shell commands are allowed one by one with command: entries")
			return
		}
	}
}

var ruleIDChars = func() [256]bool {
	var ok [256]bool
	for c := 'a'; c <= 'z'; c++ {
		ok[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		ok[c] = true
	}
	ok['.'], ok['-'], ok['_'] = true, true, true
	return ok
}()

func (p *fileParser) rule(n ast.Node) {
	values, clean := p.mapping(n, "a rule", ruleKeys)
	if values == nil && !clean {
		return
	}
	at := p.at(n)
	r := &CustomRule{Source: fmt.Sprintf("%s:%d", p.src.name, at.line)}
	ok := true
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			ok = false
			continue
		}
		switch key := keyName(mv); key {
		case "id":
			s, good := p.text(v, key)
			r.ID, ok = s, ok && good && p.ruleID(v, s)
		case "when":
			s, good := p.text(v, key)
			if good {
				r.When = s
				switch err := r.compile(); {
				case err == errNoCompiler:
					// Checked where a compiler is linked: this
					// process hands the policy's calls there.
					p.l.uncompiled = true
				case err != nil:
					p.errorAt(p.inValue(v, err.Offset), err.Message, err.Hint)
					good = false
				}
			}
			ok = ok && good
		case "verdict":
			if s, good := v.(*ast.StringNode); good && s.Value == "allow" {
				p.errorAt(p.at(v), "a custom rule cannot allow: rules only raise a verdict", "to let a command run, add an allow entry")
				ok = false
				continue
			}
			s, good := p.choice(v, key, ruleVerdicts, "confirm asks, approve waits for a person, block stops")
			r.Verdict, ok = s, ok && good
		case "message":
			r.Message, _ = p.text(v, key)
		}
	}
	for _, need := range [][2]string{
		{"id", "id: custom.my-rule"},
		{"when", `when: 'kind == "shell"'`},
		{"verdict", "verdict: confirm"},
	} {
		if !hasKey(values, need[0]) {
			if clean {
				p.errorAt(at, "a rule needs "+need[0], "add "+need[1])
			}
			ok = false
		}
	}
	if ok {
		p.l.rules = append(p.l.rules, r)
		p.l.rulePos = append(p.l.rulePos, at)
	}
}

func hasKey(values []*ast.MappingValueNode, key string) bool {
	return slices.ContainsFunc(values, func(mv *ast.MappingValueNode) bool { return keyName(mv) == key })
}

func (p *fileParser) ruleID(v ast.Node, id string) bool {
	if !strings.HasPrefix(id, "custom.") || len(id) == len("custom.") {
		p.errorAt(p.at(v), fmt.Sprintf("a custom rule id must start with custom., got %q", id), "e.g. custom."+sanitizeID(id))
		return false
	}
	for i := 0; i < len(id); i++ {
		if !ruleIDChars[id[i]] {
			p.errorAt(p.inValue(v, len([]rune(id[:i]))), fmt.Sprintf("a rule id is made of a-z, 0-9, dots, dashes and underscores; got %q", id), "e.g. custom."+sanitizeID(strings.TrimPrefix(id, "custom.")))
			return false
		}
	}
	return true
}

func sanitizeID(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r < 256 && ruleIDChars[r]:
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "my-rule"
	}
	return b.String()
}

// checkRuleIDs reports rule ids used twice in the file.
func (p *fileParser) checkRuleIDs() {
	seen := map[string]int{}
	for i, r := range p.l.rules {
		if j, dup := seen[r.ID]; dup {
			p.errorAt(p.l.rulePos[i], fmt.Sprintf("rule id %s is already used at line %d", r.ID, p.l.rulePos[j].line), "rule ids are unique; rename one")
			continue
		}
		seen[r.ID] = i
	}
}

func (p *fileParser) disable(v ast.Node) {
	items, _ := p.list(v, "disable", "write a list: disable: [shell.git.reset-hard]")
	seen := map[string]bool{}
	for _, item := range items {
		if !p.plain(item) {
			continue
		}
		id, ok := p.text(item, "a disabled rule id")
		if !ok {
			continue
		}
		at := p.at(item)
		switch {
		case id == "":
			p.errorAt(at, "empty rule id", "remove it")
		case strings.HasPrefix(id, "custom."):
			p.warnAt(at, fmt.Sprintf("custom rules cannot be disabled; %s stays on", id), "delete or comment out the rule instead")
		case seen[id]:
			p.warnAt(at, fmt.Sprintf("%s is disabled twice", id), "remove one")
		default:
			seen[id] = true
			p.l.disable = append(p.l.disable, setting[string]{id, at})
		}
	}
}
