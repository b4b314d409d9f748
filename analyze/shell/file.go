package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// ClassifyPath says what a path points at (system directory, credential
// file, workspace, temporary directory…) for the given working and home
// directories. Agents' file tools use it to judge reads and writes the way
// shell commands are judged.
func ClassifyPath(p string, opt Options) PathClass {
	env := newAnalysis(opt)
	return env.classify(p)
}

// FileRead reports what reading the file p exposes: reading a credential
// file (an SSH key, .env, cloud credentials) is a finding.
func FileRead(p string, opt Options) []rule.Finding {
	if f, ok := selfRead(p, opt); ok {
		return withSpelling(p, []rule.Finding{f})
	}
	env := newAnalysis(opt)
	cl := env.classify(p)
	if cl.Credential == "" {
		return nil
	}
	return withSpelling(p, []rule.Finding{ruleCredentialRead.Find("read "+p, env.noteLinks("Reads your "+cl.Credential+" ("+p+") into the agent's context.", p), p)})
}

// withSpelling adds to the findings about the protected file p the
// finding of a spelling that hides it.
func withSpelling(p string, fs []rule.Finding) []rule.Finding {
	if len(fs) == 0 {
		return fs
	}
	if f, ok := spelledFinding(p, fs[0]); ok {
		fs = append(fs, f)
	}
	return fs
}

// FileWrite reports what writing (or editing) the file p does: system
// paths, shell start-up files, credential files, git hooks, CI pipelines
// and the agent's own settings are findings.
func FileWrite(p string, opt Options) []rule.Finding {
	env := newAnalysis(opt)
	j, ok := judgeWrite(env, p, writeEdit)
	if !ok {
		return nil
	}
	return withSpelling(p, []rule.Finding{j.rule.Find("write "+p, env.noteLinks(j.message, p), p)})
}

// FileWriteContent reports what the commands in content will do when the
// file p, written whole by an agent's file tool, is one that tools run
// later without asking (a package's install scripts, a git or husky hook,
// direnv's .envrc): the reading a shell line that writes the same text
// gets (buildhooks_write.go), so Write {package.json} and echo … >
// package.json are judged alike. Other files, and content past
// MaxScriptBytes, have no findings here (FileWrite judges their path).
func FileWriteContent(p, content string, opt Options) []rule.Finding {
	env := newAnalysis(opt)
	abs, ok := env.resolve(p)
	if !ok || len(content) > MaxScriptBytes || armedRuns(abs, env.classify(abs)) == nil {
		return nil
	}
	delim := "ACTIONGUARD_WRITTEN"
	for strings.Contains(content, delim) {
		delim += "_"
	}
	script := "cat > " + shellQuoteItem(abs) + " <<'" + delim + "'\n" + strings.TrimSuffix(content, "\n") + "\n" + delim + "\n"
	return Analyze(script, opt).Findings
}
