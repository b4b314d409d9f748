// Package hookrun wires one hook call: the policy, the guard, the audit log
// and the session history around adapter.Run. Both `actionguard hook` and
// the lean `actionguard-hook` binary use it; it links only what a hook
// needs, because every linked package's initialisation runs on every call.
package hookrun

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/policy"
	"github.com/actionguard/actionguard/store"
)

// HistorySteps is how many earlier tool calls of a session a check sees.
const HistorySteps = 20

// Config is where a hook call finds its policy and audit log.
type Config struct {
	PolicyPath, ProjectPath string // empty: the defaults (see policy.Load)
	DBPath                  string // empty: $ACTIONGUARD_DB, $ACTIONGUARD_STATE_DIR, or store.DefaultPath
	NoAudit                 bool
	Getenv                  func(string) string
}

// Run handles one hook call for the adapter and returns the response. A
// policy that does not load does not let everything through: the built-in
// policy decides, and the problem is said on stderr.
func Run(ctx context.Context, ad adapter.Adapter, cfg Config, stdin io.Reader) adapter.Response {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	var warn []byte
	wd, _ := os.Getwd()
	p, err := policy.Load(policy.LoadOptions{UserPath: cfg.PolicyPath, ProjectPath: cfg.ProjectPath, Cwd: wd, Getenv: cfg.Getenv})
	if err != nil {
		warn = []byte("actionguard: the policy could not be loaded, the built-in policy decides: " + err.Error() + "\n")
		p = policy.Default()
	}
	opts := []guard.Option{guard.WithPolicy(p)}
	if h := cfg.Getenv("HOME"); h != "" {
		opts = append(opts, guard.WithHome(h))
	}
	rec := &Recorder{cfg: cfg}
	defer rec.Close()
	resp := adapter.Run(ctx, ad, guard.New(opts...), rec, stdin, adapter.Options{History: HistorySteps})
	resp.Stderr = append(warn, resp.Stderr...)
	return resp
}

// DBPath returns the audit database's path for cfg.
func DBPath(cfg Config) (string, error) {
	if cfg.DBPath != "" {
		return cfg.DBPath, nil
	}
	getenv := cfg.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	if p := getenv("ACTIONGUARD_DB"); p != "" {
		return p, nil
	}
	if d := getenv("ACTIONGUARD_STATE_DIR"); d != "" {
		return filepath.Join(d, store.FileName), nil
	}
	return store.DefaultPath()
}

// Recorder keeps a hook's decision in the audit log and the session's
// history in the store, opened on first use. It implements adapter.Recorder.
type Recorder struct {
	cfg Config
	st  *store.SQLite
	err error
}

func (r *Recorder) open(ctx context.Context) (*store.SQLite, error) {
	if r.st != nil || r.err != nil {
		return r.st, r.err
	}
	if r.cfg.NoAudit {
		r.err = errors.New("the audit log is switched off (--no-audit)")
		return nil, r.err
	}
	path, err := DBPath(r.cfg)
	if err != nil {
		r.err = fmt.Errorf("finding the audit database: %w", err)
		return nil, r.err
	}
	r.st, r.err = store.Open(ctx, path)
	return r.st, r.err
}

// Close closes the store, if it was opened.
func (r *Recorder) Close() {
	if r.st != nil {
		r.st.Close()
	}
}

// Record implements adapter.Recorder.
func (r *Recorder) Record(a *guard.Action, d *guard.Decision, took time.Duration) error {
	if r.cfg.NoAudit {
		return nil
	}
	st, err := r.open(context.Background())
	if err != nil {
		return err
	}
	return audit.New(st).Append(context.Background(), RecordOf(a, d, took))
}

// History implements adapter.Recorder.
func (r *Recorder) History(ctx context.Context, session string, n int) ([]guard.Step, error) {
	st, err := r.open(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := st.RecentHistory(ctx, session, n)
	if err != nil {
		return nil, err
	}
	steps := make([]guard.Step, 0, len(rows))
	for _, h := range rows {
		s := guard.Step{Tool: h.Tool, Observation: h.Observation}
		if h.Input != "" {
			json.Unmarshal([]byte(h.Input), &s.Input)
		}
		steps = append(steps, s)
	}
	return steps, nil
}

// Observe implements adapter.Recorder: the step is stored with its secrets
// redacted.
func (r *Recorder) Observe(ctx context.Context, session string, step guard.Step) error {
	st, err := r.open(ctx)
	if err != nil {
		return err
	}
	in := []byte("{}")
	if step.Input != nil {
		if b, err := json.Marshal(step.Input); err == nil {
			in = audit.RedactJSON(b)
		}
	}
	return st.AppendHistory(ctx, session, store.HistoryStep{Tool: step.Tool, Input: string(in), Observation: audit.Redact(step.Observation)})
}

// RecordOf builds the audit record of a decision (the audit log redacts
// secrets from the action, the reason and the error as it appends).
func RecordOf(a *guard.Action, d *guard.Decision, took time.Duration) *audit.Record {
	raw, err := json.Marshal(a)
	if err != nil {
		raw = []byte(`{"error":"the action could not be encoded"}`)
	}
	rules := make([]string, 0, len(d.Findings))
	for _, f := range d.Findings {
		rules = append(rules, f.Rule)
	}
	return &audit.Record{
		SessionID: a.Context.SessionID, Agent: a.Context.Agent, Tool: a.Tool, Kind: string(d.Kind),
		Action: raw, Verdict: string(d.Verdict), Level: string(d.Level), Score: d.Score, Risk: d.Risk,
		Rules: rules, Reason: d.Reason, Error: d.Error, DurationMicros: took.Microseconds(),
	}
}
