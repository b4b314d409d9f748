package guard

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSplitNameASCIIMatchesRunes: the byte-wise reading of an ASCII tool
// name gives the words of the rune-wise one, on generated names mixing
// capitals, acronyms, digits and separators.
func TestSplitNameASCIIMatchesRunes(t *testing.T) {
	const alphabet = "aAbBzZmM0189_-.: /HTTP"
	r := rand.New(rand.NewPCG(19, 10))
	names := []string{"", "_", "GmailSendEmail", "HTTPRequest", "mcp__github__create_issue", "a1B2", "ABC", "aB", "v2Token", "X-API-Key"}
	for range 20000 {
		b := make([]byte, r.IntN(16))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		names = append(names, string(b))
	}
	for _, n := range names {
		got, want := SplitName(n), splitNameRunes(n)
		if !slices.Equal(got, want) || (got == nil) != (want == nil) {
			t.Fatalf("SplitName(%q) = %q, the rune-wise reading %q", n, got, want)
		}
	}
}

// TestAllLoopbackWithoutParsing: reading an address with no "//" and no
// ":" as its own host agrees with parsing it, on generated destinations.
func TestAllLoopbackWithoutParsing(t *testing.T) {
	parsed := func(d string) bool { return loopbackHost(parsedHost(d)) }
	parts := []string{"localhost", "LocalHost", "127.0.0.1", "::1", "[::1]", "a.localhost", "bob@", "x.com", "//", "/", ":", ":80", "%6c", "http:", "?q", "#f", "@", "[", "]", "0:0:0:0:0:0:0:1", " "}
	r := rand.New(rand.NewPCG(19, 11))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(4) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		d := b.String()
		if got, want := allLoopback([]string{d}), parsed(d); got != want {
			t.Fatalf("allLoopback(%q) = %v, parsing says %v", d, got, want)
		}
	}
}
