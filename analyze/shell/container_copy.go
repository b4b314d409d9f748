package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// A credential copied into a container, a pod or a virtual machine leaves
// this machine: whoever runs code there can read it. The copy commands of
// the container and VM tools are read with their direction (docker cp
// SRC CTR:DST copies in, docker cp CTR:SRC DST copies out).

var ruleCopyIntoContainer = &rule.Rule{
	ID: "shell.container.copy-credential", Category: rule.Credentials, Points: 60,
	Summary:     "Copies a credential (an SSH key, cloud credentials, a token) from this machine into a container or virtual machine, where whoever runs code can read it.",
	Alternative: "mount or pass only the one secret the container needs (docker secrets, --secret), read-only",
	Match: []string{"docker cp ~/.ssh/id_rsa web:/tmp/", "kubectl cp ~/.aws/credentials prod/api-0:/tmp/c", "podman container cp ~/.netrc web:/root/",
		"lxc file push ~/.ssh/id_ed25519 box/root/.ssh/", "multipass transfer ~/.kube/config vm:/home/ubuntu/"},
	NoMatch: []string{"docker cp web:/var/log/app.log /tmp/", "docker cp dist/app web:/srv/", "kubectl cp prod/api-0:/tmp/dump.sql ./dump.sql", "lxc file pull box/etc/hosts ."},
}

func containerCopyHandlers() map[string][]handler {
	m := map[string][]handler{}
	for _, n := range []string{"docker", "podman", "nerdctl", "kubectl", "oc", "lxc", "incus", "multipass", "vagrant"} {
		m[n] = []handler{containerCopyHandler}
	}
	return m
}

// copiedIn returns the local sources a container or VM tool copies into
// its guest, and the guest, or nil.
func copiedIn(c *Cmd) (srcs []string, guest string) {
	pos := c.Positional()
	var ops []string
	switch c.Name {
	case "docker", "podman", "nerdctl":
		if len(pos) > 0 && pos[0] == "container" {
			pos = pos[1:]
		}
		if len(pos) == 3 && pos[0] == "cp" {
			ops = pos[1:]
		}
	case "kubectl", "oc":
		if len(pos) == 3 && pos[0] == "cp" {
			ops = pos[1:]
		}
	case "lxc", "incus":
		if len(pos) >= 4 && pos[0] == "file" && pos[1] == "push" {
			// lxc file push SRC… CTR/PATH: the guest is named before the first /.
			dst := pos[len(pos)-1]
			g, _, _ := strings.Cut(dst, "/")
			return pos[2 : len(pos)-1], g
		}
		return nil, ""
	case "multipass":
		if len(pos) >= 3 && (pos[0] == "transfer" || pos[0] == "copy-files") {
			ops = pos[1:]
		}
	case "vagrant":
		// vagrant upload SRC [DST] [NAME]
		if len(pos) >= 2 && pos[0] == "upload" {
			name := "the virtual machine"
			if len(pos) == 4 {
				name = pos[3]
			}
			return pos[1:2], name
		}
		return nil, ""
	}
	if len(ops) < 2 {
		return nil, ""
	}
	dst := ops[len(ops)-1]
	g, _, ok := strings.Cut(dst, ":")
	if !ok || guestPath(dst) == "" {
		return nil, "" // copies out of the guest, or between local paths
	}
	for _, s := range ops[:len(ops)-1] {
		if guestPath(s) == "" {
			srcs = append(srcs, s)
		}
	}
	return srcs, g
}

// guestPath returns the guest of a NAME:PATH operand, or "" for a local
// path (one that starts with / . or ~, or has no colon; C:\ is a drive).
func guestPath(p string) string {
	if p == "" || strings.ContainsAny(p[:1], "/.~$") {
		return ""
	}
	g, _, ok := strings.Cut(p, ":")
	if !ok || len(g) < 2 {
		return ""
	}
	return g
}

func containerCopyHandler(c *Cmd, r *report) {
	srcs, guest := copiedIn(c)
	for _, s := range srcs {
		cl := c.Class(s)
		what := ""
		switch {
		case cl.Credential != "":
			what = "your " + cl.Credential + " (" + s + ")"
		case cl.Home:
			what = "your home directory (" + s + "), SSH keys and cloud credentials among it,"
		default:
			continue
		}
		r.add(c.find(ruleCopyIntoContainer, "Copies "+what+" into "+guest+": whoever runs code there can read it and use it.", s))
		return
	}
}
