package shell

import (
	"fmt"
	"testing"
)

// TestMapfileSpellings: mapfile and readarray split what they read on -d's
// delimiter however the options are spelled, and their -C callback runs
// as the command it names.
func TestMapfileSpellings(t *testing.T) {
	checked := 0
	for _, prog := range []string{"mapfile", "readarray"} {
		for _, opts := range []string{"-td,", "-t -d,", "-t -d ,", "-d, -t", "-d , -t", "-tu0 -d,", "-s0 -td,"} {
			for _, feed := range []string{`<<< "rm,-rf,/home,"`, `< <(printf 'rm,-rf,/home,')`} {
				cmd := fmt.Sprintf(`%s %s a %s; "${a[@]}"`, prog, opts, feed)
				checked++
				if !findings(cmd)["shell.fs.rm-system"] {
					t.Errorf("%q: want shell.fs.rm-system, found %v", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
				}
			}
		}
		for _, opts := range []string{`-C "rm -rf ~ #" -c 1`, `-c1 -C'rm -rf ~;:'`, `-tC"rm -rf ~;:"`, `-t -C "rm -rf ~ #"`} {
			cmd := fmt.Sprintf("%s %s a < notes.txt", prog, opts)
			checked++
			if !findings(cmd)["shell.fs.rm-home"] {
				t.Errorf("%q: want shell.fs.rm-home, found %v", cmd, ruleIDs(Analyze(cmd, exampleOptions)))
			}
		}
		// Benign twins: reading lines into an array and using them as data.
		for _, cmd := range []string{prog + ` -t lines < notes.txt; echo "${lines[0]}"`, prog + ` -td, a <<< "x,y,z"; printf '%s\n' "${a[@]}"`} {
			checked++
			if got := Analyze(cmd, exampleOptions); len(got.Findings) > 0 {
				t.Errorf("%q: found %v, want it to run", cmd, ruleIDs(got))
			}
		}
	}
	t.Logf("%d spellings", checked)
}
