package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Reading keys without naming them: a recursive read, copy or archive of a
// directory reads every file under it, so one that holds a credential
// store (~/.ssh, ~/.aws, ~/.config/gcloud…) or actionguard's keys is a read
// of those, as if they were named (grep -r . ~/.local, tar czf st.tgz -C ~
// .local, cp -r ~/.config /tmp/c, zip -r h.zip ~). A listing of names
// (grep -rl, rg --files, find -name, ls -R) shows no content and is not.

// treeProbes are places under the home directory where the credential
// stores and actionguard's keys lie, one file each: a directory read whole
// reaches the secret when it is an ancestor of a probe that the shared
// classification (Class, controlOf) calls a credential or a key. The
// probes only say where to look; what a secret is stays the classifier's.
var treeProbes = []string{
	".ssh/id_ed25519", ".ssh/id_rsa", ".aws/credentials", ".config/gcloud/credentials.db", ".config/gcloud/application_default_credentials.json",
	".config/gh/hosts.yml", ".kube/config", ".docker/config.json", ".netrc", ".git-credentials", ".gnupg/private-keys-v1.d/k.key",
	".local/share/keyrings/login.keyring", ".password-store/site.gpg", ".azure/msal_token_cache.json", ".config/rclone/rclone.conf",
	".npmrc", ".pypirc", ".claude/.credentials.json", ".codex/auth.json", ".bash_history", ".vault-token",
	".local/state/actionguard/audit.key", ".local/state/actionguard/approval.key",
}

// treeReaders are the programs readsTree reads.
var treeReaders = []string{"grep", "egrep", "fgrep", "rg", "ag", "ack", "cp", "gcp", "rsync", "scp", "tar", "bsdtar", "gtar", "zip", "7z", "7za", "7zr", "7zz"}

// readsTree returns the directories a command reads whole, with their
// content shown, copied or archived: the operands of grep -r, rg, ag, cp
// -r, rsync -r/-a, scp -r, tar -c (after its -C), zip -r and 7z a. nil for
// anything else, and for a listing of names only.
func readsTree(c *Cmd) []string {
	av := c.Argv()
	ops := av.Operands
	switch c.Name {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack":
		recursive := c.Name != "grep" && c.Name != "egrep" && c.Name != "fgrep" ||
			c.Has("-r", "-R", "--recursive", "--dereference-recursive") || hasOptValue(c, "recurse", "-d", "--directories")
		if !recursive || c.Has("-l", "-L", "--files-with-matches", "--files-without-match", "-c", "--count", "-q", "--quiet", "--files", "--files-with-matches") {
			return nil
		}
		if len(ops) > 0 && !c.Has("-e", "-f", "--regexp", "--file") {
			ops = ops[1:] // the pattern
		}
		if len(ops) == 0 && (c.Name == "rg" || c.Name == "ag" || c.Name == "ack") {
			ops = []string{"."}
		}
		return ops
	case "cp", "gcp":
		if !c.Has("-r", "-R", "-a", "--recursive", "--archive") || len(ops) < 2 || c.Has("-t", "--target-directory") {
			return nil
		}
		return ops[:len(ops)-1]
	case "rsync":
		ops = c.Positional()
		if !c.Has("-r", "-a", "--recursive", "--archive") || len(ops) < 2 {
			return nil
		}
		return ops[:len(ops)-1]
	case "scp":
		if !c.Has("-r") || len(ops) < 2 {
			return nil
		}
		return ops[:len(ops)-1]
	case "tar", "bsdtar", "gtar":
		mode := ""
		if len(c.Positional()) > 0 {
			mode = c.Positional()[0]
		}
		// The old-style first word bundles the mode and its options (czf).
		bundled := mode != "" && !strings.HasPrefix(mode, "-") && len(mode) <= 8 && strings.Trim(mode, "cvzjJfpPhaZ") == ""
		if !c.Has("-c", "--create") && !(bundled && strings.ContainsRune(mode, 'c')) || c.Has("--no-recursion") {
			return nil
		}
		if bundled && len(ops) > 0 && ops[0] == mode {
			ops = ops[1:]
			if strings.ContainsRune(mode, 'f') && len(ops) > 0 {
				ops = ops[1:] // the archive written
			}
		}
		dir, _ := c.Flag("-C", "--directory")
		if dir == "" {
			return ops
		}
		out := make([]string, 0, len(ops))
		for _, o := range ops {
			if strings.HasPrefix(o, "/") || strings.HasPrefix(o, "~") || strings.HasPrefix(o, "$") {
				out = append(out, o)
			} else {
				out = append(out, strings.TrimSuffix(dir, "/")+"/"+o)
			}
		}
		return out
	case "zip":
		if !c.Has("-r", "--recurse-paths", "-R", "--recurse-patterns") || len(ops) < 2 {
			return nil
		}
		return ops[1:]
	case "7z", "7za", "7zr", "7zz":
		if len(ops) < 3 || ops[0] != "a" {
			return nil
		}
		return ops[2:]
	}
	return nil
}

// hasOptValue reports whether one of the options is given with value v.
func hasOptValue(c *Cmd, v string, names ...string) bool {
	for _, x := range c.FlagAll(names...) {
		if x == v {
			return true
		}
	}
	return false
}

// treeSecret is what a directory read whole reaches: the credential of the
// first probe under it (cred), or whether actionguard's keys are (self).
type treeSecret struct {
	cred  string // the credential's name, as Class gives it
	probe string // the probe, as a path under ~
	self  bool   // actionguard's keys lie under it
}

// secretUnder returns what the directory dir (an operand as written) holds
// of the credential stores and actionguard's keys, for a command whose
// include filters (grep --include, rg -g) keep only some names.
func secretUnder(env *analysis, dir string, includes []string) (treeSecret, bool) {
	if env.home == "" || dir == "" || strings.ContainsAny(dir, "$`") && !strings.HasPrefix(dir, "$HOME") {
		return treeSecret{}, false
	}
	abs, ok := env.resolve(dir)
	if !ok || abs == "" {
		return treeSecret{}, false
	}
	abs = strings.TrimSuffix(path.Clean(abs), "/")
	home := strings.TrimSuffix(env.home, "/")
	if isGlobPath(abs) {
		// ~/.lo*: a wildcard can name the directory of a store.
		return treeSecret{}, false
	}
	if abs != "" && abs != home && !strings.HasPrefix(home, abs+"/") && !strings.HasPrefix(abs, home+"/") {
		return treeSecret{}, false
	}
	var found treeSecret
	for _, rel := range treeProbes {
		if abs != "" && !joinHasDirPrefix(home, rel, abs) {
			continue
		}
		if !includedName(includes, path.Base(rel)) {
			continue
		}
		p := home + "/" + rel
		if part := env.controlOf(p); part.key {
			found.self = true
			continue
		}
		if found.cred == "" {
			if cl := env.classify(p); cl.Credential != "" {
				found.cred, found.probe = cl.Credential, "~/"+rel
			}
		}
	}
	if found.cred == "" && namesFiles(includes) {
		// A filter that names secret files (.env*, id_*, *.pem,
		// credentials*) reads them wherever they are under the
		// directory.
		for _, name := range treeNames {
			if !includedName(includes, name) {
				continue
			}
			if cl := env.classify(abs + "/" + name); cl.Credential != "" {
				found.cred, found.probe = cl.Credential, name
				break
			}
		}
	}
	return found, found.self || found.cred != ""
}

// joinHasDirPrefix reports whether dir+"/"+rel lies under abs (starts
// with abs+"/") without building either string: every grep -r and cp -r
// of the workspace asks it for each probe, and almost none is under.
func joinHasDirPrefix(dir, rel, abs string) bool {
	if len(dir)+1+len(rel) < len(abs)+1 {
		return false
	}
	at := func(i int) byte { // the byte i of dir+"/"+rel
		switch {
		case i < len(dir):
			return dir[i]
		case i == len(dir):
			return '/'
		}
		return rel[i-len(dir)-1]
	}
	for i := 0; i < len(abs); i++ {
		if at(i) != abs[i] {
			return false
		}
	}
	return at(len(abs)) == '/'
}

// treeNames are names of secret files found anywhere in a tree (a
// project's .env, a key beside a deployment script): a search whose name
// filter accepts one of them reads that kind of file under the whole
// tree. What a secret is stays the classifier's.
var treeNames = []string{
	".env", ".env.local", ".env.production", "id_rsa", "id_ed25519", "id_ecdsa", "server.pem", "private.key", "server.key",
	"credentials", "credentials.json", ".netrc", ".pgpass", ".npmrc", ".pypirc", ".git-credentials", "secrets.yaml", "secrets.json",
	"service-account.json", "terraform.tfstate", "kubeconfig", "keystore.jks", "cert.p12",
}

// namesFiles reports include filters that name files by more than a
// wildcard: a filter of * or *.* accepts every name and says nothing of
// what is searched.
func namesFiles(includes []string) bool {
	for _, g := range includes {
		if strings.HasPrefix(g, "!") {
			continue
		}
		lit := strings.Trim(strings.Map(func(r rune) rune {
			if strings.ContainsRune("*?[]/", r) {
				return -1
			}
			return r
		}, g), ".")
		if lit != "" {
			return true
		}
	}
	return false
}

// includedName reports whether a file named base passes the include
// patterns (none: every name does; a pattern starting with ! excludes).
func includedName(includes []string, base string) bool {
	if len(includes) == 0 {
		return true
	}
	any := false
	for _, g := range includes {
		if strings.HasPrefix(g, "!") {
			continue
		}
		any = true
		if ok, err := path.Match(g, base); ok || err != nil {
			return true // a pattern that cannot be read may match anything
		}
		if i := strings.LastIndexByte(g, '/'); i >= 0 {
			if ok, _ := path.Match(g[i+1:], base); ok {
				return true
			}
		}
	}
	return !any
}

// treeReadHandler reports a recursive read, copy or archive of a directory
// that holds a credential store or actionguard's keys: the finding of
// reading them by name.
func treeReadHandler(c *Cmd, r *report) {
	dirs := readsTree(c)
	for _, d := range dirs {
		if credentialReaders[c.Name] && c.Class(d).Credential != "" || r.env.controlOf(d).key {
			continue // named: the credential and self rules read it
		}
		ts, ok := secretUnder(r.env.in(c.Cwd), d, c.FlagAll("--include", "-g", "--glob", "--iglob"))
		if !ok {
			continue
		}
		if ts.self {
			r.mutates()
			r.add(c.find(ruleSelfRead, "Reads "+d+" whole, and actionguard's keys and token secrets with it: with them, records and approvals could be forged.", d))
			return
		}
		verb := "Prints"
		switch c.Name {
		case "cp", "gcp", "rsync", "scp", "tar", "bsdtar", "gtar", "zip", "7z", "7za", "7zr", "7zz":
			verb = "Copies"
		}
		r.add(c.find(ruleCredentialRead, verb+" everything under "+d+", your "+ts.cred+" ("+ts.probe+") among it, where the agent and its logs can see it.", d))
		return
	}
}

// TreeRead reports a file tool that shows the content of every file under
// the directory dir (the agents' Grep tool in content mode, an MCP search
// that returns matching lines), keeping only names that pass the include
// patterns (none: every name): over a directory that holds a credential
// store or actionguard's keys, it is the read of those. nil otherwise.
func TreeRead(dir string, includes []string, opt Options) []rule.Finding {
	env := newAnalysis(opt)
	if env.controlOf(dir).key || env.classify(dir).Credential != "" {
		return nil // named: FileRead judges it
	}
	ts, ok := secretUnder(env, dir, includes)
	switch {
	case !ok:
		return nil
	case ts.self:
		return []rule.Finding{ruleSelfRead.Find("read "+dir, "Reads "+dir+" whole, and actionguard's keys and token secrets with it: with them, records and approvals could be forged.", dir)}
	}
	return []rule.Finding{ruleCredentialRead.Find("read "+dir, "Reads everything under "+dir+" into the agent's context, your "+ts.cred+" ("+ts.probe+") among it.", dir)}
}
