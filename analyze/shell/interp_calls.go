package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Interpreter calls read by what they do rather than by their spelling:
// the working directory inline code moves to before it deletes, the
// requests that carry what it read, the handles IPC::Open3 takes before
// its command, and Perl's flattened argument lists.

// reCodeChdir is a change of directory with a literal path, in any of the
// languages: os.chdir('..'), process.chdir('/'), Dir.chdir("/tmp"),
// chdir "..", chdir("..").
var reCodeChdir = lazyRegexp(`\b(?:os\.chdir|process\.chdir|Dir\.chdir|chdir)\s*\(?\s*(?:'([^'\n]*)'|"([^"\n]*)")`)

// codeChdir returns c as inline code sees it after it changes directory
// (os.chdir('..') before shutil.rmtree('.') deletes the parent): a
// command whose relative paths resolve in the new directory. It returns c
// when the code moves nowhere known before its first deletion or command.
func codeChdir(c *Cmd, p *codePatterns, code string) *Cmd {
	if !strings.Contains(code, "chdir") || c.env == nil {
		return c
	}
	m := reCodeChdir.get().FindStringSubmatchIndex(code)
	if m == nil {
		return c
	}
	for _, re := range []*lazyRE{p.del, p.delRecursive, p.exec} {
		if re == nil {
			continue
		}
		if loc := re.FindStringIndex(code); loc != nil && loc[0] < m[0] {
			return c // it deletes or runs something before it moves
		}
	}
	dir := ""
	if m[2] >= 0 {
		dir = code[m[2]:m[3]]
	} else {
		dir = code[m[4]:m[5]]
	}
	if dir == "" || strings.Contains(dir, unknownPart) {
		return c
	}
	abs, ok := c.Resolve(dir)
	if !ok || !strings.HasPrefix(abs, "/") {
		return c
	}
	moved := *c
	moved.env = c.env.at(abs)
	moved.Cwd = abs
	return &moved
}

// inlineRequests reports whether inline code makes a request to another
// machine: any request, a GET included, carries what the code puts in
// its URL or body. file_get_contents counts only with a URL in the code
// (it also reads local files).
func inlineRequests(code string) bool {
	if !reInlineFetch.MatchString(code) {
		return false
	}
	if strings.Contains(code, "://") {
		return true
	}
	return reInlineFetch.MatchString(strings.ReplaceAll(code, "file_get_contents", "file_read"))
}

// perlFlatten spreads Perl's list arguments into one argument list, as
// Perl does: exec qw(rm -rf), $ENV{HOME} runs rm -rf $HOME.
func perlFlatten(pos []val) []val {
	var out []val
	for _, v := range pos {
		if v.kind == valList {
			out = append(out, v.list...)
			continue
		}
		out = append(out, v)
	}
	return out
}

// perlIPCHandles is how many handles IPC::Open3's open3 and IPC::Open2's
// open2 take before the command.
func perlIPCHandles(name string) int {
	switch name {
	case "open3":
		return 3
	case "open2":
		return 2
	}
	return 0
}

// forkScript judges child_process.fork(MODULE, args): node runs MODULE.
// A module in a temporary directory is code nobody saw; another one is
// judged as node running it. It reports whether it judged the call.
func (s *codeScan) forkScript(pos []val, why string) bool {
	if len(pos) == 0 || pos[0].kind != valStr || !pos[0].known() {
		return false
	}
	mod := pos[0].text()
	if abs, ok := s.c.Resolve(mod); ok && tempRoot(abs) != "" {
		s.w.r.add(s.c.find(ruleInlineExec, "Inline JavaScript starts "+mod+", a script in a temporary directory, whose code cannot be checked first.", mod))
		return true
	}
	argv := []val{{kind: valStr, s: "node"}, pos[0]}
	if len(pos) > 1 && pos[1].kind == valList {
		argv = append(argv, pos[1].list...)
	}
	s.runArgv(argv, why)
	return true
}

// credentialRun reports whether findings of commands inline code ran
// include a read of a credential (`cat ~/.ssh/id_rsa` in Perl).
func credentialRun(fs []rule.Finding) bool {
	for _, f := range fs {
		if f.Rule == ruleCredentialRead.ID {
			return true
		}
	}
	return false
}
