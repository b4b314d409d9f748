package privacy

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

// streamPieces are texts with findings, of every family, some of them
// several lines long, that the generated inputs put across window borders.
var streamPieces = []string{
	"call me on 13812345678 tomorrow",
	"Phone:\n+44 20 7946 0958",
	"write to maria.lopez@example.org",
	"card 4111 1111 1111 1111 exp 05/27",
	"IBAN DE89 3704 0044 0532 0130 00",
	"server 10.0.12.7 and fe80::1ff:fe23:4567:890a",
	"Ship to 742 Evergreen Terrace, Springfield, IL 62704.",
	"Her SSN is 078-05-1120 according to the form.",
	"(415) 555-0100",
	"请拨打13812345678联系我们。北京市朝阳区建国路88号",
	"export GITHUB_TOKEN=ghp_R4nd0mL00kingT0kenV4lue1234567890abc",
	"DB_PASSWORD=Tr0ub4dor-and-3",
	"postgres://app:s3cretPw9@db.internal:5432/app",
	"Cookie: theme=dark; sessionid=8f14e45fceea167a5a36dedd4bea2543; lang=en",
	"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAwJv9yXU0q8mC3Jp8Lh0S7kZg4Vq1Xb2Nc3Md4Oe5Pf6Qg7Rh8Si9Tj0Uk1Vl2Wm\n3Xn4Yo5Zp6Aq7Br8Cs9Dt0Eu1Fv2Gw3Hx4Iy5Jz6Ka7Lb8Mc9Nd0Oe1Pf2Qg3Rh4Si5Tj6Uk7Vl8Wm9Xn\n-----END RSA PRIVATE KEY-----",
	"née 🙂 josé@example.com 🙂",
}

// streamFiller is text without findings, and near misses.
var streamFiller = []string{
	"The quick brown fox jumps over the lazy dog. ",
	"2024-05-01T10:15:00Z INFO GET /api/v1/users/4411 200 12.5ms pid=31337 port=8080\n",
	"version 1.22.3 build 20240501 sha 9f86d081884c7d65\n",
	"order 12345678 shipped; ",
	"\n\n",
	"  ",
	"été, naïve, 東京 ",
}

// streamText builds a text of about size bytes from the pieces and
// filler, with a piece every few dozen bytes so that window borders fall
// inside findings often.
func streamText(r *rand.Rand, size int) string {
	var b strings.Builder
	for b.Len() < size {
		if r.IntN(3) == 0 {
			b.WriteString(streamPieces[r.IntN(len(streamPieces))])
		} else {
			b.WriteString(streamFiller[r.IntN(len(streamFiller))])
		}
		if r.IntN(2) == 0 {
			b.WriteByte(" \n,;"[r.IntN(4)])
		}
	}
	return b.String()
}

// TestStreamEqualsWhole is the differential test of streamed redaction:
// for generated texts, windows of many sizes and readers that return
// short reads, the streamed output and findings are those of Redact on
// the whole text.
func TestStreamEqualsWhole(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 5))
	for n := 0; n < 60; n++ {
		text := streamText(r, 500+r.IntN(20000))
		wantText, wantFs := Redact(text)
		window := 16 + r.IntN(3000)
		st := Stream{Window: window, Context: 1024}
		var got []Finding
		st.Found = func(f Finding) { got = append(got, f) }
		var reader io.Reader = strings.NewReader(text)
		switch n % 3 {
		case 1:
			reader = iotest.OneByteReader(reader)
		case 2:
			reader = iotest.HalfReader(reader)
		}
		var out bytes.Buffer
		read, err := st.Redact(reader, &out)
		if err != nil {
			t.Fatal(err)
		}
		if read != int64(len(text)) {
			t.Errorf("case %d: read %d of %d bytes", n, read, len(text))
		}
		if out.String() != wantText {
			t.Errorf("case %d (window %d): streamed output differs from the whole text's:\n%s", n, window, firstDiff(wantText, out.String()))
			continue
		}
		if fmt.Sprint(got) != fmt.Sprint(wantFs) {
			t.Errorf("case %d (window %d): findings differ:\nwant %v\ngot  %v", n, window, wantFs, got)
		}
	}
}

// TestStreamBorders puts each piece across a window border at every
// offset: the piece is masked exactly as in one piece.
func TestStreamBorders(t *testing.T) {
	const window = 64
	for _, p := range streamPieces {
		for off := 1; off < len(p); off += max(1, len(p)/16) {
			// A window ends at a multiple of window while no finding
			// straddles it: the pad puts one off bytes into the piece.
			lead := (off/window+1)*window - off
			text := strings.Repeat("a ", lead/2) + strings.Repeat(" ", lead%2) + p + " and then some words."
			want, _ := Redact(text)
			var out bytes.Buffer
			if _, err := (Stream{Window: window, Context: 512}).Redact(strings.NewReader(text), &out); err != nil {
				t.Fatal(err)
			}
			if out.String() != want {
				t.Errorf("%q across a border at %d:\n%s", p, off, firstDiff(want, out.String()))
			}
		}
	}
}

// TestStreamKeep: only the kept findings are masked and reported.
func TestStreamKeep(t *testing.T) {
	text := "mail maria.lopez@example.org or call 13812345678\n"
	var got []Finding
	st := Stream{Keep: func(f Finding) bool { return f.Type == Phone }, Found: func(f Finding) { got = append(got, f) }}
	var out bytes.Buffer
	if _, err := st.Redact(strings.NewReader(text), &out); err != nil {
		t.Fatal(err)
	}
	if want := "mail maria.lopez@example.org or call 138****5678\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
	if len(got) != 1 || got[0].Type != Phone || text[got[0].Start:got[0].End] != "13812345678" {
		t.Errorf("findings %v", got)
	}
}

// TestStreamErrors: a read or write error ends the stream with it.
func TestStreamErrors(t *testing.T) {
	boom := fmt.Errorf("boom")
	if _, err := (Stream{}).Redact(iotest.ErrReader(boom), io.Discard); err != boom {
		t.Errorf("read error: %v", err)
	}
	if _, err := (Stream{}).Redact(strings.NewReader("x"), failWriter{boom}); err != boom {
		t.Errorf("write error: %v", err)
	}
	var out bytes.Buffer
	if n, err := (Stream{}).Redact(strings.NewReader(""), &out); err != nil || n != 0 || out.Len() != 0 {
		t.Errorf("empty input: %d %v %q", n, err, out.String())
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-60)
	return fmt.Sprintf("at byte %d\nwant …%q\ngot  …%q", i, a[lo:min(len(a), i+60)], b[lo:min(len(b), i+60)])
}

// BenchmarkStream is streamed redaction of mixed text (prose, logs,
// JSON, personal data), with the default window; the budget is ≥ 50 MB/s
// per core. bench/redact.sh measures the command's peak memory on 50 MB.
func BenchmarkStream(b *testing.B) {
	text := piiBenchText(b, 8<<20, false)
	Redact("warm up 13812345678")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (Stream{}).Redact(strings.NewReader(text), io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzStream: for any text and window, the streamed redaction equals the
// whole text's.
func FuzzStream(f *testing.F) {
	for _, p := range streamPieces {
		f.Add(p+" and "+p, uint16(7))
	}
	f.Add("Phone:\n\n785 8949 order 12345678", uint16(3))
	f.Add("742 Evergreen Terrace\nApt 4B\nSpringfield, IL 62704\nUSA", uint16(20))
	f.Fuzz(func(t *testing.T, text string, window uint16) {
		want, _ := Redact(text)
		var out bytes.Buffer
		if _, err := (Stream{Window: int(window%4096) + 1}).Redact(strings.NewReader(text), &out); err != nil {
			t.Fatal(err)
		}
		if out.String() != want {
			t.Fatalf("window %d: %s", window%4096+1, firstDiff(want, out.String()))
		}
	})
}
