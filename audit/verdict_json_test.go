package audit_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/rule"
)

// plainOf is r as it was encoded before Verdict and Level were typed: a
// struct with r's fields and tags, those two plain strings (built from
// audit.Record itself, so that it cannot drift from it).
func plainOf(r audit.Record) any {
	rt := reflect.TypeOf(r)
	fields := make([]reflect.StructField, 0, rt.NumField())
	for i := range rt.NumField() {
		f := rt.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Name == "Verdict" || f.Name == "Level" {
			f.Type = reflect.TypeOf("")
		}
		fields = append(fields, f)
	}
	pv := reflect.New(reflect.StructOf(fields)).Elem()
	rv := reflect.ValueOf(r)
	for _, f := range fields {
		src := rv.FieldByName(f.Name)
		if f.Type.Kind() == reflect.String {
			pv.FieldByName(f.Name).SetString(src.String())
		} else {
			pv.FieldByName(f.Name).Set(src)
		}
	}
	return pv.Interface()
}

// TestRecordVerdictJSONUnchanged: a record's JSON form (what export prints
// and Verify re-reads) is byte for byte what it was with string fields, for
// every verdict and level and for words this release does not know (a
// record written by another release, or tampered with, reads back as
// written rather than being "corrected").
func TestRecordVerdictJSONUnchanged(t *testing.T) {
	verdicts := []rule.Verdict{rule.Allow, rule.Notify, rule.Confirm, rule.Approve, rule.Block, "", "ALLOW", "allow ", "quarantine", "bl\u00f6ck", "<script>"}
	levels := []rule.Level{rule.Safe, rule.Cautious, rule.Privileged, rule.Dangerous, "", "unknown"}
	at := time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)
	for _, v := range verdicts {
		for _, l := range levels {
			r := audit.Record{Seq: 7, Time: at, Tool: "Bash", Kind: "shell", Action: json.RawMessage(`{"tool":"Bash"}`),
				Verdict: v, Level: l, Score: 40, Risk: 4, Rules: []string{"shell.x"}, Reason: "why"}
			got, want := encode(t, r), encode(t, plainOf(r))
			if !bytes.Equal(got, want) || !bytes.Contains(got, []byte(`"verdict":`+strconv.Quote(string(v)))) {
				t.Fatalf("verdict %q level %q:\n got %s\nwant %s", v, l, got, want)
			}
			var back audit.Record
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatalf("verdict %q: reading back: %v", v, err)
			}
			if back.Verdict != v || back.Level != l {
				t.Fatalf("read back as %q/%q, want %q/%q", back.Verdict, back.Level, v, l)
			}
			if again := encode(t, back); !bytes.Equal(again, got) {
				t.Fatalf("verdict %q: a second encoding differs:\n%s\n%s", v, again, got)
			}
		}
	}
}

func encode(t *testing.T, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
