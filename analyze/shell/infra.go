package shell

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Infrastructure families: Kubernetes, infrastructure as code, containers,
// cloud CLIs and object storage clients, the Salesforce CLI, source
// platforms, CI/CD servers, backups and sync. Each family lives in its own
// infra_*.go file with its rules and handlers; this file joins them and holds
// the helpers they share.
//
// The weights follow one scale: reads, lists, dry runs and --help report
// nothing; routine uploads and previews weigh infraSmall (the user is told);
// creating and deploying is confirm-level; removing what can be restored
// weighs infraRemove and destroying what cannot weighs infraDestroy, both
// explicit approvals. Only what gives root on a host or wipes a whole
// cluster uses a dangerous category.

// infraHandlers returns the handlers of the infrastructure families, by
// program base name.
func infraHandlers() map[string][]handler {
	h := map[string][]handler{}
	for _, m := range []map[string]handler{
		kubeHandlers(), kubeToolHandlers(), iacHandlers(), iacAppHandlers(), containerHandlers(),
		awsHandlers(), gcpHandlers(), azureHandlers(), cloudHandlers(), storageHandlers(),
		paasHandlers(), paasWebHandlers(), salesforceHandlers(), platformHandlers(), cicdHandlers(), backupHandlers(),
	} {
		for name, fn := range m {
			h[name] = append(h[name], fn)
		}
	}
	return h
}

// infraRules is the registry slice of the infrastructure families.
var infraRules = slices.Concat(
	kubeRules, kubeToolRules, iacRules, containerRules,
	awsRules, gcpRules, azureRules, cloudRules, storageRules,
	paasRules, paasWebRules, salesforceRules, platformRules, cicdRules, backupRules,
)

// Weights shared by the infrastructure rules, composed from seed 000's table.
const (
	// infraDestroy: deleting remote data or infrastructure that cannot come back.
	infraDestroy = rule.PrivilegedKeyword + rule.ExternalTarget + rule.DataModification + rule.Irreversible // 95
	// infraRemove: removing, stopping or overwriting something remote that can be restored.
	infraRemove = rule.PrivilegedKeyword + rule.ExternalTarget + rule.DataModification // 70
	// infraChange: changing remote state in an ordinary way (apply, deploy, update).
	infraChange = rule.PrivilegedKeyword + rule.ExternalTarget // 50
	// infraCreate: creating or starting something remote, routine work.
	infraCreate = rule.PrivilegedKeyword // 30
	// infraSmall: worth telling the user, not worth stopping for.
	infraSmall = rule.PrivilegedKeyword + rule.LowCriticality // 20
	// infraAdmin: seed 002's top risk (10/10): administrator grants, and
	// losing everything at once (a whole backup repository, a database
	// deleted without a final snapshot).
	infraAdmin = 100
)

// infraSubcommand splits a command-line tool's positional words into its
// subcommand and what follows; ok is false when there is none, or when
// the command only asks for help or a version: nothing to judge.
func infraSubcommand(c *Cmd) (cmd string, args []string, ok bool) {
	if infraHelp(c) {
		return "", nil, false
	}
	words := c.Positional()
	if len(words) == 0 {
		return "", nil, false
	}
	return words[0], words[1:], true
}

// infraHelp reports whether the command only asks for help or a version.
func infraHelp(c *Cmd) bool {
	for _, a := range c.Args {
		if a == "--" {
			break
		}
		switch a {
		case "--help", "-help", "--version":
			return true
		}
	}
	p := c.Positional()
	// "version" alone asks for the version; "mc version suspend" does not.
	return len(p) > 0 && p[0] == "help" || len(p) == 1 && p[0] == "version"
}

// infraDryRun reports whether one of the flags asks for a dry run. A flag
// given a value ("--dry-run=client") counts unless the value turns it off.
func infraDryRun(c *Cmd, flags ...string) bool {
	for _, f := range flags {
		v, ok := c.Flag(f)
		if !ok {
			continue
		}
		// Flag returns the next argument for "--dry-run value"; only
		// "--dry-run=value" carries a value that belongs to the flag.
		if !infraInlineValue(c, f) {
			return true
		}
		switch strings.ToLower(v) {
		case "none", "false", "0", "no":
			continue
		}
		return true
	}
	return false
}

// infraInlineValue reports whether flag f is written as "f=value".
func infraInlineValue(c *Cmd, f string) bool {
	for _, a := range c.Args {
		if a == "--" {
			return false
		}
		if strings.HasPrefix(a, f+"=") {
			return true
		}
	}
	return false
}

// infraTargets returns the non-empty values, without duplicates.
func infraTargets(vals ...string) []string {
	var out []string
	for _, v := range vals {
		if v == "" || slices.Contains(out, v) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// infraFlagValues returns the values of every occurrence of the flags.
func infraFlagValues(c *Cmd, names ...string) []string {
	var out []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if a == "--" {
			break
		}
		for _, n := range names {
			switch {
			case a == n && i+1 < len(c.Args):
				out = append(out, c.Args[i+1])
			case strings.HasPrefix(a, n+"="):
				out = append(out, a[len(n)+1:])
			}
		}
	}
	return out
}

// infraList joins names for a message: "a", "a and b", "a, b and c".
func infraList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// infraOr returns s, or the fallback when s is empty.
func infraOr(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// infraHasPrefix reports whether s starts with any of the prefixes.
func infraHasPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// infraAnyDynamic reports whether an argument is not a known literal (a
// variable or a substitution such as $(docker ps -aq)).
func infraAnyDynamic(c *Cmd) bool {
	for _, d := range c.Dynamic {
		if d {
			return true
		}
	}
	return false
}

// infraSub returns a view of c whose arguments start at Args[from], for
// parsing a sub-command's own flags with Cmd's helpers (read with the
// program's top-level spec). Findings are still made with the original
// command.
func infraSub(c *Cmd, from int) *Cmd {
	if from > len(c.Args) {
		from = len(c.Args)
	}
	s := *c
	s.Args = c.Args[from:]
	// The parent's reading of its argv is not the view's: read again.
	s.argv = nil
	s.Dynamic, s.proc = nil, nil
	if len(c.Dynamic) >= from {
		s.Dynamic = c.Dynamic[from:]
	}
	if len(c.proc) >= from {
		s.proc = c.proc[from:]
	}
	return &s
}

// infraSet makes a set of words.
func infraSet(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// infraParen returns " (s)", or "" when s is empty.
func infraParen(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// infraAfterWord returns prefix+" "+s, or "" when s is empty: a word added
// to a message only when there is something to say.
func infraAfterWord(prefix, s string) string {
	if s == "" {
		return ""
	}
	return prefix + " " + s
}
