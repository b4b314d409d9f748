package storetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// withContacts is the record of an e-mail that ran at min minutes after
// base and reached cs.
func withContacts(min int, cs ...audit.Contact) *audit.Record {
	r := decision("", "allow", "comm.email.send")
	r.Tool, r.Kind, r.Time, r.Contacts = "GmailSendEmail", audit.RanKind, base.Add(time.Duration(min)*time.Minute), cs
	return r
}

// testContactsOnlyFromRan: decisions teach the contact book nothing,
// whatever their verdict and however many; the records of sends that ran
// count.
func testContactsOnlyFromRan(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	target := audit.NewContact(audit.ContactRecipient, "collector@attacker.example")
	verdicts := []string{"allow", "notify", "confirm", "approve", "block"}
	kinds := []string{"email", "http", "tool", "shell", ""}
	var batch []*audit.Record
	for i := range 1000 {
		// A check, check --jsonl, eval --guard or a held call: a decision
		// that names the contact, in batches and one by one.
		r := decision("", verdicts[i%len(verdicts)], "tool.send.message")
		r.Tool, r.Kind, r.Time = "send_email", kinds[i%len(kinds)], base.Add(time.Duration(i)*time.Second)
		r.Contacts = []audit.Contact{target}
		if i%100 == 0 {
			if err := audit.New(st).Append(ctx, r); err != nil {
				t.Fatal(err)
			}
			continue
		}
		batch = append(batch, r)
	}
	appendAll(t, st, batch...)
	if got := counts(t, st, target.Key); got[target.Key] != 0 {
		t.Fatalf("after 1,000 decisions that were never run, the contact counts %d interactions, want 0", got[target.Key])
	}
	if cs, err := st.Contacts(ctx, 0); err != nil || len(cs) != 0 {
		t.Errorf("Contacts after decisions only = %v, %v; want none", cs, err)
	}
	ran := 3
	for i := range ran {
		if err := audit.New(st).Append(ctx, withContacts(2000+i, target)); err != nil {
			t.Fatal(err)
		}
	}
	if got := counts(t, st, target.Key); got[target.Key] != ran {
		t.Errorf("after %d sends that ran, the contact counts %d, want %d", ran, got[target.Key], ran)
	}
}

var (
	alice = audit.NewContact(audit.ContactRecipient, "alice@example.com")
	// aliceAgain is alice written otherwise: the same key.
	aliceAgain = audit.NewContact(audit.ContactRecipient, "Alice <ALICE@example.com>")
	bob        = audit.NewContact(audit.ContactRecipient, "bob@example.com")
	carol      = audit.NewContact(audit.ContactRecipient, "+1 (555) 010-2030")
	shop       = audit.NewContact(audit.ContactPayee, "Corner Shop Ltd")
)

func counts(t *testing.T, st store.Store, keys ...string) map[string]int {
	t.Helper()
	got, err := st.ContactCounts(context.Background(), keys)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func testContactsLearned(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	if aliceAgain.Key != alice.Key {
		t.Fatalf("the contact key does not normalise addresses: %s, %s", alice.Key, aliceAgain.Key)
	}
	if got := counts(t, st, alice.Key); len(got) != 0 {
		t.Errorf("ContactCounts on an empty book = %v", got)
	}
	appendAll(t, st,
		withContacts(1, alice, bob),
		withContacts(2, alice),
		decision("", "allow"),
		withContacts(3, alice, aliceAgain, shop), // one interaction with alice, however written
	)
	want := map[string]int{alice.Key: 3, bob.Key: 1, shop.Key: 1}
	if d := diff(want, counts(t, st, alice.Key, bob.Key, shop.Key, carol.Key, "")); d != "" {
		t.Errorf("ContactCounts (-want +got):\n%s", d)
	}
	// A single append counts too; one that fails counts nothing.
	if err := audit.New(st).Append(ctx, withContacts(4, bob)); err != nil {
		t.Fatal(err)
	}
	sealErr := errors.New("seal refuses")
	err := st.AppendAuditBatch(ctx, []*audit.Record{withContacts(5, bob, carol)}, func(*audit.Record, audit.Tip) error { return sealErr })
	if !errors.Is(err, sealErr) {
		t.Errorf("AppendAuditBatch with a failing seal = %v, want its error", err)
	}
	want[bob.Key] = 2
	if d := diff(want, counts(t, st, alice.Key, bob.Key, shop.Key, carol.Key)); d != "" {
		t.Errorf("ContactCounts after a failed append (-want +got):\n%s", d)
	}
	// Many keys at once.
	keys := []string{alice.Key}
	for i := range 1200 {
		keys = append(keys, audit.ContactKey(audit.ContactRecipient, fmt.Sprintf("u%d@example.com", i)))
	}
	keys = append(keys, bob.Key)
	if d := diff(map[string]int{alice.Key: 3, bob.Key: 2}, counts(t, st, keys...)); d != "" {
		t.Errorf("ContactCounts of 1,202 keys (-want +got):\n%s", d)
	}
	if got := counts(t, st); len(got) != 0 {
		t.Errorf("ContactCounts of no keys = %v", got)
	}

	book, err := st.Contacts(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	at := func(min int) time.Time { return base.Add(time.Duration(min) * time.Minute) }
	wantBook := []store.Contact{
		{Contact: alice, Interactions: 3, First: at(1), Last: at(3), Source: store.SourceLearned},
		{Contact: bob, Interactions: 2, First: at(1), Last: at(4), Source: store.SourceLearned},
		{Contact: shop, Interactions: 1, First: at(3), Last: at(3), Source: store.SourceLearned},
	}
	if d := diff(wantBook, book); d != "" {
		t.Errorf("Contacts (-want +got):\n%s", d)
	}
	for _, c := range book {
		if strings.Contains(c.Display, "alice@") || strings.Contains(c.Key, "@") {
			t.Errorf("the contact book keeps an address in the clear: %+v", c)
		}
	}
}

func testContactsImport(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	appendAll(t, st, withContacts(1, alice, bob), withContacts(2, alice), withContacts(3, alice))
	first, last := base.Add(-30*24*time.Hour), base.Add(-24*time.Hour)
	n, err := st.ImportContacts(ctx, []store.Contact{
		{Contact: alice, Interactions: 1},                                  // known, with more: keeps 3
		{Contact: bob, Interactions: 10, Last: base.Add(10 * time.Minute)}, // known, with fewer: gets 10
		{Contact: carol, Interactions: 7, First: first, Last: last},        // new
		{Contact: carol, Interactions: 2},                                  // listed twice
		{Contact: shop, Interactions: -4},                                  // new, no interactions
	})
	if err != nil || n != 2 {
		t.Errorf("ImportContacts = %d, %v; want 2 new", n, err)
	}
	want := map[string]int{alice.Key: 3, bob.Key: 10, carol.Key: 7, shop.Key: 0}
	if d := diff(want, counts(t, st, alice.Key, bob.Key, carol.Key, shop.Key)); d != "" {
		t.Errorf("ContactCounts after an import (-want +got):\n%s", d)
	}
	if n, err := st.ImportContacts(ctx, []store.Contact{{Contact: carol, Interactions: 1}}); err != nil || n != 0 {
		t.Errorf("importing a known contact again = %d, %v; want 0 new", n, err)
	}
	// A contact without a key fails the whole import.
	dave := audit.NewContact(audit.ContactRecipient, "dave@example.com")
	if _, err := st.ImportContacts(ctx, []store.Contact{{Contact: dave, Interactions: 1}, {Interactions: 3}}); err == nil {
		t.Errorf("importing a contact without a key succeeded")
	}
	if got := counts(t, st, dave.Key); len(got) != 0 {
		t.Errorf("a failed import added %v", got)
	}
	// Learning goes on from an imported count.
	appendAll(t, st, withContacts(20, carol))

	book, err := st.Contacts(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantBook := []store.Contact{
		{Contact: bob, Interactions: 10, First: base.Add(time.Minute), Last: base.Add(10 * time.Minute), Source: store.SourceLearned},
		{Contact: carol, Interactions: 8, First: first, Last: base.Add(20 * time.Minute), Source: store.SourceImport},
		{Contact: alice, Interactions: 3, First: base.Add(time.Minute), Last: base.Add(3 * time.Minute), Source: store.SourceLearned},
		{Contact: shop, Interactions: 0, Source: store.SourceImport},
	}
	if d := diff(wantBook, book); d != "" {
		t.Errorf("Contacts, most interactions first (-want +got):\n%s", d)
	}
	top, err := st.Contacts(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if d := diff(wantBook[:2], top); d != "" {
		t.Errorf("Contacts(2) (-want +got):\n%s", d)
	}

	// An import names a contact the book already has: the name the file
	// gives replaces the one shown; an import without a name keeps it.
	named := carol
	named.Display = "Carol Example"
	if _, err := st.ImportContacts(ctx, []store.Contact{{Contact: named, Named: true, Interactions: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.ImportContacts(ctx, []store.Contact{{Contact: carol, Interactions: 1}}); err != nil {
		t.Fatal(err)
	}
	book, err = st.Contacts(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range book {
		if c.Key == carol.Key && (c.Display != "Carol Example" || c.Interactions != 8) {
			t.Errorf("after importing a name for a known contact: %+v, want it shown as Carol Example with 8 interactions", c)
		}
	}
	// The guard reads the recipients' names (a payee's is not one).
	names, err := st.ContactNames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if names[carol.Key] != "Carol Example" || names[alice.Key] != alice.Display || names[shop.Key] != "" {
		t.Errorf("ContactNames = %v, want Carol Example for carol, alice's masked display, no payee", names)
	}
}

func testTokens(t *testing.T, open func(*testing.T) store.Store) {
	ctx := context.Background()
	st := open(t)
	created := now().Add(-time.Hour)
	ci := store.Token{ID: "tok-ci0001", Name: "ci", Hash: strings.Repeat("a", 64), Created: created}
	ops := store.Token{ID: "tok-ops001", Name: "ops", Hash: strings.Repeat("b", 64), Created: created.Add(time.Minute)}
	for _, tok := range []store.Token{ops, ci} {
		if err := st.CreateToken(ctx, tok); err != nil {
			t.Fatalf("CreateToken(%s): %v", tok.Name, err)
		}
	}
	for _, dup := range []store.Token{
		{ID: ci.ID, Name: "other", Hash: strings.Repeat("c", 64)},
		{ID: "tok-other1", Name: ci.Name, Hash: strings.Repeat("d", 64)},
	} {
		if err := st.CreateToken(ctx, dup); !errors.Is(err, store.ErrTokenExists) {
			t.Errorf("CreateToken(%+v) with a taken id or name: %v, want ErrTokenExists", dup, err)
		}
	}
	for _, bad := range []store.Token{{Name: "x", Hash: "e"}, {ID: "tok-x", Hash: "e"}, {ID: "tok-x", Name: "x"}} {
		if err := st.CreateToken(ctx, bad); err == nil || errors.Is(err, store.ErrTokenExists) {
			t.Errorf("CreateToken(%+v) = %v, want it refused as incomplete", bad, err)
		}
	}

	before := now()
	got, err := st.TokenByHash(ctx, ci.Hash)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != ci.ID || got.Name != ci.Name || !got.Created.Equal(created) || got.LastUsed.Before(before) || got.LastUsed.After(now().Add(time.Second)) {
		t.Errorf("TokenByHash = %+v; want %s, used now (%v)", got, ci.Name, before)
	}
	// Stamped, and a minute is not up: the stamp stays.
	again, err := st.TokenByHash(ctx, ci.Hash)
	if err != nil || !again.LastUsed.Equal(got.LastUsed) {
		t.Errorf("TokenByHash again: last used %v (%v), want %v", again.LastUsed, err, got.LastUsed)
	}
	for _, h := range []string{"", strings.Repeat("f", 64)} {
		if _, err := st.TokenByHash(ctx, h); !errors.Is(err, store.ErrNoToken) {
			t.Errorf("TokenByHash(%q): %v, want ErrNoToken", h, err)
		}
	}

	rev, err := st.RevokeToken(ctx, "ci") // by name
	if err != nil || rev.ID != ci.ID || rev.Revoked.IsZero() {
		t.Errorf("RevokeToken(ci) = %+v, %v", rev, err)
	}
	if _, err := st.TokenByHash(ctx, ci.Hash); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("TokenByHash of a revoked token: %v, want ErrNoToken", err)
	}
	if _, err := st.RevokeToken(ctx, "ci"); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("revoking twice: %v, want ErrNoToken", err)
	}
	if _, err := st.RevokeToken(ctx, "nobody"); !errors.Is(err, store.ErrNoToken) {
		t.Errorf("revoking an unknown token: %v, want ErrNoToken", err)
	}
	if rev, err := st.RevokeToken(ctx, ops.ID); err != nil || rev.Name != "ops" { // by id
		t.Errorf("RevokeToken(%s) = %+v, %v", ops.ID, rev, err)
	}

	list, err := st.Tokens(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != ci.ID || list[1].ID != ops.ID {
		t.Fatalf("Tokens = %+v, want ci then ops (oldest first)", list)
	}
	if list[0].Revoked.IsZero() || list[1].Revoked.IsZero() || !list[0].LastUsed.Equal(got.LastUsed) || !list[1].LastUsed.IsZero() {
		t.Errorf("Tokens = %+v; want both revoked, ci used at %v", list, got.LastUsed)
	}
	if list[0].Hash != ci.Hash {
		t.Errorf("Tokens lost the hash: %q", list[0].Hash)
	}
}

func testCancelled(t *testing.T, open func(*testing.T) store.Store) {
	st := open(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	checks := map[string]error{}
	checks["OpenApproval"] = st.OpenApproval(ctx, request("ap-cancel1", now(), "s", "h"))
	_, checks["Approvals"] = st.Approvals(ctx, true)
	_, checks["QueryAudit"] = st.QueryAudit(ctx, store.AuditFilter{})
	_, checks["ContactCounts"] = st.ContactCounts(ctx, []string{alice.Key})
	checks["CreateToken"] = st.CreateToken(ctx, store.Token{ID: "tok-c", Name: "c", Hash: "h"})
	_, checks["ConsumeApproval"] = st.ConsumeApproval(ctx, "ap-cancel1", time.Time{})
	for name, err := range checks {
		if err == nil {
			t.Errorf("%s with a cancelled context succeeded", name)
		}
	}
	bg := context.Background()
	if _, err := st.Approval(bg, "ap-cancel1"); !errors.Is(err, approval.ErrNotFound) {
		t.Errorf("a cancelled OpenApproval stored the request: %v", err)
	}
	if list, err := st.Tokens(bg); err != nil || len(list) != 0 {
		t.Errorf("a cancelled CreateToken stored a token: %v, %v", list, err)
	}
}
