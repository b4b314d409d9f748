package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// A move is a copy and a deletion at once: moving a key or a credential
// file takes it from the place the programs that use it read (ssh, aws,
// kubectl, the project's environment) and puts its content wherever the
// destination says, so it is judged as the copy and the removal together.

var ruleMoveCredential = &rule.Rule{
	ID: "shell.fs.move-credential", Category: rule.Credentials, Points: 90,
	Summary:     "Moves a key or credential file (SSH keys, cloud or Kubernetes credentials, the project's environment file) out of its place: what uses it no longer finds it, and its content is wherever it was moved.",
	Alternative: "leave the credential where it is; if it must be replaced, let the user do it",
	Match: []string{"mv ~/.ssh /tmp/", "mv ~/.ssh/id_rsa /tmp/", "mv ~/.aws /tmp/x", "mv .env /tmp/", "mv ~/.ssh ~/.ssh.bak",
		"mv -t /tmp ~/.kube/config", "mv ~/.kube/config ./kubeconfig"},
	NoMatch: []string{"mv ~/.ssh/id_rsa.pub /tmp/", "mv .env.example .env", "mv .env .env.bak", "mv notes.txt /tmp/", "mv ~/.ssh/id_rsa ~/.ssh/id_rsa.old"},
}

// credentialDirs are the directories that hold a family of credentials:
// moving one moves every key in it.
var credentialDirs = map[string]bool{".ssh": true, ".aws": true, ".kube": true, ".gnupg": true, ".docker": true, ".azure": true, "gcloud": true}

// judgeMoveSources reports the sources of mv that are credentials: each
// is taken from its place and its content lands at dest. It returns the
// base names of the credentials moved, so that the copy they leave at
// dest is not reported a second time as a credential changed.
func judgeMoveSources(c *Cmd, r *report, sources []string, dest string, into bool) map[string]bool {
	var moved map[string]bool
	dc := c.Class(dest)
	into = into || len(sources) > 1 || strings.HasSuffix(dest, "/")
	for _, s := range sources {
		cl := c.Class(s)
		if cl.Credential == "" || !cl.Known && !strings.HasPrefix(s, "~") && !strings.HasPrefix(s, "$HOME") {
			continue
		}
		if !movesOutOfPlace(cl, dc, into) {
			continue
		}
		name := showPath(s)
		where := showPath(dest)
		var msg string
		switch {
		case credentialDirs[path.Base(cl.Abs)]:
			msg = "Moves " + name + ", which holds your " + cl.Credential + "s, to " + where + ": what uses them no longer finds them"
		default:
			msg = "Moves your " + cl.Credential + " (" + name + ") to " + where + ": what uses it no longer finds it"
		}
		switch {
		case dc.Temp || dc.TempRoot || dc.Workspace && cl.Credential != "environment file":
			msg += ", and the agent and its logs can read it there."
		case !dc.Known:
			msg += ", and where it goes is only known when it runs."
		default:
			msg += " until it is moved back."
		}
		r.add(c.find(ruleMoveCredential, msg, s))
		if moved == nil {
			moved = map[string]bool{}
		}
		moved[path.Base(cl.Abs)] = true
	}
	return moved
}

// movesOutOfPlace reports whether moving the credential cl to dc (into it
// when into is set) takes it from where it is used. A file renamed beside
// itself in its own directory (~/.ssh/id_rsa to ~/.ssh/id_rsa.old) is
// judged as the credential write it is; the project's environment file
// renamed inside the project stays in the project.
func movesOutOfPlace(cl, dc PathClass, into bool) bool {
	if cl.Credential == "environment file" {
		return cl.Workspace && (!dc.Workspace || !dc.Known)
	}
	if !dc.Known || credentialDirs[path.Base(cl.Abs)] {
		return true
	}
	if into {
		return dc.Abs != path.Dir(cl.Abs)
	}
	return path.Dir(cl.Abs) != path.Dir(dc.Abs)
}

// judgeMoveWrites judges what mv writes at dest, less the copies of the
// credentials moved (reported by judgeMoveSources).
func judgeMoveWrites(c *Cmd, r *report, dest string, mode writeMode, moved map[string]bool) {
	for _, w := range copyWrites(c) {
		if strings.Contains(w.path, "\x00") || strings.TrimRight(w.path, "/") == strings.TrimRight(dest, "/") {
			continue
		}
		if moved[path.Base(w.path)] {
			if j, ok := judgeWrite(c.env, w.path, mode); ok && j.rule == ruleWriteCredential {
				continue
			}
		}
		writeTarget(c, r, w.path, mode)
	}
}

// judgeMoveToScratch reports the user's files moved out of the home
// directory, the project itself or a directory that holds it into scratch space:
// what lands under /tmp is cleared at the next reboot or by the system's
// cleaner, so the move is a deletion that only looks like tidying.
func judgeMoveToScratch(c *Cmd, r *report, sources []string, dest string) {
	dc := c.Class(dest)
	if !dc.Known || !dc.Temp && !dc.TempRoot {
		return
	}
	for _, s := range sources {
		cl := c.Class(s)
		if !cl.Known || cl.Temp || cl.TempRoot || cl.Credential != "" {
			continue // credentials moved are judged by judgeMoveSources
		}
		// In the home directory: a folder (no extension in its name, a
		// leading dot aside: ~/.config), a data file or the user's
		// settings (~/.bashrc, ~/.gitconfig); a single log or public key
		// moved aside is tidying. In the project: its data files.
		folder := !strings.Contains(strings.TrimPrefix(path.Base(cl.Abs), "."), ".")
		inHome := cl.InHome && (folder || cl.DataFile != "" || userSettings(cl.Abs, c.env.home))
		if !cl.HoldsWorkspace && !cl.WorkspaceRoot && !inHome && !(cl.Workspace && cl.DataFile != "") {
			continue
		}
		r.add(c.find(ruleRmOutside, "Moves "+showPath(s)+" into the temporary directory "+showPath(dest)+": files there are cleared at the next reboot or by the system's cleaner, so it is as good as deleted.", s))
	}
}

// userSettings reports a path among the user's own settings in the home
// directory: a dot-file or dot-folder of the home itself (~/.bashrc,
// ~/.gitconfig, ~/.config and what it holds), caches aside.
func userSettings(abs, home string) bool {
	rel, ok := strings.CutPrefix(abs, home+"/")
	if !ok || home == "" {
		return false
	}
	first, _, nested := strings.Cut(rel, "/")
	if nested && first != ".config" {
		return false // a file inside ~/.ssh, ~/.npm…: judged by what it is
	}
	return strings.HasPrefix(first, ".") && first != ".cache" && first != "." && first != ".."
}

// overwritesData reports whether cp, mv or install replaces dest, a data
// file or document outside the project, with another file's content (mv
// ~/Documents/a.docx ~/Documents/b.docx): b's own content is gone unless
// the program keeps it (-n, -i, --backup).
func overwritesData(c *Cmd, dest string, sources int, into bool) bool {
	if into || sources != 1 || strings.HasSuffix(dest, "/") || c.Has("-n", "--no-clobber", "-i", "--interactive", "-b", "--backup") {
		return false
	}
	dc := c.Class(dest)
	return dc.Known && dc.DataFile != "" && !dc.Workspace && !dc.Temp && !dc.TempRoot
}
