package shell

import "strings"

// The path tests below answer what strings.HasPrefix(p, dir+"/"),
// strings.Contains(p, dir+"/") and strings.Contains(p+"/", sub) answer
// without building the string: they run for every path of every command,
// over tables of directories.

// hasDirPrefix reports whether p starts with dir followed by a slash
// (p lies under the directory dir).
func hasDirPrefix(p, dir string) bool {
	return len(p) > len(dir) && p[len(dir)] == '/' && p[:len(dir)] == dir
}

// containsDir reports whether dir followed by a slash occurs in p.
func containsDir(p, dir string) bool {
	for i := 0; i <= len(p); {
		j := strings.Index(p[i:], dir)
		if j < 0 {
			return false
		}
		if k := i + j + len(dir); k < len(p) && p[k] == '/' {
			return true
		}
		i += j + 1
	}
	return false
}

// containsSlashed reports whether sub occurs in p+"/": in p, or at its end
// when sub ends with the slash.
func containsSlashed(p, sub string) bool {
	return strings.Contains(p, sub) || strings.HasSuffix(sub, "/") && strings.HasSuffix(p, sub[:len(sub)-1])
}
