package policy

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/goccy/go-yaml/ast"
)

// This file reads the settings of seed 002's learning layer: the learning
// period of a new installation, the user's working hours, progressive
// trust, and undo for recoverable operations.

// DefaultLearningDays is seed 002's learningPeriodDays: a new installation
// observes for its first week.
const DefaultLearningDays = 7

// TrustPolicy says how commands earn trust (seed 002's progressive trust).
type TrustPolicy struct {
	// After is how many approvals a pattern needs before the next one is
	// trusted: trusted when approved more than After times (seed 002: 3).
	After int
	// Expires is how long trust lasts after its last approval or use.
	Expires time.Duration
	// Off turns trust off: every held action asks again.
	Off bool
}

// DefaultTrust is seed 002's: more than 3 approvals, for 30 days.
var DefaultTrust = TrustPolicy{After: 3, Expires: 30 * 24 * time.Hour}

// UndoPolicy says whether recoverable operations are made undoable (seed
// 002's undoBufferSeconds).
type UndoPolicy struct {
	// Enabled rewrites rm of workspace files into a move to actionguard's
	// trash, and takes a safety ref before git reset --hard and git clean.
	Enabled bool
	// Buffer is how long `actionguard undo` brings the last batch back.
	Buffer time.Duration
	// Retention is how long the trash keeps a batch.
	Retention time.Duration
}

// DefaultUndo is off, with seed 002's 60-second buffer and a week's retention.
var DefaultUndo = UndoPolicy{Buffer: 60 * time.Second, Retention: 7 * 24 * time.Hour}

var (
	trustKeys = []string{"after", "expires", "enabled"}
	undoKeys  = []string{"enabled", "buffer", "retention"}
)

// Bounds on the learning layer's settings.
const (
	maxLearningDays = 90
	maxTrustAfter   = 100
	maxDuration     = 366 * 24 * time.Hour
)

func (p *fileParser) learningDays(v ast.Node) {
	n, ok := p.integer(v, "learning_days", 0, maxLearningDays, "7 is the default; 0 turns the learning period off")
	if ok {
		p.l.learningDays = &setting[int]{n, p.at(v)}
	}
}

func (p *fileParser) workingHours(v ast.Node) {
	s, ok := p.text(v, "working_hours")
	if !ok {
		return
	}
	if _, err := ParseWindow(s); err != nil {
		p.errorAt(p.at(v), "working_hours: "+err.Error(), `write the hours and, if you like, the days: "09:00-18:00 mon-fri"`)
		return
	}
	p.l.workingHours = &setting[string]{s, p.at(v)}
}

func (p *fileParser) trust(v ast.Node) {
	values, _ := p.mapping(v, "the trust section", trustKeys)
	t := &trustLayer{at: p.at(v)}
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			continue
		}
		switch key := keyName(mv); key {
		case "after":
			if n, ok := p.integer(v, "trust.after", 0, maxTrustAfter, "3 is the default: the fourth approval makes a pattern trusted"); ok {
				t.after = &setting[int]{n, p.at(v)}
			}
		case "expires":
			if d, ok := p.duration(v, "trust.expires", time.Hour, "30d is the default"); ok {
				t.expires = &setting[time.Duration]{d, p.at(v)}
			}
		case "enabled":
			if b, ok := p.boolean(v, "trust.enabled"); ok {
				t.enabled = &setting[bool]{b, p.at(v)}
			}
		}
	}
	p.l.trust = t
}

func (p *fileParser) undo(v ast.Node) {
	values, _ := p.mapping(v, "the undo section", undoKeys)
	u := &undoLayer{at: p.at(v)}
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			continue
		}
		switch key := keyName(mv); key {
		case "enabled":
			if b, ok := p.boolean(v, "undo.enabled"); ok {
				u.enabled = &setting[bool]{b, p.at(v)}
			}
		case "buffer":
			if d, ok := p.duration(v, "undo.buffer", time.Second, "60s is the default"); ok {
				u.buffer = &setting[time.Duration]{d, p.at(v)}
			}
		case "retention":
			if d, ok := p.duration(v, "undo.retention", time.Minute, "7d is the default"); ok {
				u.retention = &setting[time.Duration]{d, p.at(v)}
			}
		}
	}
	p.l.undo = u
}

// trustLayer and undoLayer are one file's trust and undo sections.
type trustLayer struct {
	at      pos
	after   *setting[int]
	expires *setting[time.Duration]
	enabled *setting[bool]
}

type undoLayer struct {
	at                pos
	enabled           *setting[bool]
	buffer, retention *setting[time.Duration]
}

// integer reads a whole number from lo to hi.
func (p *fileParser) integer(v ast.Node, key string, lo, hi int, hint string) (int, bool) {
	var n int64
	switch x := v.(type) {
	case *ast.IntegerNode:
		switch i := x.Value.(type) {
		case int64:
			n = i
		case uint64:
			n = int64(min(i, math.MaxInt64))
		}
	case *ast.StringNode:
		if _, err := strconv.Atoi(strings.TrimSpace(x.Value)); err == nil {
			p.errorAt(p.at(v), fmt.Sprintf("%s must be a number, got text %q", key, x.Value), "remove the quotes")
			return 0, false
		}
		p.errorAt(p.at(v), fmt.Sprintf("%s must be a number from %d to %d, got %s", key, lo, hi, describe(v)), hint)
		return 0, false
	default:
		p.errorAt(p.at(v), fmt.Sprintf("%s must be a number from %d to %d, got %s", key, lo, hi, describe(v)), hint)
		return 0, false
	}
	if n < int64(lo) || n > int64(hi) {
		p.errorAt(p.at(v), fmt.Sprintf("%s must be %d–%d, got %d", key, lo, hi, n), hint)
		return 0, false
	}
	return int(n), true
}

// boolean reads true or false.
func (p *fileParser) boolean(v ast.Node, key string) (bool, bool) {
	if b, ok := v.(*ast.BoolNode); ok {
		return b.Value, true
	}
	p.errorAt(p.at(v), fmt.Sprintf("%s must be true or false, got %s", key, describe(v)), "write true or false, without quotes")
	return false, false
}

// duration reads a duration such as 60s, 15m, 12h or 7d, at least least.
func (p *fileParser) duration(v ast.Node, key string, least time.Duration, hint string) (time.Duration, bool) {
	var s string
	switch x := v.(type) {
	case *ast.StringNode:
		s = x.Value
	case *ast.IntegerNode:
		p.errorAt(p.at(v), fmt.Sprintf("%s needs a unit, got %s", key, x.GetToken().Value), "write s, m, h or d after the number: "+x.GetToken().Value+"s")
		return 0, false
	default:
		p.errorAt(p.at(v), fmt.Sprintf("%s must be a duration, got %s", key, describe(v)), hint)
		return 0, false
	}
	d, err := ParseDuration(s)
	switch {
	case err != nil:
		p.errorAt(p.at(v), fmt.Sprintf("%s: %v", key, err), hint)
		return 0, false
	case d < least:
		p.errorAt(p.at(v), fmt.Sprintf("%s must be at least %s, got %s", key, least, s), hint)
		return 0, false
	case d > maxDuration:
		p.errorAt(p.at(v), fmt.Sprintf("%s must be at most a year, got %s", key, s), hint)
		return 0, false
	}
	return d, true
}

// ParseDuration reads a duration as Go writes them (90s, 1h30m) or in
// whole days (7d).
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%q is not a duration", s)
		}
		if n > int(maxDuration/(24*time.Hour)) {
			return 0, fmt.Errorf("%q is too long", s)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q is not a duration (write 60s, 15m, 12h or 7d)", s)
	}
	return d, nil
}

// mergeSession merges the learning layer's settings: the user's file sets
// them; a project's may only tighten them (a shorter learning period, more
// approvals before trust, shorter trust, undo on), and working hours are
// the user's alone.
func (p *Policy) mergeSession(user, project *layer, warn func(pos, string, string)) {
	if user != nil {
		if user.learningDays != nil {
			p.LearningDays = user.learningDays.v
		}
		if user.workingHours != nil {
			p.WorkingHours = user.workingHours.v
		}
		if t := user.trust; t != nil {
			if t.after != nil {
				p.Trust.After = t.after.v
			}
			if t.expires != nil {
				p.Trust.Expires = t.expires.v
			}
			if t.enabled != nil {
				p.Trust.Off = !t.enabled.v
			}
		}
		if u := user.undo; u != nil {
			if u.enabled != nil {
				p.Undo.Enabled = u.enabled.v
			}
			if u.buffer != nil {
				p.Undo.Buffer = u.buffer.v
			}
			if u.retention != nil {
				p.Undo.Retention = u.retention.v
			}
		}
	}
	if project == nil {
		return
	}
	const onlyStricter = "a project file can only make the policy stricter; change it in your own file"
	if l := project.learningDays; l != nil {
		if l.v < p.LearningDays {
			p.LearningDays = l.v
		} else if l.v > p.LearningDays {
			warn(l.pos, fmt.Sprintf("learning_days %d ignored: it is longer than %d", l.v, p.LearningDays), onlyStricter)
		}
	}
	if w := project.workingHours; w != nil {
		warn(w.pos, "working_hours ignored: working hours are personal", "set them in your own file")
	}
	if t := project.trust; t != nil {
		if t.after != nil {
			if t.after.v > p.Trust.After {
				p.Trust.After = t.after.v
			} else if t.after.v < p.Trust.After {
				warn(t.after.pos, fmt.Sprintf("trust.after %d ignored: it is lower than %d", t.after.v, p.Trust.After), onlyStricter)
			}
		}
		if t.expires != nil {
			if t.expires.v < p.Trust.Expires {
				p.Trust.Expires = t.expires.v
			} else if t.expires.v > p.Trust.Expires {
				warn(t.expires.pos, "trust.expires ignored: it is longer than "+FormatDuration(p.Trust.Expires), onlyStricter)
			}
		}
		if t.enabled != nil {
			if !t.enabled.v {
				p.Trust.Off = true
			} else if p.Trust.Off {
				warn(t.enabled.pos, "trust.enabled ignored: your own file turns trust off", onlyStricter)
			}
		}
	}
	if u := project.undo; u != nil {
		// Undo only makes deletions recoverable: a project may turn it on
		// and keep things longer, never the reverse.
		if u.enabled != nil {
			if u.enabled.v {
				p.Undo.Enabled = true
			} else if p.Undo.Enabled {
				warn(u.enabled.pos, "undo.enabled ignored: your own file turns undo on", onlyStricter)
			}
		}
		if u.buffer != nil {
			if u.buffer.v > p.Undo.Buffer {
				p.Undo.Buffer = u.buffer.v
			} else if u.buffer.v < p.Undo.Buffer {
				warn(u.buffer.pos, "undo.buffer ignored: it is shorter than "+FormatDuration(p.Undo.Buffer), onlyStricter)
			}
		}
		if u.retention != nil {
			if u.retention.v > p.Undo.Retention {
				p.Undo.Retention = u.retention.v
			} else if u.retention.v < p.Undo.Retention {
				warn(u.retention.pos, "undo.retention ignored: it is shorter than "+FormatDuration(p.Undo.Retention), onlyStricter)
			}
		}
	}
}

// FormatDuration writes a duration the way policy files do: whole days as
// 7d, else as Go does (90s, 1h30m0s trimmed to 1h30m).
func FormatDuration(d time.Duration) string {
	if d >= 24*time.Hour && d%(24*time.Hour) == 0 {
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	}
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// describeSession adds the learning layer's settings that differ from the
// defaults to Describe.
func (p *Policy) describeSession(row func(label, format string, args ...any)) {
	if p.LearningDays != DefaultLearningDays {
		if p.LearningDays == 0 {
			row("learning", "no learning period for a new installation")
		} else {
			row("learning", "the first %d days of a new installation", p.LearningDays)
		}
	}
	if p.WorkingHours != "" {
		row("hours", "%s (outside them, actions are anomalies)", p.WorkingHours)
	}
	switch {
	case p.Trust.Off:
		row("trust", "off: held actions always ask")
	case p.Trust != DefaultTrust:
		row("trust", "after %d approvals, for %s", p.Trust.After, FormatDuration(p.Trust.Expires))
	}
	if p.Undo.Enabled {
		row("undo", "on: rm goes to the trash, undo within %s, kept %s", FormatDuration(p.Undo.Buffer), FormatDuration(p.Undo.Retention))
	} else if p.Undo != DefaultUndo {
		row("undo", "off")
	}
}
