package guard

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Seed 002's context modifiers, on its 10-point scale. The scorer applies
// them ×10 on seed 000's 0–100+ scale, where one risk point is ten score points.
const (
	ModProduction         = 3
	ModUncommittedChanges = 1
	ModTestDirectory      = -2
	ModUserAsked          = -3
	ModRepeated           = -2
	ModPreviouslyApproved = -3
	ModRecentMistake      = 2
)

// NotifyPoints is the weight from which a finding of a SAFE action is worth
// telling the user about (verdict notify instead of allow).
const NotifyPoints = 15

// The names of the session's escalation modifiers.
const (
	modRecentMistake = "recent mistake"
	modAnomaly       = "anomaly"
)

// modifier is one applied context modifier.
type modifier struct {
	name   string
	points int // on the 0–100+ scale
	why    string
}

// modifiers returns the context modifiers that apply to an action with the
// given findings. They only apply when something risky was found: a
// harmless command on the main branch stays harmless.
func (e *evaluation) modifiers(findings []Finding, base int) []modifier {
	if base <= 0 {
		return nil
	}
	a, kind := e.a, e.kind
	ctx := &a.Context
	var mods []modifier
	if why := productionIndicator(a, findings); why != "" {
		mods = append(mods, modifier{"production", ModProduction * 10, why})
	}
	if touchesWork(findings) && e.gitDirty() {
		mods = append(mods, modifier{"uncommitted changes", ModUncommittedChanges * 10, "the working tree has uncommitted changes that could be lost"})
	}
	if inTestDirectory(a, findings) && !anyDangerous(findings) {
		mods = append(mods, modifier{"test directory", ModTestDirectory * 10, "it only touches a test directory"})
	}
	// The intent and tool analyzers read the user's messages themselves
	// (seed 000's user confirmation); a request is the user's message.
	if ownContext := kind != KindShell && kind != KindSQL && kind != KindFile && kind != KindHTTP; !ownContext && userAsked(a, findings) && !anyDangerous(findings) {
		mods = append(mods, modifier{"user asked", ModUserAsked * 10, "the user explicitly asked for this"})
	}
	if repeated(a) && !anyDangerous(findings) {
		mods = append(mods, modifier{"repeated", ModRepeated * 10, "the same action already ran in this session"})
	}
	if ctx.PreviouslyApproved && !anyDangerous(findings) {
		mods = append(mods, modifier{"previously approved", ModPreviouslyApproved * 10, "the user approved this before"})
	}
	if why := recentMistake(a); why != "" {
		mods = append(mods, modifier{modRecentMistake, ModRecentMistake * 10, why})
	}
	if len(e.anomalies) > 0 {
		mods = append(mods, modifier{modAnomaly, ModAnomaly * 10, e.anomalies[0]})
	} else if why := earlierAnomaly(a); why != "" {
		mods = append(mods, modifier{modAnomaly, ModAnomaly * 10, "an earlier action in this session was an anomaly: " + why})
	}
	if ctx.User != nil && ctx.User.New {
		mods = append(mods, modifier{"new user", rule.NewUser, "the user is new (+20)"})
	}
	if ctx.User != nil && ctx.User.Trust != nil && *ctx.User.Trust < 0.5 {
		mods = append(mods, modifier{"low trust", rule.LowTrust, "the user's trust score is low (+15)"})
	}
	return mods
}

func anyDangerous(fs []Finding) bool {
	for _, f := range fs {
		if f.Category.Dangerous() {
			return true
		}
	}
	return false
}

// productionIndicator returns why the action looks like it touches
// production (seed 002's production indicators), or "".
func productionIndicator(a *Action, fs []Finding) string {
	env := strings.ToLower(a.Context.Environment)
	if env == "production" || env == "prod" || env == "live" {
		return "the environment is production"
	}
	for _, f := range fs {
		for _, t := range f.Targets {
			if hasProdWord(t) {
				return "it targets " + t + ", which looks like production"
			}
		}
		if hasProdWord(f.Evidence) {
			return "the command names a production target"
		}
	}
	if hasProdWord(a.Context.Cwd) {
		return "the working directory " + a.Context.Cwd + " looks like production"
	}
	// main and master are seed 002's production indicators too, but a
	// coding agent works on main all day: the branch alone does not make an
	// action production, and rules about shared branches weigh it already.
	return ""
}

// hasProdWord reports whether s contains a production word (prod,
// production, prd, live) as a whole word.
func hasProdWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return hasProdWordFold(s) // Unicode case folding: the slow way
		}
	}
	// ASCII: the words are runs of letters and digits, read in place.
	for i := 0; i < len(s); {
		if !asciiAlnum(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && asciiAlnum(s[j]) {
			j++
		}
		switch w := s[i:j]; len(w) {
		case 3:
			if strings.EqualFold(w, "prd") {
				return true
			}
		case 4:
			if strings.EqualFold(w, "prod") || strings.EqualFold(w, "live") {
				return true
			}
		case 10:
			if strings.EqualFold(w, "production") {
				return true
			}
		}
		i = j
	}
	return false
}

func asciiAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// hasProdWordFold is hasProdWord for text with non-ASCII letters, some of
// which fold to ASCII ones.
func hasProdWordFold(s string) bool {
	ls := strings.ToLower(s)
	if !strings.Contains(ls, "pr") && !strings.Contains(ls, "live") {
		return false
	}
	for _, w := range strings.FieldsFunc(ls, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		switch w {
		case "prod", "production", "prd", "live":
			return true
		}
	}
	return false
}

func touchesWork(fs []Finding) bool {
	for _, f := range fs {
		switch f.Category {
		case rule.History, rule.Destructive, rule.MassDestruction:
			return true
		}
	}
	return false
}

var testSegments = map[string]bool{"test": true, "tests": true, "spec": true, "specs": true, "__tests__": true, "testdata": true, "e2e": true}

// inTestDirectory reports whether every finding's targets (or, without
// targets, the working directory) lie in a test directory.
func inTestDirectory(a *Action, fs []Finding) bool {
	any := false
	for _, f := range fs {
		if f.Points <= 0 {
			continue
		}
		if len(f.Targets) == 0 {
			if !isTestPath(a.Context.Cwd) {
				return false
			}
			any = true
			continue
		}
		for _, t := range f.Targets {
			if !isTestPath(t) && !isTestPath(a.Context.Cwd) {
				return false
			}
			any = true
		}
	}
	return any
}

func isTestPath(p string) bool {
	if p == "" {
		return false
	}
	for seg := range strings.SplitSeq(p, "/") {
		if testSegments[seg] {
			return true
		}
	}
	return false
}

// userAsked reports whether one of the last five user messages asks for
// this very command (it quotes it or its risky part).
func userAsked(a *Action, fs []Finding) bool {
	msgs := a.Context.UserMessages
	if len(msgs) == 0 {
		return false
	}
	if len(msgs) > 5 {
		msgs = msgs[len(msgs)-5:]
	}
	cmd := normalizeSpace(a.Command())
	if cmd == "" {
		cmd = normalizeSpace(a.Query())
	}
	for _, m := range msgs {
		nm := normalizeSpace(m)
		if cmd != "" && len(cmd) >= 4 && strings.Contains(nm, cmd) {
			return true
		}
		for _, f := range fs {
			ev := normalizeSpace(f.Evidence)
			if len(ev) >= 6 && strings.Contains(nm, ev) {
				return true
			}
		}
	}
	return false
}

func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// repeated reports whether the session's history holds the same tool call.
func repeated(a *Action) bool {
	cmd := a.Command()
	for _, h := range a.Context.History {
		if !strings.EqualFold(h.Tool, a.Tool) {
			continue
		}
		if cmd != "" {
			if c, _ := h.Input["command"].(string); normalizeSpace(c) == normalizeSpace(cmd) {
				return true
			}
			continue
		}
		if sameInput(h.Input, a.Input) {
			return true
		}
	}
	return false
}

func sameInput(x, y map[string]any) bool {
	if len(x) != len(y) || len(x) == 0 {
		return false
	}
	for k, v := range x {
		w, ok := y[k]
		if !ok {
			return false
		}
		sv, ok1 := v.(string)
		sw, ok2 := w.(string)
		if ok1 != ok2 || ok1 && sv != sw {
			return false
		}
	}
	return true
}

// riskOf maps a score to seed 002's 1–10 scale: one risk point per ten
// score points, rounded up.
func riskOf(score int) int {
	if score <= 0 {
		return 1
	}
	return clamp((score+9)/10, 1, 10)
}
