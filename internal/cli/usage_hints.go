package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/internal/setup"
	"github.com/spf13/cobra"
)

// agentArg checks that install and uninstall name one agent, and says
// which agents there are and which this machine has when none is named.
func (a *app) agentArg(verb string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 1 {
			return nil
		}
		names := setup.AgentNames()
		hint := fmt.Sprintf("actionguard %s %s (agents: %s)", verb, names[0], strings.Join(names, ", "))
		if found := a.agentsFound(); len(found) > 0 {
			hint = fmt.Sprintf("actionguard %s %s (found on this machine: %s; all agents: %s)", verb, found[0], strings.Join(found, ", "), strings.Join(names, ", "))
		}
		if len(args) == 0 {
			return usageErr(hint, "%s needs the coding agent to set up", verb)
		}
		return usageErr(hint, "%s takes one agent, got %d: %s", verb, len(args), strings.Join(args, " "))
	}
}

// agentsFound lists the agents set up on this machine: those whose
// directory in the home directory (the first directory of their user
// settings file's path: ~/.claude, ~/.copilot, …) exists.
func (a *app) agentsFound() []string {
	home := a.home()
	if home == "" {
		return nil
	}
	var found []string
	for _, ag := range setup.Agents() {
		f, err := ag.SettingsFile(setup.User, home, "")
		if err != nil {
			continue
		}
		if fi, err := os.Stat(agentDir(home, f)); err == nil && fi.IsDir() {
			found = append(found, ag.Name)
		}
	}
	return found
}

// agentDir is the directory of an agent's user settings file f that is
// directly in home: ~/.copilot for ~/.copilot/hooks/actionguard.json.
func agentDir(home, f string) string {
	rel, err := filepath.Rel(home, f)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.Dir(f)
	}
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	return filepath.Join(home, first)
}

// requireDatabase fails a command that only reads the audit database when
// the SQLite file --db or --store names does not exist and no hook has
// spooled a decision for it: opening it would create an empty database and
// report an empty, intact log for a path that is most likely mistyped. The
// configured path (ACTIONGUARD_DB, the default) is created as before: on a
// new installation an empty log is the truth.
func (a *app) requireDatabase() error {
	if (a.dbPath == "" && a.storeRef == "") || isPostgresURL(a.storeRefValue()) {
		return nil
	}
	path, err := a.dbFile()
	if err != nil {
		return nil // opening reports it
	}
	if _, err := os.Stat(path); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if audit.NewSpool(audit.SpoolPath(path)).Size() > 0 {
		return nil
	}
	return &exitError{code: ExitError, err: fmt.Errorf("there is no audit database at %s", path),
		hint: "nothing has been recorded there yet; check the path given to --db or --store ('actionguard doctor' shows the database in use)"}
}

// enumFlag checks a flag's value against the values it takes, naming them
// in the error.
func enumFlag(flag, value string, allowed ...string) error {
	if value == "" {
		return nil
	}
	for _, v := range allowed {
		if value == v {
			return nil
		}
	}
	return usageErr(fmt.Sprintf("--%s takes %s", flag, strings.Join(allowed, ", ")), "--%s: %q is not one of %s", flag, value, strings.Join(allowed, ", "))
}

// actionKinds are the values of --kind.
var actionKinds = []string{"shell", "sql", "file", "http", "email", "message", "post", "payment", "intent", "tool"}

// applications are the values of --app: the two profiles of the guard and
// the places a request in words can be made.
var applications = []string{"coding-agent", "assistant", "code-editor", "editor", "ide", "notebook", "document-editor", "template-engine",
	"vscode", "file-manager", "finder", "explorer", "shell", "terminal"}

// commandAfterDashes turns a flag error of check or explain into a hint to
// put the command after --: `actionguard check rm -rf /` reads -rf as
// check's own flags.
func (a *app) commandAfterDashes(cmd *cobra.Command, err error) error {
	s := err.Error()
	if !strings.Contains(s, "unknown flag") && !strings.Contains(s, "unknown shorthand flag") {
		return err
	}
	rest := a.env.Args
	for i, arg := range rest {
		if arg == cmd.Name() {
			rest = rest[i+1:]
			break
		}
	}
	example := "actionguard " + cmd.Name() + " -- rm -rf build"
	if len(rest) > 0 {
		example = "actionguard " + cmd.Name() + " -- " + strings.Join(rest, " ")
	}
	return usageErr("a command with options goes after --: "+example, "%v (read as an option of '%s')", err, cmd.Name())
}
