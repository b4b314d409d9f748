package privacy

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// piiBenchText builds about size bytes of ordinary text, deterministic:
// paragraphs of testdata/pii/prose.txt and, unless proseOnly, log lines and
// JSON records, with a piece of personal data every few kilobytes.
func piiBenchText(tb testing.TB, size int, proseOnly bool) string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "pii", "prose.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	paras := strings.Split(strings.TrimSpace(string(data)), "\n")
	pii := []string{
		"You can reach Maria on +44 20 7946 0958 or at maria.lopez@example.org.",
		"请拨打13812345678联系我们。",
		"The card on file is 4111 1111 1111 1111, expiring 05/27.",
		"Wire it to IBAN DE89 3704 0044 0532 0130 00 by Friday.",
		"Ship to 742 Evergreen Terrace, Springfield, IL 62704.",
		"Her SSN is 078-05-1120 according to the form.",
		"Call (415) 555-0100 between 9 and 5.",
	}
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for n := 0; b.Len() < size; n++ {
		kind := 0
		if !proseOnly {
			kind = r.IntN(3)
		}
		switch kind {
		case 0:
			b.WriteString(paras[r.IntN(len(paras))])
		case 1:
			fmt.Fprintf(&b, "2024-05-%02dT%02d:%02d:%02d.%03dZ INFO http: GET /api/v1/users/%d 200 %d.%dms remote=10.0.%d.%d:%d req_id=%016x",
				1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1000), r.IntN(100000), r.IntN(900), r.IntN(10),
				r.IntN(256), r.IntN(256), 1024+r.IntN(60000), r.Uint64())
		case 2:
			fmt.Fprintf(&b, `{"id": %d, "name": "item-%d", "price": %d.%02d, "qty": %d, "created_at": "2024-03-%02d 10:%02d:00", "tags": ["blue", "large"], "version": "1.%d.%d"}`,
				r.IntN(1000000), r.IntN(1000), r.IntN(500), r.IntN(100), r.IntN(20), 1+r.IntN(28), r.IntN(60), r.IntN(20), r.IntN(20))
		}
		b.WriteByte('\n')
		if n%8 == 7 {
			b.WriteString(pii[r.IntN(len(pii))])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// BenchmarkDetectPII measures detectPII alone on ordinary text: English
// prose, and prose mixed with logs and JSON. Redact as a whole must reach
// 50 MB/s; personal data should use well under half of that budget.
func BenchmarkDetectPII(b *testing.B) {
	for _, c := range []struct {
		name      string
		proseOnly bool
	}{{"prose", true}, {"mixed", false}} {
		text := piiBenchText(b, 512<<10, c.proseOnly)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for b.Loop() {
				detectPII(text)
			}
		})
	}
}

// BenchmarkMaskValue measures masking one finding of each kind.
func BenchmarkMaskValue(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		MaskValue(Phone, "+44 20 7946 0958")
		MaskValue(Email, "maria.lopez@example.org")
		MaskValue(Card, "4111 1111 1111 1111")
		MaskValue(IP, "2001:db8::1")
		MaskValue(Address, "742 Evergreen Terrace, Springfield, IL 62704")
	}
}

// BenchmarkDetectPIIScaling runs each hostile input at 128 KiB and 1 MiB:
// a linear scan shows about the same ns per byte (MB/s) at both sizes, a
// quadratic one eight times worse at the larger. Compare the two lines of
// each input (docs/benchmarks.md):
//
//	go test -run '^$' -bench DetectPIIScaling -benchtime 3x ./analyze/privacy/
func BenchmarkDetectPIIScaling(b *testing.B) {
	for _, size := range []int{128 << 10, 1 << 20} {
		for name, in := range piiHostileInputs(size) {
			b.Run(fmt.Sprintf("%s/%dKiB", strings.ReplaceAll(name, " ", "-"), size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for b.Loop() {
					detectPII(in)
				}
			})
		}
	}
}
