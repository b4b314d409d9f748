package guard

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzToolCommand: whatever a tool's input holds, reading the command it
// runs never panics, finds a command only under a key (or, for a tool
// named for running commands, its one free argument), and a call placed
// in a container, a pod or on a host is judged as the docker exec,
// kubectl exec or ssh line that runs it there.
func FuzzToolCommand(f *testing.F) {
	for _, s := range []struct{ tool, input string }{
		{"mcp__docker__exec", `{"container":"web","cmd":["sh","-c","rm -rf /data"]}`},
		{"mcp__k8s__pod_exec", `{"pod":"api-0","namespace":"prod","args":["rm","-rf","/var/lib/pg"]}`},
		{"mcp__ssh__ssh_exec", `{"host":"prod1","script":"rm -rf /srv/app"}`},
		{"mcp__srv__run", `{"exec":{"cmd":["rm","-rf","/"]}}`},
		{"mcp__srv__terminal", `{"input":"rm -rf /","timeout":"30"}`},
		{"mcp__srv__run_code", `{"language":"python","code":"import os"}`},
		{"mcp__srv__tool", `{"commands":["ls",["rm","-rf","~"]],"shell":"/bin/bash"}`},
		{"mcp__srv__execute_command", `{"command":"git","args":["push","--force"]}`},
		{"mcp__srv__exec", `{"cmd":[1,2],"args":["-k"],"process":{"process":{"process":{"process":{"process":{"cmd":"x"}}}}}}`},
	} {
		f.Add(s.tool, s.input)
	}
	f.Fuzz(func(t *testing.T, tool, input string) {
		var in map[string]any
		if json.Unmarshal([]byte(input), &in) != nil {
			return
		}
		a := &Action{Tool: tool, Input: in}
		tc, ok := findToolCommand(a)
		if !ok {
			return
		}
		if strings.TrimSpace(tc.line) == "" {
			t.Fatalf("%q %s: an empty command was found", tool, input)
		}
		if !tc.named && !runsCommands(tool) {
			t.Fatalf("%q %s: a command found by the name of a tool not named for running commands", tool, input)
		}
		switch {
		case strings.HasPrefix(tc.where, "in container "):
			if !strings.HasPrefix(tc.line, "docker exec ") {
				t.Fatalf("%q %s: %s, but the line is %q", tool, input, tc.where, tc.line)
			}
		case strings.HasPrefix(tc.where, "in pod "):
			if !strings.HasPrefix(tc.line, "kubectl exec ") {
				t.Fatalf("%q %s: %s, but the line is %q", tool, input, tc.where, tc.line)
			}
		case strings.HasPrefix(tc.where, "on host "):
			if !strings.HasPrefix(tc.line, "ssh ") {
				t.Fatalf("%q %s: %s, but the line is %q", tool, input, tc.where, tc.line)
			}
		}
	})
}
