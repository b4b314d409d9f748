package cli

import (
	"errors"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/audit"
)

// TestReadContactsCSV: the columns are found in any case and order, a
// byte-order mark and blank lines are harmless, a contact named twice keeps
// the larger count, and the key is the audit log's.
func TestReadContactsCSV(t *testing.T) {
	in := "\ufeffPhone Number,NAME,count\n+1 (555) 010-2030,Dad,7\n\n+15550102030,,12\nbob@acme.com,,\n"
	cs, err := readContactsCSV(strings.NewReader(in), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 {
		t.Fatalf("%d contacts, want 2: %+v", len(cs), cs)
	}
	dad := cs[0]
	if dad.Key != audit.ContactKey(audit.ContactRecipient, "+15550102030") || dad.Interactions != 12 || dad.Display != "Dad" || dad.Source != "import" {
		t.Errorf("dad: %+v", dad)
	}
	if bob := cs[1]; bob.Interactions != DefaultInteractions || strings.Contains(bob.Display, "bob@") {
		t.Errorf("bob: %+v (the address must be masked)", bob)
	}
}

func TestReadContactsCSVErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "is empty"},
		{"email\n", "no contact under its header"},
		{"name\nBob\n", "no email, address, phone or handle column"},
		{"email,interactions\na@b.c,-1\n", "line 2: interactions \"-1\""},
		{"email,kind\na@b.c,boss\n", "line 2: kind \"boss\""},
		{"handle,name\n,Bob\n", "line 2: no email"},
	} {
		_, err := readContactsCSV(strings.NewReader(c.in), "t.csv")
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != ExitUsage || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want a usage error saying %q", c.in, err, c.want)
		}
	}
	// Every bad line is named, up to maxImportErrors.
	var b strings.Builder
	b.WriteString("email,interactions\n")
	for range 30 {
		b.WriteString("a@b.c,x\n")
	}
	_, err := readContactsCSV(strings.NewReader(b.String()), "t.csv")
	if n := strings.Count(err.Error(), "line "); n != maxImportErrors {
		t.Errorf("%d lines reported, want %d", n, maxImportErrors)
	}
}

// FuzzReadContactsCSV: any bytes give contacts or an error, never a panic;
// every contact has a key and a kind the store knows, and no count below 0.
func FuzzReadContactsCSV(f *testing.F) {
	for _, s := range []string{
		"email,name,interactions,kind\nbob@acme.com,Bob,9,recipient\n",
		"\ufeffPhone Number,NAME,count\n+1 (555) 010-2030,Dad,7\n",
		"address,kind\nGB29 NWBK 6016 1331 9268 19,payee\n",
		"email\n\"unterminated\n",
		"email,interactions\nbob@acme.com,-4\nann@acme.com,99999999999999999999\n",
		"name\nBob\n",
		"\x00\xff,\xfe\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		cs, err := readContactsCSV(strings.NewReader(string(in)), "f.csv")
		if err != nil {
			return
		}
		for _, c := range cs {
			if c.Key == "" || (c.Kind != audit.ContactRecipient && c.Kind != audit.ContactPayee) || c.Interactions < 0 {
				t.Fatalf("bad contact %+v from %q", c, in)
			}
		}
	})
}
