package shell

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSpecIndexCurrent: spec_index.go is the index of the spec texts as
// they are; it fails after a spec file is edited until the index is
// regenerated.
func TestSpecIndexCurrent(t *testing.T) {
	want, err := format.Source(SpecIndexSource())
	if err != nil {
		t.Fatalf("the generated source does not format: %v", err)
	}
	got, err := os.ReadFile("spec_index.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("spec_index.go is not the index of specs/hand.spec and specs/gen.spec: run go generate ./analyze/shell/")
	}
	fresh := scanSpecs(handSpecs, genSpecs)
	if !reflect.DeepEqual(&generatedSpecs, fresh) {
		t.Fatal("the compiled index differs from a scan of the texts: run go generate ./analyze/shell/")
	}
	if ix := specs(); ix.tab != &generatedSpecs || ix.fresh == nil {
		t.Fatal("the hook does not read the generated index: it scans the texts")
	}
}

// TestSpecIndexSameSpecs is the differential test: the generated index and
// a fresh scan of the texts give the same Spec for every program and
// subcommand key and every other name, and agree on which words name one.
func TestSpecIndexSameSpecs(t *testing.T) {
	gen := newSpecIndex(handSpecs, genSpecs, &generatedSpecs)
	fresh := &specIndex{texts: [2]string{handSpecs, genSpecs}, tab: scanSpecs(handSpecs, genSpecs)}
	if gen.fresh == nil || fresh.fresh != nil {
		t.Fatal("the indexes are not the generated one and a scan")
	}
	var keys []string
	for _, e := range fresh.tab.entries {
		keys = append(keys, e.key, strings.ToUpper(e.key), e.key+" x", e.key+"x")
	}
	for _, a := range fresh.tab.aliases {
		keys = append(keys, a.from, a.to)
	}
	keys = append(keys, "", " ", "zzz-no-such-program", "git nosuchcommand")
	specsSeen := 0
	for _, k := range keys {
		g, f := gen.lookup(k), fresh.lookup(k)
		if !reflect.DeepEqual(g, f) {
			t.Errorf("%q: the generated index reads %s, a scan %s", k, specString(g), specString(f))
		}
		if gen.hasKey(k) != fresh.hasKey(k) {
			t.Errorf("%q: hasKey %v from the generated index, %v from a scan", k, gen.hasKey(k), fresh.hasKey(k))
		}
		if g != nil {
			specsSeen++
		}
	}
	if specsSeen < len(fresh.tab.entries) {
		t.Errorf("%d specs read for %d keys", specsSeen, len(fresh.tab.entries))
	}
	for _, w := range append(append([]string{}, fresh.tab.secret...), "ls", "git", "nosuch") {
		if secretProgram(w) != (slices.Contains(fresh.tab.secret, w) || w == "htpasswd" || w == "smbclient" || w == "lftp") {
			t.Errorf("%q: secretProgram disagrees with a scan", w)
		}
	}
}

// TestSpecIndexStaleTexts: a generated table read over texts that changed
// but kept their lengths never yields a block that is not one: every
// lookup gives what a scan of the changed texts gives, the index falling
// back on that scan when a block moved. The changes are every swap of two
// neighbouring blocks of hand.spec, and an attribute renamed in place.
func TestSpecIndexStaleTexts(t *testing.T) {
	tab := scanSpecs(handSpecs, genSpecs)
	var spans []specSpan
	for _, e := range tab.entries {
		for _, sp := range e.spans {
			if !sp.gen {
				spans = append(spans, sp)
			}
		}
	}
	// Blocks in text order; only whole blocks that follow each other.
	slices.SortFunc(spans, func(a, b specSpan) int { return a.start - b.start })
	var variants []string
	for i := 0; i+1 < len(spans) && len(variants) < 16; i += 11 {
		a, b := spans[i], spans[i+1]
		aStart, bStart := a.start-len(a.header)-1, b.start-len(b.header)-1
		if a.end != bStart {
			continue
		}
		v := handSpecs[:aStart] + handSpecs[bStart:b.end] + handSpecs[aStart:a.end] + handSpecs[b.end:]
		variants = append(variants, v)
	}
	if i := strings.Index(handSpecs, "\nprog rm gnu\n"); i >= 0 {
		variants = append(variants, handSpecs[:i]+"\nprog rm sub\n"+handSpecs[i+13:])
	}
	if len(variants) < 10 {
		t.Fatalf("only %d changed texts", len(variants))
	}
	for n, hand := range variants {
		if len(hand) != len(handSpecs) {
			t.Fatalf("variant %d changes the length", n)
		}
		stale := newSpecIndex(hand, genSpecs, tab)
		fresh := &specIndex{texts: [2]string{hand, genSpecs}, tab: scanSpecs(hand, genSpecs)}
		for _, e := range fresh.tab.entries {
			if g, f := stale.lookup(e.key), fresh.lookup(e.key); !reflect.DeepEqual(g, f) {
				t.Errorf("variant %d, %q: the stale index reads %s, a scan %s", n, e.key, specString(g), specString(f))
			}
		}
	}
}

// FuzzSpecIndex: for any texts, the index scanned from them reads every
// key as its blocks say, and a table made from other texts of the same
// lengths only ever yields whole blocks of the texts it reads.
func FuzzSpecIndex(f *testing.F) {
	f.Add("prog a gnu\n  -x=\nsub a b\n  -y\n", "prog a\n  -z\n", "prog b,c stop\n  -q\n", "alias a x = b\n")
	f.Add("prog rm gnu\n  -f --force\n# c\n\n  -r\n", "", "prog rm gnu\n  -f --forcer\n\n# c\n  -r", "")
	f.Add("prog x\n  -a ; secret\nprog y\n", "sub x y z parseopt\n  -b=\n", "prog y\n  -a ; secret\nprog x\n", "sub x y z parseopt\n  -c=\n")
	f.Add("prog a\nprog b", "prog c\n\tx", "prog b\nprog a", "prog c\nx\t")
	f.Fuzz(func(t *testing.T, hand, gen, hand2, gen2 string) {
		tab := scanSpecs(hand, gen)
		ix := newSpecIndex(hand, gen, tab)
		for _, e := range tab.entries {
			s := ix.lookup(e.key)
			if _, alias := tab.alias(e.key); s == nil || (!alias && s.Key != e.key) {
				t.Fatalf("%q: no spec read", e.key)
			}
		}
		// Texts of the same lengths that the table does not describe.
		hand2, gen2 = sameLength(hand2, len(hand)), sameLength(gen2, len(gen))
		stale := newSpecIndex(hand2, gen2, tab)
		fresh := scanSpecs(hand2, gen2)
		blocks := map[specSpan]bool{}
		for _, e := range fresh.entries {
			for _, sp := range e.spans {
				blocks[sp] = true
			}
		}
		for _, e := range tab.entries {
			if _, ok := stale.bodies(&e); ok {
				for _, sp := range e.spans {
					if !blocks[sp] {
						t.Fatalf("%q: %+v is not a block of the texts read", e.key, sp)
					}
				}
			}
			stale.lookup(e.key)
			stale.hasKey(e.key)
		}
	})
}

func sameLength(s string, n int) string {
	if len(s) >= n {
		return s[:n]
	}
	return s + strings.Repeat("\n", n-len(s))
}

func specString(s *Spec) string {
	if s == nil {
		return "no spec"
	}
	return fmt.Sprintf("%s (attrs %#x, %d options, wrap %d, subs %v)", s.Key, s.attrs, len(s.opts), s.wrapSkip, s.hasSubs)
}

// BenchmarkSpecIndexFirstLookup is what a hook process pays for its first
// spec: with the generated index, the lookup and the parse of one block;
// with the scan (what it paid before the index was generated), the scan
// of both texts first.
func BenchmarkSpecIndexFirstLookup(b *testing.B) {
	b.Run("generated", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if newSpecIndex(handSpecs, genSpecs, &generatedSpecs).lookup("git") == nil {
				b.Fatal("no spec for git")
			}
		}
	})
	b.Run("scan", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if newSpecIndex(handSpecs, genSpecs, nil).lookup("git") == nil {
				b.Fatal("no spec for git")
			}
		}
	})
}

// TestSpecIndexAppendedBlock: a block appended to hand.spec (as a merge
// does) is read at once by a binary whose generated index predates it,
// and so is a correction of an existing program placed before its block.
func TestSpecIndexAppendedBlock(t *testing.T) {
	for _, hand := range []string{
		handSpecs + "\nprog zz-appended gnu\n  -o= --output=   ; file\n",
		"prog zz-appended gnu\n  -o= --output=   ; file\n\n" + handSpecs,
	} {
		ix := newSpecIndex(hand, genSpecs, &generatedSpecs)
		s := ix.lookup("zz-appended")
		if s == nil || s.resolve("--output") != "--output" || s.resolve("-o") != "--output" {
			t.Fatalf("the appended block is not read: %s", specString(s))
		}
		if g := ix.lookup("git"); g == nil || !g.hasSubs || g.resolve("-C") == "" {
			t.Fatalf("git is misread once a block is added: %s", specString(g))
		}
	}
}
