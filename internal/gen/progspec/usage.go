package main

import (
	"regexp"
	"strings"
)

// UsageLine is one synopsis line of a usage text ("usage: git stash drop
// [-q | --quiet] [<stash>]"), continuation lines joined, with the words that
// name the program cut off.
type UsageLine struct {
	Text string
}

// UsageLines finds the synopsis lines of a usage text that start with the
// given program words ("git stash", "ssh"): lines starting with "usage:",
// "or:" or the words themselves, each joined with the indented lines that
// continue it. It returns what follows the words.
func UsageLines(text string, words ...string) []string {
	prefix := strings.Join(words, " ")
	var parts [][]string // each line's pieces, joined at the end
	cur := -1
	for _, raw := range strings.Split(text, "\n") {
		line := strings.TrimRight(expandTabs(raw), " \r")
		t := strings.TrimSpace(line)
		low := strings.ToLower(t)
		for _, lead := range []string{"usage:", "or:"} {
			if strings.HasPrefix(low, lead) {
				t = strings.TrimSpace(t[len(lead):])
				break
			}
		}
		// A path before the program name ("/usr/bin/python3 [option]").
		if i := strings.IndexByte(t, ' '); i > 0 && strings.Contains(t[:i], "/") && len(words) == 1 && strings.HasSuffix(t[:i], "/"+words[0]) {
			t = words[0] + t[i:]
		}
		if t == prefix || strings.HasPrefix(t, prefix+" ") {
			parts = append(parts, []string{strings.TrimSpace(t[len(prefix):])})
			cur = len(parts) - 1
			continue
		}
		if cur >= 0 && t != "" && line[0] == ' ' && strings.ContainsRune("[(<-", rune(t[0])) {
			parts[cur] = append(parts[cur], t)
			continue
		}
		cur = -1
	}
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = strings.Join(p, " ")
	}
	return out
}

var wordRE = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// SubcommandsOf reads the subcommand words a synopsis line starts with,
// after the options that may precede them: "drop [-q]" gives ["drop"],
// "[-v | --verbose] show [-n] <name>" gives ["show"], "(bad|new) [<rev>]"
// gives ["bad", "new"], "[push [-p | --patch] …]" gives ["push"]. It also
// returns the text before and after the subcommand word.
func SubcommandsOf(line string) (subs []string, before, after string) {
	chunks := usageChunks(line)
	depth := 0 // inside an option group: "[--ref <notes-ref>]"
	for k, c := range chunks {
		if depth > 0 {
			depth += groupDepth(c)
			continue
		}
		core := strings.Trim(c, "[]()")
		switch {
		case core == "" || strings.HasPrefix(core, "-") || isOptionsPlaceholder(c):
			// an option before the subcommand, with what its group holds
			depth = max(groupDepth(c), 0)
			continue
		case strings.HasPrefix(core, "<"):
			return nil, "", ""
		}
		if (c[0] == '[' || c[0] == '(') && groupDepth(c) > 0 {
			// A group spanning chunks: "[clear|forget <path>...|diff]",
			// "[push [-p|--patch] …]". Its alternatives each start with
			// a subcommand word.
			m, d := k, 0
			for ; m < len(chunks); m++ {
				if d += groupDepth(chunks[m]); d <= 0 {
					break
				}
			}
			group := strings.Join(chunks[k:min(m+1, len(chunks))], " ")
			var words []string
			for _, alt := range splitTop(group[1:len(group)-1], '|') {
				f := strings.Fields(alt)
				if len(f) == 0 || !wordRE.MatchString(f[0]) {
					return nil, "", ""
				}
				words = append(words, f[0])
			}
			if len(words) == 1 {
				// "[push [-p] …]": what follows the word is its synopsis.
				return words, strings.Join(chunks[:k], " "), strings.Join(chunks[k+1:], " ")
			}
			return words, strings.Join(chunks[:k], " "), strings.Join(chunks[min(m+1, len(chunks)):], " ")
		}
		alts := strings.Split(core, "|")
		for _, a := range alts {
			if !wordRE.MatchString(a) {
				return nil, "", ""
			}
		}
		// A bracketed group is a subcommand list only when each word is
		// alone in it ("[show]", "[help|start|bad]").
		if strings.HasPrefix(c, "[") && strings.Count(c, "[") != 1 {
			return nil, "", ""
		}
		return alts, strings.Join(chunks[:k], " "), strings.Join(chunks[k+1:], " ")
	}
	return nil, "", ""
}

// splitTop splits s at sep outside brackets and parentheses.
func splitTop(s string, sep byte) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// groupDepth returns how many brackets and parentheses c opens minus how
// many it closes.
func groupDepth(c string) int {
	return strings.Count(c, "[") + strings.Count(c, "(") - strings.Count(c, "]") - strings.Count(c, ")")
}

func isOptionsPlaceholder(c string) bool {
	switch strings.Trim(c, "[]") {
	case "<options>", "<log-options>", "options", "<option>", "option", "OPTION", "OPTIONS":
		return true
	}
	return false
}

// usageChunks splits a synopsis line at spaces, with the spaces around "|"
// removed, so that "[-f | --force]" is one chunk "[-f|--force]".
func usageChunks(line string) []string {
	line = strings.ReplaceAll(line, " | ", "|")
	line = strings.ReplaceAll(line, "| ", "|")
	line = strings.ReplaceAll(line, " |", "|")
	return strings.Fields(line)
}

// ParseUsage reads the options written in synopsis text, in the BSD and
// git-script style: "[-46AaCf]" (a run of flags), "[-B bind_interface]" (a
// value), "[-f|--force]" (synonyms), "[--[no-]progress]" (both),
// "[--tool=<tool>]", "[--shared[=<perms>]]", "[-O<orderfile>]". An option
// followed by an operand list ("-p <pid>...") is left out.
func ParseUsage(text string) []Opt {
	var opts []Opt
	chunks := usageChunks(text)
	for k, c := range chunks {
		core := strings.TrimLeft(c, "[(")
		if !strings.HasPrefix(core, "-") {
			continue
		}
		closed := strings.HasSuffix(c, "]") || strings.HasSuffix(c, "|") ||
			strings.HasSuffix(c, ")") && !strings.Contains(c, "(")
		core = strings.TrimRight(core, "])")
		if strings.Count(c, "[") < strings.Count(c, "]") {
			// "[--lock [--reason <string>]]" leaves one ']' too many
		}
		alts := strings.Split(core, "|")
		// A run of single letters: "-46AaCfGg".
		if len(alts) == 1 && isFlagRun(alts[0]) && strings.HasPrefix(c, "[") {
			for _, r := range alts[0][1:] {
				opts = append(opts, Opt{Spellings: []string{"-" + string(r)}})
			}
			continue
		}
		var group []Opt
		for ai, a := range alts {
			o, ok := usageOption(a)
			if !ok {
				continue
			}
			last := ai == len(alts)-1
			if last && !closed && o.Value == NoValue && k+1 < len(chunks) {
				v := chunks[k+1]
				vcore := strings.TrimRight(v, "])")
				switch {
				case vcore == "" || strings.HasPrefix(v, "-") || strings.HasPrefix(v, "[-") || strings.HasPrefix(v, "(") || strings.HasPrefix(v, "|") || v == "[--]":
				case strings.HasPrefix(v, "[") && closeBracket(v, 0) == len(strings.TrimRight(v, "])"))+1 && !strings.Contains(v[1:closeBracket(v, 0)-1], "["):
					// "--parseopt [<options>]": an optional operand after
					// the option ("[bind_address:]port" is a value)
				case strings.HasSuffix(vcore, "..."):
					continue // an operand list, not one value
				case strings.HasPrefix(v, "[") && strings.Count(v, "[") > strings.Count(v, "]"):
					// an optional group follows, not a value
				default:
					o.Value = RequiredValue
				}
			}
			// "-f|--force": a short option and the long one after it are
			// the same option; other alternatives are distinct options.
			if n := len(group); n > 0 && isShort(group[n-1].Spellings[0]) && len(group[n-1].Spellings) == 1 && !isShort(o.Spellings[0]) && len(o.Spellings) == 1 {
				g := &group[n-1]
				g.Spellings = append(g.Spellings, o.Spellings[0])
				if o.Value != NoValue {
					g.Value = o.Value
				}
				continue
			}
			group = append(group, o)
		}
		for _, g := range group {
			opts = append(opts, splitNegations(g)...)
		}
	}
	return opts
}

func isShort(s string) bool { return len(s) == 2 && s[0] == '-' && s[1] != '-' }

// isFlagRun reports whether s is a run of distinct flag letters as in
// "-46AaCfGg" (at least two, with a capital or a digit: "-opts" is a
// placeholder, not flags).
func isFlagRun(s string) bool {
	if len(s) < 3 || s[0] != '-' || s[1] == '-' {
		return false
	}
	seen := map[rune]bool{}
	upperOrDigit := false
	for _, r := range s[1:] {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') || seen[r] {
			return false
		}
		seen[r] = true
		if r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			upperOrDigit = true
		}
	}
	return upperOrDigit
}

// usageOption reads one option written in a synopsis: "-f", "--force",
// "--tool=<tool>", "--shared[=<perms>]", "--[no-]progress", "-O<file>",
// "--term-{new,bad}=<term>" (spellings joined as one option line each).
func usageOption(a string) (Opt, bool) {
	var o Opt
	name := a
	rest := ""
	if i := strings.IndexAny(a, "=[<"); i > 0 {
		name, rest = a[:i], a[i:]
	}
	if strings.HasPrefix(a, "--[no-]") {
		name = "--" + strings.TrimPrefix(a, "--[no-]")
		rest = ""
		if i := strings.IndexAny(name, "=[<"); i > 0 {
			name, rest = name[:i], name[i:]
		}
		neg := "--no-" + strings.TrimPrefix(name, "--")
		o.Spellings = []string{name, negMark + neg}
	} else if i := strings.IndexByte(name, '{'); i > 0 {
		j := strings.IndexByte(name, '}')
		if j < i {
			return o, false
		}
		for _, alt := range strings.Split(name[i+1:j], ",") {
			o.Spellings = append(o.Spellings, name[:i]+alt+name[j+1:])
		}
		if len(o.Spellings) == 0 {
			return o, false
		}
	} else {
		o.Spellings = []string{name}
	}
	switch {
	case rest == "":
	case strings.HasPrefix(rest, "[="):
		o.Value = OptionalValue
	case strings.HasPrefix(rest, "="):
		o.Value = RequiredValue
	case strings.HasPrefix(rest, "<") && isShort(name):
		o.Value = RequiredValue // "-O<orderfile>"
	case strings.HasPrefix(rest, "[") && isShort(name):
		o.Value = OptionalValue
	default:
		return o, false
	}
	for _, s := range o.Spellings {
		if !validSpelling(strings.TrimPrefix(s, negMark), false) {
			return o, false
		}
	}
	return o, true
}
