package shell

import "strings"

// Wrapper is a program that runs the command its operands name, described
// for a policy that adds its own (a company's "with-vpn" or "tsh ssh"):
// Options in the spec syntax of docs/program-specs.md ("-c=", "--config=",
// "-q"), Skip the operands before the wrapped command.
type Wrapper struct {
	Name    string
	Options []string
	Skip    int
}

// wrapperSpec returns the spec of name when it is a wrapper: the built-in
// table first, then the policy's.
func (w *walker) wrapperSpec(name string) *Spec {
	if s := SpecFor(name); s != nil {
		if _, ok := s.Wrapper(); ok {
			return s
		}
		return nil
	}
	for i := range w.r.wrappers {
		if strings.EqualFold(w.r.wrappers[i].Name, name) {
			return w.r.wrapperSpec(i)
		}
	}
	return nil
}

// wrapperSpec builds (once) the spec of the policy's i-th wrapper.
func (e *report) wrapperSpec(i int) *Spec {
	if e.wrapSpecs == nil {
		e.wrapSpecs = make([]*Spec, len(e.wrappers))
	}
	if e.wrapSpecs[i] == nil {
		wr := e.wrappers[i]
		var b strings.Builder
		for _, o := range wr.Options {
			b.WriteString("  ")
			b.WriteString(o)
			b.WriteByte('\n')
		}
		s := parseSpec(strings.ToLower(wr.Name), "gnu", []string{b.String()})
		s.attrs |= attrWrap | attrStop | attrStopAfterSkip
		s.wrapSkip = max(wr.Skip, 0)
		e.wrapSpecs[i] = s
	}
	return e.wrapSpecs[i]
}

// wrapRead is what a wrapper's own words say.
type wrapRead struct {
	next   int      // index in argv of the wrapped command; len(argv) when there is none
	root   bool     // the wrapped command runs as root (or another user)
	noexec bool     // an option makes the wrapper run nothing (command -v, sudo -l)
	login  bool     // sudo -i / -s: a root shell
	edit   bool     // sudo -e: sudoedit
	cwd    string   // the working directory it sets, when it sets one
	exec   []string // scripts given as option values (flock -c, script -c)
	split  []string // words an option splits into arguments (env -S)
	// splitDyn[i]: split[i] is only known when the command runs; hasSplit:
	// an option split a string (perhaps into no words at all).
	splitDyn []bool
	hasSplit bool
	assign   []string // NAME=VALUE operands before the command (env)
	// script: an option makes the wrapper hand its command's words to a
	// shell as one command line (entr -s, sudo -s).
	script bool
	secret []secretHit
	// otherUser is set when the command runs as a named user who is not
	// root (sudo -u dev): not an escalation to root.
	otherUser bool
	// homeCwd: a login option (sudo -i) runs the command in the target
	// user's home, user ("" for root).
	homeCwd bool
	user    string
	// writes: an output option tagged out names a file the wrapper
	// writes, whatever it runs (time -o, strace -o, perf record -o).
	writes bool
}

// readWrapper reads a wrapper's options and leading operands through its
// spec.
func readWrapper(s *Spec, argv []string, dyn []bool) wrapRead {
	if s.Key == "faketime" {
		return wrapRead{next: faketimeCommand(argv)}
	}
	av := parseArgv(s, argv[1:], dyn[1:])
	// A wrapper whose spec says script (sem) hands its command's words to
	// a shell as one line, as sudo -s does.
	wr := wrapRead{next: len(argv), root: s.attrs&attrRoot != 0, script: s.attrs&attrScript != 0}
	for _, o := range av.Opts {
		if o.Unknown {
			continue
		}
		if o.Tags&TagScript != 0 && !o.Negated {
			wr.script = true
		}
		if o.Tags&TagSecret != 0 && o.HasValue {
			h := secretHit{value: o.Value}
			if o.ValueArg < 0 && !strings.HasPrefix(o.Spelled, "--") && strings.HasSuffix(argv[o.Arg+1], o.Value) {
				h.attached = argv[o.Arg+1][:len(argv[o.Arg+1])-len(o.Value)]
			}
			wr.secret = append(wr.secret, h)
		}
		if o.Tags&TagOut != 0 && o.HasValue {
			wr.writes = true
		}
		switch {
		case o.Tags&TagNoExec != 0:
			wr.noexec = true
		case o.Tags&TagExec != 0 && o.HasValue:
			wr.exec = append(wr.exec, o.Value)
		case o.Tags&TagSplit != 0 && o.HasValue:
			words, dyn, err := splitEnvString(o.Value)
			if err != nil {
				// A string env refuses, or one read differently by
				// another env: its words, none of them known.
				words = strings.Fields(o.Value)
				dyn = make([]bool, len(words))
				for i := range dyn {
					dyn[i] = true
				}
			}
			wr.split = append(wr.split, words...)
			wr.splitDyn = append(wr.splitDyn, dyn...)
			wr.hasSplit = true
		case o.Tags&TagCwd != 0 && o.HasValue:
			wr.cwd = o.Value
		case o.Tags&TagRoot != 0:
			wr.root = true
		}
		if s.attrs&attrRoot != 0 && o.Name == "--user" && o.HasValue && o.Value != "root" && o.Value != "0" && o.Value != "#0" {
			// sudo -u dev, doas -u dev: another user, not root.
			wr.root = false
			wr.otherUser = true
		}
		if s.attrs&attrRoot != 0 && o.Name == "--user" && o.HasValue {
			wr.user = o.Value
		}
		switch o.Name {
		case "--login", "--shell", "-s":
			if s.attrs&attrRoot != 0 {
				wr.login = true
				wr.homeCwd = wr.homeCwd || o.Name == "--login"
			}
		case "--edit":
			if s.Key == "sudo" {
				wr.edit = true
				wr.noexec = false
			}
		}
	}
	// sudo reads NAME=VALUE operands before the command as env does
	// (sudo PORT=8750 node server.js runs node).
	if s.wrapSkip == wrapAfterDashes {
		// distrobox enter NAME -- CMD: only "--" (or an option that ends
		// the options) starts the command.
		if av.optsDone >= 0 && av.optsDone < len(argv)-1 {
			wr.next = av.optsDone + 1
		}
		return wr
	}
	skip := s.wrapSkip
	k := 0
	for k < len(av.Operands) {
		op := av.Operands[k]
		if s.attrs&attrAssign != 0 && envAssignWord(op) && (!(k < len(av.OperandArg) && av.OperandArg[k] < len(dyn)-1 && dyn[av.OperandArg[k]+1]) || startupVars[op[:strings.IndexByte(op, '=')]]) {
			wr.assign = append(wr.assign, op)
			k++
			continue
		}
		if skip > 0 {
			skip--
			k++
			continue
		}
		break
	}
	if k < len(av.OperandArg) {
		wr.next = av.OperandArg[k] + 1
	}
	// flock FILE -c CMD and sg GROUP -c CMD: the option follows the operand.
	if (s.Key == "flock" || s.Key == "sg") && k > 0 && k <= len(av.OperandArg) {
		at := av.OperandArg[k-1] + 2 // the word after the operand, in argv
		if at+1 < len(argv) && (argv[at] == "-c" || argv[at] == "--command" || strings.HasPrefix(argv[at], "--command=")) {
			if v, ok := strings.CutPrefix(argv[at], "--command="); ok {
				wr.exec = append(wr.exec, v)
			} else {
				wr.exec = append(wr.exec, argv[at+1])
			}
		}
	}
	return wr
}

// faketimeCommand is the index in argv of the command faketime runs:
// faketime reads its own switches one by one and stops at the first word
// that is not one, its time stamp, which may itself begin with a dash
// (faketime -m -1d CMD, faketime '-2h' CMD); a getopt reading would take
// "-1d" for options and the command for the time stamp.
func faketimeCommand(argv []string) int {
	i := 1
	for i < len(argv) {
		w := argv[i]
		switch {
		case w == "--exclude-monotonic" || strings.HasPrefix(w, "--date-prog="):
			i++
			continue
		case w == "--date-prog":
			i += 2
			continue
		case len(w) > 1 && w[0] == '-' && w[1] != '-':
			if n, ok := faketimeSwitches(w); ok {
				i += n
				continue
			}
		}
		break
	}
	return i + 1 // after the time stamp
}

// faketimeSwitches reads a cluster of faketime's one-letter switches (-m,
// -f, -p PID, -mp 5, -p5) and says how many words it takes; ok is false
// for a word that is none (a time stamp such as -1d).
func faketimeSwitches(w string) (words int, ok bool) {
	for j := 1; j < len(w); j++ {
		switch w[j] {
		case 'm', 'f':
		case 'p':
			if j == len(w)-1 {
				return 2, true // the PID is the next word
			}
			return 1, true // -p5: the PID is attached
		default:
			return 0, false
		}
	}
	return 1, true
}

// envAssignWord reports whether env (and sudo) read w as NAME=VALUE: any
// word with an = after its first character, whatever the name
// (BASH_FUNC_ls%%=() { …; } is one).
func envAssignWord(w string) bool {
	return strings.IndexByte(w, '=') > 0
}
