package privacy

import "testing"

// TestFoldName: names compare without case and Latin accents; a nickname
// and a longer name stay themselves.
func TestFoldName(t *testing.T) {
	for in, want := range map[string]string{
		"José Díaz": "jose diaz", "ZOË": "zoe", "  Alex   Kim ": "alex kim", "Łukasz": "lukasz", "Renée": "renee",
		"Alexander": "alexander", "Jürgen Groß": "jurgen gross", "Иван": "иван", "": "",
	} {
		if got := FoldName(in); got != want {
			t.Errorf("FoldName(%q) = %q, want %q", in, got, want)
		}
	}
	if FirstName(FoldName("Alex Kim")) != "alex" || FirstName("") != "" {
		t.Errorf("FirstName")
	}
}
