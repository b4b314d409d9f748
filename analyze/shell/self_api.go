package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// judgeSelfWrite: a write to a place of actionguard's control plane, by a
// command, a redirect or an agent's file tool.
func judgeSelfWrite(env *analysis, t string) (writeJudgement, bool) {
	part := env.controlOf(t)
	if !part.ok() && isGlobPath(t) {
		part = env.selfReach(selfChange{t, false}) // > .cl*/settings.json
	}
	if !part.ok() {
		part = env.selfReachUnknown(t, true) // > ~/.claude/settings${s}.json
	}
	if !part.ok() {
		return writeJudgement{}, false
	}
	return writeJudgement{ruleSelfWrite, "Changes " + t + ", " + part.what + ": changing it is a person's call."}, true
}

// selfRead: reading one of actionguard's keys or token secrets.
func selfRead(p string, opt Options) (rule.Finding, bool) {
	env := newAnalysis(opt)
	if part := env.controlOf(p); part.key {
		return ruleSelfRead.Find("read "+p, env.noteLinks("Reads "+p+", a key or token secret of actionguard: with it, records and approvals could be forged.", p), p), true
	}
	return rule.Finding{}, false
}

// SelfArgument judges one string argument of a tool call that is not a
// shell command (an MCP tool, a generic tool, a file tool's content): a
// path of actionguard's control plane when the tool writes (or any tool,
// for keys), a request to the server's deciding endpoints, or code or a
// script that names the control plane when the tool writes. write is false
// only for a tool known to only read.
func SelfArgument(s string, write bool, opt Options) []rule.Finding {
	return NewSelfJudge(opt).Argument(s, write)
}

// SelfJudge judges the arguments of one tool call as SelfArgument does,
// with one analysis of the places for all of them, built on first need.
type SelfJudge struct {
	opt Options
	env *analysis
}

// NewSelfJudge returns a SelfJudge for the arguments of a call made with opt.
func NewSelfJudge(opt Options) *SelfJudge { return &SelfJudge{opt: opt} }

// Argument is SelfArgument of s for the judge's call.
func (j *SelfJudge) Argument(s string, write bool) []rule.Finding {
	if len(s) < 2 {
		return nil
	}
	if u := controlEndpoint(s, nil); u != "" {
		return []rule.Finding{ruleSelfServer.Find(truncateText(oneLine(s), 200), "Sends a request to actionguard's server ("+u+"): only a person decides approvals, tokens and settings there.", u)}
	}
	pathLike := !strings.ContainsAny(s, "\n ") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~")
	if !pathLike && !(write && len(s) > 8) {
		return nil // nothing below judges it: no analysis built
	}
	if j.env == nil {
		j.env = newAnalysis(j.opt)
	}
	env := j.env
	if pathLike {
		p := strings.TrimPrefix(s, "file://")
		part := env.controlOf(p)
		switch {
		case part.key:
			return []rule.Finding{ruleSelfRead.Find(s, env.noteLinks("Reads "+s+", a key or token secret of actionguard: with it, records and approvals could be forged.", p), s)}
		case part.ok() && write:
			return []rule.Finding{ruleSelfWrite.Find(s, env.noteLinks("Changes "+s+", "+part.what+": changing it is a person's call.", p), s)}
		case write && !strings.ContainsAny(s, "\n "):
			// A tool that moves or deletes a directory (or writes through a
			// wildcard) takes the agent's settings in it along.
			if part := env.selfReach(selfChange{p, true}); part.ok() {
				return []rule.Finding{ruleSelfWrite.Find(s, env.noteLinks("Changes "+part.what+" ("+s+"): changing it is a person's call.", p), s)}
			}
		}
	}
	if write && len(s) > 8 {
		if m := env.mentions(s); m.ok() {
			return []rule.Finding{ruleSelfDatabase.Find(truncateText(oneLine(s), 200), "The text names "+m.what+": it could change the policy, mark a request approved or rewrite the record.")}
		}
	}
	return nil
}
