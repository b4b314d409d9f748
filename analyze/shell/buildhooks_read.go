package shell

import (
	"strings"
)

// Readers of the build files' languages, as far as what they run goes:
// Rust's std::process::Command builders and std::fs removals (build.rs),
// and CMake's execute_process, add_custom_command and add_custom_target.
// A word that is not a literal is known only at run time; a program that
// is not a literal makes the whole run unknown.

// rustRuns returns the commands a Rust build script runs.
func rustRuns(code string) []buildRun {
	var runs []buildRun
	for i := 0; len(runs) < maxChanRuns; {
		k := strings.Index(code[i:], "Command::new(")
		if k < 0 {
			break
		}
		i += k + len("Command::new(")
		prog, end, ok := rustArg(code, i)
		if !ok {
			runs = append(runs, buildRun{})
			continue
		}
		i = end
		run := buildRun{argv: []string{prog.text}, dyn: []bool{false}, known: !prog.dyn}
		// The builder's chained calls: .arg(x), .args([…]).
		for {
			j := skipSpace(code, i)
			if j >= len(code) || code[j] != '.' {
				break
			}
			name, open := rustMethod(code, j+1)
			if open < 0 {
				break
			}
			args, end, ok := rustArgList(code, open)
			if !ok {
				break
			}
			i = end
			switch name {
			case "arg":
				if len(args) == 1 {
					run.argv, run.dyn = append(run.argv, args[0].text), append(run.dyn, args[0].dyn)
				}
			case "args":
				if len(args) == 1 {
					for _, a := range rustSlice(args[0].raw) {
						run.argv, run.dyn = append(run.argv, a.text), append(run.dyn, a.dyn)
					}
				}
			}
		}
		runs = append(runs, run)
	}
	for _, fn := range []struct{ call, rm string }{{"remove_dir_all(", "-rf"}, {"remove_file(", "-f"}, {"remove_dir(", "-d"}} {
		for i := 0; len(runs) < maxChanRuns; {
			k := strings.Index(code[i:], fn.call)
			if k < 0 {
				break
			}
			i += k + len(fn.call)
			a, end, ok := rustArg(code, i)
			if !ok {
				break
			}
			i = end
			if !a.dyn {
				runs = append(runs, buildRun{argv: []string{"rm", fn.rm, "--", a.text}, dyn: []bool{false, false, false, false}, known: true})
			}
		}
	}
	return runs
}

// codeArg is one argument of a call: its text when it is a literal.
type codeArg struct {
	text string
	raw  string
	dyn  bool
}

// rustArg reads the expression at code[i:] up to the ',' or ')' that ends
// it, and returns it with the index after that closing character.
func rustArg(code string, i int) (codeArg, int, bool) {
	args, end, ok := rustArgsUntil(code, i, ')')
	if !ok || len(args) == 0 {
		return codeArg{}, i, false
	}
	return args[0], end, true
}

// rustArgList reads a call's arguments from the '(' at open.
func rustArgList(code string, open int) ([]codeArg, int, bool) {
	return rustArgsUntil(code, open+1, ')')
}

// rustArgsUntil reads comma-separated expressions from code[i:] until
// the closing character at depth zero.
func rustArgsUntil(code string, i int, closer byte) ([]codeArg, int, bool) {
	var args []codeArg
	start, depth := i, 0
	for i < len(code) {
		ch := code[i]
		switch {
		case ch == '"':
			j := rustStringEnd(code, i)
			if j < 0 {
				return nil, i, false
			}
			i = j
			continue
		case ch == 'r' && i+1 < len(code) && (code[i+1] == '"' || code[i+1] == '#') && (i == 0 || !isWordByte(code[i-1])):
			if j := rustRawEnd(code, i); j > 0 {
				i = j
				continue
			}
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			if depth == 0 {
				if ch != closer {
					return nil, i, false
				}
				if s := strings.TrimSpace(code[start:i]); s != "" {
					args = append(args, rustValue(s))
				}
				return args, i + 1, true
			}
			depth--
		case ch == ',' && depth == 0:
			args = append(args, rustValue(strings.TrimSpace(code[start:i])))
			start = i + 1
		}
		i++
	}
	return nil, i, false
}

// rustValue reads an expression as a word: a string literal (with a
// conversion such as .to_string()), the home directory, or not known.
func rustValue(s string) codeArg {
	a := codeArg{raw: s, dyn: true}
	e := strings.TrimPrefix(strings.TrimSpace(s), "&")
	for _, suf := range []string{".to_string()", ".to_owned()", ".into()", ".as_str()"} {
		e = strings.TrimSuffix(e, suf)
	}
	if strings.HasPrefix(e, "String::from(") && strings.HasSuffix(e, ")") {
		e = strings.TrimSpace(e[len("String::from(") : len(e)-1])
	}
	if lit, ok := rustLiteral(e); ok {
		a.text, a.dyn = lit, false
		return a
	}
	if strings.Contains(e, `"HOME"`) || strings.Contains(e, "home_dir") || strings.Contains(e, `"USERPROFILE"`) {
		a.text, a.dyn = "~", false // the home directory, known on this machine
	}
	return a
}

// rustLiteral unquotes a Rust string literal ("…" with escapes, r"…",
// r#"…"#).
func rustLiteral(s string) (string, bool) {
	if strings.HasPrefix(s, "r") {
		if j := rustRawEnd(s, 0); j == len(s) {
			t := strings.TrimLeft(s[1:], "#")
			n := len(s[1:]) - len(t)
			return t[1 : len(t)-1-n], true
		}
		return "", false
	}
	if len(s) < 2 || s[0] != '"' || rustStringEnd(s, 0) != len(s) {
		return "", false
	}
	lit, _ := quotedString(s, 0)
	return lit, true
}

// rustStringEnd returns the index after the "…" literal at s[i], or -1.
func rustStringEnd(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// rustRawEnd returns the index after the raw literal r#"…"# at s[i], or -1.
func rustRawEnd(s string, i int) int {
	j := i + 1
	for j < len(s) && s[j] == '#' {
		j++
	}
	hashes := j - i - 1
	if j >= len(s) || s[j] != '"' {
		return -1
	}
	end := strings.Index(s[j+1:], `"`+strings.Repeat("#", hashes))
	if end < 0 {
		return -1
	}
	return j + 1 + end + 1 + hashes
}

// rustSlice reads the elements of &["a", "b"], ["a"], vec!["a"].
func rustSlice(s string) []codeArg {
	e := strings.TrimPrefix(strings.TrimSpace(s), "&")
	e = strings.TrimPrefix(e, "vec!")
	if len(e) < 2 || e[0] != '[' {
		return []codeArg{{dyn: true}}
	}
	args, _, ok := rustArgsUntil(e, 1, ']')
	if !ok {
		return []codeArg{{dyn: true}}
	}
	return args
}

// rustMethod reads a method name at code[i:] and returns it with the index
// of its '(' (-1 when it is not a call).
func rustMethod(code string, i int) (string, int) {
	j := skipSpace(code, i)
	start := j
	for j < len(code) && isWordByte(code[j]) {
		j++
	}
	name := code[start:j]
	j = skipSpace(code, j)
	if name == "" || j >= len(code) || code[j] != '(' {
		return "", -1
	}
	return name, j
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// cmakeKeywords end a COMMAND's words in execute_process,
// add_custom_command and add_custom_target.
var cmakeKeywords = map[string]bool{"COMMAND": true, "WORKING_DIRECTORY": true, "TIMEOUT": true, "RESULT_VARIABLE": true, "RESULTS_VARIABLE": true,
	"OUTPUT_VARIABLE": true, "ERROR_VARIABLE": true, "INPUT_FILE": true, "OUTPUT_FILE": true, "ERROR_FILE": true, "OUTPUT_QUIET": true, "ERROR_QUIET": true,
	"COMMAND_ECHO": true, "OUTPUT_STRIP_TRAILING_WHITESPACE": true, "ERROR_STRIP_TRAILING_WHITESPACE": true, "ENCODING": true, "ECHO_OUTPUT_VARIABLE": true,
	"ECHO_ERROR_VARIABLE": true, "COMMAND_ERROR_IS_FATAL": true, "OUTPUT": true, "MAIN_DEPENDENCY": true, "DEPENDS": true, "BYPRODUCTS": true,
	"IMPLICIT_DEPENDS": true, "COMMENT": true, "DEPFILE": true, "JOB_POOL": true, "JOB_SERVER_AWARE": true, "VERBATIM": true, "APPEND": true,
	"USES_TERMINAL": true, "CODEGEN": true, "COMMAND_EXPAND_LISTS": true, "DEPENDS_EXPLICIT_ONLY": true, "SOURCES": true, "ALL": true, "TARGET": true,
	"PRE_BUILD": true, "PRE_LINK": true, "POST_BUILD": true}

// cmakeRuns returns the commands of a CMake file: execute_process always,
// add_custom_command and add_custom_target when build is true.
func cmakeRuns(text string, build bool) []buildRun {
	var runs []buildRun
	lower := strings.ToLower(text)
	calls := []string{"execute_process"}
	if build {
		calls = append(calls, "add_custom_command", "add_custom_target")
	}
	for _, call := range calls {
		for i := 0; len(runs) < maxChanRuns; {
			k := strings.Index(lower[i:], call)
			if k < 0 {
				break
			}
			i += k + len(call)
			j := skipSpace(text, i)
			if j >= len(text) || text[j] != '(' || i-len(call) > 0 && isWordByte(text[i-len(call)-1]) {
				continue
			}
			words, end := cmakeWords(text, j+1)
			i = end
			if call == "add_custom_target" && len(words) > 0 {
				words = words[1:] // the target's name; what follows may be a command
				if len(words) > 0 && words[0] == "ALL" {
					words = words[1:]
				}
				if len(words) > 0 && !cmakeKeywords[words[0]] {
					words = append([]string{"COMMAND"}, words...)
				}
			}
			runs = append(runs, cmakeCommands(words)...)
		}
	}
	return runs
}

// cmakeCommands splits a call's words into the commands after COMMAND.
func cmakeCommands(words []string) []buildRun {
	var runs []buildRun
	for i := 0; i < len(words); i++ {
		if words[i] != "COMMAND" {
			continue
		}
		var script []string
		for i+1 < len(words) && !cmakeKeywords[words[i+1]] {
			i++
			script = append(script, cmakeShellWord(words[i]))
		}
		if len(script) > 0 {
			runs = append(runs, buildRun{shell: strings.Join(script, " "), known: true})
		}
	}
	return runs
}

// cmakeShellWord writes a CMake word as one shell word: $ENV{X} reads the
// environment ($X), ${X} a CMake variable (known when cmake runs); any
// other character is literal.
func cmakeShellWord(w string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(w); i++ {
		ch := w[i]
		if ch == '$' {
			rest := w[i:]
			if name, ok := cmakeVarRef(rest, "$ENV{"); ok {
				b.WriteString("${" + name + "}")
				i += len("$ENV{") + len(name)
				continue
			}
			if name, ok := cmakeVarRef(rest, "${"); ok {
				if name == "CMAKE_COMMAND" {
					b.WriteString("cmake") // the cmake program itself
				} else {
					b.WriteString("${CMAKE_VAR_" + name + "}")
				}
				i += len("${") + len(name)
				continue
			}
		}
		if ch == '"' || ch == '\\' || ch == '$' || ch == '`' {
			b.WriteByte('\\')
		}
		b.WriteByte(ch)
	}
	b.WriteByte('"')
	return b.String()
}

// cmakeVarRef reads the name of a reference prefix NAME } at s.
func cmakeVarRef(s, prefix string) (string, bool) {
	if !strings.HasPrefix(s, prefix) {
		return "", false
	}
	end := strings.IndexByte(s[len(prefix):], '}')
	if end <= 0 {
		return "", false
	}
	name := s[len(prefix) : len(prefix)+end]
	for i := 0; i < len(name); i++ {
		if !isWordByte(name[i]) {
			return "", false
		}
	}
	return name, true
}

// cmakeWords reads a call's arguments from text[i:] up to its closing
// parenthesis: unquoted words, "quoted" words with escapes, [[bracket]]
// words; # comments are skipped.
func cmakeWords(text string, i int) ([]string, int) {
	var words []string
	depth := 0
	for i < len(text) && len(words) < 4096 {
		i = skipSpace(text, i)
		if i >= len(text) {
			break
		}
		switch ch := text[i]; {
		case ch == '#':
			if nl := strings.IndexByte(text[i:], '\n'); nl >= 0 {
				i += nl
			} else {
				i = len(text)
			}
			continue
		case ch == ')':
			if depth == 0 {
				return words, i + 1
			}
			depth--
			i++
			continue
		case ch == '(':
			depth++
			i++
			continue
		case ch == '"':
			var word string
			word, i = quotedString(text, i)
			words = append(words, word)
			continue
		case ch == '[' && i+1 < len(text) && (text[i+1] == '[' || text[i+1] == '='):
			j := i + 1
			for j < len(text) && text[j] == '=' {
				j++
			}
			if j < len(text) && text[j] == '[' {
				closer := "]" + strings.Repeat("=", j-i-1) + "]"
				if end := strings.Index(text[j+1:], closer); end >= 0 {
					words = append(words, text[j+1:j+1+end])
					i = j + 1 + end + len(closer)
					continue
				}
			}
		}
		j := i
		for j < len(text) && !strings.ContainsRune(" \t\r\n()#\"", rune(text[j])) {
			if text[j] == '\\' && j+1 < len(text) {
				j++
			}
			j++
		}
		if j == i {
			j++
		}
		words = append(words, text[i:j])
		i = j
	}
	return words, len(text)
}

// quotedString reads the "…" string that starts at text[i] (backslash
// escapes \n and \t, a backslash-newline joins lines, any other escaped
// character stands for itself) and returns it with the index after it.
func quotedString(text string, i int) (string, int) {
	var b strings.Builder
	j := i + 1
	for ; j < len(text) && text[j] != '"'; j++ {
		if text[j] == '\\' && j+1 < len(text) {
			j++
			switch text[j] {
			case 'n':
				b.WriteByte('\n')
				continue
			case 't':
				b.WriteByte('\t')
				continue
			case '\n':
				continue
			}
		}
		b.WriteByte(text[j])
	}
	return b.String(), j + 1
}
