package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// Brace expansion comes before every other expansion: braces next to a
// quoted or expanded home directory, a tilde or the root reach the same
// verdict as the words they expand to, in every spelling of the home.

func TestBracesOverHome(t *testing.T) {
	homes := []string{"~", "$HOME", "${HOME}", `"$HOME"`, `"${HOME}"`, `"${HOME:?}"`, "${HOME%/}", `"$HOME/"`, "/home/dev", `"/home/dev"`}
	braces := []string{"/{*,.*}", "/{.,}*", "/{a,b}/..", "/{x,.}", "/{.[!.],}*", "/{foo,*}", "/{,.}*"}
	rms := []string{"rm -rf ", "rm -fr ", "sudo rm -rf ", "rm --recursive --force ", "command rm -rf ", "env rm -rf "}
	n := 0
	for i, h := range homes {
		for j, b := range braces {
			src := rms[(i+j)%len(rms)] + h + b
			if strings.HasSuffix(h, `/"`) {
				src = rms[(i+j)%len(rms)] + h + b[1:]
			}
			wantAtLeast(t, src, scopeOptions, atLeastBlock)
			n++
		}
	}
	for _, src := range []string{"rm -rf {~,/tmp}/*", "rm -rf {/tmp,~}/*", `rm -rf {"$HOME",/tmp}/*`, "rm -rf {$HOME,/var/tmp}/*", `rm -rf /{tmp,"$HOME"}/*`,
		`rm -rf "$HOME"/{,.}{*,}`, `rm -rf {/,/tmp/x}`, `rm -rf "${HOME}"/{{a,b},{*,.*}}`, `rm -rf "$HOME"/{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u,v,w,x,y,z,A,B,C,D,E,F,G,H,I,J,K,L,M,N,O,P,Q,R,S,T,U,V,W,X,Y,Z,0,1,2,3,4,5,6,7,8,9,_,-,=,*}`} {
		wantAtLeast(t, src, scopeOptions, atLeastBlock)
		n++
	}
	if n < 70 {
		t.Errorf("only %d cases", n)
	}
}

// TestBracesBenignTwins: braces over the project's own files, quoted
// braces (no expansion) and braces beside a home subdirectory's build
// output keep running.
func TestBracesBenignTwins(t *testing.T) {
	for _, src := range []string{`rm -rf "$PWD"/{build,dist}`, `rm -rf ./{build,dist}/`, `rm -f "$HOME/.cache/pip"/{a,b}.log`, `echo "$HOME"/{a,b}`,
		`ls "${HOME}"/{*,.*}`, `ls -d "$HOME/{*,.*}"`, `mkdir -p "$HOME"/proj/{src,test}`, `touch "$TMPDIR"/{a,b}.txt`, `cp "$HOME"/{a,b}.txt /tmp/`} {
		wantRuns(t, src, scopeOptions)
	}
}

// TestBraceAlternatives: every element of every brace is read, within the
// bound, and words without braces are left to the literal reading.
func TestBraceAlternatives(t *testing.T) {
	for src, want := range map[string][]string{
		`"$x"/{a,b}`:    {`"$x"/a`, `"$x"/b`},
		`{"a",b}{c,d}`:  {`"a"c`, `"a"d`, "bc", "bd"},
		`"a"{b,{c,d}}e`: {`"a"be`, `"a"ce`, `"a"de`},
		`"a"{1..3}`:     nil,
		`"a"b`:          nil,
		`"a"\{b,c\}`:    nil,
	} {
		f, err := parseWord(src)
		if err != nil {
			t.Fatal(err)
		}
		got := braceWords(f)
		if len(got) != len(want) {
			t.Errorf("%s: %d words, want %d", src, len(got), len(want))
			continue
		}
		for i := range got {
			if s := printWord(got[i]); s != want[i] {
				t.Errorf("%s: word %d is %s, want %s", src, i, s, want[i])
			}
		}
	}
	// Past the bound, every element still appears.
	var b strings.Builder
	b.WriteString(`"$H"/`)
	for i := 0; i < 5; i++ {
		b.WriteString("{a,b,c,d,e,f,g,h}")
	}
	b.WriteString("{x,LAST}")
	f, _ := parseWord(b.String())
	got := braceWords(f)
	seen := false
	for _, g := range got {
		seen = seen || strings.Contains(printWord(g), "LAST")
	}
	if !seen || len(got) > 4*maxBraceWords {
		t.Errorf("%d words, LAST seen %v", len(got), seen)
	}
}

func parseWord(src string) (*syntax.Word, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader("x "+src), "")
	if err != nil {
		return nil, err
	}
	if len(f.Stmts) != 1 {
		return nil, nil
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil, nil
	}
	return call.Args[1], nil
}

func printWord(w *syntax.Word) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}

// FuzzBraceWords: brace expansion of any word ends, stays within its
// bound and never panics; the analysis of a command with it neither.
func FuzzBraceWords(f *testing.F) {
	for _, s := range []string{`"$HOME"/{*,.*}`, `{~,/tmp}/*`, `"a"{b,{c,d}}e`, `"x"{1..3}`, `{"a",}{,}{,}`, `$x{a,b`, `"a"{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		w, err := parseWord(src)
		if err != nil || w == nil {
			return
		}
		got := braceWords(w)
		if len(got) > 64*len(src)+64 {
			t.Fatalf("%q: %d words", src, len(got))
		}
		_ = Analyze("rm -rf "+src, scopeOptions)
	})
}
