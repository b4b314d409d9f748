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
		fileCall:  regexp.MustCompile(`(?i)\[(?:system\.)?io\.(file|directory)\]::(\w+)\(\s*` + psDotArg + `(?:\s*,\s*` + psDotArg + `)?(?:\s*,\s*(\$true|\$false))?`),
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
	for _, m := range psDotRes().fileCall.FindAllStringSubmatch(raw, 16) {
		dir := strings.EqualFold(m[1], "directory")
		switch strings.ToLower(m[2]) {
		case "delete":
			switch {
			case dir && strings.EqualFold(m[5], "$true") || dir && strings.EqualFold(t.dotArg(m[4]), "true"):
				out = append(out, "rm -r -f -- "+q(m[3]))
			case dir:
				out = append(out, "rmdir -- "+q(m[3]))
			default:
				out = append(out, "rm -f -- "+q(m[3]))
			}
		case "writealltext", "writealllines", "writeallbytes", "create", "createtext", "openwrite":
			out = append(out, "printf '%s\\n' "+t.sh(t.dotArg(m[4]), false)+" > "+q(m[3]))
		case "appendalltext", "appendalllines", "appendtext":
			out = append(out, "printf '%s\\n' "+t.sh(t.dotArg(m[4]), false)+" >> "+q(m[3]))
		case "readalltext", "readalllines", "readallbytes", "openread", "opentext", "readlines":
			out = append(out, "cat -- "+q(m[3]))
		case "copy":
			if m[4] != "" {
				out = append(out, "cp -f -- "+q(m[3])+" "+q(m[4]))
			}
		case "move":
			if m[4] != "" {
				out = append(out, "mv -f -- "+q(m[3])+" "+q(m[4]))
			}
		case "createsymboliclink":
			if m[4] != "" {
				out = append(out, "ln -s -- "+q(m[4])+" "+q(m[3]))
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
