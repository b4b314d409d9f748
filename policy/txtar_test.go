package policy

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// archive is a txtar archive (the format of golang.org/x/tools/txtar, which
// this module does not depend on): a comment, then files, each introduced
// by a line "-- name --".
type archive struct {
	comment string
	files   []archiveFile
}

type archiveFile struct {
	name string
	data string
}

func readArchive(path string) (*archive, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseArchive(string(data)), nil
}

func parseArchive(s string) *archive {
	a := &archive{}
	cur := &a.comment
	for _, line := range strings.SplitAfter(s, "\n") {
		trimmed := strings.TrimRight(line, "\r\n")
		if name, ok := strings.CutPrefix(trimmed, "-- "); ok {
			if name, ok := strings.CutSuffix(name, " --"); ok {
				a.files = append(a.files, archiveFile{name: strings.TrimSpace(name)})
				cur = &a.files[len(a.files)-1].data
				continue
			}
		}
		*cur += line
	}
	return a
}

func (a *archive) get(name string) (string, bool) {
	for _, f := range a.files {
		if f.name == name {
			return f.data, true
		}
	}
	return "", false
}

// set replaces the file name, or appends it.
func (a *archive) set(name, data string) {
	for i := range a.files {
		if a.files[i].name == name {
			a.files[i].data = data
			return
		}
	}
	a.files = append(a.files, archiveFile{name: name, data: data})
}

func (a *archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, f := range a.files {
		b.WriteString("-- " + f.name + " --\n")
		b.WriteString(f.data)
		if f.data != "" && !strings.HasSuffix(f.data, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// eachPolicyCase runs check on every case of every archive that pattern
// matches, in a subtest per archive, against the archive's policy.yaml. A
// case is a line of the archive's cases file, "input => want" (split at the
// last "=>", both trimmed), n its line number; blank lines and lines
// starting with # are not cases.
func eachPolicyCase(t *testing.T, pattern string, check func(t *testing.T, p *Policy, n int, input, want string)) {
	t.Helper()
	archives, _ := filepath.Glob(pattern)
	if len(archives) == 0 {
		t.Fatalf("no archives match %s", pattern)
	}
	for _, path := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := readArchive(path)
			if err != nil {
				t.Fatal(err)
			}
			src, _ := ar.get("policy.yaml")
			p, diags := CheckBytes("policy.yaml", []byte(src))
			if p == nil {
				t.Fatalf("policy.yaml has errors: %v", diags)
			}
			cases, _ := ar.get("cases")
			for n, line := range strings.Split(cases, "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				i := strings.LastIndex(line, "=>")
				if i < 0 {
					t.Fatalf("cases line %d: no =>", n+1)
				}
				check(t, p, n+1, strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+2:]))
			}
		})
	}
}
