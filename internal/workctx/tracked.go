package workctx

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// maxConfig bounds the read of a repository's config file.
const maxConfig = 256 << 10

// Tracked calls each with the slash-separated path of every file the
// repository's index tracks, until each returns false. ok is false when
// the index cannot be read (too large, a format not read here); a
// repository with no index yet tracks nothing.
func (r *Repo) Tracked(each func(path string) bool) (ok bool) {
	idx := filepath.Join(r.GitDir, "index")
	fi, err := os.Stat(idx)
	if err != nil {
		return os.IsNotExist(err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxIndex {
		return false
	}
	data, err := readSmall(idx, maxIndex)
	if err != nil {
		return false
	}
	return walkIndex(data, func(e *indexEntry) bool { return each(e.path) }) == nil
}

// HooksPath returns core.hooksPath as the repository's config file sets
// it ("" when it does not, or the file cannot be read): the directory
// whose scripts git runs as the repository's hooks. A relative value is
// relative to the top of the working tree.
func (r *Repo) HooksPath() string {
	b, err := readSmall(filepath.Join(r.Common, "config"), maxConfig)
	if err != nil {
		return ""
	}
	return configValue(b, "core", "hookspath")
}

// configValue is the last value of section.key in a git config file
// (names compared without case; quotes removed). Includes and
// subsections are not followed.
func configValue(b []byte, section, key string) string {
	val, in := "", false
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 4096), maxConfig)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				in = false
				continue
			}
			in = strings.EqualFold(strings.TrimSpace(line[1:end]), section)
			line = strings.TrimSpace(line[end+1:])
			if line == "" {
				continue
			}
		}
		if !in {
			continue
		}
		k, v, found := strings.Cut(line, "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), key) {
			continue
		}
		v = strings.TrimSpace(v)
		if i := strings.IndexAny(v, "#;"); i >= 0 && !strings.HasPrefix(v, `"`) {
			v = strings.TrimSpace(v[:i])
		}
		val = strings.Trim(v, `"`)
	}
	return val
}
