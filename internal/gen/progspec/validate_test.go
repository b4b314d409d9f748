package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// This file holds a small validator of the spec format
// (docs/program-specs.md), kept apart from the shell analysis' own reader so
// that the generator is checked against the documented format, not against
// the code that reads it.

type vOpt struct {
	spellings []string
	suffix    string
	tag       string
}

type vBlock struct {
	kind  string // prog, sub, alias
	names []string
	attrs []string
	opts  []vOpt
}

var (
	vAttrs = map[string]bool{
		"gnu": true, "parseopt": true, "posix": true, "exact": true, "abbrev": true, "stop": true,
		"nocluster": true, "dash1": true, "sub": true, "icase": true, "plus": true,
		// the shell analysis' own: wrappers and what they run as
		"wrap": true, "root": true,
	}
	vTags       = map[string]bool{"secret": true, "dest": true, "data": true, "file": true, "exec": true, "cwd": true, "split": true, "noexec": true, "root": true}
	vProgName   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]*$`)
	vWord       = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	vShort      = regexp.MustCompile(`^-[A-Za-z0-9?@+:!%^~/]$`)
	vLong       = regexp.MustCompile(`^--[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$`)
	vDash1      = regexp.MustCompile(`^-[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]$`)
	vSuffixes   = []string{"[=]", "=+", "="}
	errNoHeader = fmt.Errorf("option line before any header")
)

// stripComment removes a "#" comment that starts the line or follows a
// space.
func stripComment(line string) string {
	if strings.HasPrefix(strings.TrimSpace(line), "#") {
		return ""
	}
	if i := strings.Index(line, " #"); i >= 0 {
		return line[:i]
	}
	if i := strings.Index(line, "\t#"); i >= 0 {
		return line[:i]
	}
	return line
}

// validateSpec checks a spec file line by line and returns its blocks and
// every error found, each with its line number.
func validateSpec(text string) ([]vBlock, []error) {
	var blocks []vBlock
	var errs []error
	fail := func(n int, format string, args ...any) {
		errs = append(errs, fmt.Errorf("line %d: %s", n, fmt.Sprintf(format, args...)))
	}
	progs := map[string]vBlock{}
	seen := map[string]bool{} // spellings of the current block
	headers := map[string]bool{}
	for i, raw := range strings.Split(text, "\n") {
		n := i + 1
		if strings.ContainsAny(raw, "\r\t") {
			fail(n, "tab or carriage return")
		}
		line := strings.TrimRight(stripComment(raw), " ")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if line[0] != ' ' {
			b, err := parseHeader(line)
			if err != nil {
				fail(n, "%v", err)
				continue
			}
			key := b.kind + " " + strings.Join(b.names, " ")
			if b.kind == "prog" {
				key = "prog " + b.names[0]
			}
			if headers[key] {
				fail(n, "%s described twice", key)
			}
			headers[key] = true
			switch b.kind {
			case "prog":
				for _, name := range b.names {
					progs[name] = b
				}
			case "sub", "alias":
				p, ok := progs[b.names[0]]
				if !ok {
					fail(n, "%s of a program not described above", b.kind)
				} else if !slices.Contains(p.attrs, "sub") {
					fail(n, "%s of program %s, whose header lacks the sub attribute", b.kind, b.names[0])
				}
			}
			blocks = append(blocks, b)
			clear(seen)
			continue
		}
		if len(blocks) == 0 {
			fail(n, "%v", errNoHeader)
			continue
		}
		cur := &blocks[len(blocks)-1]
		if cur.kind == "alias" {
			fail(n, "option line under an alias")
			continue
		}
		o, err := parseOptLine(line, slices.Contains(cur.attrs, "dash1"))
		if err != nil {
			fail(n, "%v", err)
			continue
		}
		for _, s := range o.spellings {
			if seen[s] {
				fail(n, "%s listed twice in one block", s)
			}
			seen[s] = true
		}
		cur.opts = append(cur.opts, o)
	}
	return blocks, errs
}

func isVAttr(w string) bool {
	if n, ok := strings.CutPrefix(w, "wrap="); ok {
		return regexp.MustCompile(`^[0-9]{1,2}$`).MatchString(n)
	}
	return vAttrs[w]
}

func parseHeader(line string) (vBlock, error) {
	f := strings.Fields(line)
	var b vBlock
	b.kind = f[0]
	switch f[0] {
	case "prog":
		if len(f) < 2 {
			return b, fmt.Errorf("prog without a name")
		}
		for _, name := range strings.Split(f[1], ",") {
			if !vProgName.MatchString(name) {
				return b, fmt.Errorf("bad program name %q", name)
			}
			b.names = append(b.names, name)
		}
		for _, a := range f[2:] {
			if !isVAttr(a) {
				return b, fmt.Errorf("unknown attribute %q", a)
			}
			b.attrs = append(b.attrs, a)
		}
	case "sub":
		if len(f) < 3 || !vProgName.MatchString(f[1]) {
			return b, fmt.Errorf("sub needs a program and a word")
		}
		b.names = []string{f[1]}
		k := 2
		for ; k < len(f) && !isVAttr(f[k]); k++ {
			if !vWord.MatchString(f[k]) {
				return b, fmt.Errorf("bad subcommand word %q", f[k])
			}
			b.names = append(b.names, f[k])
		}
		if len(b.names) < 2 {
			return b, fmt.Errorf("sub without a subcommand word (or a word that is an attribute name)")
		}
		for ; k < len(f); k++ {
			if !isVAttr(f[k]) {
				return b, fmt.Errorf("subcommand word %q after an attribute: the words cannot be told from the attributes", f[k])
			}
			b.attrs = append(b.attrs, f[k])
		}
	case "alias":
		eq := slices.Index(f, "=")
		if eq < 3 || eq == len(f)-1 {
			return b, fmt.Errorf("alias wants 'alias PROG WORD… = WORD…'")
		}
		for _, w := range append(slices.Clone(f[2:eq]), f[eq+1:]...) {
			if !vWord.MatchString(w) {
				return b, fmt.Errorf("bad alias word %q", w)
			}
		}
		b.names = f[1:eq]
	default:
		return b, fmt.Errorf("unknown header %q", f[0])
	}
	return b, nil
}

func parseOptLine(line string, dash1 bool) (vOpt, error) {
	var o vOpt
	body := line
	if i := strings.Index(line, ";"); i >= 0 {
		body = line[:i]
		tag := strings.TrimSpace(line[i+1:])
		if !vTags[tag] {
			return o, fmt.Errorf("unknown tag %q", tag)
		}
		o.tag = tag
	}
	words := strings.Fields(body)
	if len(words) == 0 {
		return o, fmt.Errorf("tag without an option")
	}
	suffix := "unset"
	for _, w := range words {
		name, suf := w, ""
		for _, s := range vSuffixes {
			if strings.HasSuffix(w, s) {
				name, suf = strings.TrimSuffix(w, s), s
				break
			}
		}
		ok := vShort.MatchString(name) || vLong.MatchString(name) || dash1 && vDash1.MatchString(name)
		if !ok {
			return o, fmt.Errorf("bad spelling %q", w)
		}
		if suffix != "unset" && suf != suffix {
			return o, fmt.Errorf("spellings of one option with different suffixes: %q", body)
		}
		suffix = suf
		o.spellings = append(o.spellings, name)
	}
	o.suffix = suffix
	return o, nil
}

// TestCommittedSpecIsValid checks the committed gen.spec against the
// format.
func TestCommittedSpecIsValid(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "analyze", "shell", "specs", "gen.spec"))
	if err != nil {
		t.Fatal(err)
	}
	blocks, errs := validateSpec(string(data))
	for _, e := range errs {
		t.Error(e)
	}
	if len(blocks) < 50 {
		t.Errorf("only %d blocks", len(blocks))
	}
	// What the analysis relies on most, as the programs here report it.
	want := map[string][]string{
		"sub git push":  {"-f --force", "--force-with-lease[=]", "-o= --push-option="},
		"prog rm":       {"-f --force", "-r -R --recursive"},
		"sub git clean": {"-f --force", "-n --dry-run"},
		"prog curl":     {"-d= --data=", "-o= --output="},
	}
	for _, b := range blocks {
		key := b.kind + " " + strings.Join(b.names, " ")
		if b.kind == "prog" {
			key = "prog " + b.names[0]
		}
		for _, w := range want[key] {
			found := false
			for _, o := range b.opts {
				var parts []string
				for _, s := range o.spellings {
					parts = append(parts, s+o.suffix)
				}
				if strings.Join(parts, " ") == w {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no line %q", key, w)
			}
		}
		delete(want, key)
	}
	for k := range want {
		t.Errorf("no block %s", k)
	}
}

// TestValidatorRejects makes sure the validator finds what it is for.
func TestValidatorRejects(t *testing.T) {
	bad := []string{
		"  -f\n",                                    // no header
		"prog rm gnu\n  -f\n  -f --force\n",         // duplicate spelling
		"prog rm gnux\n",                            // unknown attribute
		"prog rm gnu\n  -f= --force\n",              // mixed suffixes
		"prog rm gnu\n  --force ; secrets\n",        // unknown tag
		"prog rm gnu\n  -ab\n",                      // cluster as a spelling
		"sub git push parseopt\n",                   // sub before its program
		"prog git posix\nsub git push parseopt\n",   // program without sub
		"prog rm gnu\n  --=\n",                      // empty long name
		"prog rm gnu\nprog rm gnu\n",                // described twice
		"prog git sub\nalias git co\n",              // alias without target
		"prog rm gnu\n  --force-\n",                 // a family, not a spelling
		"prog rm gnu\n\t-f\n",                       // tab
		"prog find dash1\nprog rm gnu\n  -name\n",   // dash1 spelling outside dash1
		"prog rm gnu\n  ; exec\n",                   // tag alone
		"prog git parseopt sub\nsub git Push gnu\n", // word with a capital
	}
	for _, text := range bad {
		if _, errs := validateSpec(text); len(errs) == 0 {
			t.Errorf("accepted:\n%s", text)
		}
	}
	good := "# c\nprog git posix sub # c\n  -C=  ; cwd\n\nsub git stash drop parseopt\n  -q --quiet\nalias git stage = add\nprog find dash1\n  -name=\n  -newer=\n"
	if _, errs := validateSpec(good); len(errs) > 0 {
		t.Errorf("rejected: %v", errs)
	}
}
