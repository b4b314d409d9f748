package main

import (
	"strings"
	"unicode"
)

// LineMode says how a help text writes its option lines.
type LineMode struct {
	// Dash1: a single dash starts a multi-letter option name ("-name",
	// sqlite3, find), not a cluster.
	Dash1 bool
	// Attached: a short option written with a lowercase word or a
	// punctuation run glued to it ("-Idirectory", "-F/pattern/") takes a
	// value attached to it (perl).
	Attached bool
	// LowerValue: a single lowercase word after one space is the value's
	// placeholder when the description follows two spaces or " : "
	// ("-c cmd : program passed as a string", python, perl, awk).
	LowerValue bool
	// Columns: two options may share a line, in two columns (zip, unzip).
	Columns bool
	// MaxIndent is the deepest indentation an option line may have
	// (deeper lines continue a description); 0 means 8.
	MaxIndent int
}

// ParseHelp reads the option lines of a help text (GNU --help, git's
// parse-options -h, util-linux, curl, python, perl) and returns one Opt per
// option line, in order. Lines it cannot read whole are skipped: a line
// whose value is ambiguous (a placeholder followed by "...", two
// placeholders) gives no option, so that the option stays unknown to the
// shell analysis rather than read wrong. It also returns the lines that
// looked like option lines but were not read.
func ParseHelp(text string, mode LineMode) ([]Opt, []string) {
	maxIndent := mode.MaxIndent
	if maxIndent == 0 {
		maxIndent = 8
	}
	var opts []Opt
	var skipped []string
	repeated := repeatedLongs(text)
	for _, raw := range strings.Split(text, "\n") {
		line := expandTabs(strings.TrimRight(raw, " \r"))
		indent := len(line) - len(strings.TrimLeft(line, " "))
		if indent > maxIndent || indent == len(line) || line[indent] != '-' {
			continue
		}
		rest := line[indent:]
		for rest != "" {
			o, tail, ok := parseOptColumn(rest, mode, repeated)
			if ok {
				opts = append(opts, splitNegations(o)...)
			} else {
				skipped = append(skipped, strings.TrimSpace(rest))
			}
			if !mode.Columns {
				break
			}
			// A second column starts after two or more spaces with a dash.
			i := strings.Index(tail, "  -")
			if i < 0 {
				break
			}
			rest = strings.TrimLeft(tail[i:], " ")
		}
	}
	return opts, skipped
}

// negMark marks, while a line is read, a spelling that is an option of its
// own: a negation ("--no-cone" from "--[no-]cone"), or the second letter of
// perl's "-[mM]".
const negMark = "!"

// splitNegations moves the negated spellings of o to lines of their own.
func splitNegations(o Opt) []Opt {
	var out []Opt
	var keep []string
	for _, s := range o.Spellings {
		if neg, ok := strings.CutPrefix(s, negMark); ok {
			out = append(out, Opt{Spellings: []string{neg}, Value: o.Value, Tag: o.Tag})
			continue
		}
		keep = append(keep, s)
	}
	if len(keep) == 0 {
		return out
	}
	o.Spellings = keep
	return append([]Opt{o}, out...)
}

func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// parseOptColumn reads the option column at the start of s: spellings
// separated by ", ", ",", "|" or one space, each possibly with a value
// placeholder. It returns the option, the rest of the line after the column,
// and whether the column was read whole.
func parseOptColumn(s string, mode LineMode, repeated map[string]bool) (Opt, string, bool) {
	var o Opt
	value := NoValue
	ambiguous := false
	literal := "" // "--format" of "--format=zstd"
	setValue := func(v Value) {
		if value != NoValue && value != v {
			ambiguous = true
		}
		value = v
	}
	i := 0
	for {
		if i >= len(s) || s[i] != '-' {
			break
		}
		// The spelling: '-' or '--' then name characters.
		start := i
		i++
		if i < len(s) && s[i] == '-' {
			i++
		}
		long := i-start == 2
		negated := false
		// "--[no-]name" and "-[no]name" give the name and its negation.
		if strings.HasPrefix(s[i:], "[no-]") || strings.HasPrefix(s[i:], "[no]") {
			neg := s[i+1 : strings.IndexByte(s[i:], ']')+i]
			i += len(neg) + 2
			negated = true
			nameStart := i
			for i < len(s) && isNameByte(s[i]) {
				i++
			}
			name := s[nameStart:i]
			dashes := s[start : nameStart-len(neg)-2]
			o.Spellings = append(o.Spellings, dashes+name, negMark+dashes+neg+name)
		}
		nameStart := i
		glued, numbered := false, false
		if !negated {
			if !long && !mode.Dash1 {
				// A short option is one character.
				if i < len(s) && s[i] != ' ' && s[i] != ',' && s[i] != '|' && !(mode.Attached && s[i] == '[') {
					i++
				}
				// "-T#": a number attached (zstd).
				if strings.HasPrefix(s[i:], "#") && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == ',') {
					setValue(RequiredValue)
					i++
					numbered = true
				}
				// "-nv", "-OO", "-h2": not a getopt spelling (perl's
				// "-Idirectory" is handled below).
				if i < len(s) && isNameByte(s[i]) && s[i] != '-' && !(mode.Attached && (isLowerWord(s[i:]) || s[i] == '/')) {
					glued = true
				}
				if mode.Attached && i == nameStart && strings.HasPrefix(s[i:], "[") {
					// perl's "-[mM][-]module": a class of letters.
					j := strings.IndexByte(s[i:], ']')
					if j > 1 {
						for k, c := range s[i+1 : i+j] {
							// "-m" and "-M" are two options.
							mark := ""
							if k > 0 {
								mark = negMark
							}
							o.Spellings = append(o.Spellings, mark+"-"+string(c))
						}
						i += j + 1
						for i < len(s) && s[i] == '[' {
							if k := closeBracket(s, i); k > 0 {
								i = k
							} else {
								break
							}
						}
						for i < len(s) && s[i] != ' ' {
							i++
						}
						setValue(RequiredValue)
						negated = true // spellings already added
					}
				}
			} else {
				for i < len(s) && isNameByte(s[i]) {
					i++
				}
			}
		}
		if glued {
			for i < len(s) && s[i] != ' ' && s[i] != ',' && s[i] != '|' {
				i++
			}
			negated = true // no spelling from this token
		}
		name := s[start:i]
		if numbered {
			name = name[:2]
		}
		// What follows the name.
		switch {
		case strings.HasPrefix(s[i:], "[="):
			j := closeBracket(s, i)
			if j < 0 {
				return o, "", false
			}
			setValue(OptionalValue)
			i = j
		case strings.HasPrefix(s[i:], "=[") && optionalBracket(s, i+1):
			// "--list=[<signal>]": written as optional.
			j := closeBracket(s, i+1)
			if j < 0 {
				return o, "", false
			}
			setValue(OptionalValue)
			i = j
		case strings.HasPrefix(s[i:], "=") && long && isLiteralValue(s[i+1:]) && value == NoValue && repeated[name]:
			// "-p, --indicator-style=slash": the short option is the long
			// one with this value; it takes none itself.
			i = endOfPlaceholder(s, i+1)
			literal = name
			name = ""
		case strings.HasPrefix(s[i:], "="):
			i++
			j := endOfPlaceholder(s, i)
			if strings.HasPrefix(s[j:], "...") && j > i {
				ambiguous = true
			}
			setValue(RequiredValue)
			i = j
		case i < len(s) && s[i] == '[' && !negated:
			// "-0[octal]", "--decorate[...]": an optional attached value.
			j := closeBracket(s, i)
			if j < 0 {
				return o, "", false
			}
			setValue(OptionalValue)
			i = j
			if mode.Attached {
				// perl's "-d[t][:MOD]": several optional parts.
				for i < len(s) && s[i] == '[' {
					if j = closeBracket(s, i); j < 0 {
						return o, "", false
					}
					i = j
				}
			}
		case i < len(s) && s[i] == '<' && !long && i-start == 2 && strings.IndexByte(s[i:], '>') > 0:
			// "-O<file>": a value attached.
			i += strings.IndexByte(s[i:], '>') + 1
			setValue(RequiredValue)
		case i < len(s) && s[i] == '<' && !long && i-start == 1:
			// "-<signal>": a number written as an option; not a spelling.
			j := strings.IndexByte(s[i:], '>')
			if j < 0 {
				return o, "", false
			}
			i += j + 1
			name = ""
		case mode.Attached && !long && i < len(s) && i-nameStart == 1 && (isLowerWord(s[i:]) || s[i] == '/'):
			// perl's "-Idirectory", "-F/pattern/".
			for i < len(s) && s[i] != ' ' {
				i++
			}
			setValue(RequiredValue)
		}
		if !negated && name != "" {
			o.Spellings = append(o.Spellings, name)
		}
		// A parenthesised remark after the spelling: psql's '-1 ("one")'.
		if strings.HasPrefix(s[i:], " (") && !strings.HasPrefix(s[i:], " (-") {
			if j := strings.IndexByte(s[i:], ')'); j > 0 && (strings.HasPrefix(s[i+j+1:], ",") || strings.HasPrefix(s[i+j+1:], " ")) && !strings.Contains(s[i+2:i+j], "|") {
				i += j + 1
			}
		}
		// Separators to the next spelling.
		switch {
		case strings.HasPrefix(s[i:], ","):
			i++
			for i < len(s) && s[i] == ' ' {
				i++
			}
			continue
		case strings.HasPrefix(s[i:], "|-"):
			i++
			continue
		case strings.HasPrefix(s[i:], " -") && !strings.HasPrefix(s[i:], " - "):
			i++
			continue
		case strings.HasPrefix(s[i:], " | -"):
			i += 3
			continue
		}
		// "-0 ... -9": a range of one-digit options, each of its own.
		if len(name) == 2 && isDigit(name[1]) && strings.HasPrefix(s[i:], " ... -") && i+7 <= len(s) && isDigit(s[i+6]) && s[i+6] > name[1] {
			for d := name[1] + 1; d <= s[i+6]; d++ {
				o.Spellings = append(o.Spellings, negMark+"-"+string(d))
			}
			i += 7
			break
		}
		// A detached placeholder after one space.
		if strings.HasPrefix(s[i:], " ") && !strings.HasPrefix(s[i:], "  ") {
			j := i + 1
			if k, kind := detachedPlaceholder(s, j, mode); kind != NoValue {
				setValue(kind)
				if kind == ManyValues {
					ambiguous = true
				}
				i = k
				// "-l N, --line-length=N": more spellings follow.
				if nextSpelling(s[i:]) {
					i++
					for i < len(s) && s[i] == ' ' {
						i++
					}
					continue
				}
			}
		}
		break
	}
	// Two placeholders ("-lookaside SIZE N") or an ellipsis: the
	// number of values is not one.
	// A second placeholder ends the column too ("SIZE N    use"); a word in
	// capitals that starts the description ("<data> HTTP POST data") does not.
	if value == RequiredValue {
		j, more := i, 0
		for strings.HasPrefix(s[j:], " ") && !strings.HasPrefix(s[j:], "  ") {
			end, kind := detachedPlaceholder(s, j+1, mode)
			if kind == NoValue {
				break
			}
			j, more = end, more+1
		}
		if more > 0 && (j == len(s) || strings.HasPrefix(s[j:], "  ")) {
			ambiguous = true
		}
	}
	// "-x|--extract|-X|--vextract": several short and several long
	// spellings on one line do not say which go together.
	shorts, longs := 0, 0
	for _, sp := range o.Spellings {
		if strings.HasPrefix(sp, "--") {
			longs++
		} else {
			shorts++
		}
	}
	if shorts > 1 && longs > 1 {
		ambiguous = true
	}
	if len(o.Spellings) == 0 && literal != "" && value == NoValue {
		// "--format=gzip   Compress to .gz": the option takes a value.
		o.Spellings, value = []string{literal}, RequiredValue
	}
	if ambiguous || len(o.Spellings) == 0 {
		return Opt{}, s[min(i, len(s)):], false
	}
	o.Value = value
	return o, s[i:], true
}

// detachedPlaceholder reads a value placeholder starting at s[i] and returns
// where it ends and RequiredValue, or ManyValues when it is followed by an
// ellipsis or is a bracketed list; NoValue when s[i:] is description text.
func detachedPlaceholder(s string, i int, mode LineMode) (int, Value) {
	if i >= len(s) {
		return i, NoValue
	}
	end := -1
	switch c := s[i]; {
	case c == '<':
		if j := strings.IndexByte(s[i:], '>'); j > 0 {
			end = i + j + 1
		}
	case c == '(':
		if j := strings.IndexByte(s[i:], ')'); j > 0 && strings.Contains(s[i:i+j], "|") {
			end = i + j + 1
		}
	case c == '[':
		j := closeBracket(s, i)
		if j < 0 {
			return i, NoValue
		}
		if j < len(s) && s[j] != ' ' && s[j] != '.' {
			// "[protocol://]host[:port]": one value with optional parts.
			end = endOfPlaceholder(s, i)
			break
		}
		// "[<package>...]", "[...]": operands or an optional detached
		// value; neither is one value.
		return j, ManyValues
	case strings.HasPrefix(s[i:], "..."):
		end = i + 3
		if end < len(s) && s[end] != ' ' {
			return i, NoValue
		}
		return end, RequiredValue
	case isUpperPlaceholder(s[i:]):
		end = endOfPlaceholder(s, i)
	case c >= 'a' && c <= 'z' && !mode.LowerValue:
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != ',' {
			j++
		}
		switch {
		case strings.Contains(s[i:j], "|") && (j == len(s) || strings.HasPrefix(s[j:], "  ")):
			// "--propagation slave|shared|private": a list of the values.
			end = j
		case strings.HasPrefix(s[j:], ", -"):
			// "-e script, --expression=script": another spelling follows,
			// so the word is the value's placeholder.
			end = j
		}
	case mode.LowerValue && c >= 'a' && c <= 'z':
		j := i
		for j < len(s) && s[j] != ' ' {
			j++
		}
		if j == len(s) || strings.HasPrefix(s[j:], "  ") || strings.HasPrefix(s[j:], " : ") || strings.HasPrefix(s[j:], " :") && j+2 == len(s) {
			end = j
		}
	}
	if end < 0 {
		return i, NoValue
	}
	// The placeholder glued to more text, like "<data|filename>s": not one.
	for end < len(s) && s[end] != ' ' && !strings.HasPrefix(s[end:], "...") && !nextSpelling(s[end:]) {
		end++
	}
	if strings.HasPrefix(s[end:], "...") || strings.HasSuffix(s[i:end], "...") {
		return end, ManyValues
	}
	return end, RequiredValue
}

// endOfPlaceholder returns where an attached placeholder (after "=") ends:
// at the first space outside brackets.
func endOfPlaceholder(s string, i int) int {
	depth := 0
	for i < len(s) {
		switch s[i] {
		case '[', '<', '(', '{':
			depth++
		case ']', '>', ')', '}':
			depth--
		case ' ':
			if depth <= 0 {
				return i
			}
		case ',':
			if depth <= 0 && nextSpelling(s[i:]) {
				return i
			}
		}
		i++
	}
	return i
}

// nextSpelling reports whether s starts with a comma before another
// spelling: ", -x" or ",--x".
func nextSpelling(s string) bool {
	return strings.HasPrefix(s, ", -") || strings.HasPrefix(s, ",-")
}

// optionalBracket reports whether the bracket at s[i] holds the whole
// placeholder ("=[<signal>]"), not an optional part of it ("=[USER@]HOST").
func optionalBracket(s string, i int) bool {
	j := closeBracket(s, i)
	return j > 0 && (j == len(s) || s[j] == ' ' || s[j] == ',')
}

// closeBracket returns the index after the bracket that closes the one at
// s[i], or -1.
func closeBracket(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '?' || c == '@' || c == '#' || c == '+'
}

// isUpperPlaceholder reports whether s starts with a placeholder written in
// capitals ("FILE", "NAME=VALUE", "N[bcwkMG]", "[USER@]HOST").
func isUpperPlaceholder(s string) bool {
	end := strings.IndexByte(s, ' ')
	if end < 0 {
		end = len(s)
	}
	w := s[:end]
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) && letters == 0 {
			return false
		}
		if unicode.IsUpper(r) {
			letters++
		}
	}
	if letters == 0 {
		return false
	}
	// Lowercase letters after capitals only in brackets ("N[bcwkMG]").
	depth := 0
	for _, r := range w {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case unicode.IsLower(r) && depth == 0:
			return false
		}
	}
	return true
}

// repeatedLongs returns the long options a help text names more than once
// ("--indicator-style=WORD" and "-p, --indicator-style=slash"): there a
// lowercase "=word" is a value written as itself, while an option named
// once ("-D, --chdir=directory", sudo) has a placeholder in lowercase.
func repeatedLongs(text string) map[string]bool {
	count := map[string]int{}
	for i := 0; i+2 < len(text); i++ {
		if text[i] != '-' || text[i+1] != '-' || i > 0 && text[i-1] != ' ' && text[i-1] != ',' && text[i-1] != '|' && text[i-1] != '\n' && text[i-1] != '(' {
			continue
		}
		j := i + 2
		for j < len(text) && isNameByte(text[j]) {
			j++
		}
		if j > i+2 {
			count[text[i:j]]++
		}
		i = j - 1
	}
	out := map[string]bool{}
	for n, c := range count {
		if c > 1 {
			out[n] = true
		}
	}
	return out
}

// isLiteralValue reports whether s starts with a value written as itself
// ("slash", "always", "commands") rather than a placeholder ("FILE",
// "<file>", "...", "[USER@]HOST").
func isLiteralValue(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 0; i < len(s) && s[i] != ' ' && s[i] != ','; i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func isLowerWord(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	return true
}
