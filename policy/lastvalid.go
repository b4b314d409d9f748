package policy

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/actionguard/actionguard/internal/atomicfile"
)

// A policy that does not load must not loosen anything: a typo in the
// user's file (securty_level: 9) or a broken project file would otherwise
// drop every deny entry and custom rule at once. LoadFailClosed keeps a
// copy of each file as it was when it last loaded and, when one fails,
// uses that copy in its place; a file with no copy is replaced by nothing,
// and the strictest settings apply on top.

// LastValidDir is the directory, beside actionguard's state, where the
// last valid version of each policy file is kept.
const LastValidDir = "policy-last-valid"

// Fallback says what LoadFailClosed did about a policy that did not load.
type Fallback struct {
	// Problems are the errors, each with its file:line:col.
	Problems []Diagnostic
	// LastValid are the files replaced by their last valid version.
	LastValid []string
	// Strictest is set when a file had no valid version kept (or the
	// policy still did not load): the strictest built-in settings apply.
	Strictest bool
}

// Notice says in a sentence what happened and what to do.
func (f *Fallback) Notice() string {
	first := "the policy has errors"
	if len(f.Problems) > 0 {
		first = f.Problems[0].String()
		if n := len(f.Problems) - 1; n > 0 {
			first += fmt.Sprintf(" (and %d more)", n)
		}
	}
	var what string
	switch {
	case len(f.LastValid) > 0 && !f.Strictest:
		what = "actionguard keeps enforcing the last valid version of " + strings.Join(f.LastValid, " and ")
	case len(f.LastValid) > 0:
		what = "actionguard enforces the last valid version of " + strings.Join(f.LastValid, " and ") + " under the strictest built-in settings (paranoid mode, security level 9)"
	default:
		what = "with no valid version kept, actionguard enforces the strictest built-in settings (paranoid mode, security level 9)"
	}
	return "Your actionguard policy does not load: " + first + ". Until it is fixed, " + what + "; run actionguard doctor to see every problem."
}

// Strictest returns the strictest built-in policy: paranoid mode, the
// highest security level, no trust, fallbacks that wait for a person, and
// the shortest pass an approval gives.
func Strictest() *Policy {
	p := Default()
	tighten(p)
	return p
}

// MaxLevel is the strictest security level.
const MaxLevel = 9

func tighten(p *Policy) {
	const why = "the strictest built-in settings (the policy does not load)"
	p.Mode, p.ModeSet, p.ModeSource, p.Learning = Paranoid, true, why, nil
	p.Level, p.LevelSource = MaxLevel, why
	for _, v := range []*string{&p.OnUnparseable, &p.OnError} {
		if verdictRank(*v) < verdictRank("approve") {
			*v = "approve"
		}
	}
	p.Trust.Off = true
	p.Approvals.PassTTL = MinPassTTL
}

// LoadFailClosed is Load that never loosens: when the policy loads, a copy
// of each of its files is kept in keepDir (when keepDir is not ""); when it
// does not, each file with errors is replaced by its kept copy, or by
// nothing with the strictest settings on top, and the Fallback says so.
// It always returns a policy.
func LoadFailClosed(opts LoadOptions, keepDir string) (*Policy, *Fallback) {
	p, err := Load(opts)
	if err == nil {
		if keepDir != "" {
			keepValid(keepDir, p.Sources)
		}
		return p, nil
	}
	fb := &Fallback{}
	var le *LoadError
	if !errors.As(err, &le) {
		fb.Problems = []Diagnostic{{Severity: SeverityError, Message: err.Error()}}
		fb.Strictest = true
		return Strictest(), fb
	}
	p, fb = loadReplaced(opts, keepDir, le, fb)
	// The files that did not load held rules no compiler checked: a
	// process with a compiler may read them otherwise.
	p.uncompiled = p.uncompiled || le.uncompiled
	return p, fb
}

// loadReplaced loads the policy with each file of le's problems replaced
// by its last valid version kept in keepDir, or by nothing under the
// strictest settings.
func loadReplaced(opts LoadOptions, keepDir string, le *LoadError, fb *Fallback) (*Policy, *Fallback) {
	fb.Problems = le.Diagnostics
	opts.replace = map[string][]byte{}
	if opts.ModesPath == "" {
		// The chosen modes stay beside the user's own file.
		if user, _ := userPolicyPath(opts.UserPath, opts.Getenv); user != "" {
			opts.ModesPath = ModesPath(user)
		}
	}
	for _, d := range le.Diagnostics {
		if d.File == "" {
			fb.Strictest = true
			continue
		}
		if _, done := opts.replace[d.File]; done {
			continue
		}
		if src, ok := readKept(keepDir, d.File); ok {
			opts.replace[d.File] = src
			fb.LastValid = append(fb.LastValid, d.File)
		} else {
			opts.replace[d.File] = nil
			fb.Strictest = true
		}
	}
	p, err := Load(opts)
	if err != nil {
		fb.Strictest = true
		return Strictest(), fb
	}
	if fb.Strictest {
		tighten(p)
	}
	return p, fb
}

// keptName is the file in keepDir that keeps path's last valid version.
func keptName(keepDir, path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(keepDir, hex.EncodeToString(sum[:12])+".yaml")
}

// readKept returns the kept copy of path, when there is a valid one.
func readKept(keepDir, path string) ([]byte, bool) {
	if keepDir == "" {
		return nil, false
	}
	src, err := os.ReadFile(keptName(keepDir, path))
	if err != nil || hasErrors(parseLayer(path, src).diags) {
		return nil, false
	}
	return src, true
}

// keepValid copies each file that just loaded into keepDir, when its
// content changed. A file that changed again since it was read is copied
// only if it still parses. Failing to keep a copy is not an error: the
// policy in use is fine.
func keepValid(keepDir string, files []string) {
	for _, f := range files {
		src, err := readFile(f)
		if err != nil {
			continue
		}
		kept := keptName(keepDir, f)
		if old, err := os.ReadFile(kept); err == nil && bytes.Equal(old, src) {
			continue
		}
		if l := parseLayer(f, src); hasErrors(l.diags) || l.uncompiled {
			// A file whose rules no compiler checked may not be
			// valid: the process with a compiler keeps it.
			continue
		}
		atomicfile.Write(kept, src, 0o600)
	}
}
