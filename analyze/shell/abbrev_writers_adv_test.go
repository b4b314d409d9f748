package shell

import "testing"

// Long options written as the unambiguous prefixes getopt_long accepts:
// gawk's --source carries the program, sort's --output names the file it
// replaces. Every prefix, attached and detached, as each awk name.
func TestAbbreviatedProgramAndOutput(t *testing.T) {
	opts := Options{Cwd: "/home/u/proj", Home: "/home/u"}
	top := func(cmd string) int {
		n := 0
		for _, f := range Analyze(cmd, opts).Findings {
			n = max(n, f.Points)
		}
		return n
	}
	for _, name := range []string{"gawk", "awk"} {
		for n := len("--so"); n <= len("--source"); n++ {
			p := "--source"[:n]
			for _, cmd := range []string{name + " " + p + `='BEGIN{system("rm -rf ~")}'`, name + " " + p + ` 'BEGIN{system("rm -rf ~")}'`} {
				if top(cmd) < 100 {
					t.Errorf("%s: not blocked (the program deletes the home directory)", cmd)
				}
			}
			if benign := name + " " + p + `='{print $1}' notes.txt`; top(benign) >= 50 {
				t.Errorf("%s: held, but it only prints", benign)
			}
		}
	}
	for n := len("--o"); n <= len("--output"); n++ {
		p := "--output"[:n]
		for _, cmd := range []string{"sort " + p + "=~/.bashrc list", "sort " + p + " ~/.bashrc list", "sort -o ~/.bashrc list", "sort -uo ~/.bashrc list"} {
			if top(cmd) == 0 {
				t.Errorf("%s: no finding (sort replaces ~/.bashrc)", cmd)
			}
		}
		if cmd := "sort " + p + "=sorted.txt list"; top(cmd) >= 50 {
			t.Errorf("%s: held, but it writes a file in the project", cmd)
		}
	}
}
