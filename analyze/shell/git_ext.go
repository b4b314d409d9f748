package shell

import "strings"

// extShellWords is a second reading of an ext:: address's command, the
// one its author most likely meant when it escapes spaces with a
// backslash ("ext::sh -c rm\ -rf\ ~"): git only knows "% " as an escaped
// space, so it runs sh -c 'rm\' and fails, but the command is judged as
// written too, which can only be stricter. ok is false when the address
// has no backslash-escaped space.
func extShellWords(s string) (words []string, ok bool) {
	if !strings.Contains(s, `\ `) {
		return nil, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case ch == '%' && i+1 < len(s) && s[i+1] == ' ':
			i++
			b.WriteByte(' ')
		case ch == ' ':
			if b.Len() > 0 {
				words = append(words, b.String())
				b.Reset()
			}
		default:
			b.WriteByte(ch)
		}
		if len(words) > 256 {
			break
		}
	}
	if b.Len() > 0 {
		words = append(words, b.String())
	}
	return words, len(words) > 0
}
