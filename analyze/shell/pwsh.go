package shell

import (
	"errors"
	"path"
	"strings"
)

// PowerShell's commands are judged as the POSIX commands that do the same
// to the same files: pwshScript reads PowerShell code (pwsh_lex.go), binds
// each cmdlet's parameters as PowerShell does (case-insensitive names,
// unambiguous prefixes, positions, documented aliases) and writes the
// POSIX command line: Remove-Item -Recurse -Force $HOME → rm -r -f -- ~,
// iwr URL | iex → curl URL | sh, Start-Process -Verb RunAs → sudo. Windows
// paths map to the places the rules know (winPath), the registry's Run
// keys to the autostart folders. Programs that are not cmdlets (git, npm,
// docker) pass unchanged; cmd.exe's line is read by cmdScript.

var errPSDepth = errors.New("code hides its code under more layers of Invoke-Expression than anyone writes by hand")

// pwshScript translates PowerShell code into a POSIX script; home is the
// user's home ("~" when unknown). An error means the code cannot be read.
func pwshScript(code, home string) (string, error) {
	return pwshScriptDepth(code, home, 0)
}

func pwshScriptDepth(code, home string, depth int) (string, error) {
	if depth > maxCodeDepth {
		return "", errPSDepth
	}
	pc, err := psLex(code)
	if err != nil {
		return "", err
	}
	t := &psTr{home: home, depth: depth, vars: pc.vars, aliases: map[string]string{}}
	var b strings.Builder
	var up *psItem
	var upPaths []string
	upRecurse := false
	piped := false
	for i := range pc.items {
		it := &pc.items[i]
		t.upPaths, t.upRecurse = nil, false
		if piped {
			t.upPaths, t.upRecurse = upPaths, upRecurse
		}
		line, err := t.item(it, piped, up)
		if err != nil {
			return "", err
		}
		if line == "" {
			line = ":"
		}
		b.WriteString(line)
		upPaths, upRecurse = t.listed, t.listedRecurse
		t.listed, t.listedRecurse = nil, false
		switch it.op {
		case "|", "&&", "||":
			b.WriteString(" " + it.op + " ")
		default:
			b.WriteString("\n")
		}
		piped = it.op == "|"
		up = it
	}
	s := strings.TrimRight(b.String(), " |&\n")
	if psShadowCopyWipe(code) {
		// WMI's or CIM's shadow copy objects deleted: what vssadmin's verb
		// says (exec_cmd_recovery.go).
		s += "\nvssadmin delete shadows /all"
	}
	for _, n := range pc.nested {
		inner, err := pwshScriptDepth(n, home, depth+1)
		if err != nil {
			return "", err
		}
		if strings.TrimSpace(inner) != "" {
			s += "\n" + inner
		}
	}
	return s, nil
}

// psTr translates the commands of one piece of code.
type psTr struct {
	home  string
	depth int
	vars  map[string]string
	// upPaths are the paths listed by the command piped into this one
	// (Get-ChildItem C:\ | Remove-Item): what it is given.
	upPaths   []string
	upRecurse bool
	// listed are the paths this command lists, for the next one.
	listed        []string
	listedRecurse bool
	// aliases are the aliases the code defines (Set-Alias x Remove-Item).
	aliases map[string]string
}

// item translates one command; piped says a command's output is its input.
func (t *psTr) item(it *psItem, piped bool, up *psItem) (string, error) {
	words := it.words
	var redirs []string
	for i := 0; i < len(words); i++ {
		if words[i].kind != psRedir {
			continue
		}
		op := words[i].text
		target := "/dev/null"
		j := i + 1
		if j < len(words) {
			if v := words[j].text; v != "" {
				target = t.path(v)
			}
		} else {
			j = i
		}
		if op == "<" {
			redirs = append(redirs, "< "+t.sh(target, false))
		} else {
			redirs = append(redirs, op+" "+t.sh(target, false))
		}
		words = append(words[:i:i], words[j+1:]...)
		i--
	}
	line, err := t.command(words, piped)
	if err != nil {
		return "", err
	}
	if len(redirs) > 0 {
		if line == "" {
			line = ":"
		}
		line += " " + strings.Join(redirs, " ")
	}
	return line, nil
}

// command translates a command's words.
func (t *psTr) command(words []psWord, piped bool) (string, error) {
	if len(words) == 0 {
		return "", nil
	}
	first := words[0]
	if first.call && first.inner != "" {
		// & (Get-Command Remove-Item) …: the command it names.
		if name, ok := psCommandNamed(first.inner); ok {
			first = psWord{kind: psArg, text: name, raw: name, call: true}
			words = append([]psWord{first}, words[1:]...)
		}
	}
	if !psCommandWord(first) || first.block && !first.call {
		// A value, not a command: what it calls (.NET methods, a
		// sub-expression) is judged; the sub-expression's code is nested.
		var out []string
		for _, w := range words {
			if w.kind == psExpr {
				out = append(out, t.dotNet(w.raw)...)
			}
		}
		if first.inner != "" && len(out) == 0 {
			// (iwr URL).Content | iex: the sub-expression's output goes on
			// down the pipeline.
			inner, err := pwshScriptDepth(first.inner, t.home, t.depth+1)
			if err != nil {
				return "", err
			}
			return "{ " + strings.ReplaceAll(inner, "\n", "; ") + "; }", nil
		}
		return strings.Join(out, "\n"), nil
	}
	if first.block {
		return "", nil // & { … }: the block's code is nested
	}
	name := strings.ToLower(first.text)
	if i := strings.LastIndexAny(name, `\/`); i >= 0 && !strings.Contains(name, "::") {
		name = name[i+1:]
	}
	name = strings.TrimSuffix(name, ".exe")
	for i := 0; i < 4; i++ {
		a, ok := t.aliases[name]
		if !ok {
			break
		}
		name = a
	}
	switch name {
	case "set-alias", "sal", "new-alias", "nal":
		var pos []string
		var aname, aval string
		for i := 1; i < len(words); i++ {
			w := words[i]
			if w.kind == psOpt {
				n := strings.ToLower(w.text)
				if i+1 < len(words) && (strings.HasPrefix("name", n) || strings.HasPrefix("value", n)) {
					i++
					if n[0] == 'n' {
						aname = words[i].text
					} else {
						aval = words[i].text
					}
				}
				continue
			}
			pos = append(pos, w.text)
		}
		for _, p := range pos {
			if aname == "" {
				aname = p
			} else if aval == "" {
				aval = p
			}
		}
		if aname != "" && aval != "" {
			t.aliases[strings.ToLower(aname)] = strings.ToLower(aval)
		}
		return "", nil
	}
	switch name {
	case "join-path", "split-path", "test-path", "resolve-path", "rvpa", "convert-path", "cvpa":
		// They only name a path: what is done with it is judged where
		// it is used (psFold).
		return "", nil
	case "set-mppreference", "add-mppreference":
		return psDefender(words[1:]), nil
	case "reg":
		return psReg(t, words[1:]), nil
	case "schtasks":
		return psSchtasks(t, words[1:]), nil
	}
	if spec := psCmdlets()[name]; spec != nil {
		b := t.bind(spec, words[1:], piped)
		if !(spec.posixAlias[name] && len(b.foreign) > 0) {
			return spec.tr(t, b), nil
		}
		// rm -rf ~ given to PowerShell: the options are not PowerShell's,
		// so it is read as the program it looks like.
	}
	var extra []string
	for _, w := range words {
		if w.kind == psExpr {
			extra = append(extra, t.dotNet(w.raw)...)
		}
	}
	line := t.native(words)
	if len(extra) > 0 {
		line += "\n" + strings.Join(extra, "\n")
	}
	return line, nil
}

// native writes a program's command line as it is given to the program.
func (t *psTr) native(words []psWord) string {
	argv := make([]string, 0, len(words))
	for i, w := range words {
		switch {
		case w.kind == psOpt:
			s := "-" + w.text
			if w.value != nil {
				s += ":" + w.value.text
			}
			argv = append(argv, t.sh(s, false))
		case i == 0:
			argv = append(argv, t.sh(t.path(w.text), false))
		default:
			argv = append(argv, t.arg(w, true))
		}
	}
	return strings.Join(argv, " ")
}

// arg writes a word as a POSIX word: a sub-expression is the output of its
// translated code, a path is mapped, wildcards stay wildcards.
func (t *psTr) arg(w psWord, glob bool) string {
	if w.kind == psExpr && !w.block {
		// (Join-Path $HOME '.claude'), ([IO.Path]::Combine(…)), ($d + '\x'):
		// the path it makes.
		if v, ok := psFold(w.raw, t.vars, 0); ok {
			return t.sh(t.path(v), false)
		}
	}
	if w.inner != "" && strings.HasSuffix(w.raw, ")") {
		if inner, err := pwshScriptDepth(w.inner, t.home, t.depth+1); err == nil && strings.TrimSpace(inner) != "" {
			return `"$(` + inner + `)"`
		}
	}
	return t.sh(t.path(w.text), glob && !w.literal)
}

// path maps a PowerShell path to the POSIX path the rules know.
func (t *psTr) path(p string) string {
	p = strings.ReplaceAll(p, psHomeMark, t.home)
	if i := strings.Index(p, "::"); i > 0 && strings.HasPrefix(strings.ToLower(p), "microsoft.powershell.core\\") {
		p = p[i+2:] // a provider-qualified path
	}
	if reg, ok := t.registry(p); ok {
		return reg
	}
	lower := strings.ToLower(p)
	if strings.HasPrefix(lower, "filesystem::") {
		p = p[len("filesystem::"):]
	}
	if p == "~" || strings.HasPrefix(p, `~\`) || strings.HasPrefix(p, "~/") {
		p = t.home + p[1:]
	}
	return winPath(p, t.home)
}

// registry maps a registry path: the Run keys (programs started at
// logon) to the autostart folders, the rest of HKLM to /etc (the system's
// settings), the rest of HKCU to the user's settings.
func (t *psTr) registry(p string) (string, bool) {
	q := strings.ReplaceAll(p, "/", `\`)
	lower := strings.ToLower(q)
	lower = strings.TrimPrefix(lower, `registry::`)
	hive := ""
	for _, h := range [][2]string{{"hkcu:", "cu"}, {"hkey_current_user", "cu"}, {"hkcu", "cu"}, {"hklm:", "lm"}, {"hkey_local_machine", "lm"}, {"hklm", "lm"}} {
		if strings.HasPrefix(lower, h[0]) && (len(lower) == len(h[0]) || lower[len(h[0])] == '\\' || h[0][len(h[0])-1] == ':') {
			hive, lower = h[1], strings.TrimLeft(lower[len(h[0]):], `\`)
			break
		}
	}
	if hive == "" {
		return "", false
	}
	rest := strings.ReplaceAll(lower, `\`, "/")
	if strings.Contains(rest, "currentversion/run") || strings.Contains(rest, "currentversion/policies/explorer/run") || strings.Contains(rest, "winlogon") {
		if hive == "cu" {
			return t.home + "/.config/autostart", true
		}
		return "/etc/xdg/autostart", true
	}
	if hive == "cu" {
		return t.home + "/.config/windows-registry/" + rest, true
	}
	return "/etc/windows-registry/" + rest, true
}

// sh quotes a value as a POSIX word: the parts only known when it runs
// become variables, ~ at the start stays the home, and with glob the
// wildcards stay wildcards.
func (t *psTr) sh(v string, glob bool) string {
	var b strings.Builder
	if v == "~" || strings.HasPrefix(v, "~/") {
		b.WriteByte('~')
		v = v[1:]
	}
	plain := strings.Builder{}
	flush := func() {
		if plain.Len() > 0 {
			b.WriteString("'" + strings.ReplaceAll(plain.String(), "'", `'\''`) + "'")
			plain.Reset()
		}
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == 0:
			j := strings.IndexByte(v[i+1:], 0)
			if j < 0 {
				j = len(v) - i - 1
			}
			flush()
			b.WriteString(`"${` + cmdVarName(v[i+1:i+1+j]) + `}"`)
			i += j + 1
		case glob && (c == '*' || c == '?'):
			flush()
			b.WriteByte(c)
		default:
			plain.WriteByte(c)
		}
	}
	flush()
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// words writes values as POSIX words (paths mapped; lists a,b,c split).
func (t *psTr) words(ws []psWord, glob bool) []string {
	var out []string
	for _, w := range ws {
		if w.inner == "" && w.kind != psExpr && strings.Contains(w.text, ",") && !strings.ContainsAny(w.raw, `'"`) {
			for _, p := range strings.Split(w.text, ",") {
				if p != "" {
					out = append(out, t.sh(t.path(p), glob))
				}
			}
			continue
		}
		out = append(out, t.arg(w, glob))
	}
	return out
}

// dir returns the directory of a translated path.
func psDir(p string) string {
	if d := path.Dir(p); d != "" {
		return d
	}
	return "."
}

// dialectScript returns the POSIX command line that runs src in its
// dialect: PowerShell code is what pwsh -Command runs, a cmd.exe line what
// cmd /c runs, so that both are read by their own readers.
func dialectScript(src string, d Dialect) string {
	switch d {
	case DialectPowerShell:
		return "pwsh -NoProfile -Command " + shWord(src)
	case DialectCmd:
		return "cmd /d /c " + shWord(src)
	}
	return src
}

// psCommandNamed returns the command Get-Command (gcm) names in code.
func psCommandNamed(code string) (string, bool) {
	pc, err := psLex(code)
	if err != nil || len(pc.items) != 1 || len(pc.items[0].words) < 2 {
		return "", false
	}
	ws := pc.items[0].words
	switch strings.ToLower(ws[0].text) {
	case "get-command", "gcm", "get-alias", "gal":
	default:
		return "", false
	}
	for _, w := range ws[1:] {
		if w.kind == psArg && !strings.Contains(w.text, psUnknown) {
			return w.text, true
		}
	}
	return "", false
}

// psConcat returns the string an expression of strings joined by +
// makes ('Remove-' + 'Item ~'), when every part is known.
func psConcat(code string, vars map[string]string) (string, bool) {
	l := &psLexer{src: code, vars: vars}
	if err := l.run(); err != nil || len(l.code.items) != 1 {
		return "", false
	}
	terms, ok := psPlusTerms(l.code.items[0].words)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for _, w := range terms {
		if w.kind != psArg || strings.Contains(w.text, psUnknown) || len(w.raw) == 0 || !strings.ContainsRune(`'"$`, rune(w.raw[0])) {
			return "", false
		}
		b.WriteString(w.text)
	}
	return b.String(), true
}
