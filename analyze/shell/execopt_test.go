package shell

import (
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// TestExecOptions: every option a spec tags as a command that runs, in
// every spelling the program accepts (attached with =, detached, short
// attached), runs what its value says: a value that deletes the home
// directory is judged as that deletion. Generated from the specs.
func TestExecOptions(t *testing.T) {
	const payload = "rm -rf ~"
	n := 0
	for _, key := range SpecKeys() {
		s := SpecFor(key)
		if s == nil || interpreters[key] || ownLanguage[key] {
			continue // an interpreter's -e/-c is code in its own language
		}
		for _, o := range s.Options() {
			if o.Tags&TagExec == 0 || o.Lang != "" { // code=LANG: code of that language, judged as its interpreter's
				continue
			}
			for _, name := range o.Names {
				var forms []string
				q := "'" + payload + "'"
				if key == "tar" && name == "--checkpoint-action" {
					q = "'exec=" + payload + "'"
				}
				switch {
				case strings.HasPrefix(name, "--"):
					forms = append(forms, name+"="+q)
					if o.valueOf(name) == valueRequired {
						forms = append(forms, name+" "+q)
					}
				case len(name) == 2:
					forms = append(forms, name+q)
					if o.valueOf(name) == valueRequired {
						forms = append(forms, name+" "+q)
					}
				default:
					forms = append(forms, name+" "+q)
				}
				for _, f := range forms {
					cmd := key + " " + f + " operand"
					n++
					res := Analyze(cmd, Options{Cwd: "/home/dev/project", Home: "/home/dev"})
					if !slices.ContainsFunc(res.Findings, func(f rule.Finding) bool { return f.Points >= 100 }) {
						t.Errorf("%s: %v, want the value run as a command that deletes the home directory", cmd, ruleIDs(res))
					}
				}
			}
		}
	}
	if n < 40 {
		t.Errorf("only %d spellings of command-running options: the specs lost their exec tags", n)
	}
	t.Logf("%d spellings", n)
}

// TestExecOptionTwins: the same options naming an everyday program run.
func TestExecOptionTwins(t *testing.T) {
	for _, cmd := range []string{
		`rsync -e "ssh -p 2222" -a src/ host:dst/`,
		`rsync --rsh=ssh -a src/ host:dst/`,
		`tar -I zstd -cf a.tar.zst src`,
		`tar --use-compress-program=pigz -cf a.tgz src`,
		`tar czf out.tgz src --checkpoint=1000 --checkpoint-action=dot`,
		`tar czf out.tgz src --checkpoint-action=echo="%u"`,
		`zip -T a.zip f`,
		`man -P cat ls`,
		`PAGER=cat man ls`,
		`sort --compress-program=gzip -o out big.txt`,
		`EDITOR=vim crontab -e`,
		`GH_PAGER=cat gh pr list`,
		`export PAGER=less; man ls`,
	} {
		res := Analyze(cmd, Options{Cwd: "/home/dev/project", Home: "/home/dev"})
		if slices.ContainsFunc(res.Findings, func(f rule.Finding) bool { return f.Points >= 50 }) {
			t.Errorf("%s: %v, want it to run", cmd, ruleIDs(res))
		}
	}
	for _, cmd := range []string{
		`zip /tmp/z.zip x.sh -T -TT "rm -rf ~ #"`,
		`zip -T --unzip-command="rm -rf ~" a.zip f`,
		`PAGER="rm -rf ~" man ls`,
		`export PAGER="rm -rf ~"; man ls`,
		`EDITOR="rm -rf ~"; export EDITOR; crontab -e`,
		`MANPAGER="sh -c 'rm -rf ~'" man ls`,
		`env EDITOR="rm -rf ~" crontab -e`,
		`KUBE_EDITOR="rm -rf ~" kubectl edit deploy/x`,
		`LESSOPEN="|rm -rf ~ %s" less f`,
		`tar cf /dev/null x --checkpoint=1 --checkpoint-act=exec="rm -rf ~"`,
	} {
		res := Analyze(cmd, Options{Cwd: "/home/dev/project", Home: "/home/dev"})
		if !slices.ContainsFunc(res.Findings, func(f rule.Finding) bool { return f.Points >= 100 }) {
			t.Errorf("%s: %v, want the deletion of home", cmd, ruleIDs(res))
		}
	}
}
