package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/actionguard/actionguard/approval"
	"golang.org/x/term"
)

// The full-screen view of `approvals watch`: raw terminal mode (x/term),
// the alternate screen, a redraw on every change.

// termView is what the screen shows besides the queue.
type termView struct {
	selected string // the id of the request the person picked; "" until they pick one
	pane     string // "", "explain" or "alternatives"
	status   string // the last thing that happened
	away     bool   // the terminal reported that it lost the focus
	last     time.Time
}

// watchReadTime is how long a person has a CAUTIOUS request in view before
// its countdown starts.
const watchReadTime = 1500 * time.Millisecond

// Keys the view reads.
const (
	keyUp       = "up"
	keyDown     = "down"
	keyFocusIn  = "focus-in"  // the terminal's window gained the focus (focus reporting)
	keyFocusOut = "focus-out" // it lost it
)

func (w *watcher) runTerminal(ctx context.Context, stdin io.Reader, stdout io.Writer) error {
	in, ok1 := stdin.(*os.File)
	out, ok2 := stdout.(*os.File)
	if !ok1 || !ok2 {
		return w.runLines(ctx, stdin)
	}
	old, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		return fmt.Errorf("putting the terminal in raw mode: %w", err)
	}
	defer term.Restore(int(in.Fd()), old)
	// The alternate screen, no cursor, and focus reporting: a terminal that
	// knows it sends ESC [ I and ESC [ O, which pause a countdown.
	fmt.Fprint(out, "\x1b[?1049h\x1b[?25l\x1b[?1004h")
	defer fmt.Fprint(out, "\x1b[?1004l\x1b[?25h\x1b[?1049l")
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
	defer signal.Stop(sig)
	keys := make(chan string, 16)
	go readKeys(in, keys)

	v := &termView{}
	if _, _, err := w.refresh(ctx); err != nil {
		return fmt.Errorf("reading the approval queue: %w", err)
	}
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		w.keepSelection(v)
		w.countdown(ctx, v)
		width, height, err := term.GetSize(int(out.Fd()))
		if err != nil {
			width, height = 100, 40
		}
		fmt.Fprint(out, "\x1b[H\x1b[2J"+strings.Join(w.screen(v, width, height), "\r\n"))
		select {
		case <-ctx.Done():
			return nil
		case <-sig:
			return nil
		case k, ok := <-keys:
			if !ok || w.key(ctx, v, k) {
				return nil
			}
		case <-tick.C:
			if w.now().Sub(w.lastPoll) >= w.poll {
				fresh, gone, err := w.refresh(ctx)
				switch {
				case err != nil:
					v.status = "Reading the queue failed: " + err.Error()
				case len(fresh) == 1:
					v.status = "New: " + fresh[0].ID + " " + approval.Describe(&fresh[0]).Headline
				case len(fresh) > 1:
					v.status = fmt.Sprintf("%d new requests.", len(fresh))
				case len(gone) > 0:
					v.status = gone[0].ID + " " + closedText(&gone[0]) + "."
				}
			}
		}
	}
}

// readKeys turns what the terminal sends into keys: one character, or
// "up"/"down" for the arrow keys.
func readKeys(in io.Reader, keys chan<- string) {
	defer close(keys)
	buf := make([]byte, 64)
	for {
		n, err := in.Read(buf)
		if err != nil {
			return
		}
		b := buf[:n]
		for len(b) > 0 {
			switch {
			case len(b) >= 3 && b[0] == 0x1b && (b[1] == '[' || b[1] == 'O') && b[2] == 'A':
				keys <- keyUp
				b = b[3:]
			case len(b) >= 3 && b[0] == 0x1b && (b[1] == '[' || b[1] == 'O') && b[2] == 'B':
				keys <- keyDown
				b = b[3:]
			case len(b) >= 3 && b[0] == 0x1b && b[1] == '[' && b[2] == 'I':
				keys <- keyFocusIn
				b = b[3:]
			case len(b) >= 3 && b[0] == 0x1b && b[1] == '[' && b[2] == 'O':
				keys <- keyFocusOut
				b = b[3:]
			case b[0] == 0x1b && len(b) >= 2 && b[1] == '[':
				b = b[2:] // another sequence: skip its introducer, then its bytes as unknown keys
			default:
				keys <- string(b[:1])
				b = b[1:]
			}
		}
	}
}

// key handles one key; it reports whether to quit.
func (w *watcher) key(ctx context.Context, v *termView, k string) bool {
	sel := w.find(v.selected)
	switch k {
	case "q", "Q", "\x03", "\x04":
		return true
	case keyFocusIn:
		v.away = false
	case keyFocusOut:
		v.away = true
	case "j", keyDown:
		w.move(v, 1)
	case "k", keyUp:
		w.move(v, -1)
	case "e", "E":
		v.pane = toggle(v.pane, "explain")
	case "a", "A":
		v.pane = toggle(v.pane, "alternatives")
	case "r", "R":
		w.lastPoll = time.Time{}
	case "y", "Y", "n", "N":
		if sel == nil {
			v.status = "Nothing to answer."
			return false
		}
		status := approval.StatusApproved
		if k == "n" || k == "N" {
			status = approval.StatusRejected
		}
		r, err := w.decide(ctx, sel.ID, status, "", false)
		if err != nil {
			v.status = sel.ID + ": " + err.Error()
			return false
		}
		v.status = fmt.Sprintf("%s %s by %s: %s", r.ID, r.Status, r.DecidedBy, approval.Describe(&r).Headline)
		v.pane = ""
	}
	return false
}

func toggle(pane, p string) string {
	if pane == p {
		return ""
	}
	return p
}

// find returns the pending request with id, or nil.
func (w *watcher) find(id string) *approval.Request {
	for i := range w.pending {
		if w.pending[i].ID == id {
			return &w.pending[i]
		}
	}
	return nil
}

// keepSelection keeps a selection while its request is pending. Nothing is
// selected for the person: a request is open once they pick it (j, k, the
// arrows), so no countdown starts on a request nobody chose to read.
func (w *watcher) keepSelection(v *termView) {
	if w.find(v.selected) == nil {
		v.selected, v.pane = "", ""
	}
}

func (w *watcher) move(v *termView, by int) {
	if v.selected == "" {
		if len(w.pending) > 0 {
			v.selected, v.pane = w.pending[0].ID, "" // the newest
		}
		return
	}
	for i := range w.pending {
		if w.pending[i].ID == v.selected {
			j := min(max(i+by, 0), len(w.pending)-1)
			if j != i {
				v.selected, v.pane = w.pending[j].ID, ""
			}
			return
		}
	}
}

// countdown runs the auto-confirm countdown for the selected request when
// it is CAUTIOUS (and only for it: the person picked it and is looking at
// it), after a moment to read it, and confirms it when it runs out. While
// the terminal has lost the focus the countdown pauses: its deadline moves
// on with the clock.
func (w *watcher) countdown(ctx context.Context, v *termView) {
	now := w.now()
	since := now.Sub(v.last)
	if v.last.IsZero() || since < 0 {
		since = 0
	}
	v.last = now
	for id := range w.deadline {
		if id != v.selected {
			delete(w.deadline, id) // looked away: it starts again when selected again
		}
	}
	sel := w.find(v.selected)
	if sel == nil || w.auto <= 0 || !cautious(sel) {
		return
	}
	t, ok := w.deadline[sel.ID]
	if !ok {
		w.deadline[sel.ID] = now.Add(watchReadTime + w.auto)
		return
	}
	if v.away {
		w.deadline[sel.ID] = t.Add(since)
		return
	}
	if len(w.due()) == 0 {
		return
	}
	r, err := w.decide(ctx, sel.ID, approval.StatusApproved, "", true)
	if err != nil {
		v.status = sel.ID + ": " + err.Error()
		return
	}
	v.status = fmt.Sprintf("%s auto-confirmed after %s: %s", r.ID, approval.Human(w.auto), approval.Describe(&r).Headline)
}

// screen renders the view in lines of at most width columns.
func (w *watcher) screen(v *termView, width, height int) []string {
	p := newPrinter(io.Discard, true)
	now := w.now()
	var lines []string
	add := func(s string) { lines = append(lines, fit(s, width)) }
	add(p.paint(ansiBold, fmt.Sprintf("actionguard approvals · %d pending · newest first", len(w.pending))))
	add("")
	if len(w.pending) == 0 {
		add("No pending approval requests. New ones appear here as agents ask.")
	}
	listRows := max(height/3, 3)
	for i := range w.pending {
		if i == listRows {
			add(fmt.Sprintf("  … and %d more (j/k to scroll)", len(w.pending)-listRows))
			break
		}
		r := &w.pending[i]
		mark := "  "
		if r.ID == v.selected {
			mark = p.paint(ansiBold, "▸ ")
		}
		level := p.paint(levelColor(r.Decision.Verdict), fmt.Sprintf("%-6s", approval.RiskLevel(r.Decision.Verdict)))
		add(fmt.Sprintf("%s%s  %s  %s  %6s  %-12s %s", mark, r.ID, p.riskBar(r.Decision.Risk), level, age(now.Sub(r.Created)),
			oneLineCut(orDash(r.Decision.Agent), 12), approval.Describe(r).Headline))
	}
	if sel := w.find(v.selected); sel != nil {
		add("")
		add(strings.Repeat("─", max(min(width, 100), 10)))
		d := approval.Describe(sel)
		add(p.paint(ansiBold, d.Headline))
		add(fmt.Sprintf("%s  %s risk, %s", p.riskBar(sel.Decision.Risk), p.paint(levelColor(sel.Decision.Verdict), approval.RiskLevel(sel.Decision.Verdict)), verdictClass(sel.Decision.Verdict)))
		who := orDash(sel.Decision.Agent)
		if s := sel.SessionID; s != "" {
			who += " · session " + s
		}
		add(p.paint(ansiDim, fmt.Sprintf("%s · asked %s ago · rejected automatically in %s", who, age(now.Sub(sel.Created)), age(sel.Expires.Sub(now)))))
		add("")
		add("Why: " + oneLineCut(sel.Decision.Reason, 400))
		if len(d.Params) > 0 {
			add("")
			wide := 0
			for _, prm := range d.Params {
				wide = max(wide, len(prm.Name))
			}
			for _, prm := range d.Params {
				add(fmt.Sprintf("  %-*s  %s", wide, prm.Name, oneLineCut(prm.Value, 200)))
			}
		}
		switch v.pane {
		case "explain":
			add("")
			for _, l := range explanation(sel) {
				add(l)
			}
		case "alternatives":
			add("")
			for _, l := range alternatives(sel) {
				add(l)
			}
		}
		if t, ok := w.deadline[sel.ID]; ok {
			// The moment to read comes first: the count shows the countdown's own.
			left := min(max(t.Sub(now).Round(time.Second), 0), w.auto)
			add("")
			if v.away {
				add(p.paint(ansiYellow, fmt.Sprintf("Paused while this window has no focus: confirmed automatically %s after you come back unless you press N.", approval.Human(left))))
			} else {
				add(p.paint(ansiYellow, fmt.Sprintf("Confirmed automatically in %s unless you press N.", approval.Human(left))))
			}
		}
	}
	add("")
	add(p.paint(ansiBold, "[Y]es approve  [N]o reject  [E]xplain  [A]lternatives  ↑/↓ j/k move  [Q]uit"))
	if v.status != "" {
		add(p.paint(ansiDim, v.status))
	}
	return lines
}

// verdictClass is seed 000's name of a held verdict and what it asks.
func verdictClass(verdict string) string {
	if verdict == "confirm" {
		return "CAUTIOUS: a soft approval"
	}
	return "PRIVILEGED: an explicit approval"
}

// fit cuts s to width visible columns (one per rune), keeping the ANSI
// colour sequences whole.
func fit(s string, width int) string {
	if width <= 0 {
		return s
	}
	var b strings.Builder
	cols := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := strings.IndexByte(s[i:], 'm')
			if j < 0 {
				break
			}
			b.WriteString(s[i : i+j+1])
			i += j + 1
			continue
		}
		if cols == width-1 && visibleAfter(s[i:]) > 1 {
			b.WriteString("…" + ansiReset)
			return b.String()
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		b.WriteString(s[i : i+size])
		cols++
		i += size
	}
	return b.String()
}

// visibleAfter counts the visible runes of s.
func visibleAfter(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := strings.IndexByte(s[i:], 'm')
			if j < 0 {
				return n
			}
			i += j + 1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		n++
		i += size
	}
	return n
}
