package main

import (
	"fmt"
	"slices"
	"strings"
)

// Value says whether an option takes a value, in the spec format's terms.
type Value int

const (
	NoValue       Value = iota // no suffix
	RequiredValue              // "=": attached or detached
	OptionalValue              // "[=]": attached only
	ManyValues                 // "=+": detached, up to the next option
)

func (v Value) suffix() string {
	switch v {
	case RequiredValue:
		return "="
	case OptionalValue:
		return "[=]"
	case ManyValues:
		return "=+"
	}
	return ""
}

// Opt is one option line: the spellings of one option, the value it takes
// and an optional tag.
type Opt struct {
	Spellings []string
	Value     Value
	Tag       string // secret, dest, data, file, exec, cwd, or ""
}

// Block is a "prog" or "sub" block of the spec file.
type Block struct {
	Names []string // prog: the program and its aliases; sub: program then subcommand words
	Sub   bool
	// AliasOf, for an "alias" line, is the subcommand path Names maps to
	// (without the program).
	AliasOf []string
	Attrs   []string
	Notes   []string // comment lines written above the header (versions, how it was read)
	Opts    []Opt
}

func (b *Block) key() string {
	if b.Sub {
		return "sub " + strings.Join(b.Names, " ")
	}
	return "prog " + b.Names[0]
}

func (b *Block) header() string {
	var s string
	if b.AliasOf != nil {
		return "alias " + strings.Join(b.Names, " ") + " = " + strings.Join(b.AliasOf, " ")
	}
	if b.Sub {
		s = "sub " + strings.Join(b.Names, " ")
	} else {
		s = "prog " + strings.Join(b.Names, ",")
	}
	if len(b.Attrs) > 0 {
		s += " " + strings.Join(b.Attrs, " ")
	}
	return s
}

// validSpelling reports whether s can be written in a spec file as an
// option spelling: "-x" for one character (a letter, a digit or one of
// "?@+:!%^~/"), "--name", or, with dash1, "-name"; a name is letters and
// digits with ".", "_" or "-" inside. The characters the format itself uses
// (space, '=', '[', ']', ';', ',', '#') are never part of one.
func validSpelling(s string, dash1 bool) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	body, long := strings.CutPrefix(s[1:], "-")
	if len(body) == 1 && !long {
		return isAlnum(body[0]) || strings.IndexByte("?@+:!%^~/", body[0]) >= 0
	}
	if !long && !dash1 || body == "" {
		return false
	}
	if !isAlnum(body[0]) || !isAlnum(body[len(body)-1]) {
		return false // "--force-<thing>" is a family, not a spelling
	}
	for i := 0; i < len(body); i++ {
		if c := body[i]; !isAlnum(c) && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	// "--no-OPTION": a placeholder in capitals names a family of options.
	for _, part := range strings.Split(body, "-") {
		if len(part) >= 2 && strings.ToUpper(part) == part && strings.ToLower(part) != part {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// addOpt adds o to b. Spellings the format cannot carry are dropped. When
// o shares a long spelling with an earlier line, the earlier line wins: o's
// other spellings join it if they take the same value ("-D|--debug=<octal>"
// after "--debug=<octal>"), and are dropped otherwise. A short spelling
// listed twice ("-V, --verbose" then "-V, --version") stays with the first
// line, and the second line keeps its other spellings.
func (b *Block) addOpt(o Opt) {
	dash1 := slices.Contains(b.Attrs, "dash1")
	owner := map[string]int{}
	for i, e := range b.Opts {
		for _, s := range e.Spellings {
			owner[s] = i
		}
	}
	var keep []string
	into, sharedLong := -1, false
	for _, s := range o.Spellings {
		if !validSpelling(s, dash1) || slices.Contains(keep, s) {
			continue
		}
		if i, ok := owner[s]; ok {
			if strings.HasPrefix(s, "--") || dash1 {
				sharedLong = true
				if into < 0 && b.Opts[i].Value == o.Value {
					into = i
				}
			}
			continue
		}
		keep = append(keep, s)
	}
	if len(keep) == 0 {
		return
	}
	if sharedLong {
		if into >= 0 {
			b.Opts[into].Spellings = append(b.Opts[into].Spellings, keep...)
		}
		return
	}
	o.Spellings = keep
	b.Opts = append(b.Opts, o)
}

// render writes the block in the spec format.
func (b *Block) render(w *strings.Builder) {
	for _, n := range b.Notes {
		fmt.Fprintf(w, "# %s\n", n)
	}
	w.WriteString(b.header())
	w.WriteByte('\n')
	b.renderOpts(w)
}

// renderOpts writes the block's option lines.
func (b *Block) renderOpts(w *strings.Builder) {
	for _, o := range b.Opts {
		var line strings.Builder
		line.WriteString("  ")
		for i, s := range o.Spellings {
			if i > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(s)
			line.WriteString(o.Value.suffix())
		}
		if o.Tag != "" {
			for line.Len() < 40 {
				line.WriteByte(' ')
			}
			line.WriteString("   ; ")
			line.WriteString(o.Tag)
		}
		w.WriteString(line.String())
		w.WriteByte('\n')
	}
}

// Spec is the whole generated file.
type Spec struct {
	Preamble []string // comment lines at the top
	Blocks   []*Block
}

// sortBlocks orders blocks by program, each program's block before its
// subcommands, subcommands by their word path.
func (s *Spec) sortBlocks() {
	slices.SortStableFunc(s.Blocks, func(a, b *Block) int {
		if c := strings.Compare(a.Names[0], b.Names[0]); c != 0 {
			return c
		}
		if a.Sub != b.Sub {
			if !a.Sub {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Names, b.Names)
	})
}

// Render returns the spec file's text.
func (s *Spec) Render() string {
	var w strings.Builder
	for _, p := range s.Preamble {
		if p == "" {
			w.WriteString("#\n")
			continue
		}
		fmt.Fprintf(&w, "# %s\n", p)
	}
	for _, b := range s.Blocks {
		w.WriteByte('\n')
		b.render(&w)
	}
	return w.String()
}
