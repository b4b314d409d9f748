package guard

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/rule"
)

// toolTreeRead judges a search tool that shows the lines it finds in every
// file under a directory (the agents' Grep tool in content mode): over a
// directory that holds a credential store or actionguard's keys, it reads
// them as if it named them. A search that returns only names or counts
// (files_with_matches, count) and Glob's listing show no content; nor
// does an MCP search_files, which returns paths. A Grep
// without a path searches the working directory.
func toolTreeRead(tool, p string, in map[string]any, opt shell.Options) []rule.Finding {
	if tool != "grep" {
		return nil
	}
	if mode, _ := in["output_mode"].(string); tool == "grep" && mode != "content" {
		return nil
	}
	if p == "" {
		p = opt.Cwd
	}
	if p == "" {
		return nil
	}
	var includes []string
	for _, k := range []string{"glob", "include", "pattern_glob"} {
		if g, _ := in[k].(string); g != "" {
			// {a,b} alternatives: each is a pattern of its own.
			g = strings.Trim(g, "{}")
			includes = append(includes, strings.Split(g, ",")...)
		}
	}
	if t, _ := in["type"].(string); t != "" && !strings.ContainsAny(t, "*?[/") {
		includes = append(includes, "*."+t) // rg's file type, by its usual extension
	}
	return shell.TreeRead(p, includes, opt)
}
