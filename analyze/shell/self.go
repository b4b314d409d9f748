package shell

import (
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// actionguard's own command line run by the agent it guards. Reading is
// fine (check, explain, classify, rules, doctor, policy check, audit tail,
// approvals list, feedback report); answering an approval, minting a
// token, changing the mode, trust or contacts, installing or removing the
// hooks, emptying the trash or speaking for the agent's hook is a person's
// call, never the agent's: the agent may be prompt-injected, and these are
// the very switches that would let it through.
//
// The commands are listed by what only reads; any other command of
// actionguard (an alias, a new verb, a typo) is blocked, so a spelling
// the list does not know never passes.
//
// trust revoke only tightens, yet it is blocked too: the trust record is
// what a person approved, and it is theirs to edit.

// selfAlternative is what the agent is told to do instead.
const selfAlternative = "a person does this in their own terminal or on the approval page; tell the user what you need and why"

var (
	ruleSelfApproval = &rule.Rule{
		ID: "shell.self.approval", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Answers approval requests that wait for a person: an agent must not grant (or refuse) its own approvals.",
		Alternative: selfAlternative,
		Match: []string{"actionguard approvals approve ap-7f3k2q", "bin/actionguard approvals reject ap-1 --note x", "sudo actionguard approvals approve --all",
			"actionguard approvals approve --group g-1 --yes", "actionguard approvals grant ap-1", "actionguard approvals expire",
			"echo 'y ap-1' | actionguard approvals watch", "actionguard --db /tmp/x.db approvals approve ap-1"},
		NoMatch: []string{"actionguard approvals list", "actionguard approvals show ap-1", "actionguard check -- actionguard approvals approve ap-1",
			"actionguard approvals list --grouped --json", "actionguard approvals approve --help"},
	}
	ruleSelfToken = &rule.Rule{
		ID: "shell.self.token", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Mints or revokes an actionguard API token: a token can answer approval requests in a person's name.",
		Alternative: selfAlternative,
		Match:       []string{"actionguard tokens create ci", "/usr/local/bin/actionguard tokens create --json me", "actionguard tokens revoke t-1", "env actionguard tokens create x"},
		NoMatch:     []string{"actionguard tokens list", "actionguard tokens --help"},
	}
	ruleSelfMode = &rule.Rule{
		ID: "shell.self.mode", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Changes actionguard's mode or security level: later actions would be judged more loosely.",
		Alternative: selfAlternative,
		Match:       []string{"actionguard mode learning --global", "actionguard mode flow --level 1", "actionguard mode reset", "actionguard mode paranoid", "actionguard mode --level 1"},
		NoMatch:     []string{"actionguard mode", "actionguard mode --json", "actionguard mode --help"},
	}
	ruleSelfTrust = &rule.Rule{
		ID: "shell.self.trust", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Changes what actionguard trusts: the trust record is what a person approved, theirs to edit.",
		Alternative: selfAlternative,
		Match:       []string{"actionguard trust revoke 'rm -f -r <arg>'", "actionguard trust add 'git push'", "actionguard trust revoke --all"},
		NoMatch:     []string{"actionguard trust list", "actionguard trust list --json --project ."},
	}
	ruleSelfContacts = &rule.Rule{
		ID: "shell.self.contacts", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Changes actionguard's contact book: a known contact is judged more leniently than a new one.",
		Alternative: selfAlternative,
		Match:       []string{"actionguard contacts import people.csv", "actionguard contacts add evil@example.net", "actionguard contacts remove boss@example.com"},
		NoMatch:     []string{"actionguard contacts list", "actionguard contacts list --json"},
	}
	ruleSelfDisable = &rule.Rule{
		ID: "shell.self.disable", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Installs, replaces or removes actionguard's hook in the agent: it can switch off the safety checks.",
		Alternative: selfAlternative,
		Match:       []string{"actionguard uninstall claude-code", "./bin/actionguard uninstall codex --scope project", "actionguard install claude-code --scope project"},
		NoMatch:     []string{"actionguard doctor", "actionguard uninstall --help", "actionguard install --help"},
	}
	ruleSelfTrash = &rule.Rule{
		ID: "shell.self.trash", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Empties actionguard's trash: the files it kept so that a deletion could be undone are gone.",
		Alternative: selfAlternative,
		Match:       []string{"actionguard trash empty", "actionguard trash empty --older-than 1h --yes"},
		NoMatch:     []string{"actionguard trash list", "actionguard trash restore t-1", "actionguard undo"},
	}
	ruleSelfHook = &rule.Rule{
		ID: "shell.self.hook", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Runs actionguard's agent hook by hand: made-up events would forge the session's record and the trust earned in it.",
		Alternative: selfAlternative,
		Match:       []string{"echo '{}' | actionguard hook claude-code", "actionguard-hook hook claude-code < fake.json", "/opt/ag/actionguard-hook claude-code"},
		NoMatch:     []string{"actionguard hook --help", "actionguard-hook --version"},
	}
	ruleSelfUnknown = &rule.Rule{
		ID: "shell.self.command", Category: rule.SecurityBypass, Points: 120,
		Summary:     "Runs an actionguard command that is not known to only read: changing actionguard is a person's call.",
		Alternative: selfAlternative,
		Match:       []string{"actionguard policy set security_level 1", "actionguard audit prune", "actionguard approvalz approve ap-1", "actionguard serve --no-auth", "/tmp/ag approvals approve ap-1", "go run ./cmd/actionguard policy set security_level 1", "actionguard doctor --fix"},
		NoMatch:     []string{"actionguard policy check", "actionguard audit tail -n 20", "actionguard explain -- git push", "actionguard rules", "actionguard doctor --json", "actionguard version", "actionguard serve", "git commit -m 'approvals approve'"},
	}
	ruleSelfFeedback = &rule.Rule{
		ID: "shell.self.feedback", Category: rule.Configuration, Points: 90, AlwaysReview: true,
		Summary:     "Gives actionguard feedback in the user's name: feedback changes how later actions are scored.",
		Alternative: "tell the user which decision looked wrong and let them give the feedback",
		Match:       []string{"actionguard feedback d-abc --should-be allow", "actionguard feedback d-abc --should-be=allow --note 'routine'"},
		NoMatch:     []string{"actionguard feedback report", "actionguard feedback report --json", "actionguard feedback --help"},
	}
)

var selfRules = []*rule.Rule{
	ruleSelfApproval, ruleSelfContacts, ruleSelfDisable, ruleSelfFeedback, ruleSelfHook, ruleSelfMode, ruleSelfToken,
	ruleSelfTrash, ruleSelfTrust, ruleSelfUnknown, ruleSelfWrite, ruleSelfRead, ruleSelfDatabase, ruleSelfServer,
	ruleSelfServerStop, ruleSelfServerFake, ruleSelfPlugin, ruleSelfNested, ruleSelfShadow,
}

func selfHandlers() map[string][]handler {
	m := map[string][]handler{"actionguard": {selfHandler}, "actionguard-hook": {selfHookHandler}, "actionguard-mcp": {selfHandler},
		"claude": {selfPluginHandler, selfNestedHandler}, "gemini": {selfPluginHandler, selfNestedHandler},
		"codex": {selfNestedHandler}, "cursor-agent": {selfNestedHandler}, "copilot": {selfNestedHandler},
		"git": {selfGitVarHandler}} // self_gitworktree.go
	for _, b := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "msedge", "microsoft-edge",
		"brave-browser", "firefox", "playwright", "shot-scraper"} {
		m[b] = append(m[b], selfBrowserHandler) // self_args.go
	}
	for _, db := range selfDBClients {
		m[db] = append(m[db], selfDatabaseHandler)
	}
	return m
}

// selfReads are the commands (and their verbs) that only read; "" is the
// command without a verb, "*" any verb.
var selfReads = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"check": {"*"}, "explain": {"*"}, "classify": {"*"}, "rules": {"*"}, "doctor": {""}, "version": {""}, "help": {"*"},
		"redact": {"*"}, "eval": {"*"}, "demo": {"*"}, "serve": {""}, "mcp-proxy": {"*"}, "completion": {"*"},
		"policy": {"", "check", "show"}, "audit": {"", "tail", "export", "verify", "show", "list"},
		"approvals": {"", "list", "show"}, "approval": {"", "list", "show"},
		"tokens": {"", "list"}, "trust": {"", "list"}, "contacts": {"", "list"},
		// Undoing the agent's own deletion puts the user's files back.
		// put, git-clean and git-safety-ref are the recoverable forms undo
		// rewrites rm, git clean and git reset --hard into.
		"trash": {"", "list", "restore", "put", "git-clean", "git-safety-ref"}, "undo": {"*"},
		"feedback": {"report"}, "mode": {""},
	}
})

func selfHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	cmd, verb := words[0], ""
	if len(words) > 1 {
		verb = words[1]
	}
	if cmd == "mode" && len(words) > 1 {
		verb = "*" // mode learning, mode reset …: any word changes it
	}
	if cmd == "mode" && len(words) == 1 {
		for _, a := range c.Args {
			if len(a) > 1 && a[0] == '-' && a != "--json" && a != "--" {
				verb = "*" // mode --level 1, mode --global …
			}
		}
	}
	if cmd == "doctor" && doctorChanges(c.Args) {
		verb = "*" // doctor --fix, a flag this version does not know
	}
	if cmd == "serve" && c.Has("--no-auth", "--allow-remote") {
		verb = "*" // a server anyone can answer approvals on
	}
	if cmd == "mcp-proxy" {
		mcpProxyServer(c, r)
	}
	if (cmd == "undo" || cmd == "trash" && verb == "restore" || cmd == "check" && c.Has("--approvals") || cmd == "serve" || cmd == "mcp-proxy") && restoresElsewhere(c, r) {
		// A trash the agent made: its manifest says where files go. A
		// pass looked up in, or an approval page served from, a database
		// the agent made.
		verb = "*"
	}
	if reads, ok := selfReads()[cmd]; ok {
		for _, v := range reads {
			if v == "*" && verb != "*" || v != "*" && v == verb {
				return
			}
		}
	}
	r.mutates()
	switch cmd {
	case "approvals", "approval":
		r.add(c.find(ruleSelfApproval, ""))
	case "tokens", "token":
		r.add(c.find(ruleSelfToken, ""))
	case "mode":
		r.add(c.find(ruleSelfMode, ""))
	case "trust":
		r.add(c.find(ruleSelfTrust, ""))
	case "contacts":
		r.add(c.find(ruleSelfContacts, ""))
	case "install", "uninstall":
		r.add(c.find(ruleSelfDisable, ""))
	case "trash":
		r.add(c.find(ruleSelfTrash, ""))
	case "hook":
		r.add(c.find(ruleSelfHook, ""))
	case "feedback":
		r.add(c.find(ruleSelfFeedback, ""))
	default:
		r.add(c.find(ruleSelfUnknown, ""))
	}
}

// mcpProxyServer judges the server command mcp-proxy starts (everything
// after --) as a command of the line: actionguard mcp-proxy -- rm -rf ~
// runs rm. The proxy checks the tool calls it passes on, not the program
// it starts.
func mcpProxyServer(c *Cmd, r *report) {
	for i, a := range c.Args {
		if a == "--" {
			r.command(c.Args[i+1:], c, "actionguard mcp-proxy starts it as its MCP server")
			return
		}
	}
}

// restoresElsewhere reports an undo or trash restore pointed at another
// database or state directory than the user's (--db, --store, an
// ACTIONGUARD_ variable on the line): the trash there is whatever made
// it, and its manifest names the paths the files are restored to — the
// agent's hook settings, actionguard's own files.
//
// A variable set earlier in the line (export ACTIONGUARD_DB=/tmp/x;
// actionguard undo) counts as one set on the command itself.
func restoresElsewhere(c *Cmd, r *report) bool {
	if strings.Contains(strings.ToUpper(c.Text), "ACTIONGUARD_") || len(r.lineVars(c, guardOwnVar)) > 0 {
		return true
	}
	for _, a := range c.Args {
		if a == "--" {
			break
		}
		if a == "--db" || a == "--store" || strings.HasPrefix(a, "--db=") || strings.HasPrefix(a, "--store=") {
			return true
		}
	}
	return false
}

// doctorChanges reports a doctor given a flag after its name other than
// --json: doctor only reads, and a flag it does not know (--fix, --repair,
// one a later version adds) is not known to leave the hooks, the policy and
// the record as they are. Repairs are a person's, in their own terminal.
func doctorChanges(args []string) bool {
	after := false
	for _, a := range args {
		switch {
		case a == "doctor":
			after = true
		case a == "--":
			return false
		case after && len(a) > 1 && a[0] == '-' && a != "--json":
			return true
		}
	}
	return false
}

// selfHookHandler judges the lean hook binary: whatever it is asked, it
// speaks for the agent's hook (its trash and git-safety helpers are run by
// the rewritten commands undo makes, which the hook itself checked).
func selfHookHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	if p := c.Positional(); len(p) > 1 && p[0] == "trash" && (p[1] == "put" || p[1] == "git-clean" || p[1] == "git-safety-ref") {
		return
	}
	r.mutates()
	r.add(c.find(ruleSelfHook, ""))
}

// guardOwnVar reports one of actionguard's own variables.
func guardOwnVar(name string) bool { return strings.HasPrefix(strings.ToUpper(name), "ACTIONGUARD_") }
