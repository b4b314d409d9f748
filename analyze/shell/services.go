package shell

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Data, service and machine families. Each family lives in its own file
// with its rules and handlers; this file joins them and holds the helpers
// they share. Every identifier of these files starts with "svc" so that they
// never collide with the other families of the package.
//
//	services_db.go, services_db_tools.go   database clients (psql, mysql, sqlite3, mongosh, bq, influx…)
//	services_store.go                      Redis, etcd, Consul
//	services_vault.go, services_secrets.go secrets managers
//	services_kafka.go, services_messaging.go message brokers (Kafka, RabbitMQ, NATS)
//	services_http*.go, services_search.go  HTTP clients and the services they call; search engine tools
//	services_packages.go, services_pkg_*.go language and system package managers
//	services_system.go, services_process.go services, power, processes, cron
//	services_accounts.go, services_security.go, services_machine.go  accounts, protections, kernel, mounts, logs

// serviceHandlers returns the handlers of the data, service and machine
// families, by program base name.
func serviceHandlers() map[string][]handler {
	parts := []map[string]handler{
		svcDBHandlers(), svcDBToolHandlers(), svcStoreHandlers(),
		svcSecretHandlers(), svcVaultHandlers(),
		svcKafkaHandlers(), svcMessagingHandlers(),
		svcHTTPHandlers(), svcSearchHandlers(),
		svcPackageHandlers(), svcPythonPackageHandlers(), svcSystemPackageHandlers(),
		svcSystemHandlers(), svcProcessHandlers(), svcMachineHandlers(), svcAccountHandlers(), svcSecurityHandlers(),
	}
	n := 0
	for _, m := range parts {
		n += len(m)
	}
	h := make(map[string][]handler, n)
	for _, m := range parts {
		for name, fn := range m {
			h[name] = append(h[name], fn)
		}
	}
	return h
}

// serviceRules is the registry slice of the data, service and machine families.
var serviceRules = slices.Concat(
	svcDBRules, svcStoreRules, svcSecretRules, svcVaultRules, svcKafkaRules, svcMessagingRules,
	svcHTTPRules, svcSearchRules, svcPackageRules, svcSystemPackageRules,
	svcSystemRules, svcProcessRules, svcMachineRules, svcAccountRules, svcSecurityRules,
)

// Weights shared by these families, composed from seed 000's table.
const (
	// svcDestroy: remote data that cannot come back (a topic, a secret, an index).
	svcDestroy = rule.PrivilegedKeyword + rule.ExternalTarget + rule.DataModification + rule.Irreversible // 95
	// svcLose: local or single-object data that cannot come back.
	svcLose = rule.PrivilegedKeyword + rule.DataModification + rule.Irreversible // 75
	// svcSoftDelete: remote data deleted but recoverable (archive, trash, versions).
	svcSoftDelete = rule.PrivilegedKeyword + rule.ExternalTarget + rule.DataModification + rule.Reversible // 55
	// svcChange: changing another system's state in a way that matters.
	svcChange = rule.PrivilegedKeyword + rule.ExternalTarget // 50
	// svcConfirm: routine but worth a soft approval.
	svcConfirm = rule.PrivilegedKeyword // 30
	// svcSmall: worth telling the user, not worth stopping for.
	svcSmall = rule.PrivilegedKeyword + rule.LowCriticality // 20
	// svcDisrupt: the machine, or something it depends on, goes down or
	// changes hands (seed 002 risk 7). These commands need root, and the
	// core adds shell.priv.sudo (35) to them: 65 keeps "sudo reboot" at an
	// explicit approval instead of a block.
	svcDisrupt = 65
)

// svcHelp reports whether the command only asks for help or a version.
func svcHelp(c *Cmd) bool {
	for i, a := range c.Args {
		if a == "--" {
			break
		}
		switch {
		case a == "--help" || a == "-help" || a == "--usage":
			return true
		case a == "--version" && i == 0:
			// only as the first word: "cargo yank --version 1.0.1" names a version
			return true
		}
	}
	p := c.Positional()
	return len(p) > 0 && (p[0] == "help" || p[0] == "version")
}

// svcDryRun reports whether the command only shows what it would do.
func svcDryRun(c *Cmd) bool {
	return c.Has("--dry-run", "--dryrun", "--simulate", "--what-if", "--just-print", "--no-act", "--recon", "--assumeno")
}

// svcAt returns words[i], or "".
func svcAt(words []string, i int) string {
	if i >= 0 && i < len(words) {
		return words[i]
	}
	return ""
}

// svcSubcommand returns a command's first positional word, its
// subcommand ("" when there is none), and the words after it.
func svcSubcommand(c *Cmd) (sub string, rest []string) {
	w := c.Positional()
	return svcAt(w, 0), w[min(1, len(w)):]
}

// svcFrom returns words[i:], or nil when there are not that many words: a
// command missing an operand reads as having none, never as out of range.
func svcFrom(words []string, i int) []string {
	if i < 0 || i >= len(words) {
		return nil
	}
	return words[i:]
}

// svcIn reports whether s is one of the words.
func svcIn(s string, words ...string) bool {
	return slices.Contains(words, s)
}

// svcQuote renders a user-supplied name inside a message.
func svcQuote(s string) string {
	if s == "" {
		return "(unnamed)"
	}
	if len(s) > 80 {
		s = s[:77] + "…"
	}
	return s
}

// svcList renders a list of names for a message: "a", "a and b", "a, b and 2 more".
func svcList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return svcQuote(names[0])
	case 2:
		return svcQuote(names[0]) + " and " + svcQuote(names[1])
	case 3:
		return svcQuote(names[0]) + ", " + svcQuote(names[1]) + " and " + svcQuote(names[2])
	}
	return svcQuote(names[0]) + ", " + svcQuote(names[1]) + " and " + itoa(len(names)-2) + " more"
}

// svcPlural returns one or many depending on n.
func svcPlural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// svcLower is strings.ToLower, short for the many comparisons below.
func svcLower(s string) string { return strings.ToLower(s) }

// svcFold reports whether s equals one of the words, ignoring case.
func svcFold(s string, words ...string) bool {
	for _, w := range words {
		if strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// svcFlagValues returns the values of every occurrence of the flags, written
// "--name value", "--name=value", "-n value" or "-nvalue" (the last only for
// single-letter flags, and only when the word is not itself one of names:
// "-cmd" is not "-c" with the value "md").
func svcFlagValues(c *Cmd, names ...string) []string {
	return c.FlagAll(names...)
}

// svcTargets returns the non-empty values, without duplicates.
func svcTargets(vals ...string) []string {
	var out []string
	for _, v := range vals {
		if v == "" || slices.Contains(out, v) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// svcMutates is the handler of programs that change something but are not
// worth a finding.
func svcMutates(c *Cmd, r *report) {
	if !svcHelp(c) {
		r.mutates()
	}
}
