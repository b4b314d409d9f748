package shell

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/sql"
	"github.com/actionguard/actionguard/rule"
)

// The Salesforce CLI (sf, and sfdx with the old force: commands). Points
// follow seed 002's Salesforce table, risk × 10: a base per command and a
// bonus when the named condition holds.

var (
	sfOrgDelete = &rule.Rule{
		ID:          "shell.sf.org-delete",
		Summary:     "Deletes a Salesforce org (base risk 9, 10 for a production org).",
		Points:      90,
		Category:    rule.Destructive,
		Alternative: "Check the target with `sf org display --target-org ALIAS` first; scratch orgs expire on their own.",
		Match:       []string{"sfdx force:org:delete -u my-scratch -p", "sf org delete scratch --target-org my-scratch --no-prompt", "sf org delete sandbox -o dev-sandbox", "sfdx force:org:delete -u production-org"},
		NoMatch:     []string{"sf org list", "sf org display -o my-scratch", "sfdx force:org:list"},
	}
	sfPermsetAssign = &rule.Rule{
		ID:          "shell.sf.permset-assign",
		Summary:     "Assigns a permission set to Salesforce users (base risk 6, 9 when it looks like admin rights).",
		Points:      60,
		Category:    rule.Permissions,
		Alternative: "Assign the narrowest permission set that does the job, to one named user.",
		Match:       []string{"sfdx force:user:permset:assign -n Sales_User -u dev", "sf org assign permset --name ModifyAllData --target-org prod", "sf org assign permset -n Admin_Tools -b bob@x.com"},
		NoMatch:     []string{"sf org list users -o dev", "sfdx force:user:display"},
	}
	sfApexRun = &rule.Rule{
		ID:          "shell.sf.apex-execute",
		Summary:     "Runs anonymous Apex in a Salesforce org (base risk 7, 10 when the code changes data).",
		Points:      70,
		Category:    rule.Execution,
		Alternative: "Run it in a sandbox or scratch org first; wrap DML in a Savepoint and roll back to test it.",
		Match:       []string{"sfdx force:apex:execute -f scripts/fix.apex -u prod", "sf apex run --file cleanup.apex --target-org dev", "sf apex run", "echo 'delete [SELECT Id FROM Account];' | sf apex run -o dev"},
		NoMatch:     []string{"sf apex run test --target-org dev", "sfdx force:apex:test:run -u dev", "sf apex list log"},
	}
	sfDeploy = &rule.Rule{
		ID:          "shell.sf.deploy",
		Summary:     "Deploys metadata to a Salesforce org (base risk 5, 9 when warnings or conflicts are ignored).",
		Points:      50,
		Category:    rule.Infrastructure,
		Alternative: "Validate first (`sf project deploy validate` or `force:source:deploy --checkonly`) and run the tests.",
		Match: []string{
			"sfdx force:source:deploy -p force-app -u prod", "sf project deploy start --source-dir force-app --target-org prod",
			"sfdx force:source:deploy -p force-app -g", "sf project deploy start --ignore-warnings -o prod", "sf project deploy start --ignore-conflicts",
			"sfdx force:mdapi:deploy -d mdapi -u prod",
		},
		NoMatch: []string{"sfdx force:source:deploy -p force-app --checkonly", "sf project deploy validate --source-dir force-app", "sf project deploy start --dry-run", "sf project deploy preview", "sf project retrieve start"},
	}
	sfBulkDelete = &rule.Rule{
		ID:          "shell.sf.bulk-delete",
		Summary:     "Deletes Salesforce records in bulk (base risk 8, 10 when no WHERE clause limits it).",
		Points:      80,
		Category:    rule.Destructive,
		Alternative: "Export the records first (`sf data export bulk`), and count what the query matches before deleting.",
		Match:       []string{"sfdx force:data:bulk:delete -s Account -f ids.csv -u prod", "sf data delete bulk --sobject Contact --file contacts.csv --target-org dev"},
		NoMatch:     []string{"sf data query -q 'SELECT Id FROM Account' -o dev", "sf data export bulk --query 'SELECT Id FROM Account' --output-file a.csv"},
	}
	sfRecordDelete = &rule.Rule{
		ID:          "shell.sf.record-delete",
		Summary:     "Deletes a Salesforce record or removes deployed metadata from an org.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "Retrieve the record or metadata first (`sf data get record`, `sf project retrieve start`).",
		Match:       []string{"sf data delete record --sobject Account --record-id 001xx000003DGb2", "sfdx force:data:record:delete -s Account -i 001xx", "sf project delete source --metadata ApexClass:Old -o dev", "sfdx force:source:delete -m ApexClass:Old"},
		NoMatch:     []string{"sf data get record --sobject Account --record-id 001xx", "sf project delete source --metadata ApexClass:Old --check-only"},
	}
	sfDataWrite = &rule.Rule{
		ID:          "shell.sf.data-write",
		Summary:     "Creates, updates, upserts or imports Salesforce records, or installs a package.",
		Points:      infraChange,
		Category:    rule.Database,
		Alternative: "Try it in a sandbox or scratch org first.",
		Match:       []string{"sf data update record --sobject Account --record-id 001xx --values \"Name=Acme\"", "sf data upsert bulk --sobject Contact --file c.csv --external-id Id", "sfdx force:data:tree:import -p plan.json", "sf package install --package 04t000000000000 -o prod"},
		NoMatch:     []string{"sf data query -q 'SELECT Id FROM Contact'"},
	}
)

var salesforceRules = []*rule.Rule{sfOrgDelete, sfPermsetAssign, sfApexRun, sfDeploy, sfBulkDelete, sfRecordDelete, sfDataWrite}

func salesforceHandlers() map[string]handler {
	return map[string]handler{"sf": sfHandler, "sfdx": sfHandler}
}

// sfCommand returns the command words: "force org delete" for the old colon
// syntax, "org delete scratch" for the new one.
func sfCommand(c *Cmd) (words []string, colon bool) {
	p := c.Positional()
	if len(p) == 0 {
		return nil, false
	}
	if strings.Contains(p[0], ":") {
		return strings.Split(p[0], ":"), true
	}
	return p, false
}

// sfKey joins the first n command words.
func sfKey(words []string, n int) string {
	if len(words) < n {
		n = len(words)
	}
	return strings.Join(words[:n], " ")
}

func sfHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words, colon := sfCommand(c)
	if len(words) == 0 {
		return
	}
	if colon && words[0] == "force" {
		words = words[1:]
	}
	target := sfTarget(c, colon)
	t := infraTargets(target)
	in := ""
	if target != "" {
		in = " in org " + target
	}
	k2, k3 := sfKey(words, 2), sfKey(words, 3)
	switch {
	case k2 == "org delete" || k2 == "env delete":
		r.mutates()
		what := "the org " + infraOr(target, "set as default")
		if len(words) > 2 {
			what = "the " + words[2] + " org " + infraOr(target, "set as default")
		}
		f := c.find(sfOrgDelete, "Deletes "+what+" and everything in it.", t...)
		if sfProduction(target) {
			f = f.WithPoints(100)
			f.Message = "Deletes " + what + ", which looks like a production org, and everything in it."
		}
		r.add(f)
	case k3 == "org refresh sandbox":
		r.mutates()
		name, _ := c.Flag("-n", "--name")
		r.add(c.find(sfOrgDelete, "Refreshes the sandbox "+infraOr(name, "(unnamed)")+": everything in it is replaced by a new copy of production.", infraTargets(name, target)...).WithPoints(infraRemove))
	case k3 == "user permset assign" || k3 == "org assign permset" || k3 == "user permsetlicense assign" || k3 == "org assign permsetlicense":
		r.mutates()
		sets := infraFlagValues(c, "-n", "--name", "--permsetname")
		who := infraFlagValues(c, "-b", "--on-behalf-of", "--onbehalfof")
		msg := "Assigns permission set " + infraOr(infraList(sets), "(unnamed)") + " to " + infraOr(infraList(who), "the org's user") + in + "."
		f := c.find(sfPermsetAssign, msg, append(t, sets...)...)
		if !strings.Contains(k3, "license") && sfAdminPermset(sets) {
			f = f.WithPoints(90)
			f.Message = "Assigns permission set " + infraList(sets) + ", which looks like administrator rights, to " + infraOr(infraList(who), "the org's user") + in + "."
		}
		r.add(f)
	case k2 == "apex execute" || k2 == "apex run" && (len(words) == 2 || words[2] != "test"):
		r.mutates()
		sfApex(c, r, in, t)
	case k2 == "source deploy" || k2 == "mdapi deploy" || k3 == "project deploy start" || k3 == "project deploy quick" ||
		k3 == "project deploy resume" || k2 == "deploy metadata" || k3 == "mdapi deploy" && colon:
		if c.Has("-c", "--checkonly", "--dry-run") && (colon || c.Has("--dry-run")) {
			return // a validation
		}
		r.mutates()
		ignore := c.Has("--ignore-warnings", "--ignorewarnings", "--ignore-conflicts", "--ignoreconflicts", "--ignore-errors", "--ignoreerrors", "--forceoverwrite")
		if colon && c.Has("-g", "-o") {
			ignore = true // old syntax: -g ignore warnings, -o ignore errors
		}
		if !colon && c.Has("-c", "-r") {
			ignore = true // new syntax: -c ignore conflicts, -r ignore errors
		}
		f := c.find(sfDeploy, "Deploys metadata"+in+".", t...)
		if ignore {
			f = f.WithPoints(90)
			f.Message = "Deploys metadata" + in + " ignoring warnings, errors or conflicts: problems the org would report go through."
		}
		if d := infraFlagValues(c, "--pre-destructive-changes", "--post-destructive-changes"); len(d) > 0 || c.Has("--purge-on-delete") {
			// Outside seed 002's table: a deploy that deletes metadata weighs
			// at least what a metadata delete does.
			f.Points = max(f.Points, infraRemove)
			f.Message += " It also deletes the metadata listed in " + infraOr(infraList(d), "the destructive changes") + "."
		}
		r.add(f)
	case k3 == "data bulk delete" || k3 == "data delete bulk":
		r.mutates()
		obj, _ := c.Flag("-s", "--sobject", "--sobjecttype")
		f := c.find(sfBulkDelete, "Deletes in bulk the "+infraOr(obj, "")+" records listed in "+infraOr(firstOf(infraFlagValues(c, "-f", "--file", "--csvfile")), "a file")+in+".", append(t, obj)...)
		where, _ := c.Flag("--where")
		query, _ := c.Flag("-q", "--query")
		if where == "" && !strings.Contains(strings.ToUpper(query), "WHERE") {
			// The CSV of ids cannot be read: nothing shows the delete is limited.
			f = f.WithPoints(100)
			f.Message += " Nothing visible limits which records go."
		}
		if c.Has("--hard-delete", "--harddelete") {
			f.Message += " With hard delete they skip the Recycle Bin and cannot be undeleted."
		}
		r.add(f)
	case k3 == "data record delete" || k3 == "data delete record" || k3 == "source delete" || k3 == "project delete source" || k2 == "source delete":
		if c.Has("--check-only", "--checkonly") {
			return
		}
		r.mutates()
		if strings.Contains(k3, "source") {
			r.add(c.find(sfRecordDelete, "Deletes metadata "+infraOr(infraList(infraFlagValues(c, "-m", "--metadata", "-p", "--sourcepath", "--source-dir")), "")+" from the org"+in+" and from the project.", t...))
			return
		}
		obj, _ := c.Flag("-s", "--sobject", "--sobjecttype")
		id, _ := c.Flag("-i", "--record-id", "--sobjectid")
		r.add(c.find(sfRecordDelete, "Deletes the "+infraOr(obj, "")+" record "+infraOr(id, "matching --where")+in+".", append(t, obj)...))
	case k3 == "data soql query" || k2 == "data query" || k3 == "data query resume":
		if q, ok := c.Flag("-q", "--query"); ok && q != "" {
			r.sql(q, c)
		}
	case sfDataWriteCommand(words):
		r.mutates()
		r.add(c.find(sfDataWrite, "Changes Salesforce data or installs a package ("+strings.Join(words, " ")+")"+in+".", t...))
	case k2 == "org create" || k2 == "org login" || k2 == "org logout" || k2 == "config set" || k2 == "alias set" || k2 == "project generate" ||
		k2 == "project retrieve" || k2 == "source retrieve" || k2 == "source pull" || k2 == "auth web" || k2 == "auth jwt" || k2 == "plugins install":
		r.mutates()
	case sfReadCommand(words):
		// org list/display/open, data get, apex run test, project deploy validate/report…: reads.
	default:
		r.mutates()
	}
}

// sfReads are the verbs of commands that only read or only validate.
var sfReads = infraSet("list", "display", "open", "get", "query", "describe", "report", "log", "logs", "tail", "version",
	"whoami", "info", "search", "doctor", "which", "help", "view", "validate", "preview", "test", "export", "status",
	"soql", "schema", "sobject", "limits", "commands")

// sfReadCommand reports commands whose words name a read (sf org list,
// force:apex:test:run, sf apex get log…). Deletes and writes are matched
// before this is asked.
func sfReadCommand(words []string) bool {
	for _, w := range words {
		if sfReads[w] {
			return true
		}
	}
	return false
}

// sfTarget returns the target org: -u/--targetusername in the old syntax,
// -o/--target-org in the new one.
func sfTarget(c *Cmd, colon bool) string {
	if v, ok := c.Flag("-u", "--targetusername", "--target-username", "--target-org"); ok {
		return v
	}
	if !colon {
		if v, ok := c.Flag("-o"); ok {
			return v
		}
	}
	return ""
}

// sfProduction reports an org alias or username that names production.
func sfProduction(target string) bool {
	t := strings.ToLower(target)
	return strings.Contains(t, "prod")
}

// sfAdminPermset reports permission sets that look like administrator rights.
func sfAdminPermset(sets []string) bool {
	for _, s := range sets {
		l := strings.ToLower(strings.NewReplacer("_", " ", "-", " ").Replace(s))
		compact := strings.ReplaceAll(l, " ", "")
		if strings.Contains(l, "admin") || strings.Contains(compact, "modifyall") || strings.Contains(compact, "viewall") ||
			strings.Contains(compact, "systemadministrator") || strings.Contains(compact, "superuser") || strings.Contains(compact, "manageusers") ||
			strings.Contains(compact, "customizeapplication") || strings.Contains(compact, "authorapex") {
			return true
		}
	}
	return false
}

// sfApex reports anonymous Apex, heavier when its code is visible and
// changes data: code passed on standard input (a here-document, echo … |)
// or through a process substitution can be read, a file cannot.
func sfApex(c *Cmd, r *report, in string, t []string) {
	code, file := "", ""
	for i, a := range c.Args {
		name, val, inline := strings.Cut(a, "=")
		if name != "-f" && name != "--file" && name != "--apexcodefile" {
			continue
		}
		j := i + 1
		if inline {
			file, j = val, i
		} else if j < len(c.Args) {
			file = c.Args[j]
		}
		if j < len(c.proc) && (c.proc[j].kind == streamLiteral || c.proc[j].kind == streamDecoded) {
			code = c.proc[j].text
		}
		break
	}
	from := "read from standard input"
	if file != "" && file != "-" && file != "/dev/stdin" {
		from = "from " + file
	} else if code == "" {
		code = c.Stdin // a here-document, a here-string or echo … | sf apex run
	}
	f := c.find(sfApexRun, "Runs anonymous Apex "+from+in+".", t...)
	if code != "" && sql.ApexHasDML(code) {
		f = f.WithPoints(100)
		f.Message = "Runs anonymous Apex" + in + " that inserts, updates or deletes records."
	}
	r.add(f)
}

// sfDataWriteCommand reports data-changing commands other than deletes.
func sfDataWriteCommand(words []string) bool {
	k := strings.Join(words, " ")
	for _, p := range []string{
		"data record update", "data record create", "data bulk upsert", "data tree import", "data update record",
		"data create record", "data upsert bulk", "data import tree", "data import bulk", "data update bulk",
		"data upsert resume", "data import resume", "package install", "package uninstall", "package1 install",
		"package version delete", "package delete", "org assign", "user create", "user password generate",
		"org generate password",
	} {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}
