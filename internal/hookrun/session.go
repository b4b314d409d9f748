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
	"syscall"
	"time"

	"github.com/actionguard/actionguard/analyze/privacy"
	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/guard"
)

// A session's history (the tool calls it made, their outputs, the user's
// prompts) is kept in a file of its own beside the audit database:
// sessions/<hash of the session id>.jsonl, one step a line, written with a
// locked O_APPEND write. Reading it costs a hook call a file read instead
// of opening the database.

// maxHistoryRead bounds how much of the end of a session file a check reads.
const maxHistoryRead = 256 << 10

type sessionStep struct {
	Time        time.Time      `json:"time"`
	Tool        string         `json:"tool"`
	Input       map[string]any `json:"input,omitempty"`
	Observation string         `json:"observation,omitempty"`
	// Fingerprints stand for the personal data and secrets the
	// observation held before it was redacted.
	Fingerprints []string `json:"fp,omitempty"`
}

// sessionPath is the history file of a session.
func sessionPath(dbPath, session string) string {
	sum := sha256.Sum256([]byte(session))
	return filepath.Join(filepath.Dir(dbPath), "sessions", hex.EncodeToString(sum[:12])+".jsonl")
}

// appendSession adds a step (redacted) to a session's history, with the
// fingerprints of what the redaction hides under key.
func appendSession(path string, key []byte, step guard.Step) error {
	in := step.Input
	if in != nil {
		if b, err := json.Marshal(in); err == nil {
			var red map[string]any
			if json.Unmarshal(audit.RedactJSON(b), &red) == nil {
				in = red
			}
		}
	}
	// One scan of the observation serves both its fingerprints and its redaction.
	found := privacy.Detect(step.Observation)
	var fps []string
	if key != nil {
		fps = privacy.FingerprintsOf(key, step.Observation, found)
	}
	line, err := json.Marshal(sessionStep{Time: time.Now().UTC(), Tool: step.Tool, Input: in, Observation: audit.RedactDetected(step.Observation, found), Fingerprints: fps})
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
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH); err != nil {
		return err
	}
	defer syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	_, err = f.Write(line)
	return err
}

// readSession returns the last n steps of a session, oldest first.
func readSession(path string, n int) ([]guard.Step, error) {
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
	start := fi.Size() - maxHistoryRead
	if start < 0 {
		start = 0
	}
	data, err := io.ReadAll(io.NewSectionReader(f, start, fi.Size()-start))
	if err != nil {
		return nil, err
	}
	if start > 0 {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			data = data[i+1:] // the first line is cut by the window
		}
	}
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	steps := make([]guard.Step, 0, len(lines))
	for _, l := range lines {
		var s sessionStep
		if json.Unmarshal(l, &s) != nil {
			continue // a line cut off by a killed writer
		}
		steps = append(steps, guard.Step{Tool: s.Tool, Input: s.Input, Observation: s.Observation, Fingerprints: s.Fingerprints})
	}
	return steps, nil
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
