package guard

import (
	"math/rand"
	"testing"
)

// TestHasProdWordLikeFields: the in-place reading of production words
// agrees with splitting the lowered text into fields, on generated text.
func TestHasProdWordLikeFields(t *testing.T) {
	pieces := []string{"prod", "PROD", "Prod", "production", "PRODUCTION", "prd", "live", "LIVE", "pr", "liv", "product", "prods",
		"oliver", "-", "_", "/", ".", " ", "1", "a", "db", "app-", "İ", "é", "K", "delivery", "preprod", "prod2", "2prod"}
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		s := ""
		for k := r.Intn(6); k >= 0; k-- {
			s += pieces[r.Intn(len(pieces))]
		}
		if got, want := hasProdWord(s), hasProdWordFold(s); got != want {
			t.Fatalf("hasProdWord(%q) = %v, splitting the lowered text says %v", s, got, want)
		}
	}
}
