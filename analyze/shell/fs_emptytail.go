package shell

import "strings"

// A deletion whose operand is a literal place followed only by expansions
// that may be empty (rm -rf ~${x}, rm -rf /$x, rm -rf "$HOME/$UNSET")
// deletes that place when they are: judged like the place written alone.
// A literal after an expansion (~/${x}build) names something else.

// emptyTail splits t into the literal place before its trailing
// expansions and the expansions; ok is false when there is no trailing
// expansion, when one cannot be empty (${x:?}, ${x:-default}), or when
// the place itself holds an expansion other than the home's.
func emptyTail(t string) (place string, vars []string, ok bool) {
	place = t
	for {
		v, rest, found := trailingExpansion(place)
		if !found || v == "$HOME" || v == "${HOME}" {
			break // the home is a place, not an empty tail
		}
		if !mayBeEmpty(v) {
			return "", nil, false
		}
		vars = append(vars, v)
		place = rest
	}
	if len(vars) == 0 || place == "" {
		return "", nil, false
	}
	home := strings.TrimPrefix(strings.TrimPrefix(place, "${HOME}"), "$HOME")
	if strings.ContainsAny(home, "$`*?[\x00") {
		return "", nil, false
	}
	return place, vars, true
}

// trailingExpansion cuts the last $name or ${…} off t.
func trailingExpansion(t string) (v, rest string, ok bool) {
	if strings.HasSuffix(t, "}") {
		i := strings.LastIndex(t, "${")
		if i < 0 || strings.ContainsAny(t[i+2:len(t)-1], "{}$`()") {
			return "", "", false
		}
		return t[i:], t[:i], true
	}
	i := len(t)
	for i > 0 && (t[i-1] == '_' || t[i-1] >= 'a' && t[i-1] <= 'z' || t[i-1] >= 'A' && t[i-1] <= 'Z' || t[i-1] >= '0' && t[i-1] <= '9') {
		i--
	}
	if i == len(t) || i == 0 || t[i-1] != '$' || t[i] >= '0' && t[i] <= '9' && i+1 < len(t) {
		return "", "", false
	}
	return t[i-1:], t[:i-1], true
}

// judgeEmptyTail reports a recursive deletion of t whose place before the
// trailing expansions is the root, the home or a whole system directory.
func judgeEmptyTail(c *Cmd, r *report, t string) bool {
	place, vars, ok := emptyTail(t)
	if !ok {
		return false
	}
	if h := strings.TrimPrefix(strings.TrimPrefix(place, "${HOME}"), "$HOME"); h != place {
		place = "~" + h
	}
	cl := c.Class(place)
	when := "when " + strings.Join(vars, " and ") + " is empty"
	switch {
	case cl.Root:
		r.add(c.find(ruleRmRoot, "Deletes everything from / "+when+" ("+t+").", "/"))
	case cl.Home && cl.Known:
		r.add(c.find(ruleRmHome, "Deletes your whole home directory "+when+" ("+t+").", t))
	case cl.System && cl.Known && wholeSystemTree(cl.Abs):
		r.add(c.find(ruleRmSystem, "Deletes the system directory "+cl.Abs+" and everything in it "+when+" ("+t+").", t))
	default:
		return false
	}
	return true
}

// mayBeEmpty reports whether the expansion v ($x, ${x}, ${x%.*}…) may
// expand to nothing: not ${x:?} (which stops the command) nor ${x:-dir}
// or ${x:=dir} (which give a value).
func mayBeEmpty(v string) bool {
	if !strings.HasPrefix(v, "${") {
		return true
	}
	in := strings.TrimPrefix(strings.TrimPrefix(v[2:len(v)-1], "#"), "!")
	i := 0
	for i < len(in) && (in[i] == '_' || in[i] >= 'a' && in[i] <= 'z' || in[i] >= 'A' && in[i] <= 'Z' || in[i] >= '0' && in[i] <= '9') {
		i++
	}
	op := strings.TrimPrefix(in[i:], ":")
	switch {
	case op == "":
		return true
	case op[0] == '?':
		return false
	case op[0] == '-' || op[0] == '=':
		return op[1:] == ""
	}
	return true
}
