package shell

import (
	"errors"
	"strings"
)

// env -S (--split-string) splits its value into arguments the way GNU
// coreutils' env does, which is not the way the shell does and not plain
// white space either: 'single' and "double" quotes group words, a
// backslash escapes (\" \' \\ \# \$ \_ \c \f \n \r \t \v), # starts a
// comment at the start of a word, and ${NAME} expands a variable of the
// environment. env -S 'sh -c "rm -rf /"' runs sh with the one argument
// rm -rf /, which a split on white space would cut into "rm, -rf and /".

// errEnvSplit is a string env -S refuses (env then runs nothing).
var errEnvSplit = errors.New("env -S: invalid split string")

// splitEnvString splits s as env -S does. dyn[i] reports that words[i]
// holds a ${NAME} only known when the command runs (kept as written). An
// error means env refuses the string and runs nothing.
func splitEnvString(s string) (words []string, dyn []bool, err error) {
	var cur strings.Builder
	inWord, curDyn := false, false
	end := func() {
		if inWord {
			words = append(words, cur.String())
			dyn = append(dyn, curDyn)
		}
		cur.Reset()
		inWord, curDyn = false, false
	}
	const (
		plain = iota
		single
		double
	)
	mode := plain
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch mode {
		case single:
			switch {
			case ch == '\'':
				mode = plain
			case ch == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '\''):
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(ch)
			}
			continue
		case plain:
			switch ch {
			case ' ', '\t', '\n', '\v', '\f', '\r':
				end()
				continue
			case '#':
				if !inWord {
					end()
					return words, dyn, nil // a comment to the end
				}
			case '\'':
				mode, inWord = single, true
				continue
			case '"':
				mode, inWord = double, true
				continue
			}
		case double:
			if ch == '"' {
				mode = plain
				continue
			}
		}
		// Plain or double-quoted text.
		switch ch {
		case '\\':
			if i+1 >= len(s) {
				return nil, nil, errEnvSplit
			}
			i++
			switch e := s[i]; e {
			case '"', '\'', '\\', '#', '$':
				cur.WriteByte(e)
			case '_':
				if mode == plain {
					end()
					continue
				}
				cur.WriteByte(' ')
			case 'c':
				if mode == double {
					return nil, nil, errEnvSplit
				}
				end()
				return words, dyn, nil // \c: the rest is ignored
			case 'f':
				cur.WriteByte('\f')
			case 'n':
				cur.WriteByte('\n')
			case 'r':
				cur.WriteByte('\r')
			case 't':
				cur.WriteByte('\t')
			case 'v':
				cur.WriteByte('\v')
			default:
				return nil, nil, errEnvSplit
			}
		case '$':
			// Only ${NAME} is accepted; its value comes from the
			// environment, known when the command runs.
			if i+1 >= len(s) || s[i+1] != '{' {
				return nil, nil, errEnvSplit
			}
			j := strings.IndexByte(s[i+2:], '}')
			if j < 0 || !isName(s[i+2:i+2+j]) {
				return nil, nil, errEnvSplit
			}
			cur.WriteString(s[i : i+3+j])
			curDyn = true
			i += 2 + j
		default:
			cur.WriteByte(ch)
		}
		inWord = true
	}
	if mode != plain {
		return nil, nil, errEnvSplit // no terminating quote
	}
	end()
	return words, dyn, nil
}
