package privacy

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDetectSecrets: no panic, findings within the text, non-empty, sorted,
// of a never-send type; and on short texts, every finding of gitleaks'
// rules applied the slow way (secretReference) is found.
func FuzzDetectSecrets(f *testing.F) {
	for _, s := range []string{
		"password=hunter2x",
		"Authorization: Bearer abc123def456ghi789jkl",
		"Cookie: sessionid=8f14e45fceea167a5a36dedd4bea2543; lang=en",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAwJv9yXU0q8mC3Jp8Lh0S7kZg4Vq1Xb2Nc3Md4Oe5Pf6Qg7Rh8Si9\n",
		"Your verification code is 483920.",
		"我的密码是abc12345",
		"postgres://app:s3cretPw@db:5432/app",
		`{"api_key": "Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB"}`,
		"ghp_R4nd0mL00kingT0kenV4lue1234567890ab",
		"curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'",
		"key=key=key=key=key=key=",
		"\x00\xff\xfe-----begin\x80password\xc3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fs := detectSecrets(text)
		prev := -1
		for _, fd := range fs {
			if fd.Start < 0 || fd.End > len(text) || fd.Start >= fd.End {
				t.Fatalf("finding %+v out of range (len %d)", fd, len(text))
			}
			if fd.Start < prev {
				t.Fatalf("findings not sorted: %+v", fs)
			}
			prev = fd.Start
			if !fd.Type.NeverSend() || fd.Rule == "" || fd.Confidence <= 0 || fd.Confidence > 1 {
				t.Fatalf("bad finding %+v", fd)
			}
		}
		if len(text) <= 1024 && utf8.ValidString(text) {
			if missing, _ := secretMissing(text); len(missing) > 0 {
				t.Fatalf("gitleaks finds %+v in %q, detectSecrets does not", missing, text)
			}
		}
	})
}

// TestDetectSecretsBounded runs crafted texts that make many searches
// read the same stretch (a keyword every few bytes): each must stay
// linear, far from the minutes a quadratic search would take.
func TestDetectSecretsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	const n = 128 << 10
	fill := func(unit string) string { return strings.Repeat(unit, n/len(unit)+1)[:n] }
	for _, text := range []string{
		fill("curl -H "),
		fill("key="),
		fill("key=" + strings.Repeat("a", 300)),
		fill("api_key = \"x1y2z3w4v5u6t7s8\"\n"),
		fill("ey"),
		fill("-----BEGIN RSA PRIVATE KEY-----\n"),
		fill("kind: secret\ndata:\n  a: YWJjZGVmZ2hpamtsbW5vcA==\n"),
		fill("my password is hunter2 "),
		fill("Authorization: Bearer "),
		fill("\x00\xff-----begin passwd="),
	} {
		detectSecrets(text)
	}
}

// TestDetectSecretsBudgetFallback: once crafted text has used up a rule's
// budget, the rule still finds what follows (by one pass over the rest).
func TestDetectSecretsBudgetFallback(t *testing.T) {
	text := strings.Repeat("key=", 96<<10) +
		"\napi_key = \"Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB\"\n" +
		strings.Repeat("curl -H ", 16<<10) +
		"\ncurl -H 'Authorization: Bearer k9Lm2Nq8Rz7Tx6Vw5Yb4' https://example.com\n"
	e, err := secretEngineOnce()
	if err != nil {
		t.Fatal(err)
	}
	s := newSecretScan(e, text)
	defer s.release()
	s.scan()
	fs := s.result()
	for _, want := range []struct{ rule, secret string }{
		{"generic-api-key", "Zf3D0LXCM3EIMbgJpUNnkRtOfOueHznB"},
		{"curl-auth-header", "k9Lm2Nq8Rz7Tx6Vw5Yb4"},
	} {
		found := false
		for _, f := range fs {
			found = found || f.Rule == want.rule && text[f.Start:f.End] == want.secret
		}
		if !found {
			t.Errorf("%s: %q not found; got %s", want.rule, want.secret, rulesOf(fs))
		}
	}
	done := 0
	for _, st := range s.rules {
		if st.done {
			done++
		}
	}
	if done == 0 {
		t.Errorf("no rule ran out of budget: the test does not test the fallback")
	}
}
