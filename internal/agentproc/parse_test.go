package agentproc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randomStrings are n strings without NUL bytes, some empty, some with
// '=', ')' and spaces.
func randomStrings(r *rand.Rand, n int) []string {
	const alphabet = "abcXYZ=) (_-/\n\t\xff0123"
	out := make([]string, n)
	for i := range out {
		b := make([]byte, r.IntN(12))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
		}
		out[i] = string(b)
	}
	return out
}

// ParseEnviron returns the non-empty strings of any NUL-separated
// list, with or without the last NUL.
func TestParseEnvironGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		in := randomStrings(r, r.IntN(10))
		raw := []byte(strings.Join(in, "\x00"))
		if r.IntN(2) == 0 && len(in) > 0 {
			raw = append(raw, 0)
		}
		want := slices.DeleteFunc(slices.Clone(in), func(s string) bool { return s == "" })
		if got := ParseEnviron(raw); !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Fatalf("ParseEnviron(%q) = %q, want %q", raw, got, want)
		}
	}
}

// ParseStat reads the parent whatever the command's name holds (spaces,
// parentheses, a fake ") S 1" inside it); a status without one is an
// error.
func TestParseStatGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		comm := randomStrings(r, 1)[0]
		if r.IntN(3) == 0 {
			comm += ") S 1 2 3 (" // what a hostile program name puts in
		}
		ppid := r.IntN(1 << 22)
		stat := fmt.Sprintf("%d (%s) S %d 77 77 0 -1 4194560 1234", r.IntN(1<<22), comm, ppid)
		got, err := ParseStat([]byte(stat))
		if err != nil || got != ppid {
			t.Fatalf("ParseStat(%q) = %d, %v; want %d", stat, got, err, ppid)
		}
	}
	for _, bad := range []string{"", "12 sh S 1", "12 (sh)", "12 (sh) S", "12 (sh) S x", "12 (sh) S -4"} {
		if _, err := ParseStat([]byte(bad)); err == nil {
			t.Errorf("ParseStat(%q): no error", bad)
		}
	}
}

// procArgs builds a KERN_PROCARGS2 buffer as macOS lays it out.
func procArgs(exe string, argv, env []string, pad int) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, uint32(len(argv)))
	b.WriteString(exe)
	b.Write(make([]byte, 1+pad))
	for _, s := range append(slices.Clone(argv), env...) {
		b.WriteString(s)
		b.WriteByte(0)
	}
	return b.Bytes()
}

// ParseProcArgs splits executable, arguments and environment for any
// buffer macOS builds; a truncated or impossible one is an error or a
// shorter answer, never a panic.
func TestParseProcArgsGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	nonEmpty := func(ss []string) []string {
		for i := range ss {
			if ss[i] == "" {
				ss[i] = "x"
			}
		}
		return ss
	}
	for range 2000 {
		exe := "/usr/bin/" + randomStrings(r, 1)[0]
		argv, env := nonEmpty(randomStrings(r, 1+r.IntN(5))), nonEmpty(randomStrings(r, r.IntN(6)))
		raw := procArgs(exe, argv, env, r.IntN(8))
		gotExe, gotArgv, gotEnv, err := ParseProcArgs(raw)
		if err != nil || gotExe != exe || !slices.Equal(gotArgv, argv) || !slices.Equal(gotEnv, env) && len(env)+len(gotEnv) > 0 {
			t.Fatalf("ParseProcArgs(%q) = %q %q %q %v", raw, gotExe, gotArgv, gotEnv, err)
		}
		for cut := range raw {
			ParseProcArgs(raw[:cut]) // must not panic
		}
	}
	for _, bad := range [][]byte{nil, {1, 0}, {1, 0, 0, 0, 'a'}, {0xff, 0xff, 0xff, 0x7f, 'a', 0}} {
		if _, _, _, err := ParseProcArgs(bad); err == nil {
			t.Errorf("ParseProcArgs(%q): no error", bad)
		}
	}
}
