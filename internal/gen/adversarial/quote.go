package main

import (
	"encoding/base64"
	"fmt"
	"strings"
)

// sq quotes s for a POSIX shell with single quotes.
func sq(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// dq quotes s for a POSIX shell with double quotes.
func dq(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
	return `"` + r.Replace(s) + `"`
}

// b64 is s in base64, as `base64 -d` reads it back.
func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// hexEsc is s written as \xHH escapes (for $'…', printf, echo -e, awk).
func hexEsc(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, `\x%02x`, s[i])
	}
	return b.String()
}

// octEsc is s written as \NNN escapes (printf's format).
func octEsc(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, `\%03o`, s[i])
	}
	return b.String()
}

// hexStr is s in plain hexadecimal (xxd -p, Perl's pack "H*").
func hexStr(s string) string { return fmt.Sprintf("%x", s) }

// reverse is s backwards (for rev).
func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// rot13 is s with its letters rotated by 13 (tr a-zA-Z n-za-mN-ZA-M).
func rot13(s string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 'a' && c <= 'z':
			return 'a' + (c-'a'+13)%26
		case c >= 'A' && c <= 'Z':
			return 'A' + (c-'A'+13)%26
		}
		return c
	}, s)
}

// pyChr is s as a Python expression of chr() calls joined with +.
func pyChr(s string) string {
	parts := make([]string, len(s))
	for i := 0; i < len(s); i++ {
		parts[i] = fmt.Sprintf("chr(%d)", s[i])
	}
	return strings.Join(parts, "+")
}

// jsCodes is s as a JavaScript String.fromCharCode call.
func jsCodes(s string) string {
	parts := make([]string, len(s))
	for i := 0; i < len(s); i++ {
		parts[i] = fmt.Sprint(int(s[i]))
	}
	return "String.fromCharCode(" + strings.Join(parts, ",") + ")"
}
