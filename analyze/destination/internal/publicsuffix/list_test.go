// Copyright 2012 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package publicsuffix

import "testing"

func TestPublicSuffix(t *testing.T) {
	for _, c := range []struct {
		domain, want string
		icann        bool
	}{
		{"com", "com", true},
		{"foo.com", "com", true},
		{"accounts.google.com", "com", true},
		{"foo.co.uk", "co.uk", true},
		{"co.uk", "co.uk", true},
		{"paypal.com.co", "com.co", true},
		{"www.books.amazon.co.uk", "co.uk", true},
		{"sts.amazonaws.com", "com", true},
		{"s3.amazonaws.com", "s3.amazonaws.com", false},
		{"x.s3.amazonaws.com", "s3.amazonaws.com", false},
		{"evil.github.io", "github.io", false},
		{"x.vercel.app", "vercel.app", false},
		{"a.b.blogspot.com", "blogspot.com", false},
		{"x.googleapis.com", "googleapis.com", false},
		{"finance.gov.au", "gov.au", true},
		{"foo.dyndns.org", "dyndns.org", false},
		{"cromulent", "cromulent", false},
		{"foo.cromulent", "cromulent", false},
		{"xn--p1ai", "xn--p1ai", true},
		{"www.city.kawasaki.jp", "kawasaki.jp", true}, // an exception to *.kawasaki.jp
		{"foo.bar.kawasaki.jp", "bar.kawasaki.jp", true},
	} {
		got, icann := PublicSuffix(c.domain)
		if got != c.want || icann != c.icann {
			t.Errorf("PublicSuffix(%q) = %q, %v; want %q, %v", c.domain, got, icann, c.want, c.icann)
		}
	}
}

func BenchmarkPublicSuffix(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		PublicSuffix("www.books.amazon.co.uk")
	}
}
