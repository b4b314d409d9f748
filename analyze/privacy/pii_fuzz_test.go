package privacy

import (
	"testing"
	"unicode/utf8"
)

// FuzzDetectPII checks detectPII's contract on any input, UTF-8 or not:
// no panic, findings in range, sorted, non-overlapping and non-empty, and
// every finding masks without panicking. Seeds are in
// testdata/fuzz/FuzzDetectPII; the table cases are added too.
func FuzzDetectPII(f *testing.F) {
	for _, s := range []string{
		"call 13812345678", "+1 (415) 555-0100 x12", "alice@example.com", "4111 1111 1111 1111",
		"GB29 NWBK 6016 1331 9268 19", "2001:db8::1", "192.168.1.1", "078-05-1120", "11010519491231002X",
		"742 Evergreen Terrace, Springfield, IL 62704", "北京市朝阳区建国路88号", "\xff\xfe1\x00@:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		fs := detectPII(text)
		if err := checkFindings(text, fs); err != nil {
			t.Fatal(err)
		}
		for _, x := range fs {
			m := MaskValue(x.Type, text[x.Start:x.End])
			if m == "" {
				t.Fatalf("%+v masks to nothing", x)
			}
			if utf8.ValidString(text[x.Start:x.End]) && !utf8.ValidString(m) {
				t.Fatalf("%+v: mask %q of valid UTF-8 is not UTF-8", x, m)
			}
		}
	})
}
