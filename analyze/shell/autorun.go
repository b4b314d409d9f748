package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Places whose files run code later, away from the guard: the desktop
// session, every Python start, a program name
// on PATH, a project's commit hooks and editor tasks. Writing there is
// judged like writing a shell start-up file: what the file says is not
// run now, so nothing else in the command shows it. (User services are
// judged by what their Exec lines run when systemctl starts them.)

var (
	ruleWriteAutorun = &rule.Rule{
		ID: "shell.fs.write-autorun", Category: rule.Configuration, Points: 75,
		Summary:     "Writes a file that runs by itself later (a login item, a Python start-up hook, a program on PATH): what it holds runs outside this session.",
		Alternative: "show the file to add and let the user install it",
		Match: []string{"echo x > ~/.config/fish/conf.d/x.fish", "cp x.desktop ~/.config/autostart/x.desktop", "echo 'import os' > ~/.local/lib/python3.11/site-packages/x.pth", "cp ./x ~/.local/bin/git",
			"cp agent.plist ~/Library/LaunchAgents/com.x.plist"},
		NoMatch: []string{"cat ~/.bash_aliases", "cp notes.txt ~/.config/notes.txt", "cp ./mytool-xyz ~/.local/bin/mytool-xyz", "echo x > ./site-packages-notes.txt"},
	}
	ruleWriteProjectAutorun = &rule.Rule{
		ID: "shell.fs.write-project-autorun", Category: rule.Configuration, Points: rule.PrivilegedKeyword,
		Summary:     "Writes a project file that tools run by themselves (commit hooks of husky, pre-commit or lefthook, direnv's .envrc, editor tasks and terminal settings): it runs on the next commit, cd or folder open.",
		Alternative: "show the change and let the user make it",
		Match:       []string{"echo 'rm -rf ~' > .husky/pre-commit", "cp cfg.yaml .pre-commit-config.yaml", "cat /tmp/x > .envrc", "cp t.json .vscode/tasks.json", "cp /tmp/l.yml lefthook.yml"},
		NoMatch:     []string{"cat .husky/pre-commit", "echo x > notes/husky.txt", "cat .envrc"},
	}
)

// autorunOf says when the file at abs runs by itself ("" if it does not),
// and whether it is a project file (hook managers, direnv, editors) rather
// than one of the user's or the machine's.
func autorunOf(abs string, cl PathClass) (when string, project bool) {
	l := strings.ToLower(abs)
	base := path.Base(l)
	dir := path.Dir(l)
	has := func(s string) bool { return strings.Contains(l, s) }
	if when := persistWhen(l); when != "" {
		return when, false
	}
	switch {
	case (has("/site-packages/") || has("/dist-packages/")) && (strings.HasSuffix(base, ".pth") || base == "usercustomize.py" || base == "sitecustomize.py"):
		return "Python runs it at every start", false
	case base == "usercustomize.py" || base == "sitecustomize.py":
		if !cl.Workspace {
			return "Python runs it at every start", false
		}
	}
	if pathDirs[dir] || strings.HasSuffix(dir, "/.local/bin") || strings.HasSuffix(dir, "/bin") && (cl.InHome || cl.Home) && !cl.Workspace {
		if shadowsProgram(path.Base(abs)) {
			return "it replaces the program " + path.Base(abs) + " for every later command that runs it", false
		}
	}
	if !cl.Workspace {
		return "", false
	}
	// Project files that tools run on their own.
	rel := l
	switch {
	case has("/.husky/") || strings.HasPrefix(rel, ".husky/"):
		if base != ".gitignore" && !strings.HasPrefix(base, "readme") {
			return "git runs it on the next commit (husky)", true
		}
	case base == ".pre-commit-config.yaml" || base == ".pre-commit-hooks.yaml" || base == "lefthook.yml" || base == "lefthook.yaml" ||
		base == ".lefthook.yml" || base == "lefthook-local.yml" || base == ".lintstagedrc" || strings.HasPrefix(base, ".lintstagedrc.") ||
		strings.HasPrefix(base, "lint-staged.config.") || base == ".simple-git-hooks.json" || base == ".simple-git-hooks.js" ||
		base == ".huskyrc" || strings.HasPrefix(base, ".huskyrc.") || base == "overcommit.yml" || base == ".overcommit.yml":
		return "git runs what it names on the next commit", true
	case base == ".envrc" || base == ".env.rc" || base == ".envrc.local":
		return "direnv runs it on the next cd into the project", true
	case has("/.vscode/") || strings.HasPrefix(rel, ".vscode/") || has("/.cursor/") || strings.HasPrefix(rel, ".cursor/"):
		if base == "tasks.json" || base == "settings.json" || base == "launch.json" || base == "extensions.json" {
			return "the editor runs what it names when the folder is opened", true
		}
	case has("/.idea/") || strings.HasPrefix(rel, ".idea/"):
		if base == "workspace.xml" || strings.HasPrefix(path.Base(dir), "runconfigurations") {
			return "the IDE runs what it names", true
		}
	}
	return "", false
}

// pathDirs are directories on the usual PATH ahead of the system's.
var pathDirs = map[string]bool{"/usr/local/bin": true, "/usr/local/sbin": true, "/opt/homebrew/bin": true}

// shadowsProgram reports whether a file named name on PATH would stand in
// for a program people and agents run.
func shadowsProgram(name string) bool {
	name = strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(name), ".exe"), ".cmd")
	if name == "" || name == "*" {
		return false
	}
	if commonPrograms[name] {
		return true
	}
	return SpecFor(name) != nil
}

var commonPrograms = map[string]bool{
	"git": true, "ls": true, "cd": true, "cat": true, "sudo": true, "ssh": true, "scp": true, "python": true, "python3": true, "pip": true,
	"pip3": true, "node": true, "npm": true, "npx": true, "go": true, "cargo": true, "make": true, "sh": true, "bash": true, "zsh": true,
	"rm": true, "cp": true, "mv": true, "curl": true, "wget": true, "docker": true, "kubectl": true, "gpg": true, "vim": true, "nvim": true,
	"code": true, "less": true, "grep": true, "find": true, "env": true, "actionguard": true, "actionguard-hook": true, "claude": true,
}
