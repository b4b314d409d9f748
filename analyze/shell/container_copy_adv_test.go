package shell

import (
	"strings"
	"testing"
)

// TestCopyCredentialIntoGuest: every container and VM tool copying a
// credential (or the whole home directory) into its guest, in every
// spelling of the path, is a credential leaving the machine; copying
// project files in, or anything out, runs without this finding.
func TestCopyCredentialIntoGuest(t *testing.T) {
	copies := []string{
		"docker cp S web:/tmp/", "docker container cp S web:/root/", "podman cp S web:/tmp/x", "nerdctl cp S web:/tmp/",
		"docker -H tcp://10.0.0.2:2375 cp S web:/tmp/", "docker --context prod cp S web:/tmp/", "kubectl cp S prod/api-0:/tmp/c",
		"kubectl -n prod cp S api-0:/tmp/c", "oc cp S api-0:/tmp/c", "lxc file push S box/root/", "incus file push -p S box/tmp/",
		"multipass transfer S vm:/home/ubuntu/", "vagrant upload S /tmp/k",
	}
	creds := []string{"~/.ssh/id_rsa", "$HOME/.ssh/id_ed25519", "~/.aws/credentials", "~/.aws", "/home/dev/.kube/config", "~/.netrc", "~/.config/gcloud", "~", "$HOME"}
	plain := []string{"./dist/app", "build", "config.example.json", "/home/dev/project/scripts/init.sh"}
	n := 0
	for _, cp := range copies {
		for _, s := range creds {
			src := strings.ReplaceAll(cp, "S", s)
			n++
			if res := Analyze(src, producerOptions); !hasRule(res, "shell.container.copy-credential") {
				t.Errorf("%q: want shell.container.copy-credential, got %v", src, ruleIDs(res))
			}
		}
		for _, s := range plain {
			src := strings.ReplaceAll(cp, "S", s)
			if res := Analyze(src, producerOptions); hasRule(res, "shell.container.copy-credential") {
				t.Errorf("%q should run: got %v", src, ruleIDs(res))
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d cases", n)
	}
	// Copies out of the guest, even into a credential-looking place of the
	// guest's own, are not this rule's.
	for _, src := range []string{"docker cp web:/root/.ssh/id_rsa /tmp/k", "kubectl cp prod/api-0:/tmp/dump.sql ./dump.sql", "lxc file pull box/etc/hosts .",
		"multipass transfer vm:/var/log/syslog .", "docker cp web:/var/log/app.log /tmp/", "docker run -v ~/.ssh:/k alpine true"} {
		if res := Analyze(src, producerOptions); hasRule(res, "shell.container.copy-credential") {
			t.Errorf("%q copies nothing in: got %v", src, ruleIDs(res))
		}
	}
}
