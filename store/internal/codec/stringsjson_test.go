package codec

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// TestStringsJSONIsMarshal: stringsJSON writes what json.Marshal writes,
// over lists of every length of strings drawn from every byte (HTML's
// escapes, control bytes, invalid UTF-8 included) and of rule ids.
func TestStringsJSONIsMarshal(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 19))
	parts := []string{"shell.rm.root", "low confidence", "a<b", "x&y", "q\"", `b\`, "é", "\xff", "\u2028", "\x00", "~", " "}
	plain := 0
	for range 5000 {
		ss := make([]string, rng.IntN(4))
		for i := range ss {
			if rng.IntN(2) == 0 {
				ss[i] = parts[rng.IntN(len(parts))]
				continue
			}
			b := make([]byte, rng.IntN(6))
			for j := range b {
				b[j] = byte(rng.IntN(256))
			}
			ss[i] = string(b)
		}
		got, err := stringsJSON(ss)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(ss)
		if len(ss) == 0 {
			want = []byte("[]")
		}
		if got != string(want) {
			t.Fatalf("stringsJSON(%q) = %s, json.Marshal %s", ss, got, want)
		}
		if len(ss) > 0 && allPlain(ss) {
			plain++
		}
	}
	if nilGot, _ := stringsJSON(nil); nilGot != "[]" {
		t.Fatalf("stringsJSON(nil) = %s", nilGot)
	}
	if plain < 100 {
		t.Fatalf("only %d lists took the plain path", plain)
	}
}

func allPlain(ss []string) bool {
	for _, s := range ss {
		if !plainJSONString(s) {
			return false
		}
	}
	return true
}
