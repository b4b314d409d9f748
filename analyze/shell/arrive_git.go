package shell

import (
	"strings"
)

// gitArrival recognises the git commands that write another revision's
// files or a patch's into the working tree: apply, am, merge, pull,
// rebase, cherry-pick, revert, checkout and switch to another revision,
// restore --source, stash pop/apply/branch, reset --hard/--merge/--keep,
// submodule update --remote.
func gitArrival(c *Cmd) (arrival, bool) {
	av := c.Argv()
	if len(av.Sub) == 0 {
		return arrival{}, false
	}
	verb := av.Sub[0]
	var revs, paths []string
	// The words after the subcommand(s): revisions before "--", paths after.
	dashdash := false
	for k, w := range av.words {
		if k < len(av.Sub) {
			continue
		}
		if av.optsDone >= 0 && av.wordArg[k] >= av.optsDone && av.optsDone > 0 && c.Args[av.optsDone-1] == "--" {
			dashdash = true
			paths = append(paths, w)
			continue
		}
		revs = append(revs, w)
	}
	dest := "."
	for i := 0; i+1 < len(c.Args) && (len(av.wordArg) == 0 || i < av.wordArg[0]); i++ {
		if c.Args[i] == "-C" {
			dest = c.Args[i+1]
		}
	}
	op := arrival{kind: arriveGit, tool: "git " + verb, verb: "brings", dests: []string{dest}, anywhere: true}
	onlyRevs := func(words []string) {
		for _, r := range words {
			op.git = append(op.git, Incoming{From: "HEAD", To: r, MergeBase: true})
		}
	}
	// (git's help options stop every subcommand, whatever its spec lists.)
	stops := c.Has("--abort", "--continue", "--quit", "--skip", "--show-current-patch", "--edit-todo", "-h", "--help") || c.hasLiteral([]string{"-h", "--help"})
	switch verb {
	case "apply", "am":
		if stops || verb == "apply" && (c.Has("--cached") && !c.Has("--index") ||
			c.Has("--check", "--stat", "--numstat", "--summary") && !c.Has("--apply")) {
			return arrival{}, false
		}
		op = arrival{kind: arrivePatch, tool: "git " + verb, verb: "applies", dests: []string{dest}}
		if d, ok := c.Flag("--directory"); ok && d != "" {
			op.dests = []string{selfJoin(dest, d)}
		}
		files := append(revs, paths...)
		if len(files) > 0 && files[0] != "-" {
			op.source, op.more = files[0], files[1:]
		}
		return op, true
	case "merge":
		if stops {
			return arrival{}, false
		}
		if len(revs) == 0 {
			revs = []string{"@{u}"}
		}
		onlyRevs(revs)
	case "pull":
		if stops {
			return arrival{}, false
		}
		// What the remote has now is not read: the local tracking refs
		// are only what an earlier fetch saw.
		op.remote = "commits not on this machine yet"
		switch {
		case len(revs) == 0:
			revs = []string{"@{u}"}
		case len(revs) == 1:
			revs = []string{revs[0] + "/HEAD"}
			if gitURLLike(revs[0]) {
				return op, true // fetched from where no ref is kept
			}
		default:
			if gitURLLike(revs[0]) {
				return op, true
			}
			var refs []string
			for _, r := range revs[1:] {
				src, _, _ := strings.Cut(strings.TrimPrefix(r, "+"), ":")
				refs = append(refs, revs[0]+"/"+src)
			}
			revs = refs
		}
		onlyRevs(revs)
	case "rebase":
		if stops || c.Has("--root") {
			return arrival{}, false
		}
		if onto, ok := c.Flag("--onto"); ok && onto != "" {
			revs = []string{onto}
		} else if len(revs) == 0 {
			revs = []string{"@{u}"}
		} else {
			revs = revs[:1]
		}
		onlyRevs(revs)
	case "cherry-pick", "revert":
		if stops {
			return arrival{}, false
		}
		for _, r := range revs {
			if a, b, ok := strings.Cut(r, ".."); ok {
				b = strings.TrimPrefix(b, ".")
				if a == "" {
					a = "HEAD"
				}
				if b == "" {
					b = "HEAD"
				}
				op.git = append(op.git, Incoming{From: a, To: b})
				continue
			}
			op.git = append(op.git, Incoming{From: r + "^", To: r})
		}
	case "checkout", "switch":
		start := ""
		if _, ok := c.Flag("-b", "-B", "--orphan", "-c", "-C", "--create", "--force-create"); ok {
			if len(revs) > 0 {
				start = revs[0]
			}
		} else if len(revs) > 0 {
			start = revs[0]
			if verb == "checkout" {
				paths = append(paths, revs[1:]...)
			}
		}
		if start == "" || verb == "checkout" && !dashdash && len(revs) > 1 && len(paths) == 0 {
			return arrival{}, false
		}
		if start == "-" {
			start = "@{-1}"
		}
		op.git = append(op.git, Incoming{From: "HEAD", To: start})
		op.only = paths
	case "restore":
		src, ok := c.Flag("-s", "--source")
		if !ok || src == "" || c.Has("--staged", "-S") && !c.Has("--worktree", "-W") {
			return arrival{}, false
		}
		op.git = append(op.git, Incoming{From: "HEAD", To: src})
		op.only = append(revs, paths...)
	case "reset":
		if !c.Has("--hard", "--merge", "--keep") || len(revs) == 0 {
			return arrival{}, false
		}
		op.git = append(op.git, Incoming{From: "HEAD", To: revs[0]})
	case "stash":
		if len(av.Sub) < 2 {
			return arrival{}, false
		}
		ref := "stash@{0}"
		switch av.Sub[1] {
		case "pop", "apply":
			if len(revs) > 0 {
				ref = revs[0]
			}
		case "branch":
			if len(revs) > 1 {
				ref = revs[1]
			}
		default:
			return arrival{}, false
		}
		if isDigits(ref) {
			ref = "stash@{" + ref + "}"
		}
		op.tool = "git stash " + av.Sub[1]
		op.git = append(op.git, Incoming{From: ref + "^1", To: ref}, Incoming{To: ref + "^3"})
	case "submodule":
		if len(av.Sub) < 2 || av.Sub[1] != "update" || stops || !c.Has("--remote") {
			return arrival{}, false
		}
		// The submodules' work trees move to their remotes' newest commits.
		// (Without --remote they check out the commits the repository
		// records: its own history, as a checkout is.)
		op.tool, op.remote, op.submodules = "git submodule update", "the submodules' commits", true
		return op, true
	default:
		return arrival{}, false
	}
	var words []string
	for _, q := range op.git {
		if !gitRevOK(q.From) || !gitRevOK(q.To) {
			return arrival{}, false
		}
		if q.From != "" && q.From != "HEAD" && !strings.HasSuffix(q.From, "^1") {
			words = append(words, q.From+".."+q.To)
		} else if !strings.HasSuffix(q.To, "^3") {
			words = append(words, q.To)
		}
	}
	if len(op.git) == 0 && op.remote == "" {
		return arrival{}, false
	}
	op.revs = strings.Join(words, ", ")
	return op, true
}

// gitRevOK reports a revision that may be handed to git as one: no
// option, no control character, no path-like dot word.
func gitRevOK(r string) bool {
	if r == "" {
		return true
	}
	if len(r) > 256 || r[0] == '-' || r == "." || r == ".." || strings.ContainsAny(r, " \t\n\r\x00*?[\\$`") {
		return false
	}
	return true
}

// gitURLLike reports a pull source that is a URL or a path, not a remote.
func gitURLLike(s string) bool {
	return strings.Contains(s, "://") || strings.Contains(s, ":") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, ".") || strings.HasPrefix(s, "~")
}
