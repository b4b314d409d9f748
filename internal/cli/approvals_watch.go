package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/actionguard/actionguard/approval"
	"github.com/spf13/cobra"
)

// `approvals watch` is the person watching the queue (seed 000's
// soft-approval case): the pending requests newest first, one answered per
// key press (seed 002's [Y]es [N]o [E]xplain [A]lternatives), a CAUTIOUS
// request confirmed after a countdown unless declined. On a terminal it is
// a full-screen view (approvals_term.go); otherwise it prints events as
// lines and reads answers as lines, which is how scripts and tests use it.

func (a *app) approvalsWatchCommand(o *approvalsOptions) *cobra.Command {
	c := &cobra.Command{
		Use:   "watch",
		Short: "Watch the queue and answer requests with one key",
		Long: `Show the pending approval requests, newest first, and answer them as they arrive:
[Y]es approves, [N]o rejects, [E]xplain shows why each needs approval and what could go
wrong, [A]lternatives the safer ways to the same end; ↑/↓ or j/k pick and move, q quits.
Nothing is picked for you. A CAUTIOUS request (verdict confirm) that you picked is
confirmed after a moment to read it and a countdown (5 s) unless you press N; the
countdown pauses while the terminal window has no focus (in terminals that report it).
The queue is read again every second.

Without a terminal, watch prints one line per event (new, countdown, approved, rejected,
closed; JSON lines with --json) and reads answers as lines on standard input:
"y ID [note]", "n ID [note]", "e ID", "a ID", "q". It stops when standard input ends,
after any countdown still running. Countdowns are off there unless --auto-confirm is given:
a pipe is not a person watching.`,
		Example: `  actionguard approvals watch
  tail -f answers.txt | actionguard approvals watch --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runApprovalsWatch(cmd.Context(), o, cmd.Flags().Changed("auto-confirm"))
		},
	}
	c.Flags().DurationVar(&o.autoConfirm, "auto-confirm", approval.AutoConfirmAfter, "confirm a CAUTIOUS request after this long unless you decline it (0: never)")
	c.Flags().DurationVar(&o.poll, "poll", time.Second, "how often to read the queue")
	c.Flags().BoolVar(&o.json, "json", false, "without a terminal: print events as JSON lines")
	return c
}

func (a *app) runApprovalsWatch(ctx context.Context, o *approvalsOptions, autoSet bool) error {
	if o.autoConfirm < 0 || o.poll <= 0 {
		return usageErr("--auto-confirm=5s --poll=1s", "--auto-confirm must not be negative and --poll must be positive")
	}
	if err := a.requirePerson("answer approval requests"); err != nil {
		return err
	}
	q, st, err := a.approvalQueue(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	w := &watcher{q: q, by: a.decider(), auto: o.autoConfirm, poll: o.poll, json: o.json, out: a.env.Stdout, errOut: a.env.Stderr,
		known: map[string]approval.Request{}, deadline: map[string]time.Time{}, now: time.Now}
	if a.env.IsTerminal(a.env.Stdin) && a.env.IsTerminal(a.env.Stdout) && !o.json {
		return w.runTerminal(ctx, a.env.Stdin, a.env.Stdout)
	}
	if !autoSet {
		w.auto = 0
	}
	return w.runLines(ctx, a.env.Stdin)
}

// watcher is the state of a watch: what is pending, what is counting down.
type watcher struct {
	q      *approval.Queue
	by     string        // who answers
	auto   time.Duration // countdown of a CAUTIOUS request; 0: none
	poll   time.Duration
	json   bool
	out    io.Writer
	errOut io.Writer
	now    func() time.Time

	pending  []approval.Request          // newest first
	known    map[string]approval.Request // every request shown, as last seen
	deadline map[string]time.Time        // countdowns running
	lastPoll time.Time
	swept    time.Time
}

// sweepEvery is how often a watch closes the requests that expired.
const sweepEvery = time.Minute

// refresh reads the pending requests and returns the ones new since the
// last read and the ones that left the queue (decided elsewhere, expired).
func (w *watcher) refresh(ctx context.Context) (fresh, gone []approval.Request, err error) {
	now := w.now()
	if now.Sub(w.swept) >= sweepEvery {
		w.swept = now
		if _, err := w.q.Expire(ctx); err != nil {
			fmt.Fprintf(w.errOut, "actionguard: closing expired approval requests: %v\n", err)
		}
	}
	w.lastPoll = now
	rs, err := w.q.Store.Approvals(ctx, false)
	if err != nil {
		return nil, nil, err
	}
	ids := map[string]bool{}
	for _, r := range rs {
		ids[r.ID] = true
		if _, ok := w.known[r.ID]; !ok {
			fresh = append(fresh, r)
		}
		w.known[r.ID] = r
	}
	for _, r := range w.pending {
		if !ids[r.ID] {
			if cur, err := w.q.Store.Approval(ctx, r.ID); err == nil {
				r = cur
			}
			w.known[r.ID] = r
			delete(w.deadline, r.ID)
			gone = append(gone, r)
		}
	}
	w.pending = rs
	// Oldest first, as they arrived.
	slices.Reverse(fresh)
	return fresh, gone, nil
}

// decide answers a request and forgets its countdown.
func (w *watcher) decide(ctx context.Context, id string, status approval.Status, note string, auto bool) (approval.Request, error) {
	delete(w.deadline, id)
	d := approval.Decision{Status: status, By: w.by, Note: note, Auto: auto}
	if auto {
		d.After = w.auto
	}
	r, err := w.q.Decide(ctx, id, d)
	if err == nil {
		w.known[r.ID] = r
		w.pending = slices.DeleteFunc(w.pending, func(p approval.Request) bool { return p.ID == id })
	}
	return r, err
}

// due returns the countdowns that have run out, oldest first.
func (w *watcher) due() []string {
	now := w.now()
	var ids []string
	for id, t := range w.deadline {
		if !now.Before(t) {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int { return w.deadline[a].Compare(w.deadline[b]) })
	return ids
}

// cautious reports whether r may be confirmed by a countdown.
func cautious(r *approval.Request) bool { return r.Decision.Verdict == "confirm" }

// explanation is [E]xplain: why the request needs approval and what could
// go wrong.
func explanation(r *approval.Request) []string {
	lines := []string{"Why: " + strings.TrimSpace(r.Decision.Reason)}
	for _, f := range r.Decision.Findings {
		lines = append(lines, "  - "+strings.TrimSpace(f.Message)+" ("+f.Rule+")")
	}
	if len(r.Decision.Findings) == 0 && len(r.Decision.Rules) > 0 {
		lines = append(lines, "  Rules: "+strings.Join(r.Decision.Rules, ", "))
	}
	lines = append(lines, "What could go wrong:")
	for _, x := range approval.Describe(r).Impacts {
		lines = append(lines, "  - "+x)
	}
	return lines
}

// alternatives is [A]lternatives: the safer ways the findings know.
func alternatives(r *approval.Request) []string {
	alts := approval.Alternatives(r.Decision)
	if len(alts) == 0 {
		return []string{"No safer alternative is known for this action."}
	}
	lines := []string{"Safer:"}
	for _, x := range alts {
		lines = append(lines, "  - "+x)
	}
	return lines
}

// runLines is watch without a terminal: events out, answers in, as lines.
func (w *watcher) runLines(ctx context.Context, in io.Reader) error {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	if !w.json {
		fmt.Fprintln(w.out, `Watching the approval queue. Answer with lines: "y ID [note]" approves, "n ID [note]" rejects, "e ID" explains, "a ID" shows safer alternatives, "q" quits.`)
	}
	if err := w.pollLines(ctx); err != nil {
		return err
	}
	tick := time.NewTicker(min(w.poll, 100*time.Millisecond))
	defer tick.Stop()
	eof := false
	for {
		if eof && len(w.deadline) == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			return nil
		case line, ok := <-lines:
			if !ok {
				eof, lines = true, nil
				if err := w.pollLines(ctx); err != nil {
					return err
				}
				continue
			}
			if w.answerLine(ctx, line) {
				return nil
			}
		case <-tick.C:
			if w.now().Sub(w.lastPoll) >= w.poll {
				if err := w.pollLines(ctx); err != nil {
					return err
				}
			}
			for _, id := range w.due() {
				w.print(ctx, id, approval.StatusApproved, "", true)
			}
		}
	}
}

// watchEvent is one line of watch --json.
type watchEvent struct {
	Event   string            `json:"event"` // new, countdown, approved, rejected, closed, explain, alternatives
	ID      string            `json:"id"`
	Request *approval.Request `json:"request,omitempty"`
	Auto    bool              `json:"auto,omitempty"`
	Lines   []string          `json:"lines,omitempty"`
}

func (w *watcher) emit(ev watchEvent, text string) {
	if w.json {
		enc := json.NewEncoder(w.out)
		enc.SetEscapeHTML(false)
		enc.Encode(ev)
		return
	}
	fmt.Fprintln(w.out, text)
}

// pollLines reads the queue and prints what changed.
func (w *watcher) pollLines(ctx context.Context) error {
	fresh, gone, err := w.refresh(ctx)
	if err != nil {
		return fmt.Errorf("reading the approval queue: %w", err)
	}
	for i := range fresh {
		r := &fresh[i]
		w.emit(watchEvent{Event: "new", ID: r.ID, Request: r}, fmt.Sprintf("new %s %s %s risk, %s (%s): %s", r.ID, r.Decision.Verdict,
			approval.RiskLevel(r.Decision.Verdict), strings.TrimPrefix(riskBarPlain(r.Decision.Risk), "Risk: "), orDash(r.Decision.Agent), approval.Describe(r).Headline))
		if w.auto > 0 && cautious(r) {
			w.deadline[r.ID] = w.now().Add(w.auto)
			w.emit(watchEvent{Event: "countdown", ID: r.ID}, fmt.Sprintf("countdown %s: confirmed automatically in %s unless you answer \"n %s\"", r.ID, approval.Human(w.auto), r.ID))
		}
	}
	for i := range gone {
		r := &gone[i]
		w.emit(watchEvent{Event: "closed", ID: r.ID, Request: r}, fmt.Sprintf("closed %s: %s", r.ID, closedText(r)))
	}
	return nil
}

func riskBarPlain(risk int) string { return newPrinter(io.Discard, false).riskBar(risk) }

// closedText says how a request left the queue without this watch.
func closedText(r *approval.Request) string {
	switch r.Status {
	case approval.StatusApproved, approval.StatusRejected:
		return string(r.Status) + " by " + orDash(r.DecidedBy)
	case approval.StatusExpired:
		return "expired without a decision"
	}
	return string(r.Status)
}

// answerLine handles one answer; it reports whether to quit.
func (w *watcher) answerLine(ctx context.Context, line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	verb := strings.ToLower(f[0])
	if verb == "q" || verb == "quit" {
		return true
	}
	if len(f) < 2 {
		fmt.Fprintf(w.errOut, "actionguard: cannot read %q: answer \"y ID\", \"n ID\", \"e ID\", \"a ID\" or \"q\"\n", line)
		return false
	}
	id := f[1]
	note := strings.TrimSpace(strings.Join(f[2:], " "))
	switch verb {
	case "y", "yes", "approve":
		w.print(ctx, id, approval.StatusApproved, note, false)
	case "n", "no", "reject":
		w.print(ctx, id, approval.StatusRejected, note, false)
	case "e", "explain", "a", "alternatives":
		r, err := w.q.Store.Approval(ctx, id)
		if err != nil {
			fmt.Fprintf(w.errOut, "actionguard: %v\n", err)
			return false
		}
		ev, lines := "explain", explanation(&r)
		if verb[0] == 'a' {
			ev, lines = "alternatives", alternatives(&r)
		}
		w.emit(watchEvent{Event: ev, ID: id, Lines: lines}, ev+" "+id+":\n"+strings.Join(lines, "\n"))
	default:
		fmt.Fprintf(w.errOut, "actionguard: cannot read %q: answer \"y ID\", \"n ID\", \"e ID\", \"a ID\" or \"q\"\n", line)
	}
	return false
}

// print decides and prints the outcome (an error on stderr: the watch
// goes on).
func (w *watcher) print(ctx context.Context, id string, status approval.Status, note string, auto bool) {
	r, err := w.decide(ctx, id, status, note, auto)
	if err != nil {
		fmt.Fprintf(w.errOut, "actionguard: %s: %v\n", id, err)
		return
	}
	text := fmt.Sprintf("%s %s by %s", r.Status, r.ID, r.DecidedBy)
	if auto {
		text += fmt.Sprintf(" (auto-confirmed after %s)", approval.Human(w.auto))
	}
	if r.Note != "" && !auto {
		text += ": " + r.Note
	}
	w.emit(watchEvent{Event: string(r.Status), ID: r.ID, Request: &r, Auto: auto}, text)
}
