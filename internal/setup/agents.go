package setup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Scope says whose settings are edited.
type Scope string

// Scopes.
const (
	User    Scope = "user"    // the user's own settings, for every project
	Project Scope = "project" // the current repository's settings
)

// ParseScope reads a --scope value.
func ParseScope(s string) (Scope, error) {
	switch Scope(s) {
	case User, Project:
		return Scope(s), nil
	}
	return "", fmt.Errorf("unknown scope %q (user or project)", s)
}

// Agent is where and how one coding agent is told to call actionguard.
type Agent struct {
	// Name is the agent's name on the command line, as in 'actionguard hook <name>'.
	Name string
	// Title is the agent's name for people.
	Title string
	// userFile and projectFile give the settings file from the home
	// directory and from the repository's root.
	userFile    func(home string) string
	projectFile func(root string) string
	// preamble are top-level keys a new file starts with, such as "version": 1.
	preamble []member
	// events are the hook lists under "hooks" that call actionguard.
	events []event
	// grouped: the lists hold {matcher, hooks: [handler]} groups (Claude
	// Code, Codex, Gemini); otherwise they hold handlers (Cursor, Copilot).
	grouped bool
	// commandKey is the handler's field that holds the command.
	commandKey string
	// handler builds the handler that runs command.
	handler func(command string) *node
	// Notes are what the user must still do or know after installing.
	Notes []string
}

type event struct {
	name    string
	matcher string // "" for events without a matcher
}

// Events names the hook events an agent's installation uses.
func (a *Agent) Events() []string {
	var names []string
	for _, e := range a.events {
		names = append(names, e.name)
	}
	return names
}

func commandHandler(timeout int) func(string) *node {
	return func(command string) *node {
		return objectOf("type", newString("command"), "command", newString(command), "timeout", newInt(timeout))
	}
}

// agents are the supported agents, in the order they are documented.
var agents = []*Agent{
	{
		Name: "claude-code", Title: "Claude Code",
		userFile:    func(home string) string { return filepath.Join(home, ".claude", "settings.json") },
		projectFile: func(root string) string { return filepath.Join(root, ".claude", "settings.json") },
		// PostToolUse and UserPromptSubmit let later checks see what ran and what was asked.
		events:  []event{{"PreToolUse", "*"}, {"PostToolUse", "*"}, {"UserPromptSubmit", ""}},
		grouped: true, commandKey: "command",
		handler: commandHandler(10), // seconds
	},
	{
		Name: "codex", Title: "Codex CLI",
		userFile:    func(home string) string { return filepath.Join(home, ".codex", "hooks.json") },
		projectFile: func(root string) string { return filepath.Join(root, ".codex", "hooks.json") },
		events:      []event{{"PreToolUse", ".*"}},
		grouped:     true, commandKey: "command",
		handler: commandHandler(10), // seconds
		Notes: []string{"Codex skips hooks it has not been told to trust: start codex and run /hooks to trust actionguard's hook.",
			"Codex cannot ask: actions that need approval are refused with the approval's id and how to grant it."},
	},
	{
		Name: "gemini", Title: "Gemini CLI",
		userFile:    func(home string) string { return filepath.Join(home, ".gemini", "settings.json") },
		projectFile: func(root string) string { return filepath.Join(root, ".gemini", "settings.json") },
		events:      []event{{"BeforeTool", ".*"}},
		grouped:     true, commandKey: "command",
		handler: commandHandler(10000), // milliseconds
		Notes:   []string{"Gemini CLI cannot ask: actions that need approval are refused with the approval's id and how to grant it."},
	},
	{
		Name: "cursor", Title: "Cursor",
		userFile:    func(home string) string { return filepath.Join(home, ".cursor", "hooks.json") },
		projectFile: func(root string) string { return filepath.Join(root, ".cursor", "hooks.json") },
		preamble:    []member{{key: "version", val: newInt(1)}},
		events:      []event{{name: "beforeShellExecution"}, {name: "beforeMCPExecution"}, {name: "beforeReadFile"}, {name: "preToolUse"}},
		commandKey:  "command",
		handler:     func(command string) *node { return objectOf("command", newString(command)) },
		Notes:       []string{"Restart Cursor so that it reads hooks.json again."},
	},
	{
		Name: "copilot", Title: "GitHub Copilot CLI",
		userFile:    func(home string) string { return filepath.Join(home, ".copilot", "hooks", "actionguard.json") },
		projectFile: func(root string) string { return filepath.Join(root, ".github", "hooks", "actionguard.json") },
		preamble:    []member{{key: "version", val: newInt(1)}},
		events:      []event{{name: "preToolUse"}},
		commandKey:  "bash",
		handler: func(command string) *node {
			return objectOf("type", newString("command"), "bash", newString(command), "timeoutSec", newInt(10))
		},
		Notes: []string{"In project scope, commit .github/hooks/actionguard.json so that everyone working in the repository gets the hook."},
	},
}

// Agents returns the supported agents, in the order they are documented.
func Agents() []*Agent { return append([]*Agent(nil), agents...) }

// LookupAgent finds an agent by its command-line name.
func LookupAgent(name string) (*Agent, bool) {
	for _, a := range agents {
		if a.Name == name {
			return a, true
		}
	}
	return nil, false
}

// AgentNames lists the agents' command-line names.
func AgentNames() []string {
	var names []string
	for _, a := range agents {
		names = append(names, a.Name)
	}
	return names
}

// SettingsFile returns the file an agent's hooks are set in for a scope.
// home is the user's home directory; root the repository's root (project
// scope only).
func (a *Agent) SettingsFile(scope Scope, home, root string) (string, error) {
	switch scope {
	case User:
		if home == "" {
			return "", errors.New("no home directory: set HOME")
		}
		return a.userFile(home), nil
	case Project:
		if root == "" {
			return "", ErrNoRepository
		}
		return a.projectFile(root), nil
	}
	return "", fmt.Errorf("unknown scope %q", scope)
}

// ErrNoRepository means project scope was asked for outside a repository.
var ErrNoRepository = errors.New("not inside a git repository")

// RepositoryRoot returns the nearest directory at or above dir that holds
// .git (a directory, or a file for worktrees), or ErrNoRepository.
func RepositoryRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrNoRepository
		}
		dir = parent
	}
}

// HookCommand is the command written into an agent's settings: the binary
// (quoted for the shell when it needs to be) and "hook <agent>".
func HookCommand(binary, agent string) string {
	return shellQuote(binary) + " hook " + agent
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@%,=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// CommandBinary returns the program a hook command runs: its first word,
// unquoted.
func CommandBinary(command string) string {
	command = strings.TrimSpace(command)
	var b strings.Builder
	for i := 0; i < len(command); i++ {
		c := command[i]
		switch {
		case c == ' ' || c == '\t':
			return b.String()
		case c == '\'':
			j := strings.IndexByte(command[i+1:], '\'')
			if j < 0 {
				b.WriteString(command[i+1:])
				return b.String()
			}
			b.WriteString(command[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			j := strings.IndexByte(command[i+1:], '"')
			if j < 0 {
				b.WriteString(command[i+1:])
				return b.String()
			}
			b.WriteString(command[i+1 : i+1+j])
			i += j + 1
		case c == '\\' && i+1 < len(command):
			i++
			b.WriteByte(command[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// IsOurs reports whether a hook command is actionguard's: it runs
// "… hook <agent>" and names actionguard.
func IsOurs(command string) bool {
	return strings.Contains(command, "actionguard") && strings.Contains(command, " hook ")
}
