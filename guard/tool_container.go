package guard

import (
	"sort"
	"strings"
)

// A container tool (mcp__docker__run_container, podman_create) takes the
// container's settings as fields, not a command line: {"image": "alpine",
// "volumes": ["~/.ssh:/k"], "command": "…"}. What it mounts of the host
// is what docker run -v mounts, so the call is judged as the docker run
// command line its fields spell: the shell's rules for mounts of the
// user's places, of /, of the docker socket and for privileged
// containers decide, whatever the tool is called.

// containerPrograms are the programs whose tools start containers.
var containerPrograms = map[string]bool{"docker": true, "podman": true, "nerdctl": true}

// maxContainerMounts bounds the mounts read from one call.
const maxContainerMounts = 64

// containerCommand is the docker run command line a container tool's
// input spells. ok is false for any other call.
func containerCommand(a *Action) (string, bool) {
	image, ok := a.Input["image"].(string)
	if !ok || strings.TrimSpace(image) == "" || len(image) > 512 {
		return "", false
	}
	prog := toolProgram(a.Tool)
	if !containerPrograms[prog] {
		if !hasWord(SplitName(a.Tool), "container", "containers") {
			return "", false
		}
		prog = "docker"
	}
	settings := containerSettings(a.Input)
	flags := containerMounts(settings)
	if v, _ := settings["privileged"].(bool); v {
		flags = append(flags, "--privileged")
	}
	for _, k := range []string{"networkmode", "network", "pidmode", "pid"} {
		if v, ok := settings[k].(string); ok && v == "host" {
			flags = append(flags, "--"+strings.TrimSuffix(k, "mode")+" host")
		}
	}
	if len(flags) == 0 {
		// Nothing of the host is given to the container: the tool's
		// own rules judge the call (an unknown container is privileged).
		return "", false
	}
	var b strings.Builder
	b.WriteString(prog + " run " + strings.Join(flags, " "))
	b.WriteString(" " + quoteWord(strings.TrimSpace(image)))
	cmd, ok := containerArgs(settings)
	if !ok {
		return "", false
	}
	b.WriteString(cmd)
	return b.String(), true
}

// containerSettings are the input's fields by a folded name (host_config,
// HostConfig and hostConfig are one), a host configuration's merged in.
func containerSettings(in map[string]any) map[string]any {
	out := map[string]any{}
	fold := func(m map[string]any) {
		for k, v := range m {
			out[strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(k))] = v
		}
	}
	fold(in)
	if hc, ok := out["hostconfig"].(map[string]any); ok {
		fold(hc)
	}
	return out
}

// containerMounts are the -v and --mount flags of the settings' volumes,
// binds and mounts, quoted.
func containerMounts(s map[string]any) []string {
	var out []string
	add := func(flag, spec string) {
		if spec = strings.TrimSpace(spec); spec != "" && len(out) < maxContainerMounts {
			out = append(out, flag+" "+quoteWord(spec))
		}
	}
	for _, k := range []string{"volumes", "volume", "binds", "bind", "mounts", "mount"} {
		switch v := s[k].(type) {
		case string:
			add(mountFlag(v), v)
		case []any:
			for _, e := range v {
				switch m := e.(type) {
				case string:
					add(mountFlag(m), m)
				case map[string]any:
					add("-v", mountObject(m, ""))
				}
			}
		case map[string]any:
			// docker-py: {"/host/path": {"bind": "/k", "mode": "ro"}} or
			// {"/host/path": "/k"}.
			keys := make([]string, 0, len(v))
			for h := range v {
				keys = append(keys, h)
			}
			sort.Strings(keys)
			for _, h := range keys {
				switch t := v[h].(type) {
				case string:
					add("-v", h+":"+t)
				case map[string]any:
					add("-v", mountObject(t, h))
				}
			}
		}
	}
	return out
}

// mountFlag is --mount for a spec in its key=value form, -v otherwise.
func mountFlag(spec string) string {
	if strings.Contains(spec, "=") && (strings.Contains(spec, "source=") || strings.Contains(spec, "src=") || strings.Contains(spec, "target=")) {
		return "--mount"
	}
	return "-v"
}

// mountObject is the -v spec of a mount written as an object
// ({"type": "bind", "source": "~/.ssh", "target": "/k", "read_only":
// true}); host is the host path when it is the object's key.
func mountObject(m map[string]any, host string) string {
	f := containerSettings(m)
	str := func(keys ...string) string {
		for _, k := range keys {
			if s, ok := f[k].(string); ok && s != "" {
				return s
			}
		}
		return ""
	}
	if host == "" {
		host = str("source", "src", "hostpath", "host")
	}
	target := str("target", "destination", "dst", "bind", "containerpath", "container", "path")
	if host == "" || target == "" {
		return ""
	}
	spec := host + ":" + target
	ro, _ := f["readonly"].(bool)
	if ro || str("mode") == "ro" {
		spec += ":ro"
	}
	return spec
}

// containerArgs is the container's command, quoted word by word, after a
// space: a list as it is, a string run by sh -c. ok is false when a
// word is not a string.
func containerArgs(s map[string]any) (string, bool) {
	for _, k := range []string{"command", "cmd", "args", "argv", "arguments"} {
		switch v := s[k].(type) {
		case string:
			if strings.TrimSpace(v) != "" {
				return " sh -c " + quoteWord(v), true
			}
		case []any:
			if len(v) > 256 {
				return "", false
			}
			return quotedWords(v)
		}
	}
	return "", true
}

// hasWord reports whether words holds one of want.
func hasWord(words []string, want ...string) bool {
	for _, w := range words {
		for _, x := range want {
			if w == x {
				return true
			}
		}
	}
	return false
}
