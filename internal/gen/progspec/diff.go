package main

import (
	"slices"
	"strings"
)

// knownAttrs are the header attributes of the spec format.
var knownAttrs = map[string]bool{
	"gnu": true, "parseopt": true, "posix": true, "exact": true, "abbrev": true, "stop": true,
	"nocluster": true, "dash1": true, "sub": true, "icase": true, "plus": true,
}

// isAttrWord reports whether w reads as an attribute at the end of a
// header: the format's attributes and the shell analysis' own ("wrap",
// "wrap=N", "root", "into=N", "sends", "sendsfiles", "script", "stdin",
// "stdin=N", "skipopts", "runsops"). A
// subcommand word that is one cannot be written.
func isAttrWord(w string) bool {
	return knownAttrs[w] || w == "wrap" || strings.HasPrefix(w, "wrap=") || w == "root" || strings.HasPrefix(w, "into=") || w == "sends" || w == "sendsfiles" || w == "script" ||
		w == "stdin" || strings.HasPrefix(w, "stdin=") || w == "skipopts" || w == "runsops"
}

// specSection is a block of a spec file (its header, comment lines above
// it and its option lines) or, with key "", the file's leading comments.
type specSection struct {
	key   string
	lines []string
}

// headerKey returns what a header names, without its attributes: "prog
// rm" for "prog rm,rmx gnu", "sub git stash drop" for "sub git stash drop
// parseopt".
func headerKey(line string) string {
	f := strings.Fields(line)
	for len(f) > 2 && isAttrWord(f[len(f)-1]) {
		f = f[:len(f)-1]
	}
	if f[0] == "prog" && len(f) > 1 {
		f[1], _, _ = strings.Cut(f[1], ",")
	}
	return strings.Join(f, " ")
}

func splitSections(text string) []specSection {
	var secs []specSection
	secs = append(secs, specSection{})
	var pending []string // comments above the next header
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			if len(secs) == 1 {
				secs[0].lines = append(secs[0].lines, pending...)
				pending = nil
			}
		case strings.HasPrefix(t, "#"):
			pending = append(pending, t)
		case strings.HasPrefix(l, "prog ") || strings.HasPrefix(l, "sub ") || strings.HasPrefix(l, "alias "):
			secs = append(secs, specSection{key: headerKey(l), lines: append(pending, l)})
			pending = nil
		default:
			secs[len(secs)-1].lines = append(secs[len(secs)-1].lines, t)
		}
	}
	secs[0].lines = append(secs[0].lines, pending...)
	return secs
}

// DiffSpecs compares two spec files block by block and lists the
// differences: "- line" in old only, "+ line" in new only, under the
// block's header. Order within a block is compared too: a line that moved
// shows as removed and added.
func DiffSpecs(old, new string) []string {
	a, b := splitSections(old), splitSections(new)
	index := func(secs []specSection) map[string][]string {
		m := map[string][]string{}
		for _, s := range secs {
			m[s.key] = s.lines
		}
		return m
	}
	ma, mb := index(a), index(b)
	var keys []string
	for _, s := range a {
		keys = append(keys, s.key)
	}
	for _, s := range b {
		if _, ok := ma[s.key]; !ok {
			keys = append(keys, s.key)
		}
	}
	var out []string
	for _, k := range keys {
		la, inA := ma[k]
		lb, inB := mb[k]
		name := k
		if name == "" {
			name = "header comments"
		}
		switch {
		case !inB:
			out = append(out, name+": only in the file")
			continue
		case !inA:
			out = append(out, name+": only here")
			continue
		}
		d := diffLines(la, lb)
		if len(d) > 0 {
			out = append(out, name+":")
			out = append(out, d...)
		}
	}
	return out
}

// diffLines is a longest-common-subsequence line diff.
func diffLines(a, b []string) []string {
	if slices.Equal(a, b) {
		return nil
	}
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []string
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[i] == b[j]:
			i++
			j++
		case j < m && (i == n || lcs[i][j+1] >= lcs[i+1][j]):
			out = append(out, "  + "+b[j])
			j++
		default:
			out = append(out, "  - "+a[i])
			i++
		}
	}
	return out
}
