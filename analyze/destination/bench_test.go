package destination

import (
	"testing"
	"time"
)

// BenchmarkCheck measures Check after warm-up on the destinations the guard
// sees most: a legitimate sign-in URL, an unrelated site, and imitations.
func BenchmarkCheck(b *testing.B) {
	load()
	for _, c := range []struct {
		name, dest string
		task       []string
	}{
		{"legit-url", "https://accounts.google.com/o/oauth2/v2/auth?client_id=abc&scope=email", nil},
		{"legit-host", "api.github.com", nil},
		{"ordinary", "https://docs.python.org/3/library/urllib.html", nil},
		{"ordinary-long-label", "https://stackoverflow.com/questions/tagged/go", nil},
		{"lookalike", "https://gma1l.com/login", nil},
		{"brand-subdomain", "https://paypal.com.secure-login.io/webscr", nil},
		{"idn", "https://xn--pypal-4ve.com/signin", nil},
		{"task", "https://accounts.google.com/signin", []string{"Log into Gmail, password is MyPass123"}},
		{"task-mismatch", "https://example.com/login", []string{"please log into my PayPal and pay the invoice"}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			opt := Options{Task: c.task}
			for b.Loop() {
				Check(c.dest, opt)
			}
		})
	}
}

// BenchmarkBuild measures the cold cost of the first calls: parsing
// data/services.txt and indexing the domains (every first call), the brand
// indexes (the first host that is not a listed service's) and the task index
// (the first call with a task).
func BenchmarkBuild(b *testing.B) {
	b.Run("domains", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			build(servicesTxt)
		}
	})
	b.Run("domains+brands", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			build(servicesTxt).matching()
		}
	})
	b.Run("domains+brands+task", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			x := build(servicesTxt)
			x.taskOnce.Do(x.buildTask)
		}
	})
}

// TestColdStart reports the first call's cost in this process (data parse,
// indexes and the check itself); run it alone to see it cold.
func TestColdStart(t *testing.T) {
	if idx != nil {
		t.Skip("the index is already built; run: go test -run TestColdStart -v")
	}
	start := time.Now()
	Check("https://accounts.google.com/", Options{})
	t.Logf("first Check: %v", time.Since(start))
}
