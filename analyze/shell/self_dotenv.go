package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Files whose variables a coding agent loads into its own environment,
// which the hooks it runs inherit. Gemini CLI reads the first .env it
// finds from the working directory up (.gemini/.env, then .env in each
// directory), then ~/.gemini/.env and ~/.env; direnv's dotenv and many
// launchers read .env too. An ACTIONGUARD_ variable there
// (ACTIONGUARD_MODE=learning, ACTIONGUARD_DB=/tmp/x.db) or a variable that
// moves an agent's settings or actionguard's state (XDG_CONFIG_HOME=/tmp/x)
// changes what the hook started next reads: the guard loosened without
// naming it. Such a write is blocked like the same line in ~/.bashrc
// (reGuardVarSet, agentVarIn); the file's other variables (PORT=3000,
// DATABASE_URL=…) are the project's business and run.

// dotenvFile reports a file a coding agent or a launcher loads variables
// from: .env and its local variants, and the files of the tools that set
// a shell's environment when it enters a directory or a session starts —
// mise's (mise.toml, .mise.toml, ~/.config/mise/*.toml, [env]), devbox's
// devbox.json ("env"), systemd's user.conf (DefaultEnvironment=): a person
// who starts an agent there gives it, and its hook, what they set.
func dotenvFile(name string) bool {
	base := strings.ToLower(path.Base(name))
	switch base {
	case ".env", ".env.local", ".envrc", ".env.rc", ".envrc.local":
		return true
	}
	return envLoaderFile(name, base)
}

// envLoaderFile is dotenvFile for the environment tools' files, which
// spell a variable their own way (NAME = "v", "NAME": "v", =NAME=v).
func envLoaderFile(name, base string) bool {
	switch base {
	case "mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".rtx.toml", "devbox.json":
		return true
	}
	dir := strings.ToLower(path.Dir(strings.ReplaceAll(name, `\`, "/")))
	switch {
	case path.Base(dir) == "mise" && strings.HasSuffix(base, ".toml"):
		return true
	case path.Base(dir) == "systemd" && base == "user.conf":
		return true
	}
	return false
}

// reGuardVarLoose is an ACTIONGUARD_ name given a value in any of the
// environment tools' spellings: NAME = "v" (TOML), "NAME": "v" (JSON),
// DefaultEnvironment=NAME=v.
var reGuardVarLoose = lazyRegexp(`(?:^|[^A-Za-z0-9_])(ACTIONGUARD_[A-Za-z0-9_]+)["']?\s*[:=]`)

// loaderVarIn is guardVarInText for a file name: in an environment tool's
// file, its own spellings count too.
func loaderVarIn(name, text, home string) string {
	if v := guardVarInText(text, home); v != "" {
		return v
	}
	if !envLoaderFile(name, strings.ToLower(path.Base(name))) || !mayNameGuardVar(text) {
		return ""
	}
	if m := reGuardVarLoose.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// guardVarInText is the variable text gives a value that the guard's hook
// or the agent started next would inherit: any ACTIONGUARD_ name, or a
// variable that moves an agent's settings; "" when there is none.
func guardVarInText(text, home string) string {
	if !mayNameGuardVar(text) {
		return ""
	}
	if m := reGuardVarSet.FindStringSubmatch(text); m != nil {
		return m[1] + m[2] + m[3]
	}
	return agentVarIn(text, home)
}

// dotenvWrite judges text the line writes into a .env file: a finding of
// shell.self.disable when it sets one of the guard's variables.
func (w *walker) dotenvWrite(name, text, ev string, idx int) bool {
	v := loaderVarIn(name, text, w.r.env.home)
	if v == "" {
		return false
	}
	c := &Cmd{Name: path.Base(name), Path: name, Text: ev, Depth: w.depth, env: w.r.env, index: idx}
	w.r.mutates()
	w.r.add(c.find(ruleSelfDisable, envFileWhy(v, name), v))
	return true
}

// envFileWhy says what setting v in the file name does.
func envFileWhy(v, name string) string {
	return "Sets " + v + " in " + name + ", loaded into the environment of the agent started next and of actionguard's hook: " + persistedWhy(v)
}

// EnvContentWrite judges text a file tool writes into p (Write's content,
// Edit's new text): in a start-up file or a .env file, a line that sets one
// of actionguard's variables, or one that moves an agent's settings, is
// the guard loosened for the next session, blocked as the same write from
// the shell is. Other content is judged by the file's own rules.
func EnvContentWrite(p, text string, opt Options) []rule.Finding {
	base := path.Base(strings.ReplaceAll(p, `\`, "/"))
	loader := dotenvFile(strings.ReplaceAll(p, `\`, "/"))
	if !loader && !startupFiles[base] && !strings.HasSuffix(strings.ToLower(base), ".conf") {
		return nil
	}
	if strings.HasSuffix(strings.ToLower(base), ".conf") && !strings.Contains(p, "environment.d") && !loader {
		return nil
	}
	v := loaderVarIn(p, text, newAnalysis(opt).home)
	if v == "" {
		return StartupContentWrite(p, text, opt) // self_startup.go
	}
	return []rule.Finding{ruleSelfDisable.Find("write "+p, envFileWhy(v, p), v)}
}
