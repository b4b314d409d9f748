package guard_test

import (
	"fmt"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// TestContainerToolMounts: a container tool's fields (volumes, binds, a
// host configuration's Binds, mounts as objects or key=value strings,
// docker-py's map) mount what docker run -v mounts: under every tool name
// and command form the call gets the verdict of the docker run line it
// spells. A mount of the host's root or of the engine's socket is never
// started unattended; the project's own directory runs.
func TestContainerToolMounts(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	names := []string{"mcp__docker__run_container", "mcp__docker__create_container", "mcp__podman__container_run", "docker_run",
		"run_container", "mcp__containers__start_container", "RunContainer"}
	forms := map[string]func(host, target string) map[string]any{
		"volumes": func(h, t string) map[string]any { return map[string]any{"volumes": []any{h + ":" + t}} },
		"binds":   func(h, t string) map[string]any { return map[string]any{"binds": []any{h + ":" + t}} },
		"HostConfig.Binds": func(h, t string) map[string]any {
			return map[string]any{"HostConfig": map[string]any{"Binds": []any{h + ":" + t}}}
		},
		"mounts object": func(h, t string) map[string]any {
			return map[string]any{"mounts": []any{map[string]any{"type": "bind", "source": h, "target": t}}}
		},
		"mounts string": func(h, t string) map[string]any {
			return map[string]any{"mounts": []any{"type=bind,source=" + h + ",target=" + t}}
		},
		"docker-py map": func(h, t string) map[string]any {
			return map[string]any{"volumes": map[string]any{h: map[string]any{"bind": t, "mode": "rw"}}}
		},
	}
	mounts := []struct {
		host string
		held bool
	}{{"/", true}, {"/var/run/docker.sock", true}, {"/home/dev/project/src", false}, {"./src", false}}
	commands := []struct {
		in    any
		shell string
	}{{"ls /t", "sh -c 'ls /t'"}, {[]any{"ls", "/t"}, "ls /t"}}
	n := 0
	for _, name := range names {
		for form, input := range forms {
			for _, m := range mounts {
				for _, c := range commands {
					in := input(m.host, "/t")
					in["image"] = "alpine"
					if c.in != nil {
						in["command"] = c.in
					}
					d := check(t, g, guard.Action{Tool: name, Input: in, Context: advCtx})
					line := fmt.Sprintf("docker run -v '%s:/t' alpine %s", m.host, c.shell)
					want := check(t, g, guard.Action{Tool: "Bash", Input: map[string]any{"command": line}, Context: advCtx})
					n++
					switch {
					case m.held && runsUnattended(d.Verdict):
						t.Errorf("%s %s %v: %s, want held (%s)", name, form, in, d.Verdict, d.Reason)
					case !m.held && d.Verdict != guard.Allow:
						t.Errorf("%s %s %v: %s, want it to run (%s)", name, form, in, d.Verdict, d.Reason)
					case d.Verdict != want.Verdict:
						t.Errorf("%s %s %v: %s, want %s as %q is (%s)", name, form, in, d.Verdict, want.Verdict, line, d.Reason)
					}
				}
			}
		}
	}
	t.Logf("%d calls", n)
}

// TestContainerToolCommandInContainer: the command of a container tool
// runs in the container: a key it prints from a mount of ~/.ssh is the
// user's key, as on the docker run line; a note read from a mount of the
// project's docs runs.
func TestContainerToolCommandInContainer(t *testing.T) {
	g := guard.New(guard.WithHome("/home/dev"))
	cmds := [][2]any{{"cat /k/id_rsa", "cat /k/notes.md"}, {[]any{"cat", "/k/id_rsa"}, []any{"cat", "/k/notes.md"}}}
	for _, c := range cmds {
		cmd, twinCmd := c[0], c[1]
		for _, key := range []string{"volumes", "binds"} {
			in := map[string]any{"image": "alpine", key: []any{"~/.ssh:/k"}, "command": cmd}
			if d := check(t, g, guard.Action{Tool: "mcp__docker__run_container", Input: in, Context: advCtx}); runsUnattended(d.Verdict) {
				t.Errorf("%v: %s, want the key's print held (%s)", in, d.Verdict, d.Reason)
			}
			twin := map[string]any{"image": "alpine", key: []any{"./docs:/k"}, "command": twinCmd}
			if d := check(t, g, guard.Action{Tool: "mcp__docker__run_container", Input: twin, Context: advCtx}); d.Verdict != guard.Allow {
				t.Errorf("%v: %s, want it to run (%s)", twin, d.Verdict, d.Reason)
			}
		}
	}
}
