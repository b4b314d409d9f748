package shell

import (
	"strings"
)

// PowerShell builds paths from pieces too: Join-Path $HOME '.claude'
// 'settings.json', [IO.Path]::Combine($env:USERPROFILE, '.claude', …),
// "$env:USERPROFILE\.claude\" + 'settings.json', nested in parentheses or
// assigned to a variable first. psFold works out such an expression, so
// that the cmdlet or .NET call it is given to is judged on the path it
// makes (pwsh.go, pwsh_dotnet.go).

// psFoldDepth bounds expressions nested in expressions.
const psFoldDepth = 8

// psFold returns the path a PowerShell expression makes, with the home as
// psHomeMark and the parts only known when it runs as psUnknown marks.
// ok is false when the expression is not one psFold reads: a value, +
// concatenation of values, Join-Path, Resolve-Path, [IO.Path]::Combine,
// [Environment]::GetFolderPath('UserProfile'), (Get-Command x).Source.
func psFold(expr string, vars map[string]string, depth int) (string, bool) {
	expr = strings.TrimSpace(expr)
	if depth > psFoldDepth || expr == "" || len(expr) > 4096 {
		return "", false
	}
	local := make(map[string]string, len(vars))
	for k, v := range vars {
		local[k] = v
	}
	l := &psLexer{src: expr, vars: local}
	if err := l.run(); err != nil || len(l.code.items) != 1 {
		return "", false
	}
	ws := l.code.items[0].words
	if len(ws) == 0 {
		return "", false
	}
	if psCommandWord(ws[0]) && ws[0].kind == psArg {
		switch strings.ToLower(ws[0].text) {
		case "join-path":
			return psJoinPath(ws[1:], local, depth)
		case "resolve-path", "rvpa", "convert-path", "cvpa", "get-item", "gi":
			for i := 1; i < len(ws); i++ {
				switch w := ws[i]; {
				case w.kind == psOpt && w.value != nil:
					return psFoldWord(*w.value, local, depth)
				case w.kind == psOpt:
					continue
				default:
					return psFoldWord(w, local, depth)
				}
			}
		}
		return "", false
	}
	terms, ok := psPlusTerms(ws)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for _, w := range terms {
		v, ok := psFoldWord(w, local, depth)
		if !ok {
			return "", false
		}
		b.WriteString(v)
	}
	return b.String(), true
}

// psPlusTerms returns the terms of words joined by + (a + b + c); ok is
// false for anything else.
func psPlusTerms(ws []psWord) ([]psWord, bool) {
	if len(ws)%2 == 0 {
		return nil, false
	}
	terms := make([]psWord, 0, len(ws)/2+1)
	for i, w := range ws {
		if i%2 == 1 {
			if w.raw != "+" {
				return nil, false
			}
			continue
		}
		terms = append(terms, w)
	}
	return terms, true
}

// psFoldWord is the value of one word of an expression.
func psFoldWord(w psWord, vars map[string]string, depth int) (string, bool) {
	if w.kind == psArg {
		return w.text, !w.call && !w.block
	}
	if w.kind != psExpr || w.block {
		return "", false
	}
	raw := w.raw
	lower := strings.ToLower(raw)
	switch {
	case w.inner != "" && raw == "("+w.inner+")":
		return psFold(w.inner, vars, depth+1)
	case strings.HasPrefix(raw, "$(") && strings.HasSuffix(raw, ")"):
		return psFold(raw[2:len(raw)-1], vars, depth+1)
	case w.inner != "" && strings.HasPrefix(raw, "("+w.inner+")."):
		// (Get-Command actionguard-hook).Source: where the program is.
		switch strings.ToLower(raw[len(w.inner)+3:]) {
		case "source", "path", "definition", "fullname":
			if name, ok := psCommandNamedFold(w.inner, vars, depth); ok {
				return whichVal(val{kind: valStr, s: name}).s, true
			}
		}
		return "", false
	}
	for _, c := range []struct {
		prefix string
		fold   func(args []string) (string, bool)
	}{
		{"[io.path]::combine(", func(a []string) (string, bool) { return psCombine(a, vars, depth) }},
		{"[system.io.path]::combine(", func(a []string) (string, bool) { return psCombine(a, vars, depth) }},
		{"[io.path]::join(", func(a []string) (string, bool) { return psJoinAll(a, vars, depth) }},
		{"[system.io.path]::join(", func(a []string) (string, bool) { return psJoinAll(a, vars, depth) }},
		{"[io.path]::getfullpath(", func(a []string) (string, bool) { return psFoldFirst(a, vars, depth) }},
		{"[system.io.path]::getfullpath(", func(a []string) (string, bool) { return psFoldFirst(a, vars, depth) }},
		{"[environment]::getfolderpath(", psFolderPath},
		{"[system.environment]::getfolderpath(", psFolderPath},
		{"[environment]::getenvironmentvariable(", func(a []string) (string, bool) { return psEnvVar(a, vars, depth) }},
		{"[system.environment]::getenvironmentvariable(", func(a []string) (string, bool) { return psEnvVar(a, vars, depth) }},
	} {
		if !strings.HasPrefix(lower, c.prefix) {
			continue
		}
		args, ok := psCallArgs(raw[len(c.prefix)-1:])
		if !ok {
			return "", false
		}
		return c.fold(args)
	}
	return "", false
}

// psCallArgs splits the argument list "(a, b, …)" of a .NET call at its
// top-level commas; ok is false unless the parentheses close at the end.
func psCallArgs(s string) ([]string, bool) {
	end, err := psClosing(s, 0)
	if err != nil || end != len(s) {
		return nil, false
	}
	inner := s[1 : end-1]
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(inner); i++ {
		switch c := inner[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '\'', '"':
			j, err := psStringEnd(inner, i)
			if err != nil {
				return nil, false
			}
			i = j - 1
		case '`':
			i++
		case ',':
			if depth == 0 {
				out = append(out, inner[start:i])
				start = i + 1
			}
		}
	}
	if strings.TrimSpace(inner) != "" {
		out = append(out, inner[start:])
	}
	return out, len(out) <= 64
}

func psFoldFirst(args []string, vars map[string]string, depth int) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	return psFold(args[0], vars, depth+1)
}

// psCombine is [IO.Path]::Combine: a rooted piece starts the path again.
func psCombine(args []string, vars map[string]string, depth int) (string, bool) {
	out := ""
	for i, a := range args {
		v, ok := psFold(a, vars, depth+1)
		if !ok {
			return "", false
		}
		if i == 0 || psRooted(v) {
			out = v
			continue
		}
		out = psJoin(out, v)
	}
	return out, len(args) > 0
}

// psJoinAll is [IO.Path]::Join: every piece joined.
func psJoinAll(args []string, vars map[string]string, depth int) (string, bool) {
	out := ""
	for i, a := range args {
		v, ok := psFold(a, vars, depth+1)
		if !ok {
			return "", false
		}
		if i == 0 {
			out = v
			continue
		}
		out = psJoin(out, v)
	}
	return out, len(args) > 0
}

// psFolderPath is [Environment]::GetFolderPath('UserProfile'): the home
// (and the folders in it the rules know by their place).
func psFolderPath(args []string) (string, bool) {
	if len(args) != 1 {
		return "", false
	}
	name := strings.ToLower(strings.Trim(strings.TrimSpace(args[0]), `'"`))
	name = strings.TrimPrefix(name, "[environment+specialfolder]::")
	name = strings.TrimPrefix(name, "[system.environment+specialfolder]::")
	switch name {
	case "userprofile":
		return psHomeMark, true
	case "applicationdata":
		return psHomeMark + `\AppData\Roaming`, true
	case "localapplicationdata":
		return psHomeMark + `\AppData\Local`, true
	}
	return psUnknown + "folder" + psUnknown, true
}

// psEnvVar is [Environment]::GetEnvironmentVariable('USERPROFILE').
func psEnvVar(args []string, vars map[string]string, depth int) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	name, ok := psFold(args[0], vars, depth+1)
	if !ok || strings.Contains(name, psUnknown) {
		return "", false
	}
	l := &psLexer{vars: vars}
	return l.variable("env:" + name), true
}

// psJoinPath is Join-Path's path: -Path (or the first value), -ChildPath
// (or the second) and -AdditionalChildPath (or the rest).
func psJoinPath(ws []psWord, vars map[string]string, depth int) (string, bool) {
	var parent, child string
	var more []string
	n := 0
	put := func(where string, w psWord) bool {
		v, ok := psFoldWord(w, vars, depth+1)
		if !ok {
			return false
		}
		switch where {
		case "path":
			parent = v
		case "childpath":
			child = v
		default:
			if w.kind == psArg && strings.Contains(v, ",") && strings.ContainsAny(w.raw, `'"`) {
				more = append(more, strings.Split(v, ",")...)
			} else {
				more = append(more, v)
			}
		}
		return true
	}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if w.kind == psOpt {
			name := strings.ToLower(w.text)
			where := ""
			switch {
			case strings.HasPrefix("path", name) || name == "pspath" || name == "lp" || strings.HasPrefix("literalpath", name) && len(name) > 1:
				where = "path"
			case strings.HasPrefix("childpath", name):
				where = "childpath"
			case strings.HasPrefix("additionalchildpath", name):
				where = "more"
			case strings.HasPrefix("resolve", name) && len(name) > 1:
				continue
			default:
				return "", false
			}
			if w.value != nil {
				if !put(where, *w.value) {
					return "", false
				}
				continue
			}
			if i+1 >= len(ws) {
				return "", false
			}
			i++
			if !put(where, ws[i]) {
				return "", false
			}
			continue
		}
		where := "more"
		switch {
		case n == 0 && parent == "":
			where = "path"
		case n <= 1 && child == "":
			where = "childpath"
		}
		n++
		if !put(where, w) {
			return "", false
		}
	}
	if parent == "" {
		return "", false
	}
	out := psJoin(parent, child)
	for _, m := range more {
		out = psJoin(out, m)
	}
	return out, true
}

// psJoin joins two pieces of a path with one separator.
func psJoin(a, b string) string {
	if b == "" {
		return a
	}
	if a == "" {
		return b
	}
	sep := "/"
	if strings.ContainsRune(a+b, '\\') {
		sep = `\`
	}
	return strings.TrimRight(a, `\/`) + sep + strings.TrimLeft(b, `\/`)
}

// psRooted reports a piece that starts a path of its own (C:\x, \x, /x).
func psRooted(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\`) || strings.HasPrefix(p, psHomeMark) ||
		len(p) >= 2 && p[1] == ':' && (p[0] >= 'a' && p[0] <= 'z' || p[0] >= 'A' && p[0] <= 'Z')
}

// psFoldWords folds the words of an assignment's right side.
func psFoldWords(ws []psWord, vars map[string]string) (string, bool) {
	if len(ws) == 0 {
		return "", false
	}
	raws := make([]string, len(ws))
	size := 0
	for i, w := range ws {
		if w.kind == psRedir {
			return "", false
		}
		raws[i] = w.raw
		if size += len(w.raw) + 1; size > 4096 {
			return "", false
		}
	}
	return psFold(strings.Join(raws, " "), vars, 1)
}

// wordPath is the path a word names: what an expression makes, else the
// word's text.
func (t *psTr) wordPath(w psWord) string {
	if w.kind == psExpr && !w.block {
		if v, ok := psFold(w.raw, t.vars, 0); ok {
			return t.path(v)
		}
	}
	return t.path(w.text)
}

// psCommandNamedFold returns the program Get-Command (gcm) names, its
// name worked out by psFold.
func psCommandNamedFold(code string, vars map[string]string, depth int) (string, bool) {
	l := &psLexer{src: code, vars: vars}
	if err := l.run(); err != nil || len(l.code.items) != 1 || len(l.code.items[0].words) < 2 {
		return "", false
	}
	ws := l.code.items[0].words
	switch strings.ToLower(ws[0].text) {
	case "get-command", "gcm":
	default:
		return "", false
	}
	for _, w := range ws[1:] {
		if w.kind == psOpt {
			continue
		}
		name, ok := psFoldWord(w, vars, depth+1)
		if !ok || name == "" || strings.Contains(name, psUnknown) {
			return "", false
		}
		return name, true
	}
	return "", false
}

// psPathWriters are the cmdlets that change the path they are given: the
// first (the -Path) or the last (the -Destination).
var psPathWriters = map[string]bool{
	"set-content": true, "sc": true, "add-content": true, "ac": true, "out-file": true, "new-item": true, "ni": true,
	"clear-content": true, "clc": true, "remove-item": true, "ri": true, "del": true, "erase": true, "rd": true,
	"rename-item": true, "rni": true, "ren": true, "set-item": true, "si": true,
	"copy-item": false, "cpi": false, "copy": false, "move-item": false, "mi": false, "move": false,
}

// psSwitches are the switch parameters of those cmdlets: they take no value.
var psSwitches = map[string]bool{"force": true, "recurse": true, "nonewline": true, "append": true, "whatif": true, "confirm": true,
	"passthru": true, "verbose": true, "noclobber": true, "container": true, "asbytestream": true, "debug": true}

// psPartialWrites returns the paths PowerShell code writes that are known
// only in part ("$HOME\.claude\" + $name, Join-Path $HOME $x), with the
// home as home and the unknown parts as unknownPart: the translation to
// POSIX turns them into variables, which no rule reads as a place, so
// they are judged here by their known part.
func psPartialWrites(code, home string, depth int) []string {
	if depth > 4 {
		return nil
	}
	pc, err := psLex(code)
	if err != nil {
		return nil
	}
	var out []string
	add := func(w psWord) {
		var v string
		if w.kind == psExpr {
			f, ok := psFold(w.raw, pc.vars, 0)
			if !ok {
				return
			}
			v = f
		} else {
			v = w.text
		}
		if !strings.Contains(v, psUnknown) || strings.Trim(v, psUnknown) == "" || len(out) >= 16 {
			return
		}
		out = append(out, psUnknownParts(winPath(strings.ReplaceAll(v, psHomeMark, home), home)))
	}
	for _, it := range pc.items {
		ws := it.words
		for i := 0; i+1 < len(ws); i++ {
			if ws[i].kind == psRedir && ws[i].text != "<" {
				add(ws[i+1])
			}
		}
		if len(ws) < 2 || ws[0].kind != psArg {
			continue
		}
		first, ok := psPathWriters[strings.ToLower(ws[0].text)]
		if !ok {
			continue
		}
		var named, pos []psWord
		for i := 1; i < len(ws); i++ {
			w := ws[i]
			if w.kind == psRedir {
				i++
				continue
			}
			if w.kind != psOpt {
				pos = append(pos, w)
				continue
			}
			name := strings.ToLower(w.text)
			var v *psWord
			switch {
			case w.value != nil:
				v = w.value
			case psSwitches[name] || i+1 >= len(ws):
				continue
			default:
				i++
				v = &ws[i]
			}
			switch {
			case first && (strings.HasPrefix("path", name) || strings.HasPrefix("literalpath", name) || strings.HasPrefix("filepath", name) || name == "pspath"):
				named = append(named, *v)
			case !first && strings.HasPrefix("destination", name):
				named = append(named, *v)
			}
		}
		switch {
		case len(named) > 0:
			add(named[0])
		case first && len(pos) > 0:
			add(pos[0])
		case !first && len(pos) > 1:
			add(pos[len(pos)-1])
		}
	}
	for _, n := range pc.nested {
		out = append(out, psPartialWrites(n, home, depth+1)...)
	}
	return out
}

// psUnknownParts writes each part psUnknown marks as unknownPart.
func psUnknownParts(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, psUnknown)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		j := strings.Index(s[i+1:], psUnknown)
		if j < 0 {
			b.WriteString(unknownPart)
			return b.String()
		}
		b.WriteString(unknownPart)
		s = s[i+1+j+1:]
	}
}
