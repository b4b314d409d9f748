package privacy

import "testing"

// BenchmarkRedact is the whole redaction (personal data, secrets, masking)
// on ordinary text; the budget is ≥ 50 MB/s per core (design note).
func BenchmarkRedact(b *testing.B) {
	for _, c := range []struct {
		name  string
		prose bool
	}{{"prose", true}, {"mixed", false}} {
		text := piiBenchText(b, 512<<10, c.prose)
		Redact(text) // the lazy tables are built once per process, not per call
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				Redact(text)
			}
		})
	}
}
