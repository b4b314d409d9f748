package shell

import (
	"encoding/json"
	"maps"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// A Dockerfile written on the line (or earlier in the session) and then
// built: its RUN steps run in a build container. What they do to the
// container's own files is contained (rm -rf / there deletes the image's
// files), so those findings are dropped. What leaves the container is
// not: code fetched from the network and run (it sees the build context,
// the build's secrets and arguments, and ends up in an image that runs
// later), data sent out, a connection that hands the builder to someone
// else, a hidden payload. Those keep their weight, told as steps of the
// build. A step given --security=insecure (with the build's --allow
// security.insecure, or podman's --privileged) runs with the host's
// privileges: all its findings stand. A Dockerfile on disk that nobody
// saw being written is the project's own and is not read here.

// escapingCategory reports the findings of a build step that reach past
// the build container.
func escapingCategory(c rule.Category) bool {
	switch c {
	case rule.RemoteCode, rule.Exfiltration, rule.CredentialTheft, rule.UnauthorizedAccess, rule.Obfuscation, rule.Network:
		return true
	}
	return false
}

// dockerStep is one RUN step of a Dockerfile.
type dockerStep struct {
	script      string // the shell script it runs
	privileged  bool   // --security=insecure
	hostNet     bool   // --network=host
	secretMount bool   // --mount=type=secret (or ssh): a secret of the build is in reach
}

// dockerfileSteps reads the RUN steps of a Dockerfile: continuation
// lines joined, the exec form ["sh","-c","…"] as its words, a
// here-document as the script it feeds.
func dockerfileSteps(text string) []dockerStep {
	lines := strings.Split(text, "\n")
	var steps []dockerStep
	for i := 0; i < len(lines) && len(steps) < maxLaunchArgs; i++ {
		line := strings.TrimSpace(lines[i])
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, "\\") + " " + strings.TrimSpace(lines[i])
		}
		instr, rest, _ := strings.Cut(line, " ")
		if !strings.EqualFold(instr, "RUN") {
			continue
		}
		st, cmd := dockerRunFlags(strings.TrimSpace(rest))
		if start := strings.Index(cmd, "<<"); start >= 0 {
			body, end := dockerHeredoc(cmd[start:], lines[i+1:])
			i += end
			if strings.TrimSpace(cmd[:start]) == "" {
				st.script = body // RUN <<EOF: the body is the script
			} else {
				st.script = cmd + "\n" + body + "\n" + dockerHeredocWord(cmd[start:])
			}
			steps = append(steps, st)
			continue
		}
		var argv []string
		if strings.HasPrefix(cmd, "[") && json.Unmarshal([]byte(cmd), &argv) == nil {
			cmd = joinArgv(argv) // the exec form: words, no shell
		}
		st.script = cmd
		steps = append(steps, st)
	}
	return steps
}

// dockerRunFlags reads RUN's own options (--mount, --network, --security)
// and returns the command after them.
func dockerRunFlags(s string) (dockerStep, string) {
	var st dockerStep
	for strings.HasPrefix(s, "--") {
		word, rest, _ := strings.Cut(s, " ")
		switch strings.ToLower(word) {
		case "--security=insecure":
			st.privileged = true
		case "--network=host":
			st.hostNet = true
		}
		if l := strings.ToLower(word); strings.HasPrefix(l, "--mount=") && (strings.Contains(l, "type=secret") || strings.Contains(l, "type=ssh")) {
			st.secretMount = true
		}
		s = strings.TrimSpace(rest)
	}
	return st, s
}

// dockerHeredocWord is the terminator a here-document marker names
// (<<EOF, <<-"EOF", <<'EOF').
func dockerHeredocWord(marker string) string {
	w := strings.TrimLeft(strings.TrimPrefix(marker, "<<"), "-")
	w, _, _ = strings.Cut(w, " ")
	return strings.Trim(w, `"'`)
}

// dockerHeredoc returns the body of the here-document marker opens,
// from the lines after the instruction, and how many lines it used.
func dockerHeredoc(marker string, lines []string) (string, int) {
	word := dockerHeredocWord(marker)
	for n, l := range lines {
		if strings.TrimSpace(l) == word {
			return strings.Join(lines[:n], "\n"), n + 1
		}
	}
	return strings.Join(lines, "\n"), len(lines)
}

// dockerBuildPrivileged reports a build that may run steps with the
// host's privileges or network.
func dockerBuildPrivileged(c *Cmd) bool {
	if c.Has("--privileged") {
		return true
	}
	for _, v := range c.FlagAll("--allow") {
		if strings.Contains(v, "security.insecure") {
			return true
		}
	}
	return false
}

// builtSteps judges the RUN steps of the Dockerfile c builds when this
// line or the session wrote it.
func (w *walker) builtSteps(c *Cmd, files []string) {
	fl := w.r.fl()
	for _, f := range files {
		abs, ok := c.Resolve(f)
		if !ok {
			continue
		}
		fc, had := fl.files[abs]
		if !had || fc.from != "" || fc.kind != streamLiteral && fc.kind != streamDecoded {
			continue
		}
		w.judgeSteps(c, showPath(f), fc.text)
		return
	}
}

// judgeSteps judges each RUN step of a Dockerfile's text as a script run
// in the build container.
func (w *walker) judgeSteps(c *Cmd, show, text string) {
	r := w.r
	fl := r.fl()
	privileged := dockerBuildPrivileged(c)
	secrets := c.Has("--secret", "--ssh") || c.Has("--build-arg")
	// The steps write the container's files, not the host's.
	files, downloaded := maps.Clone(fl.files), maps.Clone(fl.downloaded)
	defer func() { fl.files, fl.downloaded = files, downloaded }()
	for _, st := range dockerfileSteps(text) {
		if strings.TrimSpace(st.script) == "" {
			continue
		}
		n := len(r.res.Findings)
		r.script(st.script, c, c.Name+" build runs a RUN step of "+show)
		kept := r.res.Findings[:n]
		sends := false
		for _, f := range r.res.Findings[n:] {
			if !escapingCategory(f.Category) {
				continue // inside the build container
			}
			sends = sends || f.Category == rule.Network || f.Category == rule.Exfiltration
			f.Message = "A RUN step of " + show + ", in the image build: " + lowerFirst(f.Message)
			if secrets {
				f.Message += " The build is given secrets or arguments (--secret, --ssh, --build-arg) that this step can read."
			}
			if st.hostNet {
				f.Message += " It runs on the host's network (--network=host)."
			}
			kept = append(kept, f)
		}
		r.res.Findings = kept
		if privileged && st.privileged {
			r.add(c.find(dockerHostRoot, "A RUN step of "+show+" runs with --security=insecure in a build that allows it: a privileged container that can take over the host."))
		}
		if st.secretMount && sends {
			r.add(c.find(ruleCredentialExfil, "A RUN step of "+show+" mounts a secret of the build (--mount=type=secret) and sends data to another machine: the secret can leave with it."))
		}
	}
}

// lowerFirst is s with its first letter in lower case, to follow a
// colon inside a sentence.
func lowerFirst(s string) string {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]+'a'-'A') + s[1:]
}
