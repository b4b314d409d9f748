package adapter

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestWatchdogAnswersLateCall: a hook call not answered within its
// deadline gets the watchdog's answer — held for every agent (ask where
// it can ask, a refusal elsewhere), never an allow — once, and the call's
// own answer is then not written (Stop reports false).
func TestWatchdogAnswersLateCall(t *testing.T) {
	for _, ad := range All() {
		got := make(chan Response, 2)
		w := StartWatchdog(ad, time.Nanosecond, func(r Response) { got <- r })
		r := <-got
		if w.Stop() {
			t.Errorf("%s: Stop after the watchdog answered reports that the caller may answer", ad.Name())
		}
		out := string(r.Stdout) + string(r.Stderr)
		if strings.Contains(string(r.Stdout), `"allow"`) || !strings.Contains(out, "could not check this action in time") && r.Exit == 0 {
			t.Errorf("%s: the late answer is not a hold: exit %d %s", ad.Name(), r.Exit, out)
		}
		if len(r.Stdout) > 0 && !json.Valid(r.Stdout) {
			t.Errorf("%s: the late answer is not JSON: %s", ad.Name(), r.Stdout)
		}
		select {
		case extra := <-got:
			t.Errorf("%s: the watchdog answered twice: %s", ad.Name(), extra.Stdout)
		default:
		}
	}
}

// TestWatchdogStoppedInTime: a call answered before its deadline keeps
// its own answer: Stop reports true and the watchdog never writes.
func TestWatchdogStoppedInTime(t *testing.T) {
	called := make(chan struct{}, 1)
	w := StartWatchdog(Claude{}, time.Hour, func(Response) { called <- struct{}{} })
	if !w.Stop() {
		t.Fatal("Stop before the deadline reports that the watchdog answered")
	}
	if w.Stop() {
		t.Error("a second Stop claims the answer again")
	}
	select {
	case <-called:
		t.Error("the watchdog answered a call that was answered in time")
	default:
	}
}

// TestLateAnswerPerAgent: the late answer reads as each agent's refusal or
// question: Claude Code and Cursor ask, the others that cannot ask refuse.
func TestLateAnswerPerAgent(t *testing.T) {
	for _, ad := range All() {
		r := Late(ad, 7*time.Second)
		s := string(r.Stdout)
		asks := Asks(ad, &Event{Phase: PreTool})
		switch {
		case asks && !strings.Contains(s, `"ask"`):
			t.Errorf("%s can ask, but the late answer does not: %s", ad.Name(), s)
		case !asks && !strings.Contains(s, `"deny"`) && r.Exit == 0:
			t.Errorf("%s cannot ask, and the late answer does not refuse: exit %d %s", ad.Name(), r.Exit, s)
		}
		if !strings.Contains(string(r.Stderr), "not in the audit log") {
			t.Errorf("%s: stderr does not say the answer is unrecorded: %s", ad.Name(), r.Stderr)
		}
	}
}
