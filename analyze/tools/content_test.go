package tools

import "testing"

// TestScanContent: whole words and phrases, any case, a few languages; code
// is not content.
func TestScanContent(t *testing.T) {
	for _, c := range []struct {
		text string
		cat  int
		term string // "" when nothing of the category may be found
	}{
		{"Our ATTORNEY will call.", catLegal, "ATTORNEY"},
		{"a cease-and-desist letter", catLegal, "cease-and-desist"},
		{"Please sign the NDA", catLegal, "NDA"},
		{"mandate", catLegal, ""},
		{"Hi Sue, see you Friday", catLegal, ""},
		{"let's break up the PR into smaller ones", catEmotional, ""},
		{"Lab results attached", catMedical, "Lab results"},
		{"my lab\nresults", catMedical, "lab\nresults"},
		{"My deepest condolences", catEmotional, "condolences"},
		{"Apologies for the delay", catEmotional, ""},
		{"We terminate the agreement", catContract, "terminate"},
		{"call terminate() on shutdown", catContract, ""},
		{"see proc.terminate and worker_terminate", catContract, ""},
		{"run `kill -s TERM` then `terminate` it", catContract, ""},
		{"TerminateInstances failed", catContract, ""},
		{"Kündigung des Vertrags", catContract, "Kündigung"},
		{"we have to let you go", catContract, "let you go"},
		{"let go of the rope", catContract, ""},
		{"This is our final offer", catConflict, "final offer"},
		{"a counter-offer", catConflict, "counter-offer"},
		{"merge conflict in main.go", catConflict, ""},
		{"Une plainte formelle", catConflict, "plainte"},
	} {
		var found [numCategories]string
		scanContent(c.text, &found)
		if found[c.cat] != c.term {
			t.Errorf("%q: category %d found %q, want %q", c.text, c.cat, found[c.cat], c.term)
		}
	}
}

// BenchmarkScanContent is the content scan of a message of a few hundred words.
func BenchmarkScanContent(b *testing.B) {
	text := "Hi Bob, thanks for the quick turnaround on the quarterly report. The numbers look good and the team is happy with the direction. " +
		"Could you send the final version by Friday? We also need the slides for the board meeting next week, and the budget for Q3. Best, Ann. "
	for range 3 {
		text += text
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		var found [numCategories]string
		scanContent(text, &found)
	}
}
