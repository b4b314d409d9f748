package sql

import (
	"testing"

	"github.com/actionguard/actionguard/internal/corpus"
)

type apexCase struct {
	Note string `json:"note"`
	Code string `json:"code"`
	DML  bool   `json:"dml"`
}

func TestApexHasDML(t *testing.T) {
	for _, c := range corpus.JSONL[apexCase](t, "testdata/apex.jsonl") {
		if got := ApexHasDML(c.Code); got != c.DML {
			t.Errorf("%s\nApexHasDML(%q) = %v, want %v", c.Note, c.Code, got, c.DML)
		}
	}
}
