package hookrun

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/actionguard/actionguard/analyze/privacy"
	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
	"github.com/actionguard/actionguard/internal/lockfile"
)

// A session's history (the tool calls it made, their outputs, the user's
// prompts) is kept in a file of its own beside the audit database:
// sessions/<hash of the session id>.jsonl, one step a line, written with a
// locked O_APPEND write. Reading it costs a hook call a file read instead
// of opening the database.

// maxHistoryRead bounds how much of the end of a session file a check
// reads; firstHistoryRead is what it reads first, enough when it holds
// wantHistoryLines lines (a decision and an output for each of the
// HistorySteps calls, and the user's prompts).
const (
	maxHistoryRead   = 256 << 10
	firstHistoryRead = 32 << 10
	wantHistoryLines = 2*HistorySteps + 8
)

// A session file holds two kinds of line: a call's decision, written when
// the hook decides on it (phase "pre"), and what the call returned, written
// after it ran (no phase). Reading the file pairs them up by the agent's
// call id, or by tool and input: a call decided and then seen running ran;
// one held for a person that never ran while the session went on was
// declined; one blocked did not run.
type sessionStep struct {
	Time        time.Time      `json:"time"`
	Phase       string         `json:"phase,omitempty"` // "pre": the decision on a call
	ID          string         `json:"id,omitempty"`
	Tool        string         `json:"tool"`
	Input       map[string]any `json:"input,omitempty"`
	Observation string         `json:"observation,omitempty"`
	// Fingerprints stand for the personal data and secrets the
	// observation held before it was redacted.
	Fingerprints []string `json:"fp,omitempty"`
	Failed       bool     `json:"failed,omitempty"`
	// The decision on the call (phase "pre").
	Verdict   string   `json:"verdict,omitempty"`
	Level     string   `json:"level,omitempty"`
	Asked     bool     `json:"asked,omitempty"` // the agent put the call to the person
	Pattern   string   `json:"pattern,omitempty"`
	Project   string   `json:"project,omitempty"`
	Anomalies []string `json:"anomalies,omitempty"`
	// Contacts the call reaches (keys and masked forms), counted once it
	// is seen running.
	Contacts []audit.Contact `json:"contacts,omitempty"`
}

// Phases of a session line.
const phasePre = "pre"

// sessionPath is the history file of a session.
func sessionPath(dbPath, session string) string {
	sum := sha256.Sum256([]byte(session))
	return filepath.Join(filepath.Dir(dbPath), "sessions", hex.EncodeToString(sum[:12])+".jsonl")
}

// appendSession adds a step (redacted) to a session's history, with the
// fingerprints of what the redaction hides under key.
func appendSession(path string, key []byte, step guard.Step) error {
	in := step.Input
	if red := redactInput(in); red != nil {
		in = red
	}
	// One scan of the observation serves both its fingerprints and its redaction.
	found := privacy.Detect(step.Observation)
	var fps []string
	if key != nil {
		fps = privacy.FingerprintsOf(key, step.Observation, found)
		// Who sent the messages it shows: "reply to the landlord" names
		// the sender once the addresses are masked (privacy.Refers).
		fps = append(fps, privacy.SenderFingerprints(key, step.Observation)...)
	}
	obs := audit.RedactOutput(audit.RedactDetected(step.Observation, found))
	if cmd, _ := step.Input["command"].(string); cmd != "" {
		// The output often repeats the command (set -x, an error that
		// quotes it), inside JSON the pattern rules do not read as a
		// command line: its passwords go wherever they appear.
		obs = maskValues(obs, shell.SecretValues(cmd))
	}
	return appendLine(path, sessionStep{Time: time.Now().UTC(), ID: step.ID, Tool: step.Tool, Input: in, Observation: obs,
		Fingerprints: fps, Failed: step.Outcome == guard.OutcomeFailed})
}

// redactInput is a call's input with its secrets redacted, as the session
// file keeps it.
func redactInput(in map[string]any) map[string]any {
	if in == nil {
		return nil
	}
	b, err := json.Marshal(in)
	if err != nil {
		return nil
	}
	var red map[string]any
	if json.Unmarshal(audit.RedactJSON(b), &red) != nil {
		return nil
	}
	return red
}

// maxDecisionInput bounds the input a decision line keeps: the history
// needs what a call did (its command, its file, its URL), not a whole
// here-document, and redacting a large input twice a call costs the hook.
const maxDecisionInput = 4 << 10

// boundInput returns in, or, when its strings add up to more than
// maxDecisionInput, a copy with each long string cut.
func boundInput(in map[string]any) map[string]any {
	total := 0
	for _, v := range in {
		if s, ok := v.(string); ok {
			total += len(s)
		} else {
			total += 64
		}
	}
	if total <= maxDecisionInput {
		return in
	}
	out := make(map[string]any, len(in))
	for k, v := range in {
		switch x := v.(type) {
		case string:
			if len(x) > maxDecisionInput/4 {
				cut := maxDecisionInput / 4
				for cut > 0 && x[cut]&0xC0 == 0x80 {
					cut--
				}
				x = x[:cut] + "…"
			}
			out[k] = x
		case map[string]any, []any:
			// Nested values are left out of a large input.
		default:
			out[k] = x
		}
	}
	return out
}

// sessionLockWait bounds the wait for a session file's lock (see
// lockfile.SharedWithin).
const sessionLockWait = 2 * time.Second

// appendLine appends one line to a session file.
func appendLine(path string, st sessionStep) error {
	line, err := json.Marshal(st)
	if err != nil {
		return err
	}
	line = append(line, '\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := lockfile.SharedWithin(f, sessionLockWait); err != nil {
		return err
	}
	defer lockfile.Unlock(f)
	_, err = f.Write(line)
	return err
}

// readSession returns the last n steps of a session, oldest first, with
// what became of each call (guard.Step.Outcome).
func readSession(path string, n int) ([]guard.Step, error) {
	lines, err := readSessionLines(path)
	if err != nil {
		return nil, err
	}
	steps := pairSteps(lines)
	if len(steps) > n {
		steps = steps[len(steps)-n:]
	}
	return steps, nil
}

// readSessionLines reads the lines of the end of a session file (at most
// maxHistoryRead bytes), oldest first; a line cut off by a killed writer
// is skipped.
func readSessionLines(path string) ([]sessionStep, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	data, start, err := readTail(f, fi.Size())
	if err != nil {
		return nil, err
	}
	if start > 0 {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:] // the first line is cut by the window
		}
	}
	raw := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	if len(raw) > wantHistoryLines {
		raw = raw[len(raw)-wantHistoryLines:]
	}
	out := make([]sessionStep, 0, len(raw))
	for _, l := range raw {
		var s sessionStep
		if len(l) == 0 || json.Unmarshal(l, &s) != nil {
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

// readTail reads the end of a file of size bytes: firstHistoryRead bytes,
// enough when they hold wantHistoryLines lines, else up to maxHistoryRead,
// reading only the part before what it already has. start is where data
// begins in the file.
func readTail(f io.ReaderAt, size int64) (data []byte, start int64, err error) {
	start = max(size-firstHistoryRead, 0)
	data = make([]byte, size-start)
	if _, err := f.ReadAt(data, start); err != nil && !(errors.Is(err, io.EOF) && len(data) == 0) {
		return nil, 0, err
	}
	if start == 0 || bytes.Count(data, []byte("\n")) >= wantHistoryLines {
		return data, start, nil
	}
	from := max(size-maxHistoryRead, 0)
	all := make([]byte, size-from)
	copy(all[start-from:], data)
	if _, err := f.ReadAt(all[:start-from], from); err != nil {
		return nil, 0, err
	}
	return all, from, nil
}

// pairSteps turns session lines into steps: a decision and the output of
// the same call make one step.
func pairSteps(lines []sessionStep) []guard.Step {
	steps := make([]guard.Step, 0, len(lines))
	asked := make([]bool, 0, len(lines)) // asked[i]: the agent put step i to the person
	open := map[int]bool{}               // steps from a decision whose output has not come
	for _, l := range lines {
		if l.Phase == phasePre {
			st := guard.Step{ID: l.ID, Tool: l.Tool, Input: l.Input, Level: guard.Level(l.Level), Time: l.Time, Anomalies: l.Anomalies}
			switch l.Verdict {
			case string(guard.Block):
				st.Outcome = guard.OutcomeBlocked
			case string(guard.Confirm), string(guard.Approve):
				st.Outcome = guard.OutcomePending
			}
			// A call held earlier that never ran while the session went
			// on: the person declined it (when the agent asked).
			for i := range open {
				if steps[i].Outcome == guard.OutcomePending && asked[i] {
					steps[i].Outcome = guard.OutcomeDeclined
					delete(open, i)
				}
			}
			if st.Outcome != guard.OutcomeBlocked {
				open[len(steps)] = true
			}
			steps = append(steps, st)
			asked = append(asked, l.Asked)
			continue
		}
		if i, ok := matchOpen(steps, open, l.ID, l.Tool, l.Input); ok {
			s := &steps[i]
			if s.Outcome == guard.OutcomePending && asked[i] && s.Level == guard.Dangerous && !slices.Contains(s.Anomalies, guard.AnomalyDangerousApproved) {
				// Held, put to the person, and it ran: they approved it.
				s.Anomalies = append(slices.Clip(s.Anomalies), guard.AnomalyDangerousApproved)
			}
			s.Observation, s.Fingerprints, s.Outcome = l.Observation, l.Fingerprints, ""
			if l.Failed {
				s.Outcome = guard.OutcomeFailed
			}
			delete(open, i)
			continue
		}
		st := guard.Step{ID: l.ID, Tool: l.Tool, Input: l.Input, Observation: l.Observation, Fingerprints: l.Fingerprints, Time: l.Time}
		if l.Failed {
			st.Outcome = guard.OutcomeFailed
		}
		steps = append(steps, st)
		asked = append(asked, false)
	}
	return steps
}

// matchOpen finds the open step an output belongs to: the same call id,
// else the latest with the same tool and input.
func matchOpen(steps []guard.Step, open map[int]bool, id, tool string, in map[string]any) (int, bool) {
	best := -1
	for i := range open {
		s := &steps[i]
		if id != "" && s.ID != "" {
			if s.ID == id {
				return i, true
			}
			continue
		}
		if s.Tool == tool && sameJSON(s.Input, in) && i > best {
			best = i
		}
	}
	return best, best >= 0
}

// sameJSON reports whether two decoded inputs are equal.
func sameJSON(x, y map[string]any) bool {
	a, err1 := json.Marshal(x)
	b, err2 := json.Marshal(y)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}

// fingerprintKeyPath is the key under which the fingerprints of a
// session's redacted values are made (see privacy.Fingerprint): one per
// state directory, readable by its owner only.
func fingerprintKeyPath(dbPath string) string {
	return filepath.Join(filepath.Dir(dbPath), "sessions", "fingerprint.key")
}

// fingerprintKey reads the key, making it first when create is set and it
// does not exist. No key is no fingerprints, never an error for the caller
// that only reads.
func fingerprintKey(dbPath string, create bool) []byte {
	path := fingerprintKeyPath(dbPath)
	if key, err := os.ReadFile(path); err == nil && len(key) >= 16 {
		return key
	}
	if !create {
		return nil
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil
	}
	// O_EXCL: of two first writers, one key wins and both use it.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if k, rerr := os.ReadFile(path); rerr == nil && len(k) >= 16 {
			return k
		}
		return nil
	}
	defer f.Close()
	if _, err := f.Write(key); err != nil {
		return nil
	}
	return key
}

// maskValues replaces each of the secret values in text, as written and as
// JSON escapes it, with the audit log's password mark.
func maskValues(text string, values []string) string {
	const mark = "[REDACTED:password]"
	for _, v := range values {
		text = strings.ReplaceAll(text, v, mark)
		if q, err := json.Marshal(v); err == nil {
			if esc := string(q[1 : len(q)-1]); esc != v {
				text = strings.ReplaceAll(text, esc, mark)
			}
		}
	}
	return text
}
