package intent

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// dangerPoints weigh a DANGEROUS finding: above seed 000's 100 on its own.
const dangerPoints = rule.PrivilegedKeyword + rule.ExternalTarget + rule.DataModification + rule.Irreversible + rule.Untrusted

// Action rules: what the main verb of a step does.
var (
	ruleWrite = &rule.Rule{ID: "intent.action.write", Category: rule.Configuration,
		Summary: "changes data or settings (create, update, modify, rename…)",
		Points:  rule.PrivilegedKeyword + rule.DataModification,
		Match:   []string{"Create a new folder called invoices", "Change my notification settings", "rename the report to final"},
		NoMatch: []string{"List my folders", "Don't create a backup", "Write a function that sorts a list"}}
	ruleDestroy = &rule.Rule{ID: "intent.action.delete", Category: rule.Destructive,
		Summary:     "deletes data that may not come back (delete, remove, erase, wipe, purge…)",
		Points:      rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Alternative: "move it to the trash or archive it instead",
		Match:       []string{"Delete these temporary files", "remove the old branch", "purge the cache", "wipe my browsing history"},
		NoMatch:     []string{"What would happen if I delete the cache?", "find the deleted files"}}
	ruleSend = &rule.Rule{ID: "intent.action.send", Category: rule.Exfiltration,
		Summary:     "sends or publishes something to other people (send, email, post, share…)",
		Points:      rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible,
		Alternative: "draft it first and review the draft",
		Match:       []string{"Send an email to john@example.com", "Post this to Slack", "forward the invoice to accounting", "tweet the announcement"},
		NoMatch:     []string{"Draft an email to john", "Search my email for the invoice", "email about the outage"}}
	rulePay = &rule.Rule{ID: "intent.action.pay", Category: rule.Exfiltration,
		Summary: "moves money (pay, transfer, purchase, buy, withdraw…)",
		Points:  rule.PrivilegedKeyword + rule.Financial + rule.ExternalTarget,
		Match:   []string{"Pay the electricity bill", "transfer $500 to my savings account", "buy the cheapest flight to Rome", "make a purchase on Amazon"},
		NoMatch: []string{"Show my last order", "Calculate 15% of $100"}}
	ruleRun = &rule.Rule{ID: "intent.action.run", Category: rule.Execution,
		Summary: "runs code or commands (run, execute, deploy, restart…)",
		Points:  rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible,
		Match:   []string{"run this script", "execute the migration", "deploy the app"},
		NoMatch: []string{"write a script that renames files", "explain this code"}}
	ruleGrant = &rule.Rule{ID: "intent.action.grant", Category: rule.Permissions,
		Summary: "grants or revokes someone's access (grant, revoke, invite, unlock…)",
		Points:  rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible,
		Match:   []string{"invite sarah to the project", "give bob access to the shared folder", "revoke the contractor's access"},
		NoMatch: []string{"who has access to the shared folder?", "give me a summary"}}
	ruleCommit = &rule.Rule{ID: "intent.action.commit", Category: rule.Exfiltration,
		Summary:     "binds the user to something (sign a contract, submit a form)",
		Points:      rule.PrivilegedKeyword + rule.ExternalTarget + rule.Irreversible,
		Alternative: "review the document and sign or submit it yourself",
		Match:       []string{"sign the contract with DocuSign", "submit my timesheet", "sign up for the newsletter"},
		NoMatch:     []string{"search my Drive for the signed NDA", "how do I submit a pull request?"}}
	ruleCall = &rule.Rule{ID: "intent.action.call", Category: rule.Network,
		Summary: "reaches an external system (call an API, make a request)",
		Points:  rule.PrivilegedKeyword + rule.ExternalTarget,
		Match:   []string{"call the weather API", "ping the staging server"},
		NoMatch: []string{"explain what an API call is"}}
)

// Context rules: what changes the meaning of a step's verb.
var (
	ruleDraft = &rule.Rule{ID: "intent.context.draft", Category: rule.Routine,
		Summary: "drafts a message without sending it",
		Match:   []string{"Draft an email", "prepare a message for the team", "write a reply to sarah"},
		NoMatch: []string{"Send an email", "send the draft to bob"}}
	ruleDiscussion = &rule.Rule{ID: "intent.context.discussion", Category: rule.Routine,
		Summary: "talks about a message instead of sending it (\"email about X\")",
		Match:   []string{"email about the outage", "message regarding the invoice"},
		NoMatch: []string{"email john about the outage"}}
	ruleGenerate = &rule.Rule{ID: "intent.context.generate", Category: rule.Routine,
		Summary: "writes code or text for the user without running or sending it",
		Match:   []string{"write code to parse CSV", "Create a template", "generate a python script that lists files"},
		NoMatch: []string{"run this code", "create a file"}}
	ruleNegation = &rule.Rule{ID: "intent.context.negation", Category: rule.Routine,
		Summary: "the request says not to do the action",
		Match:   []string{"Don't create a backup", "never send emails on weekends", "no need to delete anything"},
		NoMatch: []string{"Create a backup", "don't forget to send the report"}}
	ruleHypothetical = &rule.Rule{ID: "intent.context.hypothetical", Category: rule.Routine,
		Summary: "asks what would happen, without asking for the action",
		Match:   []string{"What would happen if I delete the logs?", "suppose I transfer the money tomorrow, what fees apply"},
		NoMatch: []string{"delete the logs"}}
	ruleQuestion = &rule.Rule{ID: "intent.context.question", Category: rule.Routine,
		Summary: "asks about an action instead of asking for it",
		Match:   []string{"How do I delete a git branch?", "should I send this email now?", "is it safe to run this script?"},
		NoMatch: []string{"Could you delete the branch?", "please send this email"}}
	ruleConditional = &rule.Rule{ID: "intent.context.conditional", Category: rule.Routine,
		Summary: "the action depends on a condition; it is classified as if the condition held",
		Match:   []string{"If tomorrow is Sunday, delete the draft", "delete the draft if tomorrow is Sunday", "when the build passes, deploy it"},
		NoMatch: []string{"check if the server is up", "delete the draft"}}
	ruleAmbiguous = &rule.Rule{ID: "intent.context.ambiguous", Category: rule.Configuration,
		Summary:     "does not say what should change; treated as a change, which needs approval",
		Points:      rule.Irreversible,
		Alternative: "say what to change, or ask to view it first",
		Match:       []string{"Update my profile", "change the settings", "fix it"},
		NoMatch:     []string{"update my profile picture to the new photo", "show my profile"}}
	ruleEditor = &rule.Rule{ID: "intent.context.editor", Category: rule.Routine,
		Summary: "in an editor or template engine a change edits a buffer that can be undone",
		Points:  rule.Reversible + rule.LowCriticality,
		Match:   []string{"Create a file"}, // with Application: code-editor (see TestRuleExamples)
		NoMatch: []string{"Delete all temporary files"}}
	ruleFileManager = &rule.Rule{ID: "intent.context.file-manager", Category: rule.Destructive,
		Summary: "in a file manager a change writes to the user's disk at once, with no undo",
		Points:  rule.Irreversible,
		Match:   []string{"Create a file"}, // with Application: file-manager
		NoMatch: []string{"List the files"}}
)

// Modifier rules: seed 000's other rows.
var (
	ruleExternal = &rule.Rule{ID: "intent.modifier.external-target", Category: rule.Network,
		Summary: "the action reaches another system (an address, a URL, a hosted service)",
		Points:  rule.ExternalTarget,
		Match:   []string{"Create a new GitHub repository", "delete the S3 bucket logs", "deploy to production"},
		NoMatch: []string{"create a folder", "send john the file"}}
	ruleSecuritySetting = &rule.Rule{ID: "intent.modifier.security-setting", Category: rule.Configuration,
		Summary:     "changes a password, key, firewall or sign-in setting: a mistake locks the user out or lets others in",
		Points:      rule.Irreversible,
		Alternative: "change it yourself in the account's security settings",
		Match:       []string{"change my password to hunter2", "update the firewall rules to allow port 22", "rotate the API keys"},
		NoMatch:     []string{"change my display name to Sam", "how do I change my password?"}}
	ruleUrgent = &rule.Rule{ID: "intent.modifier.urgent", Category: rule.Routine,
		Summary: "urgency (\"NOW\", capitals) leaves no time to check: treated as an untrusted context",
		Points:  rule.Untrusted,
		Match:   []string{"SEND THIS EMAIL NOW", "delete it immediately"},
		NoMatch: []string{"please send this email", "search for news now"}}
	rulePolite = &rule.Rule{ID: "intent.modifier.polite", Category: rule.Routine,
		Summary: "a polite, unhurried request (\"please…\")",
		Match:   []string{"Please send this email", "could you delete the draft"},
		NoMatch: []string{"SEND THIS EMAIL NOW", "please list my files"}}
	ruleConfirmed = &rule.Rule{ID: "intent.modifier.confirmed", Category: rule.Routine,
		Summary: "the user confirmed the action in the request",
		Points:  rule.UserConfirmed,
		Match:   []string{"yes, delete the old logs", "go ahead and send it"},
		NoMatch: []string{"delete the old logs", "yes, show me the logs"}}
	ruleReversible = &rule.Rule{ID: "intent.modifier.reversible", Category: rule.Routine,
		Summary: "the change can be undone (archive, trash, copy, backup)",
		Points:  rule.Reversible,
		Match:   []string{"Create a backup", "archive the old emails", "move the file to the trash"},
		NoMatch: []string{"delete the backup", "create a folder"}}
	ruleLowStakes = &rule.Rule{ID: "intent.modifier.low-stakes", Category: rule.Routine,
		Summary: "little is at stake (test data, a sample, a message to yourself)",
		Points:  rule.LowCriticality,
		Match:   []string{"Send me an email with this", "delete the test file"},
		NoMatch: []string{"Send an email to john@example.com"}}
	ruleNewUser = &rule.Rule{ID: "intent.user.new", Category: rule.Routine,
		Summary: "a new user: a request from a new account weighs more",
		Points:  rule.NewUser,
		Match:   []string{"delete the draft"}, // with Options.NewUser
		NoMatch: []string{"search for React hooks"}}
	ruleLowTrust = &rule.Rule{ID: "intent.user.low-trust", Category: rule.Routine,
		Summary: "a user with a low trust score: the request weighs more",
		Points:  rule.LowTrust,
		Match:   []string{"delete the draft"}, // with Options.LowTrust
		NoMatch: []string{"search for React hooks"}}
)

// registry is the sorted list of this package's rules.
var registry = []*rule.Rule{
	ruleCall,
	ruleCommit,
	ruleDestroy,
	ruleGrant,
	rulePay,
	ruleRun,
	ruleSend,
	ruleWrite,
	ruleAmbiguous,
	ruleConditional,
	ruleDiscussion,
	ruleDraft,
	ruleEditor,
	ruleFileManager,
	ruleGenerate,
	ruleHypothetical,
	ruleNegation,
	ruleQuestion,
	ruleDangerCoverUp,
	ruleDangerTheft,
	ruleDangerDataTheft,
	ruleDangerFraud,
	ruleDangerInjection,
	ruleDangerMalware,
	ruleDangerMass,
	ruleDangerPhishing,
	ruleDangerEscalation,
	ruleDangerBypass,
	ruleDangerStalking,
	ruleDangerUnauthorized,
	ruleConfirmed,
	ruleExternal,
	ruleLowStakes,
	rulePolite,
	ruleReversible,
	ruleSecuritySetting,
	ruleUrgent,
	ruleLowTrust,
	ruleNewUser,
}

// Rules returns this package's rules sorted by id, each with the requests
// it must and must not match. The slice is a copy.
func Rules() []*rule.Rule {
	buildHarmRules()
	rs := append(slices.Clone(registry), harmRules...)
	slices.SortStableFunc(rs, func(a, b *rule.Rule) int { return strings.Compare(a.ID, b.ID) })
	return rs
}

// testOptions are the options a rule's examples are analysed with.
func testOptions(id string) Options {
	switch id {
	case ruleEditor.ID:
		return Options{Application: "code-editor"}
	case ruleFileManager.ID:
		return Options{Application: "file-manager"}
	case ruleNewUser.ID:
		return Options{NewUser: true}
	case ruleLowTrust.ID:
		return Options{LowTrust: true}
	}
	return Options{}
}
