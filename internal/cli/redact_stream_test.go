package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/privacy"
)

// TestRedactStdinStreams: redact on standard input masks a text larger
// than one window exactly as the whole text is masked, personal data
// placed across the window borders included, and --types still chooses.
func TestRedactStdinStreams(t *testing.T) {
	var b strings.Builder
	for b.Len() < 3*privacy.StreamWindow {
		b.WriteString("The meeting moved to Tuesday; nothing else changed. ")
		if b.Len()%7 == 0 {
			b.WriteString("Phone:\n+44 20 7946 0958 and maria.lopez@example.org\n")
		}
	}
	// A phone number and an address across the first border.
	text := b.String()
	at := privacy.StreamWindow - 6
	text = text[:at] + " call 13812345678 or write to anna@example.com " + text[at:]
	want, _ := privacy.Redact(text)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, want},
		{[]string{"--types", "email"}, privacy.Mask(text, keepType(privacy.Detect(text), privacy.Email))},
	} {
		var out, errw bytes.Buffer
		code := Run(Env{Args: append([]string{"redact"}, c.args...), Stdin: strings.NewReader(text), Stdout: &out, Stderr: &errw})
		if code != 0 {
			t.Fatalf("redact %v: exit %d: %s", c.args, code, errw.String())
		}
		if out.String() != c.want {
			t.Errorf("redact %v: the streamed output differs from the whole text's", c.args)
		}
	}
	if !strings.Contains(want, "138****5678") {
		t.Error("the number across the border was not masked")
	}
}

func keepType(fs []privacy.Finding, ty privacy.Type) []privacy.Finding {
	var out []privacy.Finding
	for _, f := range fs {
		if f.Type == ty {
			out = append(out, f)
		}
	}
	return out
}
