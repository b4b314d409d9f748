package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
)

// An approver token decides only when its creation is in the audit log
// (GrantRecord, appended by `actionguard tokens create --scope approver`):
// a tokens row written into the database by anything else — an agent's
// sqlite3 — reads and checks, but decides nothing.

// GrantRecord is the audit record of a token created with the approver
// scope: what the server looks for before the token decides.
func GrantRecord(t store.Token) *audit.Record {
	action, _ := json.Marshal(map[string]any{"tool": "actionguard tokens create", "input": map[string]string{"id": t.ID, "name": t.Name, "scope": t.Scope}})
	return &audit.Record{Tool: "actionguard tokens create", Action: action, Verdict: "allow", Rules: []string{},
		Reason: fmt.Sprintf("token %s (%s) created with scope %s (grant %s)", t.ID, t.Name, t.Scope, grantTag(t))}
}

// grantTag ties a grant record to exactly one token: its id, name, secret's
// hash and scope.
func grantTag(t store.Token) string {
	sum := sha256.Sum256([]byte("actionguard grant\x00" + t.ID + "\x00" + t.Name + "\x00" + t.Hash + "\x00" + t.Scope))
	return hex.EncodeToString(sum[:16])
}

// grantWindow is how long after a token's creation its grant record may be
// appended.
const grantWindow = 10 * time.Minute

var errGranted = errors.New("found")

// granted reports whether t's approver scope is recorded in the audit log;
// a token found once is remembered.
func (a *authenticator) granted(ctx context.Context, t store.Token) (bool, error) {
	a.mu.Lock()
	ok := a.grants[t.ID] == t.Hash
	a.mu.Unlock()
	if ok {
		return true, nil
	}
	want := " (grant " + grantTag(t) + ")"
	var key []byte
	if ks, ok := a.st.(audit.KeySource); ok {
		key, _ = ks.AuditKey(false)
	}
	err := a.st.ScanAudit(ctx, audit.Query{Since: t.Created.Add(-time.Minute), Until: t.Created.Add(grantWindow)}, func(r audit.Record) error {
		if r.Verdict == "allow" && strings.HasPrefix(r.Reason, "token "+t.ID+" ") && strings.HasSuffix(r.Reason, want) && r.HashOK(key) {
			return errGranted
		}
		return nil
	})
	switch {
	case errors.Is(err, errGranted):
		a.mu.Lock()
		if a.grants == nil || len(a.grants) >= maxCachedTokens {
			a.grants = map[string]string{}
		}
		a.grants[t.ID] = t.Hash
		a.mu.Unlock()
		return true, nil
	case err != nil:
		return false, err
	}
	return false, nil
}
