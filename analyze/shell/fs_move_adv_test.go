package shell

import (
	"strings"
	"testing"
)

// Moving a credential is copying it and deleting it: every spelling of mv
// (options that take a value, -t before or after, --, the GNU names),
// every wrapper, every credential and destination, reach at least what the
// equivalent cp and rm reach; renaming a key beside itself, a public key,
// or the environment file inside the project keep their verdicts.

func TestMoveCredentialSpellings(t *testing.T) {
	creds := []string{"~/.ssh", "~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.aws", "~/.aws/credentials", "/home/dev/.kube/config", "$HOME/.netrc", "~/.docker/config.json", ".env", "./.env.production"}
	dests := []string{"/tmp/", "/tmp/x", "/var/tmp/k", "./leak", "~/.ssh.bak", "/home/dev/Downloads/"}
	forms := []func(src, dst string) string{
		func(s, d string) string { return "mv " + s + " " + d },
		func(s, d string) string { return "mv -f " + s + " " + d },
		func(s, d string) string { return "mv -S .x " + s + " " + d },
		func(s, d string) string { return "mv --suffix=.x -b " + s + " " + d },
		func(s, d string) string { return "mv -t " + d + " " + s },
		func(s, d string) string { return "mv -t" + d + " " + s },
		func(s, d string) string { return "mv --target-directory=" + d + " " + s },
		func(s, d string) string { return "mv --target " + d + " " + s },
		func(s, d string) string { return "mv -- " + s + " " + d },
		func(s, d string) string { return "mv -vn " + s + " " + d },
		func(s, d string) string { return "gmv " + s + " " + d },
		func(s, d string) string { return "gmv -t " + d + " " + s },
	}
	wrappers := []string{"", "sudo ", "env ", "command ", "nice -n 5 ", "timeout 5 "}
	n := 0
	for i, cred := range creds {
		for j, dst := range dests {
			if strings.HasPrefix(cred, ".") && strings.HasPrefix(dst, "./") {
				continue // the environment file moved inside the project
			}
			if cred == "$HOME/.netrc" && dst == "~/.ssh.bak" {
				continue // renamed beside itself in the home directory
			}
			for k, form := range forms {
				w := wrappers[(i+j+k)%len(wrappers)]
				src := w + form(cred, dst)
				wantAtLeast(t, src, scopeOptions, atLeastApprove)
				if !hasRule(Analyze(src, scopeOptions), "shell.fs.move-credential") {
					t.Errorf("%s: want shell.fs.move-credential, got %v", src, ruleIDs(Analyze(src, scopeOptions)))
				}
				n++
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d cases", n)
	}
}

// TestMoveCredentialSaysMove: the reason a person reads is the move, in
// their words: where the credential goes and what stops finding it.
func TestMoveCredentialSaysMove(t *testing.T) {
	cases := map[string][]string{
		"mv ~/.ssh /tmp/":          {"Moves ~/.ssh", "SSH key", "/tmp/", "agent and its logs can read"},
		"mv ~/.ssh/id_rsa /tmp/":   {"Moves your SSH key (~/.ssh/id_rsa) to /tmp/", "no longer finds it"},
		"mv ~/.aws /tmp/x":         {"Moves ~/.aws", "AWS credentials", "/tmp/x"},
		"mv .env /tmp/":            {"Moves your environment file (.env) to /tmp/"},
		"mv ~/.ssh ~/.ssh.bak":     {"Moves ~/.ssh", "~/.ssh.bak", "until it is moved back"},
		"mv ~/.kube/config ./kc":   {"Moves your", "./kc", "agent and its logs can read"},
		"mv -t /tmp ~/.ssh/id_rsa": {"to /tmp"},
	}
	for src, words := range cases {
		res := Analyze(src, scopeOptions)
		top := ""
		best := -1
		for _, f := range res.Findings {
			if f.Points > best {
				best, top = f.Points, f.Message
			}
		}
		for _, w := range words {
			if !strings.Contains(top, w) {
				t.Errorf("%s: the reason %q does not say %q", src, top, w)
			}
		}
		if strings.Contains(top, "a credential file.") || strings.HasPrefix(top, "Changes ") {
			t.Errorf("%s: the reason %q is the copy, not the move", src, top)
		}
	}
}

// TestMoveCredentialTwins: what must keep its verdict.
func TestMoveCredentialTwins(t *testing.T) {
	for _, src := range []string{"mv ~/.ssh/id_rsa.pub /tmp/", "mv .env.example .env", "mv .env .env.bak", "mv notes.txt /tmp/", "mv build/ /tmp/old-build",
		"mv -t /tmp a.txt b.txt", "mv -S .orig config.yaml config.new", "gmv -t dist out.js", "mv --suffix=.bak a b", "mv -T src dst", "mv -- -weird-name dst"} {
		wantRuns(t, src, scopeOptions)
	}
	// A key renamed beside itself is the credential write it always was,
	// not a move out of its place.
	for _, src := range []string{"mv ~/.ssh/id_rsa ~/.ssh/id_rsa.old", "mv ~/.aws/credentials ~/.aws/credentials.bak", "mv ~/.netrc ~/.netrc.old", "mv ~/.ssh/id_rsa ~/.ssh/"} {
		if hasRule(Analyze(src, scopeOptions), "shell.fs.move-credential") {
			t.Errorf("%s: a rename beside itself is not a move out of its place", src)
		}
	}
}

// TestCopyOptionValues: the option values of cp, mv, install and ln are
// never read as a source or the destination (the specs say which options
// take one), in every spelling.
func TestCopyOptionValues(t *testing.T) {
	for _, prog := range []string{"cp", "mv", "install", "ln", "gcp", "gmv"} {
		for _, opt := range []string{"-S ~/.ssh/id_rsa", "--suffix ~/.ssh/id_rsa", "--suffix=~/.ssh/id_rsa"} {
			src := prog + " " + opt + " a.txt b.txt"
			if res := Analyze(src, scopeOptions); hasRule(res, "shell.fs.move-credential") || hasRule(res, "shell.cred.read") || hasRule(res, "shell.fs.write-credential") {
				t.Errorf("%s: a suffix read as a path: %v", src, ruleIDs(res))
			}
		}
		// -t's value is the destination: writing into ~/.ssh is a credential write.
		src := prog + " -t ~/.ssh key.pub"
		if prog == "install" || prog == "ln" {
			src = prog + " -t ~/.ssh/ authorized_keys"
		}
		wantAtLeast(t, src, scopeOptions, atLeastApprove)
	}
}

// TestNodeValueOptionsFromSpec: the inline-code reader skips the value of
// every option node's spec gives one, and reads the code after it.
func TestNodeValueOptionsFromSpec(t *testing.T) {
	for _, opt := range []string{"--require", "--import", "--loader", "--experimental-loader", "--input-type", "--title", "--env-file", "--conditions",
		"--redirect-warnings", "--diagnostic-dir", "--report-dir", "--openssl-config", "--icu-data-dir", "--unhandled-rejections", "--watch-path",
		"--disable-warning", "--dns-result-order", "--secure-heap", "--stack-trace-limit", "--cpu-prof-dir", "--heap-prof-dir", "--experimental-config-file",
		"--env-file-if-exists", "--allow-fs-read", "--allow-fs-write", "--run", "--test-reporter", "--test-reporter-destination"} {
		if !nodeTakesValue(opt) {
			t.Errorf("node %s takes a value", opt)
		}
		src := "node " + opt + " x -e 'require(\"fs\").rmSync(require(\"os\").homedir(),{recursive:true})'"
		wantAtLeast(t, src, scopeOptions, atLeastBlock)
	}
	for _, opt := range []string{"--check", "--enable-source-maps", "--no-warnings", "--eval-nonexistent"} {
		if nodeTakesValue(opt) {
			t.Errorf("node %s takes no value", opt)
		}
	}
}
