package policy

import (
	"fmt"
	"strings"
	"time"

	"github.com/goccy/go-yaml/ast"
)

// This file reads the approvals section: how long a person's approval
// lets its call through.
//
//	approvals:
//	  pass_ttl: 10m

// ApprovalPolicy says how approvals are honoured.
type ApprovalPolicy struct {
	// PassTTL is how long after a person approves a request the approved
	// call may run (once): the agent retries within minutes, and a pass
	// that waits longer is one an attacker can wait for.
	PassTTL time.Duration
}

// DefaultApprovals lets an approved call through within 10 minutes of the
// decision (approval.DefaultPassTTL).
var DefaultApprovals = ApprovalPolicy{PassTTL: 10 * time.Minute}

// Bounds on approvals.pass_ttl: long enough for an agent to retry, short
// enough that a pass does not outlive the day it was given.
const (
	MinPassTTL = 30 * time.Second
	MaxPassTTL = 24 * time.Hour
)

var approvalsKeys = []string{"pass_ttl"}

// approvalsLayer is one file's approvals section.
type approvalsLayer struct {
	passTTL *setting[time.Duration]
}

func (p *fileParser) approvals(v ast.Node) {
	values, _ := p.mapping(v, "the approvals section", approvalsKeys)
	a := &approvalsLayer{}
	for _, mv := range values {
		v := mv.Value
		if v != nil && !p.plain(v) {
			continue
		}
		switch keyName(mv) {
		case "pass_ttl":
			const hint = "10m is the default; from 30s to 24h"
			d, ok := p.duration(v, "approvals.pass_ttl", MinPassTTL, hint)
			if ok && d > MaxPassTTL {
				p.errorAt(p.at(v), fmt.Sprintf("approvals.pass_ttl must be at most 24h, got %s", strings.TrimSpace(v.(*ast.StringNode).Value)), hint)
				ok = false
			}
			if ok {
				a.passTTL = &setting[time.Duration]{d, p.at(v)}
			}
		}
	}
	p.l.approvals = a
}

// mergeApprovals merges the approvals sections: the user's file sets the
// pass lifetime; a project's may only shorten it (the agent can write the
// project's files, and a longer pass is one it can wait for).
func (p *Policy) mergeApprovals(user, project *layer, warn func(pos, string, string)) {
	if user != nil && user.approvals != nil && user.approvals.passTTL != nil {
		p.Approvals.PassTTL = user.approvals.passTTL.v
	}
	if project == nil || project.approvals == nil || project.approvals.passTTL == nil {
		return
	}
	t := project.approvals.passTTL
	switch {
	case t.v < p.Approvals.PassTTL:
		p.Approvals.PassTTL = t.v
	case t.v > p.Approvals.PassTTL && warn != nil:
		warn(t.pos, "approvals.pass_ttl ignored: it is longer than "+FormatDuration(p.Approvals.PassTTL),
			"a project file can only make the policy stricter; change it in your own file")
	}
}

// describeApprovals adds the approvals section to Describe when it differs
// from the default.
func (p *Policy) describeApprovals(row func(label, format string, args ...any)) {
	if p.Approvals != DefaultApprovals {
		row("approvals", "an approved call may run within %s of the decision", FormatDuration(p.Approvals.PassTTL))
	}
}
