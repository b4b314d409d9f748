package learn

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/actionguard/actionguard/internal/atomicfile"
	"github.com/actionguard/actionguard/internal/lockfile"
)

// TrustDirName is the trust store's directory in the state directory: one
// file per project (trust/<hash of the project>.json), so that a check
// reads only its own project's patterns.
const TrustDirName = "trust"

// Bounds on the trust store.
const (
	maxTrustFile      = 4 << 20
	maxPerProject     = 500
	maxExampleLength  = 300
	DefaultTrustAfter = 3
)

// DefaultTrustExpiry is how long trust lasts after the last approval or use.
const DefaultTrustExpiry = 30 * 24 * time.Hour

// TrustOptions tune a Trust store.
type TrustOptions struct {
	// After is how many approvals a pattern needs: trusted when approved
	// more than After times (seed 002: frequency > 3).
	After int
	// Expiry is how long trust lasts after its last approval or use.
	Expiry time.Duration
	// Now is the clock (tests); nil is time.Now.
	Now func() time.Time
}

// Entry is what the store knows of one pattern in one project.
type Entry struct {
	Project string    `json:"project"`
	Pattern string    `json:"pattern"`
	Count   int       `json:"count"`
	First   time.Time `json:"first"`
	Last    time.Time `json:"last"`           // the last approval
	Used    time.Time `json:"used,omitzero"`  // the last time trust let it run
	Since   time.Time `json:"since,omitzero"` // when it became trusted
	Revoked time.Time `json:"revoked,omitzero"`
	Example string    `json:"example,omitempty"`
	Trusted bool      `json:"trusted"`          // computed, not stored
	Expires time.Time `json:"expires,omitzero"` // computed
	Needs   int       `json:"needs,omitempty"`  // approvals still needed, computed
	// Never: the pattern names what is asked about every time (a
	// credential, the control plane, a path outside the workspace):
	// approvals are counted but never make it trusted. Computed.
	Never bool `json:"never,omitempty"`
}

// Trust is the store of approvals and trust, kept in trust.json. It is
// safe for use by many processes at once.
type Trust struct {
	dir string
	opt TrustOptions
}

// OpenTrust returns the trust store in dir.
func OpenTrust(dir string, opt TrustOptions) *Trust {
	if opt.After <= 0 {
		opt.After = DefaultTrustAfter
	}
	if opt.Expiry <= 0 {
		opt.Expiry = DefaultTrustExpiry
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Trust{dir: filepath.Join(dir, TrustDirName), opt: opt}
}

// Path is the file of a project's patterns.
func (t *Trust) Path(project string) string {
	sum := sha256.Sum256([]byte(project))
	return filepath.Join(t.dir, hex.EncodeToString(sum[:10])+".json")
}

// ErrDangerous is returned by RecordApproval for an approval of a
// DANGEROUS action: it never counts toward trust.
var ErrDangerous = errors.New("an approval of a DANGEROUS action never counts toward trust")

type trustFile struct {
	Version int      `json:"version"`
	Entries []*Entry `json:"entries"`
}

// RecordApproval counts a person's approval of a call with this pattern in
// this project and returns the entry as it now stands. An approval of a
// dangerous call is refused (ErrDangerous): the store never holds a trusted
// dangerous pattern.
func (t *Trust) RecordApproval(project, pattern, example string, dangerous bool) (Entry, error) {
	if dangerous {
		return Entry{}, ErrDangerous
	}
	if project == "" || pattern == "" {
		return Entry{}, errors.New("recording an approval: no project or no pattern")
	}
	var out Entry
	err := t.update(project, func(f *trustFile) {
		now := t.opt.Now().UTC()
		e := find(f, project, pattern)
		if e == nil {
			e = &Entry{Project: project, Pattern: pattern, First: now}
			f.Entries = append(f.Entries, e)
		}
		if !e.Revoked.IsZero() {
			e.Count = 0 // the first approval since the revocation starts the count again
			e.Revoked = time.Time{}
			e.Since = time.Time{}
		}
		e.Count++
		e.Last = now
		e.Example = truncate(example, maxExampleLength)
		if e.Count > t.opt.After && e.Since.IsZero() {
			e.Since = now
		}
		evict(f, project)
		out = t.view(*e)
	})
	return out, err
}

// Lookup returns the entry of a pattern in a project, and whether it is
// trusted now: approved more than After times, not revoked, not expired.
func (t *Trust) Lookup(project, pattern string) (Entry, bool, error) {
	f, err := t.read(project)
	if err != nil {
		return Entry{}, false, err
	}
	e := find(f, project, pattern)
	if e == nil {
		return Entry{Project: project, Pattern: pattern, Needs: t.opt.After + 1}, false, nil
	}
	v := t.view(*e)
	return v, v.Trusted, nil
}

// MarkUsed notes that trust let the pattern run now: trust lasts Expiry
// after its last approval or use.
func (t *Trust) MarkUsed(project, pattern string) error {
	return t.update(project, func(f *trustFile) {
		if e := find(f, project, pattern); e != nil {
			e.Used = t.opt.Now().UTC()
		}
	})
}

// List returns the entries of a project ("" for every project), most
// recently approved first.
func (t *Trust) List(project string) ([]Entry, error) {
	files := []string{t.Path(project)}
	if project == "" {
		files, _ = filepath.Glob(filepath.Join(t.dir, "*.json"))
	}
	var out []Entry
	var errs []error
	for _, path := range files {
		f, err := readJSONFile[trustFile](path, maxTrustFile)
		if err != nil {
			errs = append(errs, err)
		}
		for _, e := range f.Entries {
			if project == "" || e.Project == project {
				out = append(out, t.view(*e))
			}
		}
	}
	if len(errs) > 0 {
		return out, errors.Join(errs...)
	}
	slices.SortFunc(out, func(a, b Entry) int { return b.Last.Compare(a.Last) })
	return out, nil
}

// Revoke withdraws the trust of a pattern in a project (pattern "" : every
// pattern of the project): it must be approved After+1 times again. It
// returns how many entries were revoked.
func (t *Trust) Revoke(project, pattern string) (int, error) {
	n := 0
	err := t.update(project, func(f *trustFile) {
		now := t.opt.Now().UTC()
		for _, e := range f.Entries {
			if e.Project == project && (pattern == "" || e.Pattern == pattern) && e.Revoked.IsZero() {
				e.Revoked, e.Since = now, time.Time{}
				n++
			}
		}
	})
	return n, err
}

// view fills the computed fields of an entry.
func (t *Trust) view(e Entry) Entry {
	now := t.opt.Now()
	revoked := !e.Revoked.IsZero() && !e.Last.After(e.Revoked)
	last := e.Last
	if e.Used.After(last) {
		last = e.Used
	}
	e.Expires = last.Add(t.opt.Expiry)
	count := e.Count
	if revoked {
		count = 0
	}
	e.Never = !Trustable(e.Pattern)
	e.Trusted = !e.Never && !revoked && count > t.opt.After && now.Before(e.Expires)
	if e.Never {
		e.Needs, e.Since = 0, time.Time{}
	} else if !e.Trusted {
		e.Needs = max(t.opt.After+1-count, 0)
		if e.Needs == 0 {
			e.Needs = 1 // expired: one approval renews it
		}
		e.Since = time.Time{}
	}
	return e
}

func find(f *trustFile, project, pattern string) *Entry {
	for _, e := range f.Entries {
		if e.Project == project && e.Pattern == pattern {
			return e
		}
	}
	return nil
}

// evict keeps at most maxPerProject entries of a project, dropping the
// least recently approved.
func evict(f *trustFile, project string) {
	var mine []*Entry
	for _, e := range f.Entries {
		if e.Project == project {
			mine = append(mine, e)
		}
	}
	if len(mine) <= maxPerProject {
		return
	}
	slices.SortFunc(mine, func(a, b *Entry) int { return a.Last.Compare(b.Last) })
	drop := map[*Entry]bool{}
	for _, e := range mine[:len(mine)-maxPerProject] {
		drop[e] = true
	}
	f.Entries = slices.DeleteFunc(f.Entries, func(e *Entry) bool { return drop[e] })
}

// read reads the store; a missing file is an empty store, a corrupt one is
// set aside (trust.json.corrupt-<time>) and reported.
func (t *Trust) read(project string) (*trustFile, error) {
	return readJSONFile[trustFile](t.Path(project), maxTrustFile)
}

// update applies change to the store under an exclusive lock and writes it
// back atomically.
func (t *Trust) update(project string, change func(*trustFile)) error {
	return lockedUpdate(t.Path(project), maxTrustFile, change)
}

// readJSONFile reads a JSON store; missing is empty, corrupt is set aside.
func readJSONFile[T any](path string, limit int64) (*T, error) {
	v := new(T)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return v, nil
	}
	if err != nil {
		return v, err
	}
	if int64(len(data)) > limit || json.Unmarshal(data, v) != nil {
		aside := fmt.Sprintf("%s.corrupt-%d", path, time.Now().Unix())
		os.Rename(path, aside)
		return new(T), fmt.Errorf("%s was corrupt and is set aside as %s; starting afresh", path, aside)
	}
	return v, nil
}

// lockWait bounds the wait for a store's lock: one held for ever by
// another program fails the update instead of holding the hook call.
const lockWait = 3 * time.Second

// lockedUpdate read-modify-writes a JSON store under flock on path.lock.
func lockedUpdate[T any](path string, limit int64, change func(*T)) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	lf, err := os.OpenFile(path+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer lf.Close()
	if err := lockfile.ExclusiveWithin(lf, lockWait); err != nil {
		return err
	}
	defer lockfile.Unlock(lf)
	v, rerr := readJSONFile[T](path, limit)
	change(v)
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return err
	}
	return rerr // a corrupt file was replaced: say so
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
