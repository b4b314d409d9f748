package audit

import (
	"strings"
	"sync"
)

// cleanSet is a Log's memory of texts Redact left unchanged: the values a
// stream of records repeats (a working directory, a session id, a tool's
// name, a rule's explanation, a routine command) are redacted once, then
// found here. It holds only texts the full redactor returned as they were,
// looked up by their exact bytes, so its answer is Redact's: a text it
// has never seen, or one that had something to redact, goes through Redact
// every time. Redact is a pure function (its rules are fixed when the
// program is built), which is what makes the memory sound.
//
// A cleanSet is safe for concurrent use. It keeps at most cleanSetSize
// texts of at most cleanTextMax bytes each, and forgets them all when full.
type cleanSet struct {
	mu sync.Mutex
	m  map[string]struct{}
}

const (
	cleanSetSize = 4096
	cleanTextMax = 512
)

// redact is Redact(s).
func (c *cleanSet) redact(s string) string {
	if len(s) > cleanTextMax {
		return Redact(s)
	}
	c.mu.Lock()
	_, clean := c.m[s]
	c.mu.Unlock()
	if clean {
		return s
	}
	r := Redact(s)
	if r != s {
		return r
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= cleanSetSize {
		c.m = make(map[string]struct{}, cleanSetSize)
	}
	c.m[strings.Clone(s)] = struct{}{}
	c.mu.Unlock()
	return r
}

// redactJSON is RedactJSON(raw).
func (c *cleanSet) redactJSON(raw []byte) []byte { return redactJSONWith(raw, c.redact) }

// redactAction is compact(RedactJSON(raw)): what a record keeps of its
// action. An action with no space between its tokens (every one the
// front door encodes) is not scanned a third time to compact it.
func (c *cleanSet) redactAction(raw []byte) []byte {
	out, spaced := redactJSONSpaced(raw, c.redact)
	if !spaced {
		return out
	}
	return compact(out)
}
