package guard_test

import (
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// A company's own launcher is an unknown program: what it runs is judged
// only once the policy declares it a wrapper, and then as if it ran alone.
const companyWrappers = `wrappers:
  - name: with-vpn
    options: ["-r= --region=", "-q --quiet"]
  - name: tsh
    options: ["-l= --login=", "-p= --port=", "-i= --identity="]
    skip: 2
`

func TestPolicyWrapperRevealsCommand(t *testing.T) {
	plain := guard.New(guard.WithHome("/home/dev"))
	company := guard.New(guard.WithHome("/home/dev"), guard.WithPolicy(parsePolicy(t, companyWrappers)))
	rank := map[guard.Verdict]int{guard.Allow: 0, guard.Notify: 1, guard.Confirm: 2, guard.Approve: 3, guard.Block: 4}
	// Every spelling of the wrapper's options, every inner command.
	prefixes := map[string][]string{
		"with-vpn": {"with-vpn", "with-vpn --region=eu", "with-vpn --region eu", "with-vpn -r eu", "with-vpn -reu", "with-vpn -q -r eu", "with-vpn -qr eu",
			"with-vpn --quiet --region=eu", "WITH-VPN -r eu", "/opt/corp/bin/with-vpn -r eu", "with-vpn --reg=eu", "with-vpn -r eu --"},
		"tsh": {"tsh ssh host", "tsh ssh -l root host", "tsh ssh --login=root host", "tsh -p 3022 ssh host", "tsh ssh -i key.pem -p 22 host", "tsh ssh -lroot host"},
	}
	inner := []struct {
		cmd  string
		want guard.Verdict // at least
	}{
		{"rm -rf ~", guard.Approve},
		{"rm -rf /", guard.Block},
		{"bash -c 'rm -rf /'", guard.Block},
		{"sudo rm -rf /", guard.Block},
		{"git push --force origin main", guard.Confirm},
	}
	for prog, pres := range prefixes {
		for _, pre := range pres {
			for _, in := range inner {
				cmd := pre + " " + in.cmd
				got := check(t, company, shellAct(cmd))
				if rank[got.Verdict] < rank[in.want] {
					t.Errorf("%s declared: %q: %s (%s), want at least %s", prog, cmd, got.Verdict, got.Reason, in.want)
				}
				alone := check(t, plain, shellAct(in.cmd))
				if rank[got.Verdict] < rank[alone.Verdict] {
					t.Errorf("%q: %s behind the wrapper, %s alone", cmd, got.Verdict, alone.Verdict)
				}
			}
		}
	}
	// Undeclared, the launcher is an unknown program.
	if d := check(t, plain, shellAct("with-vpn --region=eu rm -rf ~")); d.Verdict == guard.Block {
		t.Logf("without the declaration: %s (the unknown launcher is already held)", d.Verdict)
	}
	// Benign twins still run.
	for _, cmd := range []string{"with-vpn --region=eu ls -la", "with-vpn -q git status", "tsh ssh -l dev host uptime", "tsh ssh host cat /etc/os-release", "with-vpn"} {
		if d := check(t, company, shellAct(cmd)); rank[d.Verdict] > rank[guard.Notify] {
			t.Errorf("%q: %s (%s), want it to run", cmd, d.Verdict, d.Reason)
		}
	}
}

// TestPolicyWrapperBlockOnlyDeclared is the example: the verdict
// changes because the declaration reveals the command, not by accident.
func TestPolicyWrapperBlockOnlyDeclared(t *testing.T) {
	cmd := "with-vpn --region=eu rm -rf ~"
	plain := check(t, guard.New(guard.WithHome("/home/dev")), shellAct(cmd))
	declared := check(t, guard.New(guard.WithHome("/home/dev"), guard.WithPolicy(parsePolicy(t, companyWrappers))), shellAct(cmd))
	if plain.Verdict == declared.Verdict {
		t.Fatalf("%q: %s with and without the wrapper declared", cmd, plain.Verdict)
	}
	if declared.Verdict != guard.Block && declared.Verdict != guard.Approve {
		t.Fatalf("%q with the wrapper declared: %s (%s)", cmd, declared.Verdict, declared.Reason)
	}
	if !strings.Contains(strings.ToLower(declared.Reason), "home") {
		t.Errorf("reason %q does not say what is deleted", declared.Reason)
	}
}
