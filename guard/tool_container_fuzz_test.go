package guard

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzContainerCommand: any container tool input either is not read as a
// container or spells a docker run line of the tool's program, whatever
// its fields hold; nothing panics.
func FuzzContainerCommand(f *testing.F) {
	for _, s := range []string{
		`{"image":"alpine","volumes":["~/.ssh:/k"],"command":"cat /k/id_rsa"}`,
		`{"image":"alpine","HostConfig":{"Binds":["/:/h"],"Privileged":true,"NetworkMode":"host"}}`,
		`{"image":"alpine","mounts":[{"type":"bind","source":"/","target":"/h","read_only":true}],"command":["sh","-c","x"]}`,
		`{"image":"alpine","volumes":{"/":{"bind":"/h","mode":"ro"},"/tmp":"/t"}}`,
		`{"image":"a'b","mounts":["type=bind,source=/,target=/h"],"args":[1]}`,
		`{"image":"","volumes":"x"}`,
	} {
		f.Add("mcp__docker__run_container", s)
	}
	f.Fuzz(func(t *testing.T, tool, input string) {
		var in map[string]any
		if json.Unmarshal([]byte(input), &in) != nil {
			return
		}
		cmd, ok := containerCommand(&Action{Tool: tool, Input: in})
		if !ok {
			return
		}
		prog, rest, _ := strings.Cut(cmd, " ")
		if !containerPrograms[prog] || !strings.HasPrefix(rest, "run") {
			t.Fatalf("%q %s: %q is not a docker run line", tool, input, cmd)
		}
	})
}
