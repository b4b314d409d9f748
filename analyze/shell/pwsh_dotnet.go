package shell

import (
	"encoding/base64"
	"regexp"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// PowerShell reaches .NET directly: [IO.File]::Delete(p),
// [IO.Directory]::Delete(p, $true), (New-Object Net.WebClient)
// .DownloadString(u). dotNet writes the calls the rules judge as the POSIX
// commands that do the same.

const psDotArg = `('(?:[^']|'')*'|"(?:[^"` + "`" + `]|` + "`" + `.)*"|\$[\w:{}]+)`

// psDotRes are the regular expressions of the .NET calls, compiled the
// first time PowerShell code is read (never at start-up: every hook call
// would pay for them).
var psDotRes = sync.OnceValue(func() *psDotREs {
	return &psDotREs{
		fileCall:  regexp.MustCompile(`(?i)\[(?:system\.)?io\.(file|directory)\]::(\w+)\(`),
		webCall:   regexp.MustCompile(`(?i)\.(downloadstring|downloaddata|downloadfile|openread|uploadfile|uploadstring|uploaddata|uploadvalues)(?:async|taskasync)?\(\s*` + psDotArg + `(?:\s*,\s*` + psDotArg + `)?(?:\s*,\s*` + psDotArg + `)?`),
		procStart: regexp.MustCompile(`(?i)\[(?:system\.)?diagnostics\.process\]::start\(\s*` + psDotArg + `(?:\s*,\s*` + psDotArg + `)?`),
		create:    regexp.MustCompile(`(?i)(?:\[scriptblock\]::create|\.invokescript|\.newscriptblock)\(\s*` + psDotArg),
		base64:    regexp.MustCompile(`(?i)frombase64string\(\s*['"]([A-Za-z0-9+/=\s]{4,})['"]`),
	}
})

type psDotREs struct{ fileCall, webCall, procStart, create, base64 *regexp.Regexp }

// dotArg returns the value of a .NET call's argument.
func (t *psTr) dotArg(s string) string {
	if s == "" {
		return ""
	}
	l := &psLexer{src: s, vars: t.vars}
	w, err := l.word()
	if err != nil {
		return psUnknown + "ps_arg" + psUnknown
	}
	return w.text
}

// dotNet returns the POSIX commands of the .NET calls in an expression.
func (t *psTr) dotNet(raw string) []string {
	if !strings.Contains(raw, "::") && !strings.Contains(raw, ".") {
		return nil
	}
	var out []string
	q := func(v string) string { return t.sh(t.path(t.dotArg(v)), false) }
	for _, loc := range psDotRes().fileCall.FindAllStringSubmatchIndex(raw, 16) {
		open := loc[1] - 1
		end, err := psClosing(raw, open)
		if err != nil {
			continue
		}
		args, ok := psCallArgs(raw[open:end])
		if !ok || len(args) == 0 {
			continue
		}
		// Each argument as the path it makes ([IO.Path]::Combine(…),
		// Join-Path, $HOME + '\x'), else as a value.
		val := func(i int) string {
			if i >= len(args) {
				return ""
			}
			if v, ok := psFold(args[i], t.vars, 0); ok {
				return v
			}
			return t.dotArg(strings.TrimSpace(args[i]))
		}
		q := func(i int) string { return t.sh(t.path(val(i)), false) }
		dir := strings.EqualFold(raw[loc[2]:loc[3]], "directory")
		two := len(args) >= 2
		switch strings.ToLower(raw[loc[4]:loc[5]]) {
		case "delete":
			switch {
			case dir && two && strings.EqualFold(val(1), "true"):
				out = append(out, "rm -r -f -- "+q(0))
			case dir:
				out = append(out, "rmdir -- "+q(0))
			default:
				out = append(out, "rm -f -- "+q(0))
			}
		case "writealltext", "writealllines", "writeallbytes", "create", "createtext", "openwrite":
			out = append(out, "printf '%s\\n' "+t.sh(val(1), false)+" > "+q(0))
		case "appendalltext", "appendalllines", "appendtext":
			out = append(out, "printf '%s\\n' "+t.sh(val(1), false)+" >> "+q(0))
		case "readalltext", "readalllines", "readallbytes", "openread", "opentext", "readlines":
			out = append(out, "cat -- "+q(0))
		case "copy":
			if two {
				out = append(out, "cp -f -- "+q(0)+" "+q(1))
			}
		case "move":
			if two {
				out = append(out, "mv -f -- "+q(0)+" "+q(1))
			}
		case "createsymboliclink":
			if two {
				out = append(out, "ln -s -- "+q(1)+" "+q(0))
			}
		case "setattributes", "setaccesscontrol", "setunixfilemode", "setlastwritetime", "encrypt", "decrypt", "replace":
			// Changed in place: its mode, its owners, its times.
			out = append(out, "chmod 0 -- "+q(0))
			if strings.EqualFold(raw[loc[4]:loc[5]], "replace") && two {
				out = append(out, "cp -f -- "+q(0)+" "+q(1))
			}
		case "open":
			// [IO.File]::Open(p, 'Create'|'OpenOrCreate'|'Truncate'|'Append', …)
			// writes; 'Open' with FileAccess Read reads.
			mode := strings.ToLower(strings.Join(args[1:], ","))
			if strings.Contains(mode, "create") || strings.Contains(mode, "truncate") || strings.Contains(mode, "append") || strings.Contains(mode, "write") {
				out = append(out, ": >> "+q(0))
			} else {
				out = append(out, "cat -- "+q(0))
			}
		}
	}
	for _, m := range psDotRes().webCall.FindAllStringSubmatch(raw, 16) {
		url := t.sh(t.dotArg(m[2]), false)
		switch strings.ToLower(m[1]) {
		case "downloadstring", "downloaddata", "openread":
			out = append(out, "curl -fsSL -- "+url)
		case "downloadfile":
			out = append(out, "curl -fsSL -o "+q(m[3])+" -- "+url)
		case "uploadfile":
			file := m[3]
			if m[4] != "" {
				file = m[4] // (address, method, file)
			}
			out = append(out, "curl -sS -T "+q(file)+" -- "+url)
		default:
			data := m[3]
			if m[4] != "" {
				data = m[4]
			}
			out = append(out, "curl -sS --data-binary "+t.sh(t.dotArg(data), false)+" -- "+url)
		}
	}
	for _, m := range psDotRes().create.FindAllStringSubmatch(raw, 8) {
		// [scriptblock]::Create('…'): code made from a string, run later.
		code := t.dotArg(m[1])
		inner, err := pwshScriptDepth(code, t.home, t.depth+1)
		if err != nil || strings.Contains(code, psUnknown) {
			out = append(out, `eval "${ps_code}"`)
			continue
		}
		out = append(out, "{ "+strings.ReplaceAll(inner, "\n", "; ")+"; }")
	}
	for _, m := range psDotRes().procStart.FindAllStringSubmatch(raw, 8) {
		line := q(m[1])
		for _, w := range cmdWords(t.dotArg(m[2]), t.home) {
			line += " " + t.sh(t.path(w), false)
		}
		out = append(out, line)
	}
	return out
}

// psDecoded returns the code an expression decodes from base64
// ([Convert]::FromBase64String('…') read as UTF-16LE when it says Unicode,
// else UTF-8), if it decodes to text.
func psDecoded(raw string) (string, bool) {
	m := psDotRes().base64.FindStringSubmatch(raw)
	if m == nil {
		return "", false
	}
	data, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(m[1]), ""))
	if err != nil {
		return "", false
	}
	if strings.Contains(strings.ToLower(raw), "unicode") && len(data)%2 == 0 {
		u := make([]uint16, len(data)/2)
		for i := range u {
			u[i] = uint16(data[2*i]) | uint16(data[2*i+1])<<8
		}
		s := string(utf16.Decode(u))
		return s, utf8.ValidString(s)
	}
	return string(data), utf8.Valid(data)
}
