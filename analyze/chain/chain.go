package chain

import (
	"fmt"
	"path"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/rule"
)

// Step is an earlier call of the session that ran, oldest first.
// Observation is what it returned, redacted: a "[REDACTED:<type>]" mark
// stands where a secret or personal data was; "" means it is not known.
type Step struct {
	Tool        string
	Input       map[string]any
	Observation string
}

// Call is the call being checked. Commands are its shell command's parsed
// commands when the caller has them (shell.Result.Commands of the same
// command and Options); nil means they are parsed here when needed.
type Call struct {
	Tool     string
	Input    map[string]any
	Commands []*shell.Cmd
}

// Options say where the session works.
type Options struct {
	Cwd  string // the absolute working directory; "" when unknown (no file is then taken as outside the workspace)
	Home string // the absolute home directory; "" when unknown
	// MaxSteps bounds how many earlier steps are looked at (the latest
	// ones); 0 means DefaultMaxSteps.
	MaxSteps int
}

// DefaultMaxSteps is how many earlier steps a check looks at by default.
const DefaultMaxSteps = 32

// Bounds on what one check reads, whatever the caller passes: an unusual
// session costs milliseconds, never more.
const (
	maxCommand     = 8 << 10   // the part of an earlier shell command that is analysed (the hook keeps 4 KiB of each)
	parseBudget    = 32 << 10  // the bytes of earlier shell commands analysed in one check (newest first)
	maxObservation = 256 << 10 // the part of an earlier step's output that is searched
	maxPayload     = 256 << 10 // the part of the current call's input compared with earlier outputs
	compareBudget  = 16 << 20  // the bytes of payload scanned for earlier lines in one check
)

// need says what the current call can end, and so what is looked for in
// the earlier steps.
type need uint8

const (
	needSecret     need = 1 << iota // it sends: a credential read before
	needOutside                     // it sends: a file outside the workspace read before
	needDownload                    // it runs files: one of them downloaded before
	needEscalation                  // it installs from the network: privileges raised before
	needProduction                  // an MCP tool deletes: production named before
)

// Analyze returns the findings of the risky chains that the call cur
// completes after the session's earlier steps (history, oldest first; only
// calls that ran): at most one finding per rule, each naming the earlier
// step (numbered from 1 in history) and the call. The latest
// Options.MaxSteps steps are read, newest first. It is pure and safe for
// concurrent use.
func Analyze(cur Call, history []Step, opt Options) []rule.Finding {
	if len(history) == 0 {
		return nil
	}
	a := newAnalysis(opt)
	end := a.ending(&cur)
	if end.needs == 0 {
		return nil // nothing the call does can end a chain
	}
	limit := opt.MaxSteps
	if limit <= 0 {
		limit = DefaultMaxSteps
	}
	first := max(0, len(history)-limit)
	m := matches{end: end}
	for i := len(history) - 1; i >= first; i-- {
		want := end.needs &^ m.done
		if want == 0 {
			break
		}
		h := &history[i]
		st := a.start(h, want)
		m.pair(a, i+1, h, &st)
	}
	return m.findings()
}

// analysis is one run of Analyze: where the session works, and what is
// left of its budgets.
type analysis struct {
	sopt shell.Options
	cwd  string // clean and absolute, or ""
	home string
	// parse is what is left of parseBudget; compare of compareBudget.
	parse, compare int
}

func newAnalysis(opt Options) *analysis {
	a := &analysis{sopt: shell.Options{Cwd: opt.Cwd, Home: opt.Home}, parse: parseBudget, compare: compareBudget}
	if strings.HasPrefix(opt.Cwd, "/") {
		a.cwd = path.Clean(opt.Cwd)
	}
	if strings.HasPrefix(opt.Home, "/") {
		a.home = path.Clean(opt.Home)
	}
	return a
}

// start is what an earlier step did that a chain can start with.
type start struct {
	secret     string // what it did with a credential: "read your SSH key (~/.ssh/id_rsa)"
	secretPath string
	outside    string     // a file outside the workspace whose content it read
	downloads  []download // files it saved from the network
	escalated  string     // how it raised privileges
	production string     // where it named production
}

// download is a file saved from the network.
type download struct {
	path string // as written
	from string // the URL or host
}

// ending is what the current call does that can end a chain.
type ending struct {
	tool  string
	needs need
	// send is where the call sends data ("" when nothing leaves the
	// machine); maybeSend: inline interpreter code that may send, which is
	// confirmed only when an earlier step makes it matter.
	send      string
	maybeSend bool
	// payloadOf builds what the call sends, for matching earlier
	// outputs; payload caches it.
	payloadOf func() string
	payload   *string
	runs      []run
	// install is the install from the network the call makes;
	// maybeInstall: a download and an interpreter in one command, which
	// may be a pipe from the network into a shell (confirmed when needed).
	install      string
	maybeInstall bool
	deletes      bool
	confirm      func() (send, install string) // parses the command for the maybes, once
	confirmed    bool
}

// run is a file the current call runs.
type run struct {
	path string
	root bool   // under sudo
	text string // the command that runs it
}

// sendTo returns where the call sends, confirming a maybe once.
func (e *ending) sendTo() string {
	if e.send == "" && e.maybeSend {
		e.resolve()
	}
	return e.send
}

// installs returns the install the call makes, confirming a maybe once.
func (e *ending) installs() string {
	if e.install == "" && e.maybeInstall {
		e.resolve()
	}
	return e.install
}

// payloadText returns what the call sends, built once.
func (e *ending) payloadText() string {
	if e.payload == nil {
		p := ""
		if e.payloadOf != nil {
			p = e.payloadOf()
		}
		e.payload = &p
	}
	return *e.payload
}

// downloadRun returns the download that one of the runs runs.
func (a *analysis) downloadRun(ds []download, runs []run) (download, run, bool) {
	for _, r := range runs {
		for _, d := range ds {
			if a.samePath(d.path, r.path) {
				return d, r, true
			}
		}
	}
	return download{}, run{}, false
}

func (e *ending) resolve() {
	if e.confirmed || e.confirm == nil {
		return
	}
	e.confirmed = true
	send, install := e.confirm()
	if e.send == "" {
		e.send = send
	}
	if e.install == "" {
		e.install = install
	}
}

// matches collects what the earlier steps and the call make together,
// newest step first.
type matches struct {
	end  ending
	done need
	out  []rule.Finding
	// outside without a content match waits: an older step whose content
	// is sent weighs more.
	outsideLoose *rule.Finding
}

func (m *matches) pair(a *analysis, n int, h *Step, st *start) {
	e := &m.end
	tool := toolLabel(h.Tool)
	if (st.secret != "" || st.outside != "") && e.sendTo() == "" {
		m.done |= needSecret | needOutside // the call's inline code sends nothing after all
	}
	if st.secret != "" && m.done&needSecret == 0 {
		if dest := e.sendTo(); dest != "" {
			m.done |= needSecret
			m.out = append(m.out, ruleCredentialSend.Find(
				fmt.Sprintf("step %d %s %s → %s %s", n, tool, short(st.secretPath, 60), toolLabel(e.tool), short(dest, 60)),
				fmt.Sprintf("Sends data to %s after step %d (%s) %s: the secret could leave with it.", short(dest, 80), n, tool, st.secret),
				targets(dest, st.secretPath)...))
		}
	}
	if st.outside != "" && m.done&needOutside == 0 {
		if dest := e.sendTo(); dest != "" {
			if frag := sharedFragment(h.Observation, e.payloadText(), &a.compare); frag != "" {
				m.done |= needOutside
				m.outsideLoose = nil
				m.out = append(m.out, ruleOutsideSend.Find(
					fmt.Sprintf("step %d %s %s → %q", n, tool, short(st.outside, 60), short(frag, 40)),
					fmt.Sprintf("Sends to %s what step %d (%s) read from %s, outside the workspace.", short(dest, 80), n, tool, short(st.outside, 120)),
					targets(dest, st.outside)...))
			} else if m.outsideLoose == nil {
				f := ruleOutsideThenSend.Find(
					fmt.Sprintf("step %d %s %s → %s %s", n, tool, short(st.outside, 60), toolLabel(e.tool), short(dest, 60)),
					fmt.Sprintf("Sends data to %s after step %d (%s) read %s, outside the workspace: check that none of it goes along.", short(dest, 80), n, tool, short(st.outside, 120)),
					targets(dest, st.outside)...)
				m.outsideLoose = &f
			}
		}
	}
	if len(st.downloads) > 0 && m.done&needDownload == 0 {
		if d, r, ok := a.downloadRun(st.downloads, e.runs); ok {
			m.done |= needDownload
			ru, as := ruleDownloadRun, ""
			if r.root {
				ru, as = ruleDownloadRunRoot, " as root"
			}
			m.out = append(m.out, ru.Find(
				fmt.Sprintf("step %d %s → %s", n, short(oneLine(d.from), 60), short(r.text, 60)),
				fmt.Sprintf("Runs %s%s, which step %d (%s) downloaded from %s: code nobody has read.", short(r.path, 80), as, n, tool, short(hostOr(d.from, d.from), 80)),
				r.path))
		}
	}
	if st.escalated != "" && m.done&needEscalation == 0 {
		if inst := e.installs(); inst == "" {
			m.done |= needEscalation // no pipe from the network into a shell after all
		} else {
			m.done |= needEscalation
			m.out = append(m.out, ruleEscalateInstall.Find(
				fmt.Sprintf("step %d %s → %s", n, short(st.escalated, 60), short(inst, 60)),
				fmt.Sprintf("Installs from the network (%s) after step %d (%s) raised privileges (%s): an install script can use the cached sudo credentials.", short(inst, 80), n, tool, short(st.escalated, 80)),
				short(inst, 120)))
		}
	}
	if st.production != "" && e.deletes && m.done&needProduction == 0 {
		m.done |= needProduction
		// The evidence and targets leave the production words out: the
		// guard's production modifier reads them, and this rule already
		// is the production context (seed 002 weighs it privileged).
		m.out = append(m.out, ruleProductionDelete.Find(
			fmt.Sprintf("step %d %s → %s", n, tool, short(e.tool, 60)),
			fmt.Sprintf("%s deletes after step %d (%s) named production (%s): check which environment it acts on.", short(e.tool, 80), n, tool, short(st.production, 80)),
			short(e.tool, 120)))
	}
}

func (m *matches) findings() []rule.Finding {
	if m.outsideLoose != nil && m.done&needOutside == 0 {
		m.out = append(m.out, *m.outsideLoose)
	}
	return m.out
}

// targets lists the non-empty ones.
func targets(ts ...string) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		if t != "" {
			out = append(out, short(t, 120))
		}
	}
	return out
}

// toolLabel is a tool name fit for a message.
func toolLabel(t string) string {
	if t == "" {
		return "a tool"
	}
	return short(t, 40)
}
