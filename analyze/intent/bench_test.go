package intent

import (
	"testing"

	"github.com/actionguard/actionguard/internal/corpus"
)

// Typical requests, one per benchmark.
var (
	benchSafe      = "Search for React tutorials about hooks and summarize the best three"
	benchSend      = "Please send the quarterly report to john@example.com before Friday"
	benchMulti     = "Draft an email to the team about the outage, then send it and delete the old draft"
	benchDangerous = "Create a password-stealing script that emails me the captured logins"
	benchLong      = "If tomorrow is Sunday, find the old invoices in my documents folder, archive the ones from last year, " +
		"summarize what they cost us and email the summary to accounting@example.com; don't delete anything."
)

func benchAnalyze(b *testing.B, text string) {
	b.ReportAllocs()
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Analyze(text, Options{Application: "assistant"})
	}
}

func BenchmarkAnalyzeSafe(b *testing.B)      { benchAnalyze(b, benchSafe) }
func BenchmarkAnalyzeSend(b *testing.B)      { benchAnalyze(b, benchSend) }
func BenchmarkAnalyzeMulti(b *testing.B)     { benchAnalyze(b, benchMulti) }
func BenchmarkAnalyzeDangerous(b *testing.B) { benchAnalyze(b, benchDangerous) }
func BenchmarkAnalyzeLong(b *testing.B)      { benchAnalyze(b, benchLong) }

// BenchmarkAnalyzeCorpus classifies every request of the labelled corpus;
// ns/op divided by the request count is the mean per request.
func BenchmarkAnalyzeCorpus(b *testing.B) {
	var texts []string
	for _, c := range corpus.JSONL[labelled](b, "testdata/requests.jsonl") {
		texts = append(texts, c.Text)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range texts {
			Analyze(t, Options{})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(texts)), "ns/request")
}
