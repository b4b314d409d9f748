// Package supplychain recognises package names that imitate popular ones
// (seed 002's supply-chain typosquats): a typo (lodahs), changed separators
// (pythondateutil), look-alike characters (l0dash), scope confusion
// (types-node, @typess/node, a Go module under a look-alike owner) and
// combosquatting (lodash-utils).
//
// The popular names per ecosystem are in data/ (how they were made is in
// data/README.md): the typosquat targets, most popular first, and the
// established names that resemble a target but are packages in their own
// right, which are never flagged. The data is parsed the first time an
// ecosystem is asked about.
package supplychain

import (
	_ "embed"
	"strings"
	"sync"
)

// Ecosystem is a package registry.
type Ecosystem string

const (
	NPM      Ecosystem = "npm"
	PyPI     Ecosystem = "pypi"
	Go       Ecosystem = "go"
	Crates   Ecosystem = "crates"
	RubyGems Ecosystem = "rubygems"
)

// Ecosystems are the ecosystems with lists.
var Ecosystems = []Ecosystem{NPM, PyPI, Go, Crates, RubyGems}

// Label is the ecosystem's name for a person.
func (e Ecosystem) Label() string {
	switch e {
	case NPM:
		return "npm"
	case PyPI:
		return "PyPI"
	case Go:
		return "Go"
	case Crates:
		return "Rust (crates.io)"
	case RubyGems:
		return "RubyGems"
	}
	return string(e)
}

// normalize is the name as the registry compares names: lower case;
// PyPI treats runs of - _ . alike (PEP 503), crates.io - and _.
func (e Ecosystem) normalize(name string) string {
	clean := true
	for i := 0; i < len(name) && clean; i++ {
		c := name[i]
		clean = !('A' <= c && c <= 'Z') && c > ' ' && !(c == '_' && (e == PyPI || e == Crates)) && !(c == '.' && e == PyPI) && !(c == '-' && e == PyPI && (i == 0 || i == len(name)-1 || name[i-1] == '-'))
	}
	if clean {
		return name // the shipped lists are mostly normalised already
	}
	k := strings.ToLower(strings.TrimSpace(name))
	switch e {
	case PyPI:
		if !strings.ContainsAny(k, "_.") && !strings.Contains(k, "--") {
			return strings.Trim(k, "-")
		}
		var b strings.Builder
		sep := false
		for i := 0; i < len(k); i++ {
			c := k[i]
			if c == '-' || c == '_' || c == '.' {
				sep = true
				continue
			}
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteByte(c)
		}
		return b.String()
	case Crates:
		return strings.ReplaceAll(k, "_", "-")
	}
	return k
}

// The lists are embedded as strings, which are read where they lie in the
// binary (an embed.FS read would copy the megabyte of npm's on every call).
var (
	//go:embed data/npm.txt
	npmRanked string
	//go:embed data/npm.idx
	npmTable string
	//go:embed data/pypi.txt
	pypiRanked string
	//go:embed data/pypi.idx
	pypiTable string
	//go:embed data/go.txt
	goRanked string
	//go:embed data/go.idx
	goTable string
	//go:embed data/crates.txt
	cratesRanked string
	//go:embed data/crates.idx
	cratesTable string
	//go:embed data/rubygems.txt
	gemsRanked string
	//go:embed data/rubygems.idx
	gemsTable string
)

// shipped returns an ecosystem's embedded list and table.
func shipped(e Ecosystem) (ranked, table string) {
	switch e {
	case NPM:
		return npmRanked, npmTable
	case PyPI:
		return pypiRanked, pypiTable
	case Go:
		return goRanked, goTable
	case Crates:
		return cratesRanked, cratesTable
	case RubyGems:
		return gemsRanked, gemsTable
	}
	return "", ""
}

var (
	mu      sync.Mutex
	indexes = map[Ecosystem]*Index{}
)

// For returns the index of an ecosystem's shipped lists, or nil for an
// ecosystem without lists.
func For(e Ecosystem) *Index {
	mu.Lock()
	defer mu.Unlock()
	if ix, ok := indexes[e]; ok {
		return ix
	}
	var ix *Index
	if ranked, table := shipped(e); ranked != "" {
		ix = &Index{eco: e, ranked: ranked, table: table}
	}
	indexes[e] = ix
	return ix
}

// Check reports whether name, a package an install names in ecosystem e
// (a version or extras may follow it: see Name), imitates a popular one.
func Check(e Ecosystem, spec string) (Squat, bool) {
	ix := For(e)
	if ix == nil {
		return Squat{}, false
	}
	name, ok := Name(e, spec)
	if !ok {
		return Squat{}, false
	}
	return ix.Check(name)
}

// readList reads a list: a name a line, # comments.
func readList(text string) []string {
	var out []string
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		out = append(out, line)
	}
	return out
}

// Name takes the package name from an install argument: npm's name@range
// and alias@npm:name, PyPI's name[extras]==version; markers, Go's
// path@version, cargo's name@version, gem's name:version. ok is false for
// what is not a registry name (a path, a URL, an option).
func Name(e Ecosystem, spec string) (string, bool) {
	s := strings.TrimSpace(spec)
	if s == "" || strings.HasPrefix(s, "-") || strings.Contains(s, "://") || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") {
		return "", false
	}
	switch e {
	case NPM:
		if _, real, ok := strings.Cut(s, "@npm:"); ok { // alias@npm:real@range
			s = real
		}
		s = strings.TrimPrefix(s, "npm:")
		at := strings.LastIndexByte(s, '@')
		if at > 0 {
			s = s[:at]
		}
		if strings.ContainsAny(s, ":#") || strings.Count(s, "/") > 1 || (strings.Contains(s, "/") && !strings.HasPrefix(s, "@")) {
			return "", false // a git, file or GitHub spec
		}
	case PyPI:
		if i := strings.IndexAny(s, "[=<>!~;@ ,"); i >= 0 {
			s = s[:i]
		}
		if strings.ContainsAny(s, "/:\\") {
			return "", false
		}
	case Go:
		if i := strings.IndexByte(s, '@'); i >= 0 {
			s = s[:i]
		}
		if !strings.Contains(s, ".") || !strings.Contains(s, "/") && !strings.Contains(s, ".") {
			return "", false // a standard-library or local package
		}
	case Crates:
		if i := strings.IndexAny(s, "@="); i >= 0 {
			s = s[:i]
		}
	case RubyGems:
		if i := strings.IndexAny(s, ":@="); i >= 0 {
			s = s[:i]
		}
	}
	if s == "" {
		return "", false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || c == '"' || c == '\'' || c == '`' || c == '$' || c == '*' {
			return "", false
		}
	}
	return s, true
}
