package shell

import (
	"strconv"
	"strings"
	"testing"
)

// TestSpecForCachedSameAsLookup: the remembered answer is the lookup's, for
// every program and subcommand key of the index, in every case, through
// aliases, and for names without a spec; asked once and again.
func TestSpecForCachedSameAsLookup(t *testing.T) {
	var names []string
	for _, e := range specs().tab.entries {
		names = append(names, e.key, strings.ToUpper(e.key), strings.ToUpper(e.key[:1])+e.key[1:])
	}
	for _, a := range specs().tab.aliases {
		names = append(names, a.from, strings.ToUpper(a.from))
	}
	names = append(names, "", "no-such-program", "GIT", "Git.exe", "git ", " git", "rm\x00", strings.Repeat("g", maxCachedSpecName+1))
	for _, n := range names {
		want := specs().lookup(strings.ToLower(n))
		for round := range 2 {
			if got := SpecFor(n); got != want {
				t.Fatalf("SpecFor(%q), asked %d times: %p, the lookup %p", n, round+1, got, want)
			}
		}
	}
}

// TestSpecForCacheBounded: names never seen before, more than the cache
// holds, leave it at its size and are still answered.
func TestSpecForCacheBounded(t *testing.T) {
	for i := range maxCachedSpecs + 100 {
		n := "unseen-program-" + strconv.Itoa(i)
		if SpecFor(n) != nil {
			t.Fatalf("SpecFor(%q) found a spec", n)
		}
	}
	if got := specByNameLen.Load(); got > maxCachedSpecs {
		t.Fatalf("the cache holds %d names, more than %d", got, maxCachedSpecs)
	}
	if SpecFor("git") == nil || SpecFor("GIT") != specs().lookup("git") {
		t.Fatal("git is not found once the cache is full")
	}
}
