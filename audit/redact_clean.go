package audit

import (
	"strings"
	"sync"
)

// cleanSet is a Log's memory of the full redactor's answers: the values a
// stream of records repeats (a working directory, a session id, a tool's
// name, a rule's explanation, a routine command, and a command that
// carries a secret every time it runs) are redacted once, then found
// here. It holds texts looked up by their exact bytes with Redact's answer
// for each, so its answer is Redact's: a text it has never seen goes
// through Redact. Redact is a pure function (its rules are fixed when the
// program is built), which is what makes the memory sound. A text with a
// secret is held with it, in this process's memory only, as the record
// that carried it is.
//
// A cleanSet is safe for concurrent use. It keeps at most 2×cleanSetSize
// texts of at most cleanTextMax bytes each, in two generations: when the
// newer is full the older is forgotten and the newer takes its place, and
// a text found in the older is kept in the newer. So values that never
// repeat (an action's id) do not push out the ones a stream repeats.
type cleanSet struct {
	// full is the redactor remembered: Redact when nil, redactForSpool for
	// a SpoolBatch.
	full func(string) string

	mu       sync.Mutex
	newer    map[string]string // a text → the full redactor's answer
	previous map[string]string
}

const (
	cleanSetSize = 4096
	cleanTextMax = 512
)

// redact is the full redactor's answer for s: Redact(s), or c.full(s).
func (c *cleanSet) redact(s string) string {
	full := c.full
	if full == nil {
		full = Redact
	}
	if len(s) > cleanTextMax {
		return full(s)
	}
	if isShortNumber(s) {
		// Proven clean: TestShortNumbersAreClean runs every one of them
		// through both redactors.
		return s
	}
	if r, ok := c.recall(s); ok {
		return r
	}
	r := full(s)
	// Both are copied: s, and a redaction that may share its bytes, can be
	// views of a caller's buffer that is reused.
	kept := strings.Clone(s)
	answer := kept
	if r != s {
		answer = strings.Clone(r)
	}
	c.mu.Lock()
	c.keep(kept, answer)
	c.mu.Unlock()
	return r
}

// shortNumberMax is the longest run of digits isShortNumber admits.
const shortNumberMax = 5

// isShortNumber reports whether s is 1 to shortNumberMax ASCII digits (a
// counter's id, a port, an exit code): no rule of either redactor finds
// anything in such a text, which the class's 111,110 members show one by
// one. It spares the values that never repeat (a stream's action ids) a
// full redaction each.
func isShortNumber(s string) bool {
	if len(s) == 0 || len(s) > shortNumberMax {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// recall returns the answer remembered for s, keeping it in the newer
// generation when the older held it.
func (c *cleanSet) recall(s string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := c.newer[s]; ok {
		return r, true
	}
	if r, ok := c.previous[s]; ok {
		c.keep(s, r)
		return r, true
	}
	return "", false
}

// keep remembers r as the answer for s; c.mu is held.
func (c *cleanSet) keep(s, r string) {
	if c.newer == nil || len(c.newer) >= cleanSetSize {
		c.previous, c.newer = c.newer, make(map[string]string, cleanSetSize)
	}
	c.newer[s] = r
}

// remembered reports whether s is held, in either generation, as a text
// with nothing to redact.
func (c *cleanSet) remembered(s string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, inNewer := c.newer[s]
	if !inNewer {
		var inPrevious bool
		if r, inPrevious = c.previous[s]; !inPrevious {
			return false
		}
	}
	return r == s
}

// size is how many texts are held.
func (c *cleanSet) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.newer) + len(c.previous)
}

// redactJSON is RedactJSON(raw).
func (c *cleanSet) redactJSON(raw []byte) []byte { return redactJSONWith(raw, c.redact) }

// redactAction is compact(RedactJSON(raw)): what a record keeps of its
// action.
func (c *cleanSet) redactAction(raw []byte) []byte { return redactActionWith(raw, c.redact) }

// redactValidAction is redactAction for raw known to be valid JSON (a
// drained record's), which is not validated again.
func (c *cleanSet) redactValidAction(raw []byte) []byte {
	out, spaced := redactValidJSONSpaced(raw, c.redact)
	if !spaced {
		return out
	}
	return compact(out)
}

// redactActionWith is compact(redactJSONWith(raw, redact)). An action with
// no space between its tokens (every one the front door encodes) is not
// scanned a third time to compact it.
func redactActionWith(raw []byte, redact func(string) string) []byte {
	out, spaced := redactJSONSpaced(raw, redact)
	if !spaced {
		return out
	}
	return compact(out)
}
