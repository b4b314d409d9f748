package audit

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/analyze/shell"
)

// secretSpellings writes, for every option the program specs tag secret,
// the command in each spelling its program reads (--name=V, --name V, -xV,
// -x V) with the password pw, keeping those the spec reader reads as that
// option with the value.
func secretSpellings(pw string) []string {
	keys := shell.SpecKeys()
	slices.Sort(keys)
	var out []string
	for _, key := range keys {
		spec := shell.SpecFor(key)
		if spec == nil {
			continue
		}
		prefix := strings.Fields(key)
		for _, o := range spec.Options() {
			if o.Tags&shell.TagSecret == 0 {
				continue
			}
			value := pw
			if strings.Contains(o.Canon, "user") || slices.Contains(o.Names, "-u") || slices.Contains(o.Names, "-U") {
				sep := map[string]string{"smbclient": "%", "lftp": ","}[prefix[0]]
				if sep == "" {
					sep = ":"
				}
				value = "alice" + sep + pw
			}
			for _, name := range o.Names {
				long := strings.HasPrefix(name, "--") || len(name) > 2
				for _, words := range [][]string{{name + "=" + value}, {name, value}, {name + value}} {
					if len(words) == 1 && strings.Contains(words[0], "=") != long {
						continue // --name=V for long spellings, -xV for short ones
					}
					argv := append(append([]string{}, prefix...), words...)
					av := shell.ReadArgv(argv)
					if slices.ContainsFunc(av.Opts, func(o shell.Opt) bool {
						return o.Tags&shell.TagSecret != 0 && o.HasValue && strings.Contains(o.Value, pw)
					}) {
						out = append(out, strings.Join(argv, " "))
					}
				}
			}
		}
	}
	return out
}

// wrappers put a command where a shell still runs it.
var wrappers = []string{
	"%s", "sudo %s", "sudo -u postgres %s", "env A=1 %s", "timeout 30 %s", "nice -n 5 %s", "nohup %s &",
	"time %s", "command %s", "bash -c '%s'", "sh -c \"%s\"", "(%s)", "{ %s; }", "%s | tee out.log",
	"cd /srv && %s", "if true; then %s; fi", "for i in 1 2; do %s; done", "x=$(%s)", "watch -n 5 %s",
}

// TestRedactSecretSpellingsWrapped: every spelling of every secret option
// of the specs, under every wrapper, loses its password in the log, the
// spool and their JSON forms; the program's name stays.
func TestRedactSecretSpellingsWrapped(t *testing.T) {
	const pw = "Wq71Xn2Lp0"
	cmds := secretSpellings(pw)
	if len(cmds) < 40 {
		t.Fatalf("only %d spellings: the specs lost their secret tags?", len(cmds))
	}
	leaks := 0
	for _, c := range cmds {
		for _, w := range wrappers {
			cmd := fmt.Sprintf(w, c)
			raw := `{"tool":"Bash","input":{"command":` + string(appendJSONString(nil, cmd)) + `}}`
			for name, got := range map[string]string{"log": Redact(cmd), "spool": redactForSpool(cmd),
				"log JSON": string(RedactJSON([]byte(raw))), "spool JSON": string(redactSpoolJSON([]byte(raw)))} {
				if strings.Contains(got, pw) {
					leaks++
					if leaks <= 40 {
						t.Errorf("%s: %q keeps the password: %q", name, cmd, got)
					}
				}
				if prog := strings.Fields(c)[0]; !strings.Contains(got, prog) {
					t.Errorf("%s: %q lost the program: %q", name, cmd, got)
				}
			}
		}
	}
	if leaks > 0 {
		t.Errorf("%d leaks in %d commands", leaks, len(cmds)*len(wrappers))
	}
}
