package shell

import (
	"strconv"
	"strings"
)

// maxPatchBytes bounds the patch text whose headers are read.
const maxPatchBytes = 8 << 20

// PatchPaths lists the file names a unified, context or git patch (or a
// mailbox of them, for git am) names in its headers: both sides of each
// change, renames and copies included, as written (prefixes such as a/
// kept). ok is false for a text too large to read.
func PatchPaths(text string) (names []string, ok bool) {
	if len(text) > maxPatchBytes {
		return nil, false
	}
	seen := map[string]bool{}
	add := func(n string) {
		n = strings.TrimSpace(n)
		if n == "" || n == "/dev/null" || seen[n] || len(names) >= maxArriveNames {
			return
		}
		seen[n] = true
		names = append(names, n)
	}
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		line = strings.TrimSuffix(line, "\r")
		switch {
		case strings.HasPrefix(line, "diff --git "), strings.HasPrefix(line, "diff --cc "), strings.HasPrefix(line, "diff --combined "):
			rest := line[strings.IndexByte(line[5:], ' ')+6:]
			for _, n := range gitDiffNames(rest) {
				add(n)
			}
		case strings.HasPrefix(line, "+++ "), strings.HasPrefix(line, "--- "):
			if contextRange(line[4:], '-') {
				continue
			}
			add(headerName(line[4:]))
		case strings.HasPrefix(line, "*** "):
			if contextRange(line[4:], '*') {
				continue
			}
			add(headerName(line[4:]))
		case strings.HasPrefix(line, "rename from "), strings.HasPrefix(line, "rename to "),
			strings.HasPrefix(line, "copy from "), strings.HasPrefix(line, "copy to "):
			_, rest, _ := strings.Cut(line, " ") // "from X", "to X"
			_, n, _ := strings.Cut(rest, " ")
			add(unquoteName(n))
		case strings.HasPrefix(line, "Index: "):
			add(line[7:])
		case strings.HasPrefix(line, "diff "):
			// diff -u old new, diff -ruN a/x b/x: the last two words.
			f := strings.Fields(line)
			if len(f) >= 3 {
				add(f[len(f)-2])
				add(f[len(f)-1])
			}
		}
	}
	return names, true
}

// gitDiffNames reads "a/x b/y" of a diff --git line (either quoted); with
// spaces in an unquoted name, both ways of splitting are kept.
func gitDiffNames(s string) []string {
	if strings.HasPrefix(s, `"`) {
		a, rest, ok := cutQuoted(s)
		if !ok {
			return nil
		}
		return []string{a, unquoteName(strings.TrimSpace(rest))}
	}
	if i := strings.Index(s, ` "`); i >= 0 {
		return []string{s[:i], unquoteName(s[i+1:])}
	}
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			out = append(out, s[:i], s[i+1:])
		}
	}
	if len(out) == 0 {
		out = append(out, s)
	}
	return out
}

// headerName is the name of a ---/+++/*** header: up to a tab (the date
// follows), unquoted.
func headerName(s string) string {
	if strings.HasPrefix(s, `"`) {
		return unquoteName(s)
	}
	if i := strings.IndexByte(s, '\t'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, " ")
}

// contextRange reports a context diff's range line (*** 1,5 ****,
// --- 1,5 ----), which is no header.
func contextRange(s string, mark byte) bool {
	s = strings.TrimSpace(s)
	tail := strings.Repeat(string(mark), 4)
	if !strings.HasSuffix(s, tail) {
		return false
	}
	s = strings.TrimSpace(strings.TrimSuffix(s, tail))
	for _, ch := range s {
		if ch != ',' && (ch < '0' || ch > '9') {
			return false
		}
	}
	return true
}

// unquoteName reads a name git quoted ("a/\303\251.txt"); an unquoted one
// is returned as it is.
func unquoteName(s string) string {
	if !strings.HasPrefix(s, `"`) {
		return s
	}
	n, _, ok := cutQuoted(s)
	if !ok {
		return strings.Trim(s, `"`)
	}
	return n
}

// cutQuoted reads a C-style quoted string at the start of s and returns it
// and what follows.
func cutQuoted(s string) (string, string, bool) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '"':
			return b.String(), s[i+1:], true
		case ch == '\\' && i+1 < len(s):
			i++
			switch e := s[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'a', 'b', 'f', 'r', 'v':
				b.WriteByte(' ')
			case '0', '1', '2', '3':
				if i+2 < len(s) {
					if v, err := strconv.ParseUint(s[i:i+3], 8, 8); err == nil {
						b.WriteByte(byte(v))
						i += 2
						continue
					}
				}
				b.WriteByte(e)
			default:
				b.WriteByte(e)
			}
		default:
			b.WriteByte(ch)
		}
	}
	return "", "", false
}
