package tools

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Walk-arounds through the arguments of a tool whose name reads: a mode,
// an action or a follow-up step that names a stronger verb, a switch that
// deletes what was read, an argument that delivers the result elsewhere,
// and recipients added beside the ones the user named. Every harmful
// spelling is generated over every read verb and key; each has benign
// twins (the same keys with harmless values) that must keep running.

var readNames = []string{"get_records", "list_files", "read_messages", "search_documents", "fetch_notes", "export_contacts",
	"find_items", "GetRecords", "ListMessages", "mcp__x__view_entries", "mcp__crm__lookup_customers", "describe-tables"}

// TestArgumentVerbsEscalate: a mode, an action or a follow-up step that
// names a deletion makes a read delete, whatever the read's name.
func TestArgumentVerbsEscalate(t *testing.T) {
	keys := []string{"mode", "action", "operation", "op", "then", "after", "on_complete", "onSuccess", "post_action", "next_action", "and_then"}
	harmful := []string{"purge", "delete", "delete_all", "deleteAll", "wipe", "erase", "destroy", "remove", "drop", "truncate", "PURGE"}
	benign := []string{"summary", "list", "open_first", "preview", "count", "json", "csv", "read", "view", "full", "compact"}
	for _, name := range readNames {
		for _, k := range keys {
			for _, v := range harmful {
				in := map[string]any{"id": "1", k: v}
				res := Analyze(name, in, Options{})
				if res.Effect != EffectDelete || rank(res.Class) < rank(ClassCautious) || !hasRule(res, "tool.args.hidden-effect") {
					t.Errorf("%s %v: effect %s class %s (%s), want a deletion held", name, in, res.Effect, res.Class, ruleIDs(res))
				}
			}
			for _, v := range benign {
				in := map[string]any{"id": "1", k: v}
				res := Analyze(name, in, Options{})
				if res.Effect != EffectRead || res.Class != ClassSafe {
					t.Errorf("benign twin %s %v: effect %s class %s (%s), want a read that runs", name, in, res.Effect, res.Class, ruleIDs(res))
				}
			}
		}
	}
}

// TestArgumentVerbsKeepGenericTools: a tool that takes its operation as an
// argument says so by its generic verb (manage_order {"action": "refund"});
// its action is its verb, not a hidden one.
func TestArgumentVerbsKeepGenericTools(t *testing.T) {
	for _, c := range []struct {
		name string
		in   map[string]any
	}{
		{"manage_order", map[string]any{"action": "refund", "order_id": "o1"}},
		{"GitHubManageCollaborator", map[string]any{"action": "remove", "collaborator_username": "eve"}},
		{"calendar", map[string]any{"action": "delete_event", "event_id": "e1"}},
	} {
		res := Analyze(c.name, c.in, Options{})
		if hasRule(res, "tool.args.hidden-effect") {
			t.Errorf("%s %v: %s, want no hidden effect", c.name, c.in, ruleIDs(res))
		}
	}
}

// TestDeletingSwitches: a switch whose name deletes what the call reads
// turns the read into a deletion; a switch about a detail of the content,
// a negated one, or one that shows deleted items does not.
func TestDeletingSwitches(t *testing.T) {
	harmful := []string{"delete_after_read", "deleteAfterRead", "remove_source_files", "purge_on_read", "wipe_original", "delete_after",
		"remove_after_processing", "erase_source", "destroy_original", "trash_after_read", "delete_source", "DELETE_ALL"}
	benign := []string{"include_deleted", "show_removed", "remove_trailing_whitespace", "no_delete", "skip_delete", "dont_delete_source",
		"follow_links", "confirm_delete_after", "drop_empty_lines", "list_deleted", "keep_original", "undo_delete_after"}
	for _, name := range readNames {
		for _, k := range harmful {
			for _, v := range []any{true, "true", "yes", 1.0} {
				in := map[string]any{"path": "/home/dev/project/a.txt", k: v}
				res := Analyze(name, in, Options{})
				if res.Effect != EffectDelete || !hasRule(res, "tool.args.hidden-effect") {
					t.Errorf("%s %v: effect %s (%s), want a hidden deletion", name, in, res.Effect, ruleIDs(res))
				}
			}
			in := map[string]any{"path": "/home/dev/project/a.txt", k: false}
			if res := Analyze(name, in, Options{}); res.Effect == EffectDelete {
				t.Errorf("switched off %s %v: effect %s, want a read", name, in, res.Effect)
			}
		}
		for _, k := range benign {
			in := map[string]any{"path": "/home/dev/project/a.txt", k: true}
			if res := Analyze(name, in, Options{}); res.Effect != EffectRead || hasRule(res, "tool.args.hidden-effect") {
				t.Errorf("benign twin %s %v: effect %s (%s), want a read", name, in, res.Effect, ruleIDs(res))
			}
		}
	}
}

// TestDeliveries: an argument that delivers what a read or a write makes
// to an address or a server the user did not name needs approval; a path
// on this machine, a format, or an address the user named does not.
func TestDeliveries(t *testing.T) {
	keys := []string{"send_to", "email_to", "mail_to", "deliver_to", "forward_to", "upload_to", "export_to", "destination", "webhook_url",
		"callback_url", "notify_url", "results_to", "output_url", "forwarding_address", "cc", "bcc", "share_with", "sendTo", "emailTo", "WebhookURL"}
	away := []string{"attacker@evil.example", "https://evil.example/drop", "sftp://files.evil.example/in", "Eve <eve@evil.example>",
		"mailto:eve@evil.example", "s3://evil-bucket/drop", "alice@gmail.com, eve@evil.example"}
	local := []string{"/home/dev/project/out.csv", "./out.csv", "~/Downloads/out.csv", "C:\\Users\\dev\\out.csv", "csv", "stdout", "the team"}
	names := append(slices.Clone(readNames), "generate_report", "create_export", "mcp__reports__build_summary", "run_query")
	for _, name := range names {
		for _, k := range keys {
			for _, v := range away {
				in := map[string]any{"type": "customers", k: v}
				res := Analyze(name, in, Options{})
				if !hasRule(res, "tool.args.delivers") || rank(res.Class) < rank(ClassPrivileged) {
					t.Errorf("%s %v: class %s (%s), want a delivery held for approval", name, in, res.Class, ruleIDs(res))
				}
			}
			for _, v := range local {
				in := map[string]any{"type": "customers", k: v}
				if res := Analyze(name, in, Options{}); hasRule(res, "tool.args.delivers") {
					t.Errorf("benign twin %s %v: %s, want no delivery", name, in, ruleIDs(res))
				}
			}
			named := map[string]any{"type": "sales", k: "alice@acme.com"}
			res := Analyze(name, named, Options{UserMessages: []string{"Send the sales report to alice@acme.com"}})
			if hasRule(res, "tool.args.delivers") {
				t.Errorf("named %s %v: %s, want no delivery finding", name, named, ruleIDs(res))
			}
			// A look-alike of the named address is not it.
			look := map[string]any{"type": "sales", k: "alice@acme.com.evil.example"}
			if res := Analyze(name, look, Options{UserMessages: []string{"Send the sales report to alice@acme.com"}}); !hasRule(res, "tool.args.delivers") {
				t.Errorf("look-alike %s %v: %s, want a delivery finding", name, look, ruleIDs(res))
			}
		}
	}
}

// TestDeliveryKeyShapes: where a result goes is read from the key's
// shape (a delivery verb, what it delivers, "to"), not from a list of
// keys; a lookup by e-mail address is not a delivery.
func TestDeliveryKeyShapes(t *testing.T) {
	for _, k := range []string{"send_results_to", "email_report_to", "upload_file_to", "mail_output_to", "post_data_to", "Forward-All-To", "export_csv_to"} {
		in := map[string]any{"id": "1", k: "attacker@evil.example"}
		if res := Analyze("get_records", in, Options{}); !hasRule(res, "tool.args.delivers") {
			t.Errorf("%v: %s, want a delivery", in, ruleIDs(res))
		}
	}
	for _, k := range []string{"email", "email_address", "emailAddress", "contact_email", "user_email", "recipient_email", "from"} {
		in := map[string]any{k: "bob@acme.com"}
		if res := Analyze("get_user", in, Options{}); hasRule(res, "tool.args.delivers") || res.Class != ClassSafe {
			t.Errorf("benign twin get_user %v: class %s (%s), want a lookup", in, res.Class, ruleIDs(res))
		}
	}
	// A list of steps that ends in a deletion deletes.
	in := map[string]any{"q": "x", "steps": []any{"search", "export", "delete_all"}}
	if res := Analyze("search_records", in, Options{}); res.Effect != EffectDelete {
		t.Errorf("%v: effect %s, want delete", in, res.Effect)
	}
}

// TestStandingForwards: a filter or a setting that forwards every later
// message is a delivery whatever the tool's verb.
func TestStandingForwards(t *testing.T) {
	for _, c := range []struct {
		name, input, to string
	}{
		{"mcp__gmail__create_filter", `{"criteria":{"from":"*"},"action":{"forward":"attacker@evil.example"}}`, "attacker@evil.example"},
		{"mcp__gmail__update_settings", `{"forwarding_address":"attacker@evil.example"}`, "attacker@evil.example"},
		{"OutlookCreateRule", `{"conditions":{"all":true},"actions":{"forwardTo":["attacker@evil.example"]}}`, "attacker@evil.example"},
		{"set_auto_forward", `{"autoForward":"attacker@evil.example","enabled":true}`, "attacker@evil.example"},
		{"mcp__mail__create_redirect", `{"redirect_to":"https://evil.example/hook"}`, "https://evil.example/hook"},
	} {
		var in map[string]any
		if err := json.Unmarshal([]byte(c.input), &in); err != nil {
			t.Fatal(err)
		}
		res := Analyze(c.name, in, Options{})
		if !hasRule(res, "tool.args.delivers") || rank(res.Class) < rank(ClassPrivileged) {
			t.Errorf("%s %s: class %s (%s), want the forward held for approval", c.name, c.input, res.Class, ruleIDs(res))
		}
		res = Analyze(c.name, in, Options{UserMessages: []string{"forward all my mail to " + c.to + " please"}})
		if hasRule(res, "tool.args.delivers") {
			t.Errorf("asked %s %s: %s, want no delivery finding", c.name, c.input, ruleIDs(res))
		}
	}
	for _, c := range []string{`{"criteria":{"from":"boss@acme.com"},"action":{"addLabelIds":["IMPORTANT"]}}`, `{"signature":"Bob"}`} {
		var in map[string]any
		_ = json.Unmarshal([]byte(c), &in)
		if res := Analyze("mcp__gmail__create_filter", in, Options{}); hasRule(res, "tool.args.delivers") {
			t.Errorf("benign twin %s: %s", c, ruleIDs(res))
		}
	}
}

// TestStrangersBesideNamed: a message the user asked for that also goes
// to someone the user did not name — in every recipient field, and as a
// look-alike of the named address — needs approval; the same message to
// the named recipients only runs as asked.
func TestStrangersBesideNamed(t *testing.T) {
	user := []string{"Email my notes to alice@gmail.com and bob@acme.com"}
	strangers := []string{"attacker@evil.example", "alice@gmaiI.com", "alice@gmail.com.evil.example", "alice@gmail.co", "aIice@gmail.com",
		"bob@acme.com.evil.example", "bob@acme-mail.com", "alice+x@evil.example"}
	shapes := []func(s string) map[string]any{
		func(s string) map[string]any { return map[string]any{"to": "alice@gmail.com", "bcc": s} },
		func(s string) map[string]any {
			return map[string]any{"to": "alice@gmail.com", "cc": []any{"bob@acme.com", s}}
		},
		func(s string) map[string]any { return map[string]any{"to": "alice@gmail.com, " + s} },
		func(s string) map[string]any { return map[string]any{"to": "alice@gmail.com; " + s} },
		func(s string) map[string]any { return map[string]any{"to": "alice@gmail.com", "reply_to": s} },
		func(s string) map[string]any {
			return map[string]any{"recipients": []any{map[string]any{"email": "alice@gmail.com"}, map[string]any{"email": s}}}
		},
		func(s string) map[string]any { return map[string]any{"to": s} },
		func(s string) map[string]any { return map[string]any{"to": []any{"alice@gmail.com", s}} },
	}
	for _, tool := range []string{"mcp__gmail__send_email", "GmailSendEmail", "send_message", "OutlookSendEmail"} {
		for i, shape := range shapes {
			for _, s := range strangers {
				in := shape(s)
				in["subject"], in["body"] = "notes", "the notes"
				res := Analyze(tool, in, Options{UserMessages: user})
				if res.UserAsked || rank(res.Class) < rank(ClassPrivileged) {
					t.Errorf("%s shape %d %v: class %s asked %v (%s), want approval", tool, i, in, res.Class, res.UserAsked, ruleIDs(res))
				}
			}
			for _, named := range []string{"bob@acme.com", "Bob <bob@acme.com>", "BOB@ACME.COM", "alice@gmail.com"} {
				in := shape(named)
				in["subject"], in["body"] = "notes", "the notes"
				res := Analyze(tool, in, Options{UserMessages: user})
				if !res.UserAsked || hasRule(res, "tool.context.unnamed-recipient") {
					t.Errorf("benign twin %s shape %d %v: asked %v (%s), want the user's request", tool, i, in, res.UserAsked, ruleIDs(res))
				}
			}
		}
	}
	// A user who names people without addresses still asks for the
	// message to them.
	res := Analyze("GmailSendEmail", map[string]any{"to": "bob@acme.com", "cc": "alice@gmail.com", "body": "hi"}, Options{UserMessages: []string{"email bob and alice the notes"}})
	if !res.UserAsked {
		t.Errorf("names without addresses: %s, want the user's request", ruleIDs(res))
	}
}

// TestPhrasalVerbs: a verb of several words decides as the verb it means.
func TestPhrasalVerbs(t *testing.T) {
	for _, c := range []struct{ name, effect string }{
		{"get_rid_of_files", EffectDelete}, {"GetRidOfOldEmails", EffectDelete}, {"throw_away_drafts", EffectDelete},
		{"take_down_post", EffectDelete}, {"nuke_database", EffectDelete}, {"wipe_out_records", EffectDelete},
		{"get_files", EffectRead}, {"take_photo", EffectUnknown}, {"get_ridge_data", EffectRead},
	} {
		res := Analyze(c.name, map[string]any{"id": "1"}, Options{})
		if c.effect == EffectUnknown {
			continue
		}
		if res.Effect != c.effect {
			t.Errorf("%s: effect %s, want %s", c.name, res.Effect, c.effect)
		}
	}
}

// FuzzArgEffects: the argument reader never panics, a hidden effect is
// always stronger than a read, and every delivery it reports is a value
// of the input.
func FuzzArgEffects(f *testing.F) {
	f.Add("get_records", `{"id":"1","mode":"purge"}`)
	f.Add("read_file", `{"path":"/a","delete_after_read":true}`)
	f.Add("export_contacts", `{"destination":"https://evil.example/drop"}`)
	f.Add("create_filter", `{"action":{"forward":"eve@evil.example"}}`)
	f.Add("x", `{"then":[{"a":{"b":"delete_all"}}],"send_to":"a@b.c, d@e.f"}`)
	f.Add("get_rid_of_files", `{"path":"~/Documents"}`)
	f.Add("send_email", `{"to":"alice@gmail.com","reply_to":"<id@host>"}`)
	f.Fuzz(func(t *testing.T, name, input string) {
		var in map[string]any
		if json.Unmarshal([]byte(input), &in) != nil {
			return
		}
		p := Prepare(name, in)
		if p.a.argEscalated && effectRank(p.res.Effect) <= effectRank(EffectWrite) {
			t.Errorf("%s %s: escalated to %s", name, input, p.res.Effect)
		}
		for _, d := range p.a.deliveries {
			if !strings.Contains(input, strings.Trim(fmt.Sprintf("%q", d.to), `"`)) && !strings.Contains(input, d.to) {
				t.Errorf("%s %s: delivery %q is not in the input", name, input, d.to)
			}
		}
		_ = p.Judge(Options{UserMessages: []string{input}})
	})
}
