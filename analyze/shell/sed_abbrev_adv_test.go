package shell

import (
	"testing"
)

// sed edits in place under every spelling GNU sed accepts for -i: the
// abbreviations of --in-place, with and without a suffix, and -i inside a
// cluster; without it, the file is only read.
func TestSedInPlaceSpellings(t *testing.T) {
	long := "--in-place"
	var spellings []string
	for n := len("--i"); n <= len(long); n++ {
		spellings = append(spellings, long[:n], long[:n]+"=.bak")
	}
	spellings = append(spellings, "-i", "-i.bak", "-ni", "-Ei", "-si", "-n -i", "-E -i.orig")
	for _, target := range []string{"~/.bashrc", "~/.ssh/authorized_keys", "/etc/hosts"} {
		baseline := Analyze("sed -i 's/.*//' "+target, Options{Cwd: "/home/u/proj", Home: "/home/u"})
		if len(baseline.Findings) == 0 {
			t.Fatalf("sed -i on %s: no finding", target)
		}
		for _, sp := range spellings {
			cmd := "sed " + sp + " 's/.*//' " + target
			r := Analyze(cmd, Options{Cwd: "/home/u/proj", Home: "/home/u"})
			if len(r.Findings) == 0 || r.ReadOnly {
				t.Errorf("%s: no finding (sed -i gives %s)", cmd, baseline.Findings[0].Rule)
			}
		}
		if r := Analyze("sed -n 's/x/y/p' "+target, Options{Cwd: "/home/u/proj", Home: "/home/u"}); !r.ReadOnly {
			t.Errorf("sed -n on %s is not a read: %v", target, r.Findings)
		}
	}
}
