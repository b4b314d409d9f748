package shell

import (
	"path"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// What a deletion reaches beyond the files it names: keys and credentials
// that no build makes again, the state of the infrastructure, every file of
// a kind across the project, every file on the machine given to one owner.

var (
	ruleRmCredential = &rule.Rule{
		ID: "shell.fs.rm-credential", Category: rule.Credentials, Points: 80,
		Summary:     "Deletes or destroys a key or credential file (SSH keys, cloud or Kubernetes credentials): the access it gives is lost unless there is a backup.",
		Alternative: "move it aside instead (mv ~/.ssh/id_ed25519 ~/.ssh/id_ed25519.old)",
		Match:       []string{"shred -u ~/.ssh/id_ed25519", "rm -f ~/.kube/config", "shred --remove ~/.aws/credentials", "rm --interactive=never ~/.ssh/id_rsa", "find ~/.ssh -name id_rsa -delete"},
		NoMatch:     []string{"rm ~/.ssh/id_ed25519.pub", "rm -i ~/.ssh/id_rsa", "rm ~/.ssh/known_hosts.old"},
	}
	ruleRmInfraState = &rule.Rule{
		ID: "shell.fs.rm-infra-state", Category: rule.Infrastructure, Points: 80,
		Summary:     "Deletes or empties the state of the infrastructure (Terraform, OpenTofu, Pulumi): the tool forgets what it created, and the next run may create everything again or fail.",
		Alternative: "keep the state (terraform state pull > backup.tfstate) and move it aside instead",
		Match:       []string{"rm -f terraform.tfstate*", "rm terraform.tfstate", "> terraform.tfstate", "rm infra/prod.tfstate.backup"},
		NoMatch:     []string{"rm -rf .terraform", "cat terraform.tfstate", "cp terraform.tfstate /tmp/state.bak"},
	}
	ruleRmAllOfKind = &rule.Rule{
		ID: "shell.fs.rm-all-of-kind", Category: rule.Destructive, Points: 55,
		Summary:     "Deletes or empties every file of a kind of source across the project (every .go, every .py): what is not committed is gone.",
		Alternative: "run the same find with -print first, or name the files to delete",
		Match:       []string{"find . -name '*.go' -delete", "find . -name '*.py' | xargs rm", "sed -i d src/*.go", "perl -i -pe 's/.*//s' src/*.go"},
		NoMatch:     []string{"find . -name '*.pyc' -delete", "find build -type f -delete", "sed -i s/a/b/ src/*.go"},
	}
	ruleChownRoot = &rule.Rule{
		ID: "shell.perm.chown-root", Category: rule.MassDestruction, Points: 120,
		Summary: "Changes the owner or the permissions of every file on the machine: system programs and logins stop working.",
		Match:   []string{"chown -R --no-preserve-root nobody /", "sudo chown -R dev /", "chmod -R 700 /", "chgrp -R staff /"},
		NoMatch: []string{"chown -R dev ./data", "chown dev /srv/app.conf"},
	}
)

// deleteScopeRules are listed in Rules.
var deleteScopeRules = []*rule.Rule{ruleRmCredential, ruleMoveCredential, ruleRmInfraState, ruleRmAllOfKind, ruleChownRoot}

// judgeDeleteScope reports the deletions of judgeDelete that reach more
// than their name says: a key or credential outside the project, a cache
// the tools rebuild, a stray file named like an option. It reports whether
// it judged t.
func judgeDeleteScope(c *Cmd, r *report, t string, cl PathClass, recursive, interactive, shred bool, verb string) bool {
	name := showPath(t)
	home := c.env.home
	if home == "" {
		home = "/\x00home"
	}
	if interactive {
		return false
	}
	if cl.System && cl.Known && machineCritical(cl.Abs) {
		if name != cl.Abs {
			name += " (" + cl.Abs + ")"
		}
		r.add(c.find(ruleRmSystem, verb+name+": the machine needs it to start or to let anyone log in, and may not boot again.", t))
		return true
	}
	if i := strings.Index(t, "\x00found/"); i >= 0 {
		if kind := sourceKind(t[i+len("\x00found/"):]); kind != "" {
			root := strings.TrimSuffix(t[:i], "/")
			if root == "" {
				root = "/"
			}
			rc := c.Class(root)
			switch {
			case rc.Root || !rc.Known:
			case rc.HoldsWorkspace || rc.Home:
				r.add(c.find(ruleRmWorkspace, verb+"every "+kind+" file under "+showPath(root)+", the project's included: what is not committed is gone.", t))
				return true
			case rc.System || rc.Temp || rc.TempRoot:
			case rc.BuildOutput:
			default:
				where := "the project"
				if !rc.WorkspaceRoot {
					where = showPath(root)
				}
				if !rc.Workspace {
					where += ", outside the project"
				}
				r.add(c.find(ruleRmAllOfKind, verb+"every "+kind+" file under "+where+": what is not committed is gone.", t))
				return true
			}
		}
	}
	switch {
	case cl.System || cl.Temp || cl.TempRoot || cl.Root || cl.Home || cl.HoldsWorkspace:
		return false
	case cl.Credential != "" && !cl.Workspace && cl.Credential != "environment file":
		switch path.Base(cl.Abs) {
		case ".ssh", ".aws", ".kube", ".gnupg", ".docker", ".azure", "gcloud":
			// The directory that holds them: judged as a tree outside the
			// project, and said what it holds.
			if recursive {
				r.add(c.find(ruleRmOutside, verb+name+" and everything in it, which holds your "+cl.Credential+"s: the access they give is lost unless there is a backup.", t))
				return true
			}
		}
		r.add(c.find(ruleRmCredential, verb+name+", your "+cl.Credential+": the access it gives is lost unless there is a backup.", t))
		return true
	case cl.GitInternals && strings.HasSuffix(cl.Abs, ".sample") && strings.Contains(cl.Abs, ".git/hooks/") && !shred:
		r.add(c.find(ruleRmBuildOutput, "Deletes "+name+", git's sample hooks: examples that never run.", t))
		return true
	case cl.InHome && toolCache(cl.Abs, home) && !shred:
		r.add(c.find(ruleRmBuildOutput, "Deletes "+name+", a cache your tools rebuild on demand.", t))
		return true
	case cl.InHome && homeBuildOutput(cl.Abs, home) && !shred:
		r.add(c.find(ruleRmBuildOutput, "Deletes "+name+", build or dependency output of a project that its tools regenerate.", t))
		return true
	case cl.Workspace && !cl.Wildcard && !cl.WorkspaceRoot && strings.HasPrefix(path.Base(cl.Abs), "-") && !shred:
		// A file named like an option is what a mistyped command leaves
		// behind (tar -cf -rf …); rm -- ./-rf is how it is removed.
		r.add(c.find(ruleRmFile, "Deletes "+name+", a file named like an option (left by a mistyped command).", t))
		return true
	}
	return false
}

// toolCache reports whether abs is (under) a cache directory in the home
// directory that the tools fill again on demand: ~/.cache and its
// neighbours (npm's _cacache, the cargo registry's cache, Go's module and
// build caches, Gradle's and Maven's downloads, macOS's Library/Caches).
func toolCache(abs, home string) bool {
	rel, ok := strings.CutPrefix(abs, home+"/")
	if !ok {
		return false
	}
	for _, d := range []string{".cache", ".npm/_cacache", ".npm/_npx", ".yarn/cache", ".cargo/registry/cache", ".cargo/registry/src", ".cargo/git/checkouts",
		"go/pkg/mod/cache", "Library/Caches", ".gradle/caches", ".m2/repository", ".pnpm-store", ".local/share/pnpm/store", ".bun/install/cache", ".nuget/packages", ".ivy2/cache", ".sbt/boot", ".composer/cache", ".pub-cache/hosted"} {
		if rel == d || strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}

// sourceKind names the kind of source file a find -name pattern takes
// every one of ("*.go" → "Go"), or "". Compiled and generated files
// (*.pyc, *.o, *.class, *.log) are not source.
func sourceKind(pattern string) string {
	ext, ok := strings.CutPrefix(strings.ToLower(pattern), "*.")
	if !ok || strings.ContainsAny(ext, "*?[/") {
		return ""
	}
	return sourceKinds()[ext]
}

var sourceKinds = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for kind, exts := range map[string]string{
		"Go": "go", "Python": "py pyi ipynb", "JavaScript": "js mjs cjs jsx", "TypeScript": "ts tsx mts cts", "Java": "java", "Kotlin": "kt kts",
		"Rust": "rs", "C": "c h", "C++": "cc cpp cxx hpp hh hxx", "C#": "cs", "Ruby": "rb", "PHP": "php", "Swift": "swift", "Scala": "scala",
		"shell": "sh bash zsh", "SQL": "sql", "Markdown": "md", "HTML": "html htm", "CSS": "css scss sass less", "Vue": "vue", "Svelte": "svelte",
		"Dart": "dart", "Elixir": "ex exs", "Erlang": "erl", "Haskell": "hs", "Lua": "lua", "Perl": "pl pm", "R": "r", "Clojure": "clj cljs",
		"Objective-C": "m mm", "Terraform": "tf", "YAML": "yaml yml", "proto": "proto", "Zig": "zig", "Nim": "nim", "OCaml": "ml mli", "F#": "fs fsx",
		"Groovy": "groovy gradle", "Julia": "jl", "Solidity": "sol", "TOML": "toml", "JSON": "json",
	} {
		for _, e := range strings.Fields(exts) {
			m[e] = kind
		}
	}
	return m
})

// emptiesInPlace judges files edited in place by a script that deletes
// every line (sed -i d, sed -i '1,$d', perl -i -pe 's/.*//s'): their
// content is gone as surely as with truncate -s 0.
func emptiesInPlace(c *Cmd, r *report, files []string) {
	for _, t := range files {
		cl := c.Class(t)
		base := path.Base(cl.Abs)
		if kind := sourceKind(base); kind != "" && cl.Wildcard && cl.Known && !cl.System && !cl.Root {
			dir := showPath(path.Dir(t))
			r.add(c.find(ruleRmAllOfKind, "Empties every "+kind+" file in "+dir+" (the script deletes every line): what is not committed is gone.", t))
			continue
		}
		writeTarget(c, r, t, writeTruncate)
	}
}

// sedPrintsNothing reports whether a sed script run with -n writes
// nothing: no command that prints (p, P, l, =, a, i, c, r, R, w, W, or
// s///p) appears in it, so sed -n -i leaves the file empty (sed -ni ”).
func sedPrintsNothing(script string) bool {
	return !strings.ContainsAny(script, "pPl=aicrRwWe")
}

// sedEmpties reports whether a sed script deletes every line: d, 1,$d,
// $!d;d, s/.*// (any delimiter, any flags).
func sedEmpties(script string) bool {
	for _, cmd := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		cmd = strings.TrimSpace(cmd)
		cmd = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(cmd, "1,$"), "0,$"))
		if cmd == "d" || cmd == "D" || substEmpties(cmd) {
			return true
		}
	}
	return false
}

// substEmpties reports whether s/RE/REPL/FLAGS replaces every line by
// nothing: RE matches the whole line (.*, ^.*$, [^\n]*) and REPL is empty.
func substEmpties(cmd string) bool {
	if len(cmd) < 4 || cmd[0] != 's' {
		return false
	}
	d := cmd[1]
	parts := strings.Split(cmd[2:], string(d))
	if len(parts) < 3 || parts[1] != "" {
		return false
	}
	switch parts[0] {
	case ".*", "^.*$", "^.*", ".*$", "(.*)", `\(.*\)`, "[^\\n]*", "[\\s\\S]*", "(?s).*", ".+", "^.+$":
		return true
	}
	return false
}

// perlHandler judges perl -i (in-place editing) whose script empties the
// files it edits (-pe 's/.*//s', -ne with nothing printed).
func perlHandler(c *Cmd, r *report) {
	got, ok := scanClusters(c.Args, perlSwitches)
	if !ok || !got.seen['i'] || !(got.seen['p'] || got.seen['n']) || len(got.scripts) == 0 || len(got.files) == 0 {
		return // perl FILE runs a script, not -e code
	}
	scripts, files, printLoop := got.scripts, got.files, got.seen['p']
	r.mutates()
	script := strings.Join(scripts, ";")
	empties := false
	if printLoop {
		for _, s := range strings.Split(script, ";") {
			s = strings.TrimSpace(s)
			if substEmpties(s) || s == `$_=""` || s == `$_ = ""` || s == "$_=''" || s == "$_ = ''" || s == "undef $_" {
				empties = true
			}
		}
	} else {
		empties = !strings.Contains(script, "print") && !strings.Contains(script, "say") && !strings.Contains(script, "syswrite")
	}
	if empties {
		emptiesInPlace(c, r, files)
		return
	}
	for _, f := range files {
		writeTarget(c, r, f, writeEdit) // an in-place edit writes the file, like sed -i
	}
}

// perlSwitches: -e and -E are code; -0, -l, -I, -M, -m, -C, -F, -x, -d
// and -D take the rest of their word.
var perlSwitches = clusterSyntax{code: "eE", rest: "0lIMmCFxdD"}

// knownChildren are the names a glob is expanded against, directory by
// directory, wherever the machine it runs on keeps the same names: the
// top-level directories of Linux, macOS and the BSDs, the main trees under
// /usr and /var, and the well-known directories of a home. The file system
// of the machine that checks the command is never read.
var knownChildren = sync.OnceValue(func() map[string][]string {
	top := []string{"etc", "usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "boot", "var", "opt", "srv", "root", "sys", "proc", "dev",
		"home", "Users", "System", "Library", "Applications", "private", "snap", "run", "mnt", "media", "tmp"}
	return map[string][]string{
		"/":    top,
		"/usr": {"lib", "lib64", "lib32", "bin", "sbin", "share", "include", "local", "src", "libexec"},
		"/var": {"lib", "log", "cache", "spool", "mail", "db", "backups", "www", "opt", "tmp"},
		"~": {".ssh", ".aws", ".kube", ".gnupg", ".docker", ".azure", ".config", ".local", ".password-store", ".bitcoin", "Documents", "Desktop",
			"Downloads", "Pictures", "Music", "Videos", "Movies", "Library", ".bashrc", ".zshrc", ".profile", ".bash_profile", ".gitconfig", ".netrc", ".cache"},
	}
})

// expandKnownGlob replaces a glob directory name under /, /usr, /var or
// the home directory by the first well-known name it matches (rm -rf /e*c
// is rm -rf /etc, /??? takes /etc and /usr, ~/.s* takes ~/.ssh): the
// deletion is judged by the most sensitive directory it reaches. A glob
// that matches no known name, or a path without one, is returned as is.
func expandKnownGlob(abs, home string) string {
	for _, base := range []string{home, "/usr", "/var", "/"} {
		var rest string
		switch {
		case base == "/":
			rest = strings.TrimPrefix(abs, "/")
			if rest == abs {
				continue
			}
		case strings.HasPrefix(abs, base+"/"):
			rest = abs[len(base)+1:]
		default:
			continue
		}
		seg, tail, _ := strings.Cut(rest, "/")
		if !strings.ContainsAny(seg, "*?[") || seg == "*" || seg == ".*" {
			// "*" takes everything and is judged as such (/*, ~/*).
			if base != "/" || strings.ContainsAny(seg, "*?[") {
				return abs
			}
			continue
		}
		key := base
		if base == home {
			key = "~"
		}
		for _, name := range knownChildren()[key] {
			if ok, _ := path.Match(seg, name); ok {
				out := strings.TrimSuffix(base, "/") + "/" + name
				if tail != "" {
					out += "/" + tail
				}
				return out
			}
		}
		return abs
	}
	return abs
}

// diskReadOnly reports a disk tool run only to read: sgdisk/gdisk printing,
// verifying or pretending, wipefs listing the signatures (without -a or
// -o, or with -n).
func diskReadOnly(c *Cmd) bool {
	switch c.Name {
	case "wipefs":
		return c.Has("-n", "--no-act") || !c.Has("-a", "--all", "-o", "--offset")
	case "sgdisk":
		if c.Has("-P", "--pretend") {
			return true
		}
		reads := map[string]bool{"p": true, "print": true, "v": true, "verify": true, "i": true, "info": true, "O": true, "print-mbr": true,
			"L": true, "list-types": true, "b": true, "backup": true, "V": true, "version": true, "?": true, "help": true, "usage": true}
		seen := false
		for _, a := range c.Args {
			if a == "--" {
				break
			}
			switch {
			case strings.HasPrefix(a, "--"):
				name, _, _ := strings.Cut(a[2:], "=")
				if !reads[name] {
					return false
				}
				seen = true
			case strings.HasPrefix(a, "-") && len(a) > 1:
				// -i and -b take a value, attached or in the next word.
				if !reads[a[1:2]] {
					return false
				}
				seen = true
			}
		}
		return seen
	}
	return false
}

// isLogFile reports a log file: *.log, a rotated one (app.log.1), nohup.out,
// or any file under a logs directory.
func isLogFile(abs string) bool {
	base := strings.ToLower(path.Base(abs))
	return strings.HasSuffix(base, ".log") || strings.Contains(base, ".log.") || base == "nohup.out" ||
		strings.Contains(abs, "/logs/") || strings.Contains(abs, "/log/") && !strings.HasPrefix(abs, "/var/log")
}

// homeBuildOutput reports a build or dependency output inside a project
// under the home directory (~/code/app/node_modules): a directory those
// tools make again, not the user's own files. One right under the home
// (~/build) may be anything, and is not.
func homeBuildOutput(abs, home string) bool {
	rel, ok := strings.CutPrefix(abs, home+"/")
	if !ok {
		return false
	}
	segs := strings.Split(rel, "/")
	for i, s := range segs {
		if i == 0 {
			continue
		}
		switch s {
		case "node_modules", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".venv", "venv", "target", "dist", "build",
			".next", ".nuxt", ".gradle", ".terraform", ".turbo", ".parcel-cache", ".svelte-kit", "coverage", ".angular", "htmlcov", ".nyc_output":
			return true
		}
	}
	return false
}

// machineCritical reports a file (or a glob of files) without which the
// machine does not boot or nobody can log in: the kernels and initial
// ramdisks in /boot, the boot loader, the account databases, fstab, the
// dynamic loader and init.
func machineCritical(abs string) bool {
	if rest, ok := strings.CutPrefix(abs, "/boot/"); ok {
		for _, p := range []string{"vmlinuz", "vmlinux", "initrd", "initramfs", "grub", "efi", "EFI", "loader", "kernel", "bzImage", "Image", "System.map"} {
			if strings.HasPrefix(rest, p) || strings.HasPrefix(rest, "*") {
				return true
			}
		}
		return false
	}
	switch abs {
	case "/etc/passwd", "/etc/shadow", "/etc/group", "/etc/gshadow", "/etc/fstab", "/etc/sudoers", "/bin/sh", "/bin/bash", "/usr/bin/sudo",
		"/sbin/init", "/usr/lib/systemd/systemd", "/lib/systemd/systemd", "/etc/pam.d", "/etc/nsswitch.conf":
		return true
	}
	for _, d := range []string{"/lib/", "/lib64/", "/usr/lib/", "/usr/lib64/", "/lib/x86_64-linux-gnu/", "/usr/lib/x86_64-linux-gnu/", "/lib/aarch64-linux-gnu/"} {
		if rest, ok := strings.CutPrefix(abs, d); ok && (strings.HasPrefix(rest, "ld-linux") || strings.HasPrefix(rest, "libc.so") || strings.HasPrefix(rest, "libc-")) {
			return true
		}
	}
	return false
}
