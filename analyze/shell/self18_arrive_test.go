package shell

import (
	"strings"
	"testing"
)

// TestSelf18UnseenArchivesIntoPlaces: an archive whose members are not
// listed (7z, rar, tar.zst, tar.xz, or any archive not on disk) unpacked
// into a protected place is a write of it, whichever program unpacks it
// and however the destination is given; the same into a build directory
// or a scratch directory runs.
func TestSelf18UnseenArchivesIntoPlaces(t *testing.T) {
	spells := []string{
		"7z x a.7z -o{D}", "7z x -y a.7z -o{D}", "7za x a.7z -o{D}", "7zz e a.7z -o{D}", "unrar x a.rar {D}/", "unrar e -o+ a.rar {D}/", "rar x a.rar {D}/",
		"bsdtar -xf a.tar.zst -C {D}", "tar --zstd -xf a.tar.zst -C {D}", "tar -xJf a.tar.xz -C {D}", "tar -xf a.tar.xz --directory={D}",
		"cpio -idm -D {D} < a.cpio", "cpio -i --no-absolute-filenames --directory={D} -F a.cpio", "cd {D} && cpio -idm < /tmp/a.cpio",
		"cd {D} && pax -r -f /tmp/a.pax", "cd {D} && 7z x /tmp/a.7z", "unzip -o a.zip -d {D}",
	}
	places := []string{"~/.claude", "~/.claude/hooks", "$HOME/.config/actionguard", "~/.local/state/actionguard", ".claude", "./.codex", "/home/dev/project/.gemini", "~/.cursor/hooks"}
	scratch := []string{"build/out", "/tmp/x", "vendor/lib", "$HOME/Downloads/x"}
	n := 0
	for _, s := range spells {
		for _, d := range places {
			cmd := strings.ReplaceAll(s, "{D}", d)
			if got := selfFindings(cmd); len(got) == 0 {
				t.Errorf("%s: %v, want a write of the protected place", cmd, ruleIDs(Analyze(cmd, selfOptions)))
			}
			n++
		}
		for _, d := range scratch {
			cmd := strings.ReplaceAll(s, "{D}", d)
			res := Analyze(cmd, selfOptions)
			for _, f := range res.Findings {
				if strings.HasPrefix(f.Rule, "shell.self.") || f.Rule == ruleArriveUnseen.ID && !strings.HasPrefix(s, "cpio -idm -D {D}") && !strings.HasPrefix(s, "cd {D} && cpio") && !strings.HasPrefix(s, "cd {D} && pax") {
					t.Errorf("%s: %v, want it to run", cmd, ruleIDs(res))
				}
			}
			n++
		}
	}
	t.Logf("%d commands", n)
}
