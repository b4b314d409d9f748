package adapter

import (
	"fmt"
	"sync"
	"time"

	"github.com/actionguard/actionguard/guard"
)

// HookDeadline is how long a hook process may take before its watchdog
// answers for it. The agents kill a hook that takes longer than its
// setting's timeout (actionguard install writes 10 seconds) and most of
// them then run the tool call as if nothing objected, so a check slowed
// down on purpose — a command line of 20,000 parts, a machine under load —
// must be answered before that: held, never an allow.
const HookDeadline = 7 * time.Second

// Watchdog answers a hook call that is not answered within a deadline.
type Watchdog struct {
	mu    sync.Mutex
	done  bool
	timer *time.Timer
}

// StartWatchdog starts the clock of one hook call of ad: after d, unless
// Stop was called first, out receives the late answer (see Late), once.
// out is expected to write it and end the process; nothing the call
// answers after that is written (Stop waits for out, and a process that
// out ended never gets back).
func StartWatchdog(ad Adapter, d time.Duration, out func(Response)) *Watchdog {
	w := &Watchdog{}
	w.timer = time.AfterFunc(d, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.done {
			return
		}
		w.done = true
		out(Late(ad, d))
	})
	return w
}

// Stop claims the answer for the caller: it reports false when the
// watchdog has answered already (the caller must then write nothing).
func (w *Watchdog) Stop() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.done {
		return false
	}
	w.done = true
	w.timer.Stop()
	return true
}

// Late is the answer to a hook call whose check did not end within d:
// held for a person ("ask" where the agent can ask, a refusal where it
// cannot), with the reason said, and a line on stderr that the decision
// was not recorded. A caller that can record it uses LateNoted.
func Late(ad Adapter, d time.Duration) Response {
	return LateNoted(ad, d, "this answer is not in the audit log")
}

// LateDecision is the decision a late answer holds the call with.
func LateDecision(d time.Duration) guard.Decision {
	why := fmt.Sprintf("the check took longer than %s", d)
	return guard.Decision{Verdict: guard.Confirm, Level: guard.Cautious, Risk: 5, Score: 50, Error: why, Findings: []guard.Finding{},
		Reason: "actionguard could not check this action in time (" + why + "), so it is held for a person to look at."}
}

// LateNoted is Late with record, what became of the answer's record, said
// on stderr ("its record is in the audit log", …).
func LateNoted(ad Adapter, d time.Duration, record string) Response {
	dec := LateDecision(d)
	resp := ad.Answer(&Event{Phase: PreTool}, &dec)
	resp.Stderr = append(resp.Stderr, []byte("actionguard: "+dec.Error+"; the call is held and "+record+"\n")...)
	return resp
}
