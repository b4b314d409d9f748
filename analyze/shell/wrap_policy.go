package shell

import (
	"fmt"
	"strings"
)

// A policy's wrappers (Options.Wrappers) only ever reveal a command: the
// analysis judges the command after the wrapper instead of an unknown
// program it knows nothing about. CheckWrapper is the gate: a wrapper may
// not be a program the analysis judges itself (rm, git, bash, eval, sudo…),
// whose own effect would otherwise go unchecked, and its options are plain
// spellings in the spec syntax without tags, so that no option can make
// the wrapper look like it runs nothing.

// MaxWrapperSkip is the most operands a policy's wrapper may skip before
// the wrapped command.
const MaxWrapperSkip = 8

// MaxWrapperOptions is the most option lines a policy's wrapper may list.
const MaxWrapperOptions = 64

// WrapperError is why a policy's wrapper entry cannot be used, with a hint
// on how to fix it.
type WrapperError struct {
	Msg, Hint string
}

func (e *WrapperError) Error() string { return e.Msg }

// unwrapPrograms are the programs unwrap reads by their own logic rather
// than through a spec (their scripts, their run subcommands).
var unwrapPrograms = []string{
	"busybox", "toybox", "script", "runuser", "sg", "doppler", "op", "aws-vault", "dotenv", "with-contenv", "direnv", "scl",
	"mise", "asdf", "rtx", "pipenv", "poetry", "uv", "npx", "pnpx", "bunx", "bundle", "watch", "xargs", "parallel", "su",
	"eval", "source", ".", "exec", "command", "builtin", "time", "coproc", "awk", "gawk", "mawk", "nawk", "busybox-awk",
}

// CheckWrapperName reports why name cannot be declared a wrapper, or nil.
func CheckWrapperName(name string) error {
	if name == "" {
		return &WrapperError{"a wrapper needs a name", `e.g. name: with-vpn`}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '+') || i == 0 && (c == '-' || c == '.') {
			return &WrapperError{fmt.Sprintf("a wrapper's name is a program's name, got %q", name),
				"write the bare name the command starts with (letters, digits, - _ . +), without a directory"}
		}
	}
	n := progName(name)
	if n != strings.ToLower(name) {
		return &WrapperError{fmt.Sprintf("%q is read as the program %s", name, n), "write " + n}
	}
	if why := judgedProgram(n); why != "" {
		return &WrapperError{fmt.Sprintf("%s cannot be declared a wrapper: %s", n, why),
			"a wrapper entry is for a program actionguard does not know, such as a company's own launcher"}
	}
	return nil
}

// judgedProgram says why the analysis reads the program n itself, or "".
func judgedProgram(n string) string {
	if s := SpecFor(n); s != nil {
		if _, ok := s.Wrapper(); ok {
			return "it is a built-in wrapper, read with its own options"
		}
		return "actionguard judges it itself, and as a wrapper only the command after it would be judged"
	}
	for _, p := range unwrapPrograms {
		if n == p {
			return "actionguard reads the command it runs itself"
		}
	}
	if _, ok := interpreters[n]; ok || shells[n] {
		return "actionguard reads the script it runs itself"
	}
	if len(handlers()[n]) > 0 || sqlClients[n] || isNetworkSender(&Cmd{Name: n}) {
		return "actionguard judges it itself, and as a wrapper only the command after it would be judged"
	}
	if _, ok := readOnlyPrograms[n]; ok {
		return "actionguard knows what it does"
	}
	return ""
}

// CheckWrapperOption reports why opt is not one option line of a
// wrapper, or nil. opt lists the spellings of one option in the spec
// syntax of docs/program-specs.md: "-r= --region=" (takes a value),
// "-q --quiet" (takes none), "--color[=]" (an optional attached value).
func CheckWrapperOption(opt string) error {
	words := strings.Fields(opt)
	if strings.ContainsAny(opt, ";#") {
		return &WrapperError{fmt.Sprintf("%q: a wrapper's option carries no tags or comments", opt),
			"list the option's spellings only: the command after the wrapper is judged as if it ran alone"}
	}
	if len(words) == 0 {
		return &WrapperError{"an empty option", `e.g. "--region=" for an option that takes a value, "-q" for one that does not`}
	}
	for _, w := range words {
		base := w
		for _, suf := range []string{"[=]", "=+", "="} {
			if strings.HasSuffix(base, suf) {
				if suf == "=+" {
					return &WrapperError{fmt.Sprintf("%s: a wrapper's option takes at most one value", w),
						"write " + strings.TrimSuffix(w, "+") + " (the value is the next word)"}
				}
				base = strings.TrimSuffix(base, suf)
				break
			}
		}
		name := strings.TrimLeft(base, "-")
		dashes := len(base) - len(name)
		ok := (dashes == 1 || dashes == 2) && name != ""
		for i := 0; ok && i < len(name); i++ {
			c := name[i]
			ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || i > 0 && (c == '-' || c == '_' || c == '.')
		}
		if !ok {
			return &WrapperError{fmt.Sprintf("%q is not an option spelling", w),
				`write the option as the wrapper takes it: "-r=" or "--region=" takes a value, "-q" takes none; several spellings of one option go on one line`}
		}
	}
	return nil
}

// CheckWrapper checks a whole wrapper: its name, its options and its skip.
func CheckWrapper(w Wrapper) error {
	if err := CheckWrapperName(w.Name); err != nil {
		return err
	}
	if len(w.Options) > MaxWrapperOptions {
		return &WrapperError{fmt.Sprintf("%s lists %d options, more than %d", w.Name, len(w.Options), MaxWrapperOptions), "list only the options that take a value"}
	}
	for _, o := range w.Options {
		if err := CheckWrapperOption(o); err != nil {
			return err
		}
	}
	if w.Skip < 0 || w.Skip > MaxWrapperSkip {
		return &WrapperError{fmt.Sprintf("skip must be 0–%d, got %d", MaxWrapperSkip, w.Skip), "skip counts the words between the wrapper's options and the command it runs"}
	}
	return nil
}
