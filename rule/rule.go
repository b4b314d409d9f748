// Package rule holds the vocabulary every analyzer shares: a Rule (the
// metadata and examples of one check), a Finding (what a rule reports about
// one action), the Category of harm, and the Verdict and Level of a
// decision, which the guard reaches, the policy adjusts and the audit log
// keeps (guard.Verdict and guard.Level are these types).
//
// Rules are data. Each analyzer keeps an explicit, sorted slice of its rules;
// a test walks every slice and runs each rule's Match and NoMatch examples
// through the analyzer, so a rule cannot ship without examples that hold.
// Rule ids are stable: they appear in decisions, the audit log, allow lists
// and the evaluator's reports.
package rule

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Category is the kind of harm a finding points at.
type Category string

// Categories. The first six are seed 000's DANGEROUS categories: an action
// with a finding in one of them is dangerous whatever its score.
const (
	SecurityBypass      Category = "security-bypass"
	PrivilegeEscalation Category = "privilege-escalation"
	MassDestruction     Category = "mass-destruction"
	CredentialTheft     Category = "credential-theft"
	Injection           Category = "injection"
	UnauthorizedAccess  Category = "unauthorized-access"

	Destructive    Category = "destructive"    // deletes or overwrites data that may not come back
	History        Category = "history"        // rewrites or discards version-control history or work
	Credentials    Category = "credentials"    // touches secrets or credential files
	Exfiltration   Category = "exfiltration"   // sends data off the machine
	RemoteCode     Category = "remote-code"    // runs code fetched from elsewhere
	Permissions    Category = "permissions"    // changes who may read, write or run something
	Escalation     Category = "escalation"     // runs with more privilege than the agent has
	Infrastructure Category = "infrastructure" // changes cloud, cluster or service state
	Database       Category = "database"       // changes a database's data or schema
	System         Category = "system"         // changes the machine: services, packages, boot
	Obfuscation    Category = "obfuscation"    // hides what will run
	Execution      Category = "execution"      // runs code or commands
	Network        Category = "network"        // talks to another machine
	Unparseable    Category = "unparseable"    // the input could not be understood
	Configuration  Category = "configuration"  // changes settings or behaviour
	Routine        Category = "routine"        // noteworthy but routine work
)

// Dangerous reports whether c is one of seed 000's DANGEROUS categories.
func (c Category) Dangerous() bool {
	switch c {
	case SecurityBypass, PrivilegeEscalation, MassDestruction, CredentialTheft, Injection, UnauthorizedAccess:
		return true
	}
	return false
}

// Points of seed 000's risk table. Rules compose their points from these so
// that a reader can see why a rule weighs what it weighs.
const (
	PrivilegedKeyword = 30  // the action writes, sends, deletes, runs, grants…
	ExternalTarget    = 20  // it reaches another system (e-mail, API, remote)
	DataModification  = 20  // it changes data
	Irreversible      = 25  // it cannot be undone
	Financial         = 30  // it moves money
	Untrusted         = 15  // new or untrusted context
	UserConfirmed     = -10 // the user confirmed it
	Reversible        = -15 // it can be undone
	LowCriticality    = -10 // little is at stake
	NewUser           = 20  // seed 000 step 4: a new user
	LowTrust          = 15  // seed 000 step 4: a user with a low trust score
)

// Rule is one check: its stable id, what it means in a user's words, how much
// it weighs and what to do instead. Match and NoMatch are inputs (a shell
// command, an SQL statement…) that must and must not produce this rule.
type Rule struct {
	ID          string   // stable, dotted: "shell.git.push-force"
	Summary     string   // one line a user reads
	Points      int      // seed 000 scale; risk on seed 002's scale is Points/10
	Category    Category // the kind of harm
	Alternative string   // a safer way to the same end, if there is one
	// AlwaysReview marks seed 002's always-review commands: whatever the
	// context modifiers, the verdict is at least an explicit approval.
	AlwaysReview bool
	Match        []string // examples that must produce this rule
	NoMatch      []string // examples that must not
}

// Finding is what a rule reports about one action. Its JSON form is part of
// the public Decision contract.
type Finding struct {
	Rule        string   `json:"rule"`
	Category    Category `json:"category"`
	Points      int      `json:"points"`
	Evidence    string   `json:"evidence,omitempty"`
	Message     string   `json:"message"`
	Alternative string   `json:"alternative,omitempty"`
	// Targets are the paths, hosts or objects the finding is about; the
	// scorer reads them for context modifiers (test directories, production).
	Targets []string `json:"targets,omitempty"`
	// AlwaysReview is copied from the rule.
	AlwaysReview bool `json:"always_review,omitempty"`
	// Cmd ties a shell finding to the simple command it is about (1-based
	// index into the analysis's commands; 0 when not tied to one), so that an
	// allow-list entry for one command never clears another's findings.
	Cmd int `json:"-"`
}

// Find makes a Finding of r. The message says what will happen; when empty
// the rule's summary is used.
func (r *Rule) Find(evidence, message string, targets ...string) Finding {
	if message == "" {
		message = r.Summary
	}
	for i, t := range targets {
		targets[i] = Printable(t)
	}
	return Finding{
		Rule:         r.ID,
		Category:     r.Category,
		Points:       r.Points,
		Evidence:     Printable(evidence),
		Message:      Printable(message),
		Alternative:  r.Alternative,
		Targets:      targets,
		AlwaysReview: r.AlwaysReview,
	}
}

// Findf is Find with a formatted message.
func (r *Rule) Findf(evidence string, targets []string, format string, args ...any) Finding {
	return r.Find(evidence, fmt.Sprintf(format, args...), targets...)
}

// Printable returns s fit to show a person: control characters and invalid
// UTF-8 (binary junk in a command) become U+FFFD, so that a finding never
// carries bytes that would garble a terminal or a log.
func Printable(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == utf8.RuneError || r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return '\uFFFD'
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// WithPoints returns a copy of f weighing p points, for rules whose weight
// depends on what they found (seed 002's Salesforce table, for one).
func (f Finding) WithPoints(p int) Finding {
	f.Points = p
	return f
}

// Registry is a sorted list of rules with lookup by id.
type Registry []*Rule

// NewRegistry sorts the rules by id and checks that ids are unique and that
// every rule is complete; it returns an error naming the first bad rule.
func NewRegistry(lists ...[]*Rule) (Registry, error) {
	var all Registry
	for _, l := range lists {
		all = append(all, l...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	for i, r := range all {
		if err := r.validate(); err != nil {
			return nil, err
		}
		if i > 0 && all[i-1].ID == r.ID {
			return nil, fmt.Errorf("rule %s: defined twice", r.ID)
		}
	}
	return all, nil
}

func (r *Rule) validate() error {
	switch {
	case r.ID == "" || strings.ContainsAny(r.ID, " \t\n") || strings.Count(r.ID, ".") < 2:
		return fmt.Errorf("rule %q: id must be dotted like analyzer.family.name", r.ID)
	case r.Summary == "":
		return fmt.Errorf("rule %s: no summary", r.ID)
	case r.Category == "":
		return fmt.Errorf("rule %s: no category", r.ID)
	case len(r.Match) == 0:
		return fmt.Errorf("rule %s: no example that must match", r.ID)
	}
	return nil
}

// Lookup returns the rule with the given id, or nil.
func (reg Registry) Lookup(id string) *Rule {
	i := sort.Search(len(reg), func(i int) bool { return reg[i].ID >= id })
	if i < len(reg) && reg[i].ID == id {
		return reg[i]
	}
	return nil
}
