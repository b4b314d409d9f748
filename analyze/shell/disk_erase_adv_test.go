package shell

import (
	"strings"
	"testing"
)

// diskErasers erase a drive, an encrypted volume's keys or a subvolume,
// each in the spellings its program accepts; {D} is the device or path.
var diskErasers = []string{
	"cryptsetup luksFormat {D}", "cryptsetup -q luksFormat {D}", "cryptsetup --type luks2 luksFormat {D}",
	"cryptsetup luksFormat --batch-mode {D}", "cryptsetup erase {D}", "cryptsetup luksErase -q {D}",
	"cryptsetup luksKillSlot {D} 0", "cryptsetup luksRemoveKey {D}",
	"nvme format {D}", "nvme format {D} --ses=1", "nvme sanitize {D} -a 2", "nvme sanitize --sanact=2 {D}",
	"hdparm --security-erase NULL {D}", "hdparm --user-master u --security-erase-enhanced p {D}",
	"hdparm --trim-sector-ranges 0:65535 --please-destroy-my-drive {D}", "hdparm --write-sector 0 {D}",
	"hdparm --security-set-pass p {D}",
	"btrfs subvolume delete {D}", "btrfs subvol delete {D}", "btrfs su de {D}", "btrfs sub del -c {D}", "btrfs -q subvolume delete {D}",
}

// diskReaders are the same programs run to read or to open.
var diskReaders = []string{
	"cryptsetup luksDump {D}", "cryptsetup status data", "cryptsetup open {D} data", "cryptsetup isLuks {D}",
	"nvme list", "nvme smart-log {D}", "nvme id-ctrl {D}", "hdparm -I {D}", "hdparm -tT {D}",
	"btrfs subvolume list /", "btrfs subvolume show {D}", "btrfs filesystem df /", "btrfs subvolume snapshot / /snap",
}

func TestDiskErasers(t *testing.T) {
	devices := []string{"/dev/sdb", "/dev/nvme0n1", "/dev/mapper/data", "/mnt/data"}
	for _, tmpl := range diskErasers {
		for _, d := range devices {
			for _, pre := range []string{"", "sudo ", "sudo -n ", "doas ", "env LC_ALL=C ", "timeout 600 "} {
				line := pre + strings.ReplaceAll(tmpl, "{D}", d)
				if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "block" {
					t.Errorf("%q erases %s but is judged %s: %v", line, d, got, channelIDs(Analyze(line, exampleOptions).Findings))
				}
			}
		}
	}
	for _, tmpl := range diskReaders {
		line := strings.ReplaceAll(tmpl, "{D}", "/dev/sdb")
		for _, id := range channelIDs(Analyze(line, exampleOptions).Findings) {
			if id == "shell.fs.disk-wipe" {
				t.Errorf("%q only reads or opens but is reported %s", line, id)
			}
		}
	}
}

// A git command that asks for its help runs nothing; the same command
// without it keeps its finding.
func TestGitHelpRunsNothing(t *testing.T) {
	for _, cmd := range []string{
		"push --force origin main", "filter-branch --tree-filter 'rm -f x' HEAD", "clean -fdx", "reset --hard HEAD~3",
		"branch -D feature", "stash clear", "push --mirror origin", "checkout -f main",
	} {
		bare := "git " + cmd
		if verdictClass(Analyze(bare, exampleOptions).Findings) == "allow" {
			t.Fatalf("%q is allowed: the test's commands must be ones git holds", bare)
		}
		words := strings.Fields(cmd)
		for _, help := range []string{
			"git " + words[0] + " --help",
			"git " + cmd + " --help",
			"git " + words[0] + " --help " + strings.Join(words[1:], " "),
			"git " + words[0] + " -h",
		} {
			if got := verdictClass(Analyze(help, exampleOptions).Findings); got != "allow" {
				t.Errorf("%q only prints help but is judged %s: %v", help, got, channelIDs(Analyze(help, exampleOptions).Findings))
			}
		}
		for _, still := range []string{
			"git " + cmd + " -- --help", // after --, --help is an operand
			"git " + cmd + " -h",        // -h beside other words may be an option of the command
			"h=--help; git " + cmd + " $x",
		} {
			if got := verdictClass(Analyze(still, exampleOptions).Findings); got == "allow" {
				t.Errorf("%q runs the command but is allowed", still)
			}
		}
	}
}
