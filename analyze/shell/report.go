package shell

import (
	"slices"
	"sync"

	"github.com/actionguard/actionguard/rule"
)

// Options is what the analysis knows about where the command runs.
type Options struct {
	Cwd  string // absolute working directory; "" when unknown (relative paths are then taken as inside the workspace)
	Home string // absolute home directory; "" when unknown ("~" is still recognised)
	// MaxDepth bounds nested analysis (bash -c inside eval inside $(…)…);
	// deeper input is reported as obfuscation. 0 means DefaultMaxDepth.
	MaxDepth int
	// Wrappers are programs a policy adds to the built-in wrapper table.
	Wrappers []Wrapper
	// Files are files written earlier in the session (by the agent's file
	// tools), by absolute path: a command that runs one is judged by what
	// it holds.
	Files map[string]FileContent
	// ReadFile, when set, reads a file of this machine by absolute path:
	// a command that runs a script the analysis has not seen written
	// (bash x.sh, ./x, source x, make, npm test, pytest…) is judged by
	// what the file holds. It must return at most MaxScriptBytes+1 bytes
	// of a regular file, never block (no FIFOs, devices or sockets), and
	// an error for anything else. At most MaxScriptReads files are read in
	// one analysis. Leave it nil when the command runs on another machine.
	ReadFile func(abs string) ([]byte, error)
	// ResolvePath, when set, says where the path leads on this machine:
	// the real path once the links of every existing component are
	// followed, or the protected file a regular file is a hard link of;
	// ok is false when it cannot tell. path is absolute; cwd is the
	// working directory as given. It must never block or open a file, and
	// never look under /dev, /proc or /sys. At most MaxPathLookups paths
	// are resolved in one analysis. Every rule that judges a destination
	// then judges the real place too, and the stricter judgement holds.
	// Leave it nil when the command runs on another machine.
	ResolvePath func(cwd, path string) (real string, ok bool)
	// ListDir, when set, names the files (and links) of the directory dir
	// (absolute) on this machine: base names, at most MaxDirNames. go run
	// . compiles every .go file of the package and cargo run every .rs
	// file beside main.rs: each named file is then read with ReadFile. It
	// must never block; an error when it cannot tell. At most
	// MaxIncomingReads calls are made in one analysis. Leave it nil when
	// the command runs on another machine.
	ListDir func(dir string) ([]string, error)
	// Untracked, when set, says whether the file at the absolute path
	// exists on this machine outside its git repository's index (what
	// git clean removes); ok is false when it cannot tell (a directory, no
	// repository, an index it cannot read). git clean is then judged
	// against the agents' settings files that are really there to remove.
	// Leave it nil when the command runs on another machine.
	Untracked func(path string) (untracked, ok bool)
	// GitBranch, when set, names the branch checked out in the git
	// repository at or above the absolute directory dir; ok is false when
	// it cannot tell (no repository, a detached HEAD). A push without a
	// refspec sends that branch: without an answer it is taken as possibly
	// main. It must never block. Leave it nil when the command runs on
	// another machine.
	GitBranch func(dir string) (branch string, ok bool)
	// Incoming, when set, lists what an operation would write on this
	// machine: an archive's members, the paths two git revisions differ
	// in (see Incoming). It must bound what it reads and never block (a
	// git it runs has a short time limit); an error when it cannot tell.
	// At most MaxIncomingReads calls are made in one analysis. A member
	// that lands on the agents' settings or actionguard's files is then
	// judged as a write of them. Leave it nil when the command runs on
	// another machine.
	Incoming func(Incoming) ([]IncomingFile, error)
	// Tracked, when set, lists the files the git repository at or above
	// the absolute directory dir tracks (see TrackedFiles); ok is false
	// when it cannot tell (no repository, an index it cannot read). A git
	// operation that brings revisions not read here (a pull, a merge after
	// a fetch) into a repository tracking the agents' settings or
	// actionguard's policy is then noted; without an answer it is noted as
	// one that may. It must never block. At most MaxIncomingReads calls
	// are made in one analysis. Leave it nil when the command runs on
	// another machine.
	Tracked func(dir string) (TrackedFiles, bool)
	// ControlPlane are absolute paths of actionguard's own files and
	// directories (the user's policy, the database, the state directory)
	// beyond the defaults under Home: a command may read them but not
	// change them (see paths_self.go).
	ControlPlane []string
	// ServerPort is the port actionguard's approval server listens on
	// (0: DefaultServerPort): stopping what listens there, or listening
	// there instead, is blocked (self_server.go).
	ServerPort int
	// HookPrograms lists the absolute paths of the programs the agents'
	// hooks run (the running binary and its siblings; with outside, the
	// programs the agents' settings name too): deleting, moving,
	// replacing or changing the mode of one, or of a directory that holds
	// one, is blocked (self_programs.go). It is asked only for a command
	// that changes a path no other rule protects, with outside set only
	// for a path outside the working directory; nil: programs are known
	// by name only.
	HookPrograms func(outside bool) []string
	// Dialect is the shell that reads the command: POSIX (the default),
	// PowerShell or cmd.exe (the agents' tools on Windows).
	Dialect Dialect
	// unsetDefaults reads ${x:-default} of a variable not known as x's
	// value (the second judgement of Analyze), ${x:+word} as word.
	unsetDefaults bool
}

// Dialect is a shell language.
type Dialect string

// The shells a command may be written for.
const (
	DialectPOSIX      Dialect = ""
	DialectPowerShell Dialect = "powershell"
	DialectCmd        Dialect = "cmd"
)

// DefaultMaxDepth is the nesting bound when Options.MaxDepth is 0.
const DefaultMaxDepth = 8

// MaxBytes is the largest command analysed; larger input is an error result.
const MaxBytes = 1 << 20

// Result is what Analyze found.
type Result struct {
	Findings []rule.Finding
	// Commands are the simple commands that would run, after unwrapping
	// (sudo, env, bash -c, eval, xargs, find -exec…), in source order.
	Commands []*Cmd
	// ReadOnly reports that every command only reads (ls, cat, grep, git
	// status…): nothing is written, deleted, sent or run beyond reading.
	ReadOnly bool
	// ParseError is set when the command (or a nested script) could not be
	// parsed; findings of a best-effort lexical scan are still reported.
	ParseError string
	// Trace is the unwrapping steps, for explain.
	Trace []string
	// wrapperSecrets are secrets given to wrappers (sshpass -p), which
	// the commands no longer show once unwrapped.
	wrapperSecrets []secretHit
}

// handler inspects one simple command of a given program.
type handler func(c *Cmd, r *report)

// report collects what the handlers find. Handlers may ask it to analyse
// nested scripts, commands and SQL.
type report struct {
	res *Result
	env *analysis
	max int
	// wrappers are the policy's wrapper programs; wrapSpecs their specs, built on first use.
	wrappers  []Wrapper
	wrapSpecs []*Spec
	// writes is set when a command may change something (not read-only).
	writes bool
	// typed is set once a command typed known text into another terminal
	// without pressing Enter: a later lone Enter runs that judged text.
	typed bool
	// seen de-duplicates identical findings from repeated analysis: the
	// first keys are compared in place (most analyses find a few), past
	// seenInPlace they are all in seenSet.
	seen    []findingKey
	seenSet map[findingKey]bool
	// cmdBuf is the room for the result's first commands, made with the
	// result (see analyze).
	cmdBuf []*Cmd
	// cmdRoom is the result's room for the first command built (newCmd),
	// nil once taken; findRoom the room for its first finding (add).
	cmdRoom  *Cmd
	findRoom []rule.Finding
	// flow is what data flow tracks across the scripts of one analysis.
	flow flowState
	// incoming is Options.Incoming; incomingReads counts its calls.
	incoming      func(Incoming) ([]IncomingFile, error)
	incomingReads int
	// tracked is Options.Tracked; trackedReads counts its calls.
	tracked      func(string) (TrackedFiles, bool)
	trackedReads int
	// sawDefault is set once a ${x:-default}, ${x:=…} or ${x:+…} of a
	// variable not known was read with its default (see Analyze).
	sawDefault bool
	// unsetDefaults is Options.unsetDefaults.
	unsetDefaults bool
	// fetched is set once a command fetched (git fetch, git pull, git
	// remote update): a revision named after it may not be what is local now.
	fetched bool
	// gitDir is where the git command being judged runs (see gitDirOf).
	gitDir string
	// madeLinks are the links inline code and unpacked archives make, for
	// the commands after them (self_linemade.go).
	madeLinks []lineLink
	// shadow is what the line does to the names of the agents and of
	// actionguard (self_shadow.go).
	shadow shadowState
	// firstLinker is the index of the first command that may make a link
	// (0: none among the first linkScanned commands).
	firstLinker, linkScanned int
	// walk is the room for the analysis's first walker, the command
	// line's own (see newWalker); walkUsed is set once it is taken.
	walk     walker
	walkUsed bool
}

// newWalker returns room for a walker: the report's own the first time
// (the walker of the command line, which lasts as long as the analysis),
// a new one for each nested script after it.
func (r *report) newWalker() *walker {
	if !r.walkUsed {
		r.walkUsed = true
		return &r.walk
	}
	return new(walker)
}

// takeCmd returns room for a command: the result's own the first time,
// a new one after it.
func (r *report) takeCmd() *Cmd {
	if c := r.cmdRoom; c != nil {
		r.cmdRoom = nil
		return c
	}
	return new(Cmd)
}

// reportPool holds the reports of finished analyses. A report is most
// of an analysis's bytes; a stream of actions reuses a few instead of
// making one an action.
var reportPool = sync.Pool{New: func() any { return new(report) }}

// start readies r, fresh or from reportPool, for an analysis whose result
// is res: every field is zero but those given. Only the room of seen is
// kept, emptied: it holds no pointer into any result.
func (r *report) start(res *Result, cmdBuf []*Cmd, env *analysis, max int, wrappers []Wrapper) {
	seen := r.seen
	clear(seen)
	*r = report{res: res, cmdBuf: cmdBuf, env: env, max: max, wrappers: wrappers, seen: seen[:0]}
}

// release gives r back to reportPool once its analysis is over. Nothing
// the analysis returns points into a report (its result's commands live
// in the result's own room, cmdBuf), and start empties every field before
// the report is used again; it is emptied here too, so that a report in
// the pool keeps nothing of an action alive.
func (r *report) release() {
	if r == nil {
		return
	}
	r.start(nil, nil, nil, 0, nil)
	reportPool.Put(r)
}

type findingKey struct {
	rule, evidence string
}

// add records a finding.
func (r *report) add(f rule.Finding) {
	if r.seenBefore(findingKey{f.Rule, f.Evidence}) {
		return
	}
	f.Message = r.env.noteLinks(f.Message, f.Targets...)
	if r.res.Findings == nil {
		r.res.Findings = r.findRoom
	}
	r.res.Findings = append(r.res.Findings, f)
}

// seenInPlace is how many finding keys are compared in place.
const seenInPlace = 16

// seenBefore reports whether a finding with key k was added before, and
// notes k.
func (r *report) seenBefore(k findingKey) bool {
	if r.seenSet != nil {
		if r.seenSet[k] {
			return true
		}
		r.seenSet[k] = true
		return false
	}
	if slices.Contains(r.seen, k) {
		return true
	}
	if len(r.seen) < seenInPlace {
		if r.seen == nil {
			r.seen = make([]findingKey, 0, seenInPlace)
		}
		r.seen = append(r.seen, k)
		return false
	}
	r.seenSet = make(map[findingKey]bool, 2*seenInPlace)
	for _, s := range r.seen {
		r.seenSet[s] = true
	}
	r.seenSet[k] = true
	clear(r.seen)
	r.seen = r.seen[:0]
	return false
}

// trace notes an unwrapping step.
func (r *report) trace(s string) {
	if len(r.res.Trace) < 200 {
		r.res.Trace = append(r.res.Trace, s)
	}
}

// mutates marks the analysis as not read-only.
func (r *report) mutates() { r.writes = true }

// testCmd builds a Cmd from literal words, for handler unit tests.
func testCmd(argv ...string) *Cmd {
	c := &Cmd{Name: baseName(argv[0]), Path: argv[0], Args: append([]string(nil), argv[1:]...), env: &analysis{}}
	c.Dynamic = make([]bool, len(c.Args))
	c.Text = joinArgv(argv)
	return c
}

// joinArgv renders argv as a shell would read it back, quoting where needed.
func joinArgv(argv []string) string {
	n := 0
	for _, a := range argv {
		n += len(a) + 3
	}
	b := make([]byte, 0, n)
	for i, a := range argv {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendQuoted(b, a)
	}
	return string(b)
}

func appendQuoted(b []byte, a string) []byte {
	if a == "" {
		return append(b, "''"...)
	}
	plain := true
	for i := 0; i < len(a); i++ {
		ch := a[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9' || ch >= 0x80 ||
			ch == '-' || ch == '_' || ch == '.' || ch == '/' || ch == '=' || ch == ':' || ch == ',' || ch == '+' ||
			ch == '@' || ch == '%' || ch == '~' || ch == '*' || ch == '$' || ch == '{' || ch == '}' || ch == '?' || ch == '[' || ch == ']' || ch == '^') {
			plain = false
			break
		}
	}
	if plain {
		return append(b, a...)
	}
	b = append(b, '\'')
	for i := 0; i < len(a); i++ {
		if a[i] == '\'' {
			b = append(b, `'\''`...)
			continue
		}
		b = append(b, a[i])
	}
	return append(b, '\'')
}
