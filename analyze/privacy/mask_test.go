package privacy

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updatePII = flag.Bool("update-pii", false, "rewrite testdata/pii/mask.golden")

// TestMaskGolden checks MaskValue against testdata/pii/mask.golden,
// whose first rows are seed 001's masking table.
func TestMaskGolden(t *testing.T) {
	path := filepath.Join("testdata", "pii", "mask.golden")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	rows := 0
	for i, line := range lines {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 3 {
			t.Fatalf("%s:%d: want type, value and masked form, tab-separated", path, i+1)
		}
		rows++
		got := MaskValue(Type(cols[0]), cols[1])
		if *updatePII {
			lines[i] = cols[0] + "\t" + cols[1] + "\t" + got
			continue
		}
		if got != cols[2] {
			t.Errorf("%s:%d: MaskValue(%s, %q) = %q, want %q", path, i+1, cols[0], cols[1], got, cols[2])
		}
	}
	if *updatePII {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if rows < len(Types) {
		t.Errorf("%d rows, fewer than the %d types", rows, len(Types))
	}
}

// TestMaskSeedTable pins seed 001's table in code as well, so that
// -update-pii cannot silently change it.
func TestMaskSeedTable(t *testing.T) {
	for _, c := range []struct {
		t           Type
		value, want string
	}{
		{Phone, "13812345678", "138****5678"},
		{Email, "alice@domain.com", "a****@domain.com"},
		{Card, "4111 1111 1111 1234", "****1234"},
		{BankAccount, "1234567890", "****7890"},
		{IP, "192.168.1.42", "192.168.1.***"},
		{Address, "742 Evergreen Terrace", "[ADDRESS PARTIALLY HIDDEN]"},
		{IBAN, "GB82 WEST 1234 5698 7654 5678", "****5678"},
		{TaxID, "12-3567890", "***567890"},
	} {
		if got := MaskValue(c.t, c.value); got != c.want {
			t.Errorf("MaskValue(%s, %q) = %q, want %q", c.t, c.value, got, c.want)
		}
	}
	for _, ty := range Types {
		if ty.NeverSend() && MaskValue(ty, "secret") != Placeholder(ty) {
			t.Errorf("MaskValue(%s) is not its placeholder", ty)
		}
	}
}

// TestRedactMasks checks the path from text to masked text for each type.
func TestRedactMasks(t *testing.T) {
	in := "Call 13812345678, mail alice@domain.com, card 4111 1111 1111 1111, IP 192.168.1.42."
	want := "Call 138****5678, mail a****@domain.com, card ****1111, IP 192.168.1.***."
	if got := Mask(in, detectPII(in)); got != want {
		t.Errorf("Mask:\n got %q\nwant %q", got, want)
	}
}
