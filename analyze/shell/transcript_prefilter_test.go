package shell

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTranscriptNeedles: every place of the agents' records holds one of
// mayBeTranscript's needles, so the first test never turns one away.
func TestTranscriptNeedles(t *testing.T) {
	places := append([]string{"/workspacestorage/", "/.gemini/tmp/"}, transcriptFiles...)
	for _, d := range transcriptDirs {
		places = append(places, d.dir, strings.TrimSuffix(d.dir, "/"))
	}
	for _, p := range places {
		if !mayBeTranscript(p) {
			t.Errorf("%q holds neither %q nor %q: agentTranscript's first test would miss it", p, "/.", "storage")
		}
	}
}

// TestTranscriptPrefilterComplete: over generated paths built from the
// records' own places and ordinary names, no path the lists call a
// record is turned away by the first test.
func TestTranscriptPrefilterComplete(t *testing.T) {
	pieces := []string{"/home/dev", "/project", "/src", "/a.jsonl", "/x", "/tmp", "/chats", "/logs.json", "/checkpoint-1", "/.", "storage", "/s.db"}
	pieces = append(pieces, transcriptFiles...)
	for _, d := range transcriptDirs {
		pieces = append(pieces, d.dir, d.suffix, strings.TrimSuffix(d.dir, "/"))
	}
	pieces = append(pieces, "/.gemini/tmp/", "/workspacestorage/", "/chatsessions/")
	r := rand.New(rand.NewPCG(5, 11))
	records, turnedAway := 0, 0
	for range 200000 {
		var b strings.Builder
		for n := 1 + r.IntN(4); n > 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		p := b.String()
		if transcriptPath(p) {
			records++
			if !mayBeTranscript(p) {
				t.Fatalf("%q is a record by the lists, and the first test turns it away", p)
			}
		} else if !mayBeTranscript(p) {
			turnedAway++
		}
	}
	if records < 1000 || turnedAway < 1000 {
		t.Fatalf("%d records and %d paths turned away: the generator misses a side", records, turnedAway)
	}
}
