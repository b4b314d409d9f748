package contact

import "testing"

// TestKey: every spelling of one address is one key; a kind, or another
// address, is another key.
func TestKey(t *testing.T) {
	same := map[string][]string{
		"bob@example.com":        {"BOB@Example.com", " bob@example.com ", "Bob <bob@example.com>", "mailto:bob@example.com", "Bob Smith <BOB@EXAMPLE.COM>"},
		"+15550102030":           {"+1 (555) 010-2030", "+1.555.010.2030", "tel:+1 555 010 2030"},
		"gb29nwbk60161331926819": {"GB29 NWBK 6016 1331 9268 19", "gb29 nwbk 6016 1331 9268 19"},
	}
	seen := map[string]string{}
	for canon, spellings := range same {
		for _, kind := range []string{Recipient, Payee} {
			want := Key(kind, canon)
			if len(want) != 32 {
				t.Fatalf("Key(%s, %s) = %q: want 32 hex digits", kind, canon, want)
			}
			if prev, dup := seen[want]; dup {
				t.Errorf("%s/%s and %s share a key", kind, canon, prev)
			}
			seen[want] = kind + "/" + canon
			for _, s := range spellings {
				if got := Key(kind, s); got != want {
					t.Errorf("Key(%s, %q) = %s, want the key of %q", kind, s, got, canon)
				}
			}
		}
	}
	if Key(Recipient, "bob@example.com") == Key(Recipient, "bob@example.org") {
		t.Error("two addresses share a key")
	}
}
