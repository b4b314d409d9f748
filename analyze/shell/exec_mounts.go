package shell

import (
	"path"
	"sort"
	"strings"
)

// A container that mounts a host directory works on the host's files
// there: docker run -v $HOME:/data alpine rm -rf /data/* deletes your home.
// containerMounts maps the container paths of the command a container runs
// back to the host paths and judges it on them.

// mount is one host directory seen inside a container.
type mount struct{ host, target string }

// containerMounts judges the command of docker/podman/nerdctl run or
// create on the host paths its mounts expose.
func (w *walker) containerMounts(c *Cmd) {
	// The spec reads the global options and run's own, which end at the
	// image: the words after it are the command that runs inside.
	av := c.Argv()
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	verb := words[0]
	if verb == "container" && len(words) > 1 {
		verb = words[1]
	}
	if verb != "run" && verb != "create" || len(av.Operands) < 2 {
		return
	}
	image, inner := av.Operands[0], av.Operands[1:]
	var mounts []mount
	privileged := false
	for _, o := range av.Opts {
		switch o.Name {
		case "--volume", "--mount":
			if !o.HasValue {
				continue
			}
			var m mount
			var ok bool
			if o.Name == "--mount" {
				m, ok = parseMountFlag(o.Value)
			} else {
				m, ok = parseVolumeFlag(o.Value)
			}
			if ok {
				mounts = append(mounts, m)
			}
		case "--privileged":
			privileged = true
		}
	}
	if len(mounts) == 0 && !privileged {
		return
	}
	// The deepest target first: /data/sub before /data.
	sort.Slice(mounts, func(a, b int) bool { return len(mounts[a].target) > len(mounts[b].target) })
	mapped := make([]string, len(inner))
	changed := false
	for k, word := range inner {
		mapped[k] = mapMounts(word, mounts)
		changed = changed || mapped[k] != word
	}
	if !changed && !privileged {
		return // the command only touches the container's own files
	}
	w.r.mutates()
	why := "runs in a container of " + image + " on the host's files it mounts"
	if privileged && !changed {
		why = "runs in a privileged container of " + image + ", which can reach the host"
	}
	w.r.command(mapped, c, why)
}

// parseVolumeFlag reads -v HOST:TARGET[:OPTIONS]; a named volume is not a
// host path.
func parseVolumeFlag(v string) (mount, bool) {
	parts := strings.Split(v, ":")
	if len(parts) < 2 {
		return mount{}, false
	}
	host, target := parts[0], parts[1]
	if !hostPathLike(host) || !strings.HasPrefix(target, "/") {
		return mount{}, false
	}
	return mount{host: host, target: path.Clean(target)}, true
}

// parseMountFlag reads --mount type=bind,source=…,target=….
func parseMountFlag(v string) (mount, bool) {
	var m mount
	var bind bool
	m.host, m.target, _, bind = bindMount(v)
	if !bind || !hostPathLike(m.host) || !strings.HasPrefix(m.target, "/") {
		return mount{}, false
	}
	m.target = path.Clean(m.target)
	return m, true
}

func hostPathLike(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") || strings.HasPrefix(p, "$") || strings.HasPrefix(p, ".")
}

// mapMounts replaces the container paths in a word (or in a script a word
// holds) with the host paths they mount.
func mapMounts(word string, mounts []mount) string {
	var b strings.Builder
	for i := 0; i < len(word); {
		if i == 0 || strings.IndexByte(" \t\n;&|'\"=:(<>", word[i-1]) >= 0 {
			if m, n, ok := mountAt(word[i:], mounts); ok {
				b.WriteString(m.host)
				if n == 0 {
					// The host directory mounted at /: the path goes on under it.
					b.WriteByte(word[i])
					n = 1
				}
				i += n
				continue
			}
		}
		b.WriteByte(word[i])
		i++
	}
	return b.String()
}

// mountAt reports the mount whose target starts s as a whole path part.
func mountAt(s string, mounts []mount) (mount, int, bool) {
	for _, m := range mounts {
		t := m.target
		if t == "/" {
			continue // a whole-root target: every path is the host's
		}
		if !strings.HasPrefix(s, t) {
			continue
		}
		if len(s) == len(t) || strings.IndexByte("/ \t\n;&|'\")*", s[len(t)]) >= 0 {
			return m, len(t), true
		}
	}
	for _, m := range mounts {
		if m.target == "/" && strings.HasPrefix(s, "/") {
			host := strings.TrimSuffix(m.host, "/")
			return mount{host: host, target: "/"}, 0, host != ""
		}
	}
	return mount{}, 0, false
}
