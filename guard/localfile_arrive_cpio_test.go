package guard

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cpioBytes writes ms as a cpio archive in the newc (070701) or odc
// (070707) format, as cpio -o -H newc|odc would.
func cpioBytes(t testing.TB, ms []member, odc bool) []byte {
	t.Helper()
	var b bytes.Buffer
	put := func(name string, mode int, data string) {
		if odc {
			fmt.Fprintf(&b, "070707%06o%06o%06o%06o%06o%06o%06o%011o%06o%011o", 0, 1, mode, 0, 0, 1, 0, 0, len(name)+1, len(data))
			b.WriteString(name + "\x00" + data)
			return
		}
		fmt.Fprintf(&b, "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X", 1, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(name)+1, 0)
		b.WriteString(name + "\x00")
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		b.WriteString(data)
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
	}
	for _, m := range ms {
		switch {
		case m.link != "":
			put(m.name, 0o120777, m.link)
		case m.dir:
			put(strings.TrimSuffix(m.name, "/"), 0o040755, "")
		default:
			put(m.name, 0o100644, "{}\n")
		}
	}
	put("TRAILER!!!", 0, "")
	return b.Bytes()
}

// TestCpioListing: generated archives of both formats list exactly the
// members written, with their kinds and link targets; every cut of one
// is an error or a listing, never more members than written.
func TestCpioListing(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 18))
	names := []string{".claude/settings.json", "a", "src/main.go", "/etc/passwd", "../x", "dir", "l", "ünï cödé", strings.Repeat("n", 300), "a b/c"}
	for round := range 200 {
		var ms []member
		for range 1 + rng.IntN(8) {
			m := member{name: names[rng.IntN(len(names))] + fmt.Sprint(rng.IntN(3))}
			switch rng.IntN(3) {
			case 1:
				m.dir = true
			case 2:
				m.link = names[rng.IntN(len(names))]
			}
			ms = append(ms, m)
		}
		for _, odc := range []bool{false, true} {
			data := cpioBytes(t, ms, odc)
			files, err := listArchive(bytes.NewReader(data), int64(len(data)))
			if err != nil {
				t.Fatalf("round %d (odc %v): %v", round, odc, err)
			}
			if len(files) != len(ms) {
				t.Fatalf("round %d (odc %v): %d members listed, %d written", round, odc, len(files), len(ms))
			}
			for i, f := range files {
				want := strings.TrimSuffix(ms[i].name, "/")
				if f.Name != want || f.Dir != ms[i].dir || f.Link != ms[i].link {
					t.Errorf("round %d (odc %v) member %d: %+v, want %+v", round, odc, i, f, ms[i])
				}
			}
			if round%20 == 0 {
				for cut := 0; cut < len(data); cut += 1 + cut/8 {
					got, err := listArchive(bytes.NewReader(data[:cut]), int64(cut))
					if err == nil && len(got) > len(ms) {
						t.Fatalf("cut at %d: %d members from %d", cut, len(got), len(ms))
					}
				}
			}
		}
	}
}

// TestCpioBounds: headers that lie are errors, not reads past the end.
func TestCpioBounds(t *testing.T) {
	good := cpioBytes(t, []member{{name: "a"}}, false)
	for name, data := range map[string][]byte{
		"no trailer":     good[:len(good)-124],
		"huge name":      append([]byte("070701"+strings.Repeat("0", 8*11)+"FFFFFFFF"+"00000000"), make([]byte, 64)...),
		"huge data":      append([]byte("070701"+strings.Repeat("0", 8*6)+"7FFFFFFF"+strings.Repeat("0", 8*4)+"00000002"+"00000000"), []byte("a\x00")...),
		"not hex":        append([]byte("070701"+strings.Repeat("Z", 8*13)), make([]byte, 8)...),
		"odc not octal":  append([]byte("070707"+strings.Repeat("9", 70)), make([]byte, 8)...),
		"unterminated":   append([]byte("070701"+strings.Repeat("0", 8*11)+"00000002"+"00000000"), []byte("ab")...),
		"only a trailer": cpioBytes(t, nil, false),
	} {
		if files, err := listArchive(bytes.NewReader(data), int64(len(data))); err == nil {
			t.Errorf("%s: listed %v", name, files)
		}
	}
}

// TestArriveCpioOnDisk: a cpio archive unpacked by every program that
// reads one is judged by its members: one landing on the agent's
// settings (by its name, an absolute name or through a link member) is
// blocked, plain files run; a cut-off archive is content not shown.
func TestArriveCpioOnDisk(t *testing.T) {
	w := newArriveWorld(t)
	bad := [][]member{
		{{name: "README.md"}, {name: ".claude/settings.json"}},
		{{name: "./.actionguard.yaml"}},
		{{name: w.home + "/.config/actionguard/actionguard.yaml"}},
		{{name: "l", link: ".."}, {name: "l/proj/.gemini/settings.json"}},
		{{name: ".claude", dir: true}, {name: ".claude/hooks/pre.sh"}},
	}
	good := []member{{name: "README.md"}, {name: "src", dir: true}, {name: "src/a.go"}, {name: "docs/claude/settings.json"}}
	spell := []string{"cpio -idm < A", "cpio -i -d -m < A", "cpio -idv -F A", "cpio --extract --make-directories --file=A", "cat A | cpio -idm", "pax -r -f A", "pax -r < A", "bsdtar -xf A"}
	for i, ms := range bad {
		for _, odc := range []bool{false, true} {
			name := fmt.Sprintf("bad%d-%v.cpio", i, odc)
			w.write(t, name, cpioBytes(t, ms, odc))
			for _, s := range spell {
				if strings.HasPrefix(s, "bsdtar") && i == 2 {
					continue // bsdtar drops the leading slash (-P keeps it)
				}
				cmd := strings.ReplaceAll(s, "A", name)
				if v, rules := w.verdict(t, cmd); v != Block {
					t.Errorf("%q (%v): %s %v, want block", cmd, ms, v, rules)
				}
			}
		}
	}
	for _, odc := range []bool{false, true} {
		name := fmt.Sprintf("good-%v.cpio", odc)
		w.write(t, name, cpioBytes(t, good, odc))
		for _, s := range spell {
			cmd := strings.ReplaceAll(s, "A", name)
			if v, rules := w.verdict(t, cmd); !v.Allowed() {
				t.Errorf("%q of plain files: %s %v, want it to run", cmd, v, rules)
			}
		}
	}
	cut := cpioBytes(t, good, false)
	w.write(t, "cut.cpio", cut[:len(cut)/2])
	if v, rules := w.verdict(t, "cpio -idm < cut.cpio"); v != Approve {
		t.Errorf("a cut-off archive: %s %v, want approve", v, rules)
	}
	if v, rules := w.verdict(t, "cpio -idm --no-absolute-filenames -D build < cut.cpio"); v == Block || v == Approve {
		t.Errorf("a cut-off archive into a subdirectory: %s %v, want it to run", v, rules)
	}
}

// FuzzListCpio: any bytes after a cpio magic number give a list or an
// error, never a panic or a hang, and never more members than the bound.
func FuzzListCpio(f *testing.F) {
	f.Add(cpioBytes(f, []member{{name: ".claude/settings.json"}, {name: "l", link: "../.."}, {name: "d", dir: true}}, false))
	f.Add(cpioBytes(f, []member{{name: "/etc/x"}, {name: "l", link: "/"}}, true))
	f.Add([]byte("070701"))
	f.Add([]byte("070707000000"))
	f.Fuzz(func(t *testing.T, data []byte) {
		files, err := listArchive(bytes.NewReader(data), int64(len(data)))
		if err == nil && len(files) > maxArchiveMembers {
			t.Fatalf("%d members listed", len(files))
		}
		if err == nil && isCpio(data) {
			for _, fl := range files {
				if len(fl.Name) >= maxCpioName || len(fl.Link) > maxLinkTarget {
					t.Fatalf("a member past the bounds: %d, %d bytes", len(fl.Name), len(fl.Link))
				}
			}
		}
	})
}

// TestCpioFuzzSeedsCommitted: the fuzz corpus of FuzzListCpio is in
// testdata, so go test runs it.
func TestCpioFuzzSeedsCommitted(t *testing.T) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzListCpio", "*"))
	if len(seeds) < 3 {
		t.Errorf("%d committed seeds for FuzzListCpio", len(seeds))
	}
	for _, s := range seeds {
		b, err := os.ReadFile(s)
		if err != nil || !slices.Contains(strings.Split(string(b), "\n"), "go test fuzz v1") {
			t.Errorf("%s: not a fuzz seed file", s)
		}
	}
}
