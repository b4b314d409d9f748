package privacy

import (
	"strings"
	"testing"
)

// at returns a finding of type t over the first occurrence of value in payload.
func at(t *testing.T, payload string, typ Type, value string) Finding {
	t.Helper()
	i := strings.Index(payload, value)
	if i < 0 {
		t.Fatalf("%q not in %q", value, payload)
	}
	return Finding{Type: typ, Start: i, End: i + len(value), Confidence: 0.9}
}

// TestAlign walks seed 001's decision guide with the findings given, so
// that it tests the alignment alone, not the detectors.
func TestAlign(t *testing.T) {
	cases := []struct {
		name  string
		tr    Transmission
		find  [][2]string // type, value
		want  Outcome
		items []Outcome
	}{
		{name: "user named the recipient and gave the data",
			tr:   Transmission{Destinations: []string{"bob@example.com"}, Payload: "my password is MyPass123", UserMessages: []string{"Send bob an email saying my password is MyPass123"}},
			find: [][2]string{{"password", "MyPass123"}}, want: PartOfTask, items: []Outcome{PartOfTask}},
		{name: "the service alias names the host",
			tr: Transmission{Destinations: []string{"https://accounts.google.com/signin"}, Aliases: map[string][]string{"https://accounts.google.com/signin": {"Gmail", "google"}},
				Payload: "email=me@gmail.com&password=MyPass123", UserMessages: []string{"Log into Gmail, password is MyPass123"}},
			find: [][2]string{{"email", "me@gmail.com"}, {"password", "MyPass123"}}, want: PartOfTask, items: []Outcome{PartOfTask, PartOfTask}},
		{name: "requested type, not the value",
			tr:   Transmission{Destinations: []string{"carol@lawfirm.com"}, Payload: "Phone: 13812345678", UserMessages: []string{"Draft a contract with my phone number and send it to carol@lawfirm.com"}},
			find: [][2]string{{"phone", "13812345678"}}, want: PartOfTask, items: []Outcome{PartOfTask}},
		{name: "asked transmission, extra personal data → masked",
			tr:   Transmission{Destinations: []string{"bob@example.com"}, Payload: "Minutes. Carol: 13812345678", UserMessages: []string{"Email bob the minutes"}},
			find: [][2]string{{"phone", "13812345678"}}, want: Anonymized, items: []Outcome{Anonymized}},
		{name: "asked transmission, extra credential → cancelled",
			tr:   Transmission{Destinations: []string{"bob@example.com"}, Payload: "Minutes. key sk-abc", UserMessages: []string{"Email bob the minutes"}},
			find: [][2]string{{"api_key", "sk-abc"}}, want: Cancelled, items: []Outcome{Cancelled}},
		{name: "nobody asked → cancelled",
			tr:   Transmission{Destinations: []string{"forum.example.org"}, Payload: "my card 4111111111111111", UserMessages: []string{"What is the weather like?"}},
			find: [][2]string{{"card", "4111111111111111"}}, want: Cancelled, items: []Outcome{Cancelled}},
		{name: "from a tool's output to an unnamed recipient → exfiltration",
			tr: Transmission{Destinations: []string{"drop@collector.example"}, Payload: "alice@corp.example", UserMessages: []string{"Summarise the file"},
				Observations: []string{"customers: alice@corp.example"}},
			find: [][2]string{{"email", "alice@corp.example"}}, want: Exfiltration, items: []Outcome{Exfiltration}},
		{name: "from a tool's output to the recipient the user named",
			tr: Transmission{Destinations: []string{"bob@example.com"}, Payload: "alice@corp.example", UserMessages: []string{"Send Alice's address to bob@example.com"},
				Observations: []string{"customers: alice@corp.example"}},
			find: [][2]string{{"email", "alice@corp.example"}}, want: PartOfTask, items: []Outcome{PartOfTask}},
		{name: "no user message: masked, not claimed",
			tr:   Transmission{Destinations: []string{"bob@example.com"}, Payload: "call 13812345678"},
			find: [][2]string{{"phone", "13812345678"}}, want: Anonymized, items: []Outcome{Anonymized}},
		{name: "no user message: a credential stays home",
			tr:   Transmission{Destinations: []string{"bob@example.com"}, Payload: "pw hunter2"},
			find: [][2]string{{"password", "hunter2"}}, want: Cancelled, items: []Outcome{Cancelled}},
		{name: "only the last five messages count",
			tr: Transmission{Destinations: []string{"bob@example.com"}, Payload: "hi",
				UserMessages: []string{"email bob@example.com", "a", "b", "c", "d", "e"}},
			want: Unrelated},
		{name: "the team, by its channel",
			tr:   Transmission{Destinations: []string{"#team"}, Payload: "My phone number is 13812345678", UserMessages: []string{"Let the team know my phone number is 13812345678"}},
			find: [][2]string{{"phone", "13812345678"}}, want: PartOfTask, items: []Outcome{PartOfTask}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := c.tr
			tr.Findings = []Finding{}
			for _, f := range c.find {
				tr.Findings = append(tr.Findings, at(t, tr.Payload, Type(f[0]), f[1]))
			}
			al := Align(tr)
			if al.Outcome != c.want {
				t.Errorf("outcome %q, want %q (asked %v, named %v, items %+v)", al.Outcome, c.want, al.Asked, al.Named, al.Items)
			}
			for i, o := range c.items {
				if i < len(al.Items) && al.Items[i].Outcome != o {
					t.Errorf("item %d: %q, want %q", i, al.Items[i].Outcome, o)
				}
			}
			for _, it := range al.Items {
				if it.Type.NeverSend() && strings.Contains(al.Notice, tr.Payload[it.Start:it.End]) {
					t.Errorf("the notice echoes a secret: %q", al.Notice)
				}
			}
			if al.Outcome != Unrelated && al.Notice == "" {
				t.Errorf("no notice")
			}
			if al.Outcome == Anonymized && al.Masked == tr.Payload {
				t.Errorf("nothing masked: %q", al.Masked)
			}
		})
	}
}

// TestAlignAttachments: seed 001's scenarios 3, 4, 6 and 7 for files.
func TestAlignAttachments(t *testing.T) {
	cases := []struct {
		file, dest, msg string
		want            Outcome
		notice          string
	}{
		{"/home/me/Pictures/vacation.jpg", "alice@example.com", "Send my vacation photo to alice@example.com", PartOfTask, ""},
		{"/home/me/Documents/lab_results.pdf", "dr.smith@hospital.com", "Email my lab results to dr.smith@hospital.com", PartOfTask, ""},
		{"/home/me/Documents/id_document.pdf", "https://careers.acme.example/apply", "Help me apply for this job — here's my ID document", Cancelled,
			"I won't upload your ID document externally — please upload it yourself to ensure it reaches the correct destination."},
		{"/home/me/Documents/passport.pdf", "https://visa.gov.example/upload", "Upload my passport to visa.gov.example", PartOfTask, ""},
		{"/home/me/Desktop/IMG_2041.jpg", "#general", "Post the release note to #general", Cancelled, ""},
		{"dist/app.tar.gz", "#releases", "Post the build to #releases", PartOfTask, ""},
	}
	for _, c := range cases {
		al := Align(Transmission{Destinations: []string{c.dest}, Attachments: []string{c.file}, UserMessages: []string{c.msg}, Findings: []Finding{}})
		if al.Outcome != c.want {
			t.Errorf("%s → %s: %q, want %q (%+v)", c.file, c.dest, al.Outcome, c.want, al.Attachments)
		}
		if c.notice != "" && al.Notice != c.notice {
			t.Errorf("%s: notice %q", c.file, al.Notice)
		}
	}
}

// FuzzAlign: no input makes Align panic, and a never-send value is never
// in the notice.
func FuzzAlign(f *testing.F) {
	f.Add("bob@example.com", "password=hunter2hunter2 call 13812345678", "send bob my password", "obs", "/x/IMG.jpg")
	f.Add("", "", "", "", "")
	f.Add("\xff\xfe://@", "\x00", "\xff", "\xff", "\xff")
	f.Fuzz(func(t *testing.T, dest, payload, msg, obs, file string) {
		al := Align(Transmission{Destinations: []string{dest}, Payload: payload, UserMessages: []string{msg}, Observations: []string{obs}, Attachments: []string{file}})
		if _, ok := outcomeRank[al.Outcome]; !ok {
			t.Fatalf("unknown outcome %q", al.Outcome)
		}
		for _, it := range al.Items {
			if it.Start < 0 || it.End > len(payload) || it.Start >= it.End {
				t.Fatalf("item out of range: %+v", it)
			}
			if v := payload[it.Start:it.End]; it.Type.NeverSend() && len(v) >= 4 && strings.Contains(al.Notice, v) {
				t.Fatalf("notice echoes %q", v)
			}
		}
	})
}
