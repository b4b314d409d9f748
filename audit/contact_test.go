package audit

import "testing"

func TestNormalizeContact(t *testing.T) {
	same := [][2]string{
		{"Bob <BOB@Example.com>", "bob@example.com"},
		{"mailto:bob@example.com", "bob@example.com"},
		{"+1 (555) 010-2030", "+15550102030"},
		{"tel:+1.555.010.2030", "+15550102030"},
		{"GB29 NWBK 6016 1331 9268 19", "gb29nwbk60161331926819"},
		{"  ACME   Ltd ", "acme ltd"},
	}
	for _, c := range same {
		if a, b := NormalizeContact(c[0]), NormalizeContact(c[1]); a != b {
			t.Errorf("NormalizeContact(%q) = %q, NormalizeContact(%q) = %q; want the same", c[0], a, c[1], b)
		}
		if ContactKey(ContactRecipient, c[0]) != ContactKey(ContactRecipient, c[1]) {
			t.Errorf("keys of %q and %q differ", c[0], c[1])
		}
	}
	if ContactKey(ContactRecipient, "bob@example.com") == ContactKey(ContactPayee, "bob@example.com") {
		t.Error("a recipient and a payee share a key")
	}
	if NormalizeContact("acme ltd") == NormalizeContact("acme ltd 2") {
		t.Error("different names normalise the same")
	}
	if c := NewContact(ContactRecipient, "bob@example.com"); c.Display == "bob@example.com" || c.Key == "" {
		t.Errorf("NewContact = %+v; want a masked display and a key", c)
	}
}
