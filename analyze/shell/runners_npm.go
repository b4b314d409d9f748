package shell

import (
	"encoding/json"
	"path"
	"strings"
)

// JavaScript and PHP package runners: npm, pnpm, yarn and bun run the
// scripts of package.json (npm test, npm run build, yarn build, the
// install scripts of npm install), npx and npm exec a package's own bin,
// composer the scripts of composer.json, deno task the tasks of deno.json.
// A script is a shell command line run in the package's directory.

// npmLifecycle are the scripts npm runs around the named one.
func npmAround(n string) []string { return []string{"pre" + n, n, "post" + n} }

// npmInstallScripts are the package's own scripts an install runs.
var npmInstallScripts = []string{"preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"}

// pkgScriptNames returns the package.json scripts a runner's command runs:
// npm test runs pretest, test and posttest; npm install the package's own
// install scripts; yarn build, pnpm build and bun run build the build
// script. --ignore-scripts keeps only a script named to run.
func pkgScriptNames(c *Cmd) []string {
	pos := c.Positional()
	if c.Has("--workspace", "-w", "--workspaces", "-ws", "--filter", "-F", "--recursive", "-r", "--global", "-g") {
		// Another package's scripts (a workspace's), or none of this one.
		return nil
	}
	ignore := c.Has("--ignore-scripts")
	around := func(n string) []string {
		if ignore {
			return []string{n}
		}
		return npmAround(n)
	}
	life := func(names ...string) []string {
		if ignore {
			return nil
		}
		return names
	}
	if len(pos) == 0 {
		if c.Name == "yarn" {
			return life(npmInstallScripts...) // yarn alone installs
		}
		return nil
	}
	sub := pos[0]
	if c.Name != "npm" && npmOnly[sub] {
		return around(sub) // yarn ci runs the ci script
	}
	switch sub {
	case "test", "t", "tst":
		if c.Name == "bun" {
			return nil // bun test is bun's own test runner
		}
		return around("test")
	case "start", "stop":
		return around(sub)
	case "restart":
		return append(append(around("restart"), around("stop")...), around("start")...)
	case "run", "run-script", "rum", "urn":
		if len(pos) > 1 && !dynWord(pos[1]) {
			return around(pos[1])
		}
		return nil
	case "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "add",
		"ci", "clean-install", "ic", "install-clean", "isntall-clean", "rebuild", "rb":
		if len(pos) == 1 || sub == "ci" || sub == "clean-install" || sub == "ic" || sub == "install-clean" || sub == "isntall-clean" {
			return life(npmInstallScripts...)
		}
		return nil
	case "install-test", "it", "install-ci-test", "cit":
		return append(life(npmInstallScripts...), around("test")...)
	case "pack":
		return life("prepack", "prepare", "postpack")
	case "publish":
		return life("prepublishOnly", "prepack", "prepare", "postpack", "publish", "postpublish")
	case "version":
		if c.Name == "npm" && len(pos) > 1 {
			return life("preversion", "version", "postversion")
		}
		return nil
	case "exec", "x", "dlx", "create", "init", "remove", "rm", "uninstall", "un", "update", "up", "upgrade", "outdated",
		"ls", "list", "why", "info", "view", "audit", "link", "unlink", "config", "set", "get", "cache", "pkg", "login", "logout",
		"whoami", "owner", "team", "access", "token", "search", "help", "bin", "root", "prefix", "doctor", "explain", "fund",
		"dedupe", "prune", "shrinkwrap", "star", "stars", "dist-tag", "deprecate", "org", "profile", "query", "sbom", "diff",
		"workspace", "workspaces", "plugin", "constraints", "patch", "patch-commit", "node", "import", "store", "env", "setup", "server":
		return nil
	}
	if c.Name == "yarn" || c.Name == "pnpm" || c.Name == "bun" {
		if c.Name == "bun" && (strings.ContainsAny(sub, "./") || bunOwn[sub]) {
			return nil // bun x.ts runs a file; bun build is bun's bundler
		}
		if !dynWord(sub) {
			return around(sub) // yarn build runs the build script
		}
	}
	return nil
}

// npmOnly are npm's own aliases that yarn, pnpm and bun do not have:
// there they name a script.
var npmOnly = map[string]bool{"t": true, "tst": true, "rum": true, "urn": true, "run-script": true, "in": true, "ins": true, "inst": true, "insta": true,
	"instal": true, "isnt": true, "isnta": true, "isntal": true, "isntall": true, "ci": true, "clean-install": true, "ic": true, "install-clean": true,
	"isntall-clean": true, "rb": true, "install-test": true, "it": true, "install-ci-test": true, "cit": true}

// bunOwn are bun's own commands, which a script of the same name does
// not replace.
var bunOwn = map[string]bool{"build": true, "repl": true, "pm": true, "upgrade": true, "outdated": true, "patch": true, "feedback": true, "completions": true}

// dynWord reports a word only known when the command runs.
func dynWord(s string) bool { return strings.ContainsAny(s, "$`\x00") }

// pkgDir is the package directory a runner's command names (--prefix,
// -C, --cwd, --dir), "." by default.
func pkgDir(c *Cmd) string {
	if d, ok := c.Flag("--prefix", "--cwd", "-C", "--dir"); ok && !dynWord(d) {
		return d
	}
	return "."
}

// pkgJSONRun is package.json in dir, or in the two directories above it:
// npm runs from a package's subdirectory use the package's scripts.
func pkgJSONRun(dir, verb string, extract func(string) runnerText) projectRun {
	return projectRun{file: path.Join(dir, "package.json"), alts: []string{path.Join(dir, "..", "package.json"), path.Join(dir, "../..", "package.json")},
		verb: verb, extract: extract}
}

// pkgScriptRuns: the package.json scripts npm, pnpm, yarn and bun run,
// and the package's own bin that npm exec, pnpm exec or yarn exec runs.
func pkgScriptRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if len(pos) >= 2 && (pos[0] == "exec" || pos[0] == "x" && c.Name == "npm") {
		return pkgBinRun(pkgDir(c), pos[1])
	}
	names := pkgScriptNames(c)
	if len(names) == 0 {
		return nil
	}
	verb := "runs the " + names[len(names)/2] + " script of"
	if len(names) > 3 {
		verb = "runs the scripts of"
	}
	return []projectRun{pkgJSONRun(pkgDir(c), verb, func(t string) runnerText { return pkgScripts(t, "scripts", names) })}
}

// pkgBinRuns: npx NAME runs the package's own bin NAME when it has one.
func pkgBinRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if len(pos) == 0 || c.Has("-p", "--package", "-c", "--call") {
		return nil
	}
	return pkgBinRun(pkgDir(c), pos[0])
}

func pkgBinRun(dir, name string) []projectRun {
	if dynWord(name) || strings.HasPrefix(name, "-") || strings.Contains(name, "@") {
		return nil
	}
	return []projectRun{pkgJSONRun(dir, "runs the bin "+name+" of", func(t string) runnerText { return pkgBin(t, name) })}
}

// pkgBin returns the file of package.json's bin name as a file to run.
func pkgBin(text, name string) runnerText {
	var pkg struct {
		Name string `json:"name"`
		Bin  any    `json:"bin"`
	}
	if json.Unmarshal([]byte(text), &pkg) != nil {
		return runnerText{}
	}
	file := ""
	switch b := pkg.Bin.(type) {
	case string:
		if n := pkg.Name[strings.LastIndexByte(pkg.Name, '/')+1:]; n == name {
			file = b
		}
	case map[string]any:
		file, _ = b[name].(string)
	}
	if file == "" || path.IsAbs(file) || strings.HasPrefix(path.Clean(file), "..") {
		return runnerText{}
	}
	return runnerText{then: []projectRun{{file: path.Clean(file), verb: "runs " + name + ", a bin of", lang: "auto"}}}
}

// pkgScripts returns the scripts of key (scripts, tasks) a JSON manifest
// holds under the given names. Text that is not JSON is read leniently:
// the "name": "command" pairs it holds are found, and the reading is
// partial.
func pkgScripts(text, key string, names []string) runnerText {
	var pkg map[string]json.RawMessage
	var rt runnerText
	scripts := map[string]any{}
	if err := json.Unmarshal([]byte(text), &pkg); err != nil {
		rt.partial = true
		for k, v := range jsonPairs(text) {
			scripts[k] = v
		}
	} else if raw, ok := pkg[key]; ok && json.Unmarshal(raw, &scripts) != nil {
		rt.partial = true
	}
	for _, n := range names {
		switch v := scripts[n].(type) {
		case string:
			rt.shell = append(rt.shell, v)
		case []any: // composer: a list of commands
			for _, e := range v {
				if s, ok := e.(string); ok {
					rt.shell = append(rt.shell, s)
				}
			}
		case map[string]any: // deno task: {"command": …}
			if s, ok := v["command"].(string); ok {
				rt.shell = append(rt.shell, s)
			}
		}
	}
	return rt
}

// jsonPairs finds the "key": "string" pairs of a text that is not valid
// JSON (a trailing comma, a comment, a cut file), with JSON's escapes.
func jsonPairs(text string) map[string]string {
	out := map[string]string{}
	for i := 0; i < len(text) && len(out) < 4096; {
		k := strings.IndexByte(text[i:], '"')
		if k < 0 {
			break
		}
		i += k
		key, end, ok := jsonString(text, i)
		if !ok {
			break
		}
		j := skipSpace(text, end)
		if j >= len(text) || text[j] != ':' {
			i = end
			continue
		}
		j = skipSpace(text, j+1)
		if j < len(text) && text[j] == '"' {
			if val, e2, ok := jsonString(text, j); ok {
				if old, dup := out[key]; dup {
					// A key given twice: the tool reads one of them,
					// which one is not known; both are judged.
					val = old + "\n" + val
				}
				out[key] = val
				i = e2
				continue
			}
		}
		i = j
	}
	return out
}

// jsonString reads the JSON string literal at text[i] (a '"').
func jsonString(text string, i int) (string, int, bool) {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			var s string
			if json.Unmarshal([]byte(text[i:j+1]), &s) != nil {
				s = text[i+1 : j]
			}
			return s, j + 1, true
		case '\n':
			return "", j, false
		}
	}
	return "", len(text), false
}

// composerRuns: composer run X, composer X (a custom script), and the
// scripts composer install and update fire.
func composerRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if len(pos) == 0 {
		return nil
	}
	var names []string
	switch sub := pos[0]; sub {
	case "run", "run-script":
		if len(pos) > 1 && !dynWord(pos[1]) {
			names = []string{pos[1]}
		}
	case "install", "i":
		names = []string{"pre-install-cmd", "post-install-cmd", "pre-autoload-dump", "post-autoload-dump", "post-root-package-install"}
	case "update", "u", "upgrade":
		names = []string{"pre-update-cmd", "post-update-cmd", "pre-autoload-dump", "post-autoload-dump"}
	case "dump-autoload", "dumpautoload":
		names = []string{"pre-autoload-dump", "post-autoload-dump"}
	case "test", "lint", "build", "check", "fix", "analyse", "analyze", "cs", "format", "serve", "start", "dev":
		names = []string{sub} // custom scripts composer runs by name
	}
	if len(names) == 0 || c.Has("--no-scripts") {
		return nil
	}
	dir := "."
	if d, ok := c.Flag("-d", "--working-dir"); ok && !dynWord(d) {
		dir = d
	}
	return []projectRun{{file: path.Join(dir, "composer.json"), verb: "runs the scripts of", extract: func(t string) runnerText {
		rt := pkgScripts(t, "scripts", names)
		// @php, @composer and @other-script are composer's own forms; a
		// PHP callback (Vendor\Class::method) is code, not a command.
		var keep []string
		for _, s := range rt.shell {
			s = strings.TrimSpace(s)
			switch {
			case strings.HasPrefix(s, "@php "):
				keep = append(keep, "php "+strings.TrimPrefix(s, "@php "))
			case strings.HasPrefix(s, "@composer "):
				keep = append(keep, "composer "+strings.TrimPrefix(s, "@composer "))
			case strings.HasPrefix(s, "@putenv "):
			case strings.HasPrefix(s, "@"):
				if n := strings.Fields(s[1:]); len(n) > 0 && len(keep) < maxChanRuns {
					keep = append(keep, "composer run "+n[0])
				}
			case strings.Contains(s, "::") && !strings.ContainsAny(s, " \t"):
			default:
				keep = append(keep, s)
			}
		}
		rt.shell = keep
		return rt
	}}}
}

// denoTaskRuns: deno task X runs the task X of deno.json (or deno.jsonc,
// or package.json's scripts).
func denoTaskRuns(w *walker, c *Cmd) []projectRun {
	pos := c.Positional()
	if len(pos) < 2 || pos[0] != "task" || dynWord(pos[1]) {
		return nil
	}
	name := pos[1]
	return []projectRun{{file: "deno.json", alts: []string{"deno.jsonc"}, verb: "runs the task " + name + " of", extract: func(t string) runnerText {
		return pkgScripts(t, "tasks", []string{name})
	}}}
}
