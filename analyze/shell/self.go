package shell

import "github.com/actionguard/actionguard/rule"

// actionguard's own command line run by the agent it guards. Reading is
// fine (check, explain, classify, audit tail, feedback report); answering
// an approval, teaching actionguard or switching it off is the person's
// call, never the agent's.

var (
	ruleSelfApproval = &rule.Rule{
		ID: "shell.self.approval", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Answers an approval request that waits for a person: an agent must not grant (or refuse) its own approvals.",
		Alternative: "ask the user to decide it in their terminal or on the approval page",
		Match:       []string{"actionguard approvals approve ap-7f3k2q", "bin/actionguard approvals reject ap-1 --note x", "sudo actionguard approvals approve --all"},
		NoMatch:     []string{"actionguard approvals list", "actionguard approvals show ap-1", "actionguard check -- actionguard approvals approve ap-1"},
	}
	ruleSelfFeedback = &rule.Rule{
		ID: "shell.self.feedback", Category: rule.Configuration, Points: 90, AlwaysReview: true,
		Summary:     "Gives actionguard feedback in the user's name: feedback changes how later actions are scored.",
		Alternative: "tell the user which decision looked wrong and let them give the feedback",
		Match:       []string{"actionguard feedback d-abc --should-be allow", "actionguard feedback d-abc --should-be=allow --note 'routine'"},
		NoMatch:     []string{"actionguard feedback report", "actionguard feedback report --json", "actionguard feedback --help"},
	}
	ruleSelfDisable = &rule.Rule{
		ID: "shell.self.disable", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Removes actionguard's hook from the agent: it switches off the safety checks.",
		Alternative: "ask the user to uninstall it themselves if that is what they want",
		Match:       []string{"actionguard uninstall claude-code", "./bin/actionguard uninstall codex --scope project"},
		NoMatch:     []string{"actionguard doctor", "actionguard uninstall --help"},
	}
)

var selfRules = []*rule.Rule{ruleSelfApproval, ruleSelfDisable, ruleSelfFeedback}

func selfHandlers() map[string][]handler {
	return map[string][]handler{"actionguard": {selfHandler}}
}

// selfValued are actionguard's flags that take a value.
var selfValued = []string{"--policy", "--project", "--db", "--should-be", "--note", "--by", "--since", "--scope", "--wait", "-n"}

func selfHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional(selfValued...)
	if len(words) == 0 {
		return
	}
	verb := ""
	if len(words) > 1 {
		verb = words[1]
	}
	switch words[0] {
	case "approvals", "approval":
		switch verb {
		case "approve", "grant", "allow", "reject", "deny", "refuse", "decide":
			r.mutates()
			r.add(c.find(ruleSelfApproval, ""))
		}
	case "feedback":
		if verb != "report" {
			r.mutates()
			r.add(c.find(ruleSelfFeedback, ""))
		}
	case "uninstall":
		r.mutates()
		r.add(c.find(ruleSelfDisable, ""))
	}
}
