package policy

import (
	"os"
	"strings"
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
