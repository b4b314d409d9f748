package shell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// selfReachUnknownRef is selfReachUnknown's walk over the places as it was
// before it asked for a settings root only when unknownReach needs one:
// every place, every anchor, worked out in full. The reference of the
// differential test.
func (e *analysis) selfReachUnknownRef(p string, bare bool) controlPart {
	abs, tail, part, ok := e.unknownBase(p)
	if !ok {
		return part
	}
	home := strings.ToLower(e.home)
	for _, pl := range e.places() {
		place := strings.Join(pl.parts, "/")
		for _, at := range e.unknownAnchors(abs, pl, home) {
			rootDir := e.selfRootDir(selfParts(at), selfParts(home))
			if unknownReach(abs[len(at):], tail, place, pl, func() bool { return rootDir }, bare && at == home+"/") {
				return controlPart{what: pl.what, key: agPlace(pl)}
			}
		}
	}
	return controlPart{}
}

// selfReachPaths are paths with parts known only at run time, built from
// the pieces of the protected places, of ordinary directories and of every
// spelling of a run-time part, in generated combinations.
func selfReachPaths() []string {
	unknowns := []string{"$x", "${x}", "\"$x\"", "$(cat n)", "`n`", "$1", "${x:-a/b}", "\x00r"}
	pieces := []string{"~", "$HOME", "\"$HOME\"", ".", "..", "/", "/home/dev", "/home/dev/project", "/etc/actionguard", "/srv/ag",
		".claude", ".cl", ".c", "settings.json", "settings", ".json", "hooks", "pre.sh", ".config", "actionguard", "policy.yaml",
		".local", "state", "modes.json", ".mcp.json", ".mcp", ".codex", "config.toml", ".github", ".gemini", ".cursor", ".copilot",
		"project", "src", "build", "tmp", "x.log", "Downloads", ".Claude", "SETTINGS.JSON", "a\\b", ".claude-plugin", "plugins"}
	var out []string
	for _, u := range unknowns {
		for _, a := range pieces {
			out = append(out, u, a+"/"+u, a+u, u+"/"+a, u+a)
			for _, b := range []string{".claude", "settings.json", "build"} {
				out = append(out, a+"/"+u+"/"+b, a+"/"+b+"/"+u, a+"/"+b+u, u+"/"+a+"/"+b)
			}
		}
	}
	r := rand.New(rand.NewPCG(17, 2))
	for range 2000 {
		var b strings.Builder
		for k := range 1 + r.IntN(5) {
			if k > 0 && r.IntN(4) > 0 {
				b.WriteByte('/')
			}
			if r.IntN(3) == 0 {
				b.WriteString(unknowns[r.IntN(len(unknowns))])
			} else {
				b.WriteString(pieces[r.IntN(len(pieces))])
			}
		}
		out = append(out, b.String())
	}
	return out
}

// TestSelfReachUnknownSameAsBefore: asking for a settings root lazily, once
// an anchor, changes no judgement: every generated path, from several
// working directories and homes, with and without configured places, is
// judged as the full computation judges it.
func TestSelfReachUnknownSameAsBefore(t *testing.T) {
	paths := selfReachPaths()
	opts := []Options{
		{Cwd: "/home/dev/project", Home: "/home/dev"},
		{Cwd: "/tmp/work/repo", Home: "/home/dev"},
		{Cwd: "/home/Dev/Project", Home: "/home/Dev"},
		{Cwd: "/home/dev/project", Home: "/home/dev", ControlPlane: []string{"/etc/actionguard", "/srv/ag/policy.yaml"}},
		{Cwd: "", Home: "/home/dev"},
	}
	reached := 0
	for _, opt := range opts {
		e := newAnalysis(opt)
		for _, p := range paths {
			for _, bare := range []bool{false, true} {
				got, want := e.selfReachUnknown(p, bare), e.selfReachUnknownRef(p, bare)
				if got != want {
					t.Errorf("cwd %q home %q: selfReachUnknown(%q, %v) = %+v, before %+v", opt.Cwd, opt.Home, p, bare, got, want)
				}
				if want.ok() {
					reached++
				}
			}
		}
	}
	if reached == 0 {
		t.Fatal("no generated path reaches a protected place: the comparison tells nothing")
	}
	t.Logf("%d paths, %d judgements reaching a protected place", len(paths), reached)
}

// TestWordShapesLikeStrings: the one-pass readings of a word agree with
// the strings functions they stand for, on generated words of every mix
// of the bytes they look for, multi-byte characters among them.
func TestWordShapesLikeStrings(t *testing.T) {
	alphabet := []string{"$", "`", "/", "*", "?", "[", "]", "a", ".", "~", "é", "\u212A", "\x00", "\\", "{", "}"}
	words := []string{"", "$", "/", "$/", "/$", "`/", "*", "/*", "?/", "[/", "a/b", "$x", "~/.c*/settings.json"}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		words = append(words, b.String())
	}
	for _, w := range words {
		if got, want := unknownPathWord(w), strings.ContainsAny(w, "$`") && strings.Contains(w, "/"); got != want {
			t.Errorf("unknownPathWord(%q) = %v, want %v", w, got, want)
		}
		if got, want := globPathWord(w), strings.Contains(w, "/") && strings.ContainsAny(w, "*?["); got != want {
			t.Errorf("globPathWord(%q) = %v, want %v", w, got, want)
		}
	}
}
