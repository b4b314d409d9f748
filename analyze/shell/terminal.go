package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Programs that make another terminal run or type a command: a terminal
// multiplexer told to open a window or type keys into a pane (tmux, screen,
// zellij), a terminal emulator told to type or to start a program (kitty @,
// wezterm cli, xterm -e…), a keystroke injector (xdotool, ydotool) and
// AppleScript telling Terminal to run a script or press keys. What they
// make run starts outside the agent's process tree, in a terminal the
// person owns, where nothing can tell it came from the agent: it is judged
// as the command it is (tmux new -d 'rm -rf ~' is rm -rf ~), and typing
// text only known when it runs, or a bare answer (y, Enter) to whatever
// waits in that terminal, is held for a person.

var (
	ruleTerminalUnknown = &rule.Rule{
		ID: "shell.exec.terminal-input", Category: rule.Execution, Points: 75,
		Summary:     "Types into another terminal or window something whose effect cannot be known: text only known when it runs, or an answer to whatever is waiting there.",
		Alternative: "run the command directly, where it is checked",
		Match:       []string{"tmux send-keys -t main 'y' Enter", `xdotool type "$x"`, "screen -X stuff 'y\\n'"},
		NoMatch:     []string{"tmux send-keys -t dev 'npm test' Enter", "tmux ls", "screen -ls"},
	}
)

// terminalCommands judges what c makes another terminal run or type.
func (w *walker) terminalCommands(c *Cmd) {
	switch c.Name {
	case "tmux":
		w.terminalTmux(c)
	case "screen":
		w.terminalScreen(c)
	case "zellij":
		w.terminalZellij(c)
	case "kitty", "kitten":
		w.terminalKitty(c)
	case "wezterm":
		w.terminalWezterm(c)
	case "xdotool":
		w.terminalXdotool(c)
	case "ydotool":
		w.terminalYdotool(c)
	case "osascript":
		w.terminalOsascript(c)
	case "xterm", "uxterm", "urxvt", "rxvt", "konsole", "gnome-terminal", "mate-terminal", "xfce4-terminal", "lxterminal", "terminator", "tilix", "alacritty", "foot", "footclient", "st", "x-terminal-emulator", "ghostty", "wt":
		w.terminalEmulator(c)
	}
	if c.Name == "open" {
		if f := openedScript(c); f != "" && f != "." && f != ".." && !strings.HasSuffix(f, "/") {
			w.r.mutates()
			w.r.add(c.find(ruleTerminalUnknown, "Opens "+quoteShort(f)+" in a new terminal window, where it runs as a script outside the agent's checks.", f))
		}
	}
	if interpreters[c.Name] {
		if code := strings.Join(c.Args, " "); strings.Contains(code, "TIOCSTI") {
			w.terminalTiocsti(c, code)
		}
	}
}

// termArgs are c's arguments with whether each is known.
type termArgs struct {
	c     *Cmd
	words []string
	dyn   []bool
}

func argsOf(c *Cmd) termArgs {
	return termArgs{c: c, words: c.Args, dyn: c.Dynamic}
}

func (a termArgs) from(i int) termArgs {
	if i > len(a.words) {
		i = len(a.words)
	}
	t := termArgs{c: a.c, words: a.words[i:]}
	if i < len(a.dyn) {
		t.dyn = a.dyn[i:]
	}
	return t
}

func (a termArgs) isDyn(i int) bool { return i < len(a.dyn) && a.dyn[i] }

func (a termArgs) anyDyn() bool {
	for i := range a.words {
		if a.isDyn(i) {
			return true
		}
	}
	return false
}

// runs judges words as a command another terminal runs: one word is a
// shell command line, several are a program and its arguments.
func (w *walker) termRuns(a termArgs, how string) {
	if len(a.words) == 0 {
		return
	}
	w.r.mutates()
	if a.anyDyn() {
		w.r.add(a.c.find(ruleDynamicCommand, "Runs a command only known when it runs "+how+", so what it does cannot be checked."))
		return
	}
	if len(a.words) == 1 {
		w.r.script(a.words[0], a.c, a.c.Name+" runs "+how)
		return
	}
	w.r.command(a.words, a.c, a.c.Name+" runs "+how)
}

// termTypes judges text typed into another terminal: each line it ends
// with Enter runs there as a command; text only known when it runs, or a
// bare answer, is held for a person.
func (w *walker) termTypes(c *Cmd, text string, dynamic bool, how string) {
	w.r.mutates()
	if dynamic {
		w.r.add(c.find(ruleTerminalUnknown, "Types text only known when it runs "+how+": it runs there as if you typed it."))
		return
	}
	lines := strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' })
	if len(lines) == 0 {
		if w.r.typed {
			return // Enter after text already judged as the command it is
		}
		w.r.add(c.find(ruleTerminalUnknown, "Presses Enter "+how+": it answers whatever is waiting there."))
		return
	}
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if isBareAnswer(t) {
			w.r.add(c.find(ruleTerminalUnknown, "Types "+quoteShort(t)+" "+how+": it answers whatever is waiting there, as if you had."))
			continue
		}
		w.r.script(l, c, c.Name+" types "+how)
	}
	w.r.typed = !strings.HasSuffix(text, "\n")
}

// isBareAnswer is a reply to a question rather than a command: y, yes, n,
// a number, a single letter or word of a menu.
func isBareAnswer(t string) bool {
	switch strings.ToLower(t) {
	case "", "y", "yes", "n", "no", "a", "always", "ok", "q", "1", "2", "3", "approve", "allow":
		return true
	}
	return len(t) == 1
}

func quoteShort(s string) string { return "'" + truncateText(s, 40) + "'" }

// tmuxKey turns a tmux key name into what it types.
func tmuxKey(k string) (string, bool) {
	switch k {
	case "Enter", "C-m", "C-j", "KPEnter", "^M", "^J", "M-Enter":
		return "\n", true
	case "Space":
		return " ", true
	case "Tab", "BTab", "Escape", "C-c", "C-d", "C-u", "C-l", "C-a", "C-e", "C-z", "BSpace", "Up", "Down", "Left", "Right", "Home", "End", "NPage", "PPage", "PageUp", "PageDown", "DC", "IC":
		return "", true
	}
	return "", false
}

// tmuxValued are the tmux options that take a value, across its commands.
const tmuxValued = "cefFlnNstxyTLSbBpw"

// terminalTmux reads the tmux command line: global options, then one or
// more commands separated by ';'.
func (w *walker) terminalTmux(c *Cmd) {
	a := argsOf(c)
	i := 0
	for i < len(a.words) && strings.HasPrefix(a.words[i], "-") && a.words[i] != "-" {
		if a.words[i] == "--" {
			i++
			break
		}
		flags := a.words[i][1:]
		i++
		for j := 0; j < len(flags); j++ {
			if !strings.ContainsRune("cfLST", rune(flags[j])) {
				continue
			}
			v := flags[j+1:]
			if v == "" && i < len(a.words) {
				v = a.words[i]
				i++
			}
			if flags[j] == 'c' {
				w.termRuns(termArgs{c: c, words: []string{v}, dyn: []bool{a.isDyn(i - 1)}}, "through tmux -c")
			}
			if flags[j] == 'f' {
				w.termConfigFile(c, i-1, v, a.isDyn(i-1), "tmux", "tmux -f") // terminal_conf.go
			}
			break
		}
	}
	rest := a.from(i)
	for len(rest.words) > 0 {
		end := len(rest.words)
		for k, s := range rest.words {
			if s == ";" || s == `\;` {
				end = k
				break
			}
		}
		w.tmuxCommand(rest.upTo(end))
		if end >= len(rest.words) {
			break
		}
		rest = rest.from(end + 1)
	}
}

// tmuxCommand judges one tmux command (its name first).
func (w *walker) tmuxCommand(a termArgs) {
	if len(a.words) == 0 {
		return
	}
	name := a.words[0]
	valued := tmuxValued
	if name == "run-shell" || name == "run" {
		valued = strings.ReplaceAll(valued+"d", "b", "")
	}
	i := 1
	literal := false
	for i < len(a.words) && strings.HasPrefix(a.words[i], "-") && len(a.words[i]) > 1 {
		if a.words[i] == "--" {
			i++
			break
		}
		flags := a.words[i][1:]
		i++
		for j := 0; j < len(flags); j++ {
			if flags[j] == 'l' && (name == "send-keys" || name == "send") {
				literal = true
				continue
			}
			if strings.ContainsRune(valued, rune(flags[j])) {
				if flags[j+1:] == "" {
					i++
				}
				break
			}
		}
	}
	ops := a.from(i)
	switch name {
	case "new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp",
		"respawn-window", "respawnw", "run-shell", "run", "display-popup", "popup", "pipe-pane", "pipep":
		w.termRuns(ops, "in a tmux "+name+", outside the agent")
	case "if-shell", "if":
		// if-shell SHELL-COMMAND TMUX-COMMAND [TMUX-COMMAND]
		w.termRuns(ops.first(), "in tmux if-shell, outside the agent")
		for k := 1; k < len(ops.words) && k < 3; k++ {
			if !ops.isDyn(k) {
				w.r.script("tmux "+ops.words[k], a.c, "tmux if-shell runs")
			}
		}
	case "send-keys", "send":
		var b strings.Builder
		for k, s := range ops.words {
			if ops.isDyn(k) {
				w.termTypes(a.c, "", true, "into a tmux pane")
				return
			}
			if !literal {
				if t, ok := tmuxKey(s); ok {
					b.WriteString(t)
					continue
				}
			}
			b.WriteString(s)
		}
		w.termTypes(a.c, b.String(), false, "into a tmux pane")
	case "paste-buffer", "pasteb":
		w.termTypes(a.c, "", true, "into a tmux pane (a pasted buffer)")
	case "source-file", "source":
		for k, f := range ops.words {
			w.termConfigFile(a.c, -1, f, ops.isDyn(k), "tmux", "tmux "+name)
		}
	}
}

func (a termArgs) first() termArgs { return a.upTo(1) }

// upTo is the first n words of a.
func (a termArgs) upTo(n int) termArgs {
	if n > len(a.words) {
		n = len(a.words)
	}
	t := termArgs{c: a.c, words: a.words[:n]}
	if len(a.dyn) > n {
		t.dyn = a.dyn[:n]
	} else {
		t.dyn = a.dyn
	}
	return t
}

// unescapeTyped turns the escapes screen, kitty and wezterm read in typed
// text (\n, \r, ^M) into what they type.
func unescapeTyped(s string) string {
	r := strings.NewReplacer(`\n`, "\n", `\r`, "\n", `^M`, "\n", `^J`, "\n", `\015`, "\n", `\012`, "\n", `\x0d`, "\n", `\x0a`, "\n", `\t`, " ")
	return r.Replace(s)
}

// terminalScreen: screen -X stuff TEXT types; screen -X screen CMD, screen
// -dm CMD and screen CMD start a program.
func (w *walker) terminalScreen(c *Cmd) {
	a := argsOf(c)
	i := 0
	for i < len(a.words) && strings.HasPrefix(a.words[i], "-") {
		o := a.words[i]
		i++
		switch {
		case o == "-X":
			w.screenCommand(a.from(i))
			return
		case o == "-ls" || o == "-list" || o == "-wipe" || o == "-v" || o == "-version":
			return
		case o == "-S" || o == "-p" || o == "-c" || o == "-e" || o == "-h" || o == "-s" || o == "-T" || o == "-t" || o == "-Logfile":
			if i < len(a.words) {
				if o == "-c" {
					w.termConfigFile(c, i, a.words[i], a.isDyn(i), "screen -X", "screen -c") // terminal_conf.go
				}
				i++
			}
		case strings.HasPrefix(o, "-r") || strings.HasPrefix(o, "-x") || strings.HasPrefix(o, "-R") || strings.HasPrefix(o, "-D"):
			if strings.HasPrefix(o, "-d") {
				continue
			}
			return // attaches to a session: runs nothing new
		case len(o) > 2 && strings.HasSuffix(o, "S"):
			// -dmS NAME
			if i < len(a.words) {
				i++
			}
		}
	}
	w.termRuns(a.from(i), "in a new screen window, outside the agent")
}

func (w *walker) screenCommand(a termArgs) {
	if len(a.words) == 0 {
		return
	}
	switch a.words[0] {
	case "stuff":
		ops := a.from(1)
		w.termTypes(a.c, unescapeTyped(strings.Join(ops.words, " ")), ops.anyDyn(), "into a screen window")
	case "screen", "exec":
		w.termRuns(screenProgram(a.from(1), a.words[0] == "screen"), "in a screen window, outside the agent")
	case "paste", "readreg", "register", "eval":
		w.termTypes(a.c, "", true, "into a screen window")
	case "source":
		// screen runs the file's lines as its own commands (exec, screen,
		// stuff): a download or a decoded payload there is remote code.
		if len(a.words) > 1 {
			at := len(a.c.Args) - len(a.words) + 1
			w.termConfigFile(a.c, at, a.words[1], a.isDyn(1), "screen -X", "screen's source")
		}
	}
}

// screenProgram drops what comes before the program of screen's own
// screen and exec commands: options (-t TITLE, -T TERM, -h LINES take a
// value) and, for screen, the window number.
func screenProgram(ops termArgs, window bool) termArgs {
	for len(ops.words) > 0 && strings.HasPrefix(ops.words[0], "-") {
		o := ops.words[0]
		ops = ops.from(1)
		if (o == "-t" || o == "-T" || o == "-h") && len(ops.words) > 0 {
			ops = ops.from(1)
		}
	}
	if window && len(ops.words) > 1 && !ops.isDyn(0) && isDigits(ops.words[0]) {
		ops = ops.from(1)
	}
	return ops
}

// terminalZellij: zellij action write-chars TEXT / write BYTES types;
// zellij run CMD and zellij action new-pane -- CMD start a program.
func (w *walker) terminalZellij(c *Cmd) {
	a := argsOf(c)
	k := 0
	for k < len(a.words) && strings.HasPrefix(a.words[k], "-") {
		k++
		if k < len(a.words) && !strings.HasPrefix(a.words[k], "-") && (a.words[k-1] == "-s" || a.words[k-1] == "--session" || a.words[k-1] == "-l" || a.words[k-1] == "--layout" || a.words[k-1] == "-c" || a.words[k-1] == "--config") {
			k++
		}
	}
	a = a.from(k)
	if len(a.words) > 0 && (a.words[0] == "action" || a.words[0] == "ac") {
		a = a.from(1)
		if len(a.words) == 0 {
			return
		}
		switch a.words[0] {
		case "write-chars":
			ops := a.from(1)
			w.termTypes(c, unescapeTyped(strings.Join(ops.words, " ")), ops.anyDyn(), "into a zellij pane")
			return
		case "write":
			w.termTypes(c, "", true, "into a zellij pane (as bytes)")
			return
		case "new-pane", "new-tab":
		default:
			return
		}
	} else if len(a.words) == 0 || (a.words[0] != "run" && a.words[0] != "r") {
		return
	}
	ops := a.from(1)
	for j, s := range ops.words {
		if s == "--" {
			w.termRuns(ops.from(j+1), "in a zellij pane, outside the agent")
			return
		}
	}
	for len(ops.words) > 0 && strings.HasPrefix(ops.words[0], "-") {
		o := ops.words[0]
		ops = ops.from(1)
		if !strings.Contains(o, "=") && (o == "-d" || o == "--direction" || o == "-n" || o == "--name" || o == "--cwd" || o == "--layout" || o == "-l") && len(ops.words) > 0 {
			ops = ops.from(1)
		}
	}
	w.termRuns(ops, "in a zellij pane, outside the agent")
}

// terminalKitty: kitty @ send-text TEXT, kitty @ send-key, kitty @ launch
// CMD, kitty -e CMD / kitty CMD.
func (w *walker) terminalKitty(c *Cmd) {
	av := c.Argv()
	ops := termArgs{c: c}
	for i, k := range av.OperandArg {
		ops.words = append(ops.words, av.Operands[i])
		ops.dyn = append(ops.dyn, k < len(c.Dynamic) && c.Dynamic[k])
	}
	verb := strings.Join(av.Sub, " ")
	switch verb {
	case "@ send-text":
		w.termTypes(c, unescapeTyped(strings.Join(ops.words, " ")), ops.anyDyn(), "into a kitty window")
	case "@ send-key":
		w.termTypes(c, "", true, "into a kitty window (as keys)")
	case "@ launch", "@ new-window":
		w.termRuns(ops, "in a new kitty window, outside the agent")
	case "":
		// kitty [options] [-e] PROGRAM ARGS: the program's own options
		// follow it, so the words after the first operand are read as is.
		a := argsOf(c)
		for k, s := range a.words {
			if s == "-e" || s == "--" || !strings.HasPrefix(s, "-") && (k == 0 || !strings.HasSuffix(a.words[k-1], "=") && !kittyOwnValue(a.words[k-1])) {
				if s == "-e" || s == "--" {
					k++
				}
				if rest := a.from(k); len(rest.words) > 0 && !strings.HasPrefix(rest.words[0], "+") {
					w.termRuns(rest, "in a new kitty window, outside the agent")
				}
				return
			}
		}
	}
}

// kittyOwnValue: o is one of kitty's own options whose value is the
// next word (specs/hand.spec lists them).
func kittyOwnValue(o string) bool {
	switch o {
	case "-c", "-o", "-T", "-d", "--config", "--override", "--title", "--directory", "--class", "--name", "--session", "--listen-on", "--start-as":
		return true
	}
	return false
}

// terminalWezterm: wezterm cli send-text TEXT, wezterm cli spawn CMD,
// wezterm start CMD, wezterm -e CMD.
func (w *walker) terminalWezterm(c *Cmd) {
	a := argsOf(c)
	for len(a.words) > 0 && strings.HasPrefix(a.words[0], "-") {
		o := a.words[0]
		a = a.from(1)
		if o == "-e" {
			w.termRuns(a, "in a new WezTerm window, outside the agent")
			return
		}
		if (o == "--config-file" || o == "--config") && len(a.words) > 0 {
			a = a.from(1)
		}
	}
	if len(a.words) == 0 {
		return
	}
	verb := a.words[0]
	a = a.from(1)
	if verb == "cli" {
		for len(a.words) > 0 && strings.HasPrefix(a.words[0], "-") {
			a = a.from(1)
		}
		if len(a.words) == 0 {
			return
		}
		verb = "cli " + a.words[0]
		a = a.from(1)
	}
	skip := func(a termArgs) termArgs {
		for len(a.words) > 0 && strings.HasPrefix(a.words[0], "-") {
			o := a.words[0]
			a = a.from(1)
			if o == "--" {
				break
			}
			if !strings.Contains(o, "=") && o != "--no-paste" && o != "--new-window" && o != "--always-new-process" && len(a.words) > 0 {
				a = a.from(1)
			}
		}
		return a
	}
	switch verb {
	case "cli send-text":
		ops := skip(a)
		w.termTypes(c, unescapeTyped(strings.Join(ops.words, " ")), ops.anyDyn() || len(ops.words) == 0, "into a WezTerm pane")
	case "start", "cli spawn", "cli split-pane", "ssh", "connect":
		if verb == "ssh" || verb == "connect" {
			return
		}
		w.termRuns(skip(a), "in a new WezTerm pane, outside the agent")
	}
}

// terminalXdotool: xdotool type TEXT and key NAMES, chained.
func (w *walker) terminalXdotool(c *Cmd) {
	a := argsOf(c)
	var b strings.Builder
	typed, dyn := false, false
	mode := ""
	for k, s := range a.words {
		switch s {
		case "type", "key", "keydown", "keyup", "search", "windowactivate", "windowfocus", "sleep", "mousemove", "click", "exec":
			mode = s
			continue
		}
		if strings.HasPrefix(s, "--") {
			if s == "--delay" || s == "--window" || s == "--repeat" || s == "--repeat-delay" || s == "--name" || s == "--class" || s == "--classname" {
				mode += "+skip"
			}
			continue
		}
		if strings.HasSuffix(mode, "+skip") {
			mode = strings.TrimSuffix(mode, "+skip")
			continue
		}
		switch mode {
		case "type":
			typed = true
			dyn = dyn || a.isDyn(k)
			b.WriteString(s)
		case "key", "keydown":
			typed = true
			dyn = dyn || a.isDyn(k)
			switch strings.ToLower(s) {
			case "return", "kp_enter", "enter", "ctrl+m", "ctrl+j", "linefeed":
				b.WriteString("\n")
			case "space":
				b.WriteString(" ")
			default:
				if len(s) == 1 {
					b.WriteString(s)
				}
			}
		case "exec":
			w.termRuns(a.from(k), "through xdotool exec")
			return
		}
	}
	if typed {
		w.termTypes(c, b.String(), dyn, "as keystrokes into the window in front")
	}
}

// terminalYdotool: ydotool type TEXT, ydotool key CODES.
func (w *walker) terminalYdotool(c *Cmd) {
	a := argsOf(c)
	if len(a.words) == 0 {
		return
	}
	switch a.words[0] {
	case "type":
		ops := a.from(1)
		for len(ops.words) > 0 && strings.HasPrefix(ops.words[0], "-") {
			o := ops.words[0]
			ops = ops.from(1)
			if !strings.Contains(o, "=") && (o == "-d" || o == "--key-delay" || o == "-H" || o == "--key-hold" || o == "-f" || o == "--file" || o == "-D" || o == "--next-delay") && len(ops.words) > 0 {
				if o == "-f" || o == "--file" {
					w.termTypes(c, "", true, "as keystrokes from a file")
					return
				}
				ops = ops.from(1)
			}
		}
		w.termTypes(c, unescapeTyped(strings.Join(ops.words, " ")), ops.anyDyn(), "as keystrokes into the window in front")
	case "key":
		w.termTypes(c, "", true, "as key presses into the window in front")
	}
}

// terminalOsascript: AppleScript's do script "CMD" (Terminal, iTerm's write
// text) runs a command in a terminal; keystroke "TEXT" types it.
func (w *walker) terminalOsascript(c *Cmd) {
	a := argsOf(c)
	var src strings.Builder
	for k, s := range a.words {
		if k > 0 && a.words[k-1] == "-e" {
			if a.isDyn(k) {
				w.termTypes(c, "", true, "through AppleScript")
				return
			}
			src.WriteString(s)
			src.WriteString("\n")
		}
	}
	if c.Stdin != "" {
		src.WriteString(c.Stdin)
	}
	script := src.String()
	for _, verb := range []string{"do script", "write text", "keystroke"} {
		rest := script
		for {
			k := strings.Index(strings.ToLower(rest), verb)
			if k < 0 {
				break
			}
			rest = rest[k+len(verb):]
			arg, ok := appleString(rest)
			if !ok {
				w.termTypes(c, "", true, "through AppleScript "+verb)
				continue
			}
			if verb == "keystroke" {
				w.termTypes(c, arg, false, "as keystrokes through AppleScript")
				continue
			}
			w.r.mutates()
			w.r.script(arg, c, "AppleScript "+verb+" runs in a terminal, outside the agent")
		}
	}
}

// appleString reads the AppleScript string literal at the start of s
// (after spaces), with its \" and \\ escapes.
func appleString(s string) (string, bool) {
	s = strings.TrimLeft(s, " \t")
	if !strings.HasPrefix(s, `"`) {
		return "", false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				switch s[i] {
				case 'n', 'r':
					b.WriteByte('\n')
				case 't':
					b.WriteByte(' ')
				default:
					b.WriteByte(s[i])
				}
			}
		case '"':
			return b.String(), true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", false
}

// terminalEmulator: a terminal emulator started with a command: -e, -x,
// --command, --execute, or -- before it (foot and st take it as operands).
func (w *walker) terminalEmulator(c *Cmd) {
	a := argsOf(c)
	operands := c.Name == "foot" || c.Name == "footclient" || c.Name == "wt"
	for k := 0; k < len(a.words); k++ {
		s := a.words[k]
		switch {
		case s == "-e" || s == "-x" || s == "--command" || s == "--execute" || s == "--" || s == "--exec" || s == "-c" && c.Name == "st":
			w.termRuns(a.from(k+1), "in a new "+c.Name+" window, outside the agent")
			return
		case strings.HasPrefix(s, "--command=") || strings.HasPrefix(s, "--execute=") || strings.HasPrefix(s, "-e="):
			v := s[strings.Index(s, "=")+1:]
			w.termRuns(termArgs{c: c, words: []string{v}, dyn: []bool{a.isDyn(k)}}, "in a new "+c.Name+" window, outside the agent")
			return
		case !strings.HasPrefix(s, "-") && operands:
			w.termRuns(a.from(k), "in a new "+c.Name+" window, outside the agent")
			return
		}
	}
}

// terminalTiocsti: code that pushes characters into the terminal's input
// with the TIOCSTI ioctl types what its string literals say; code whose
// typed text cannot be read is held.
func (w *walker) terminalTiocsti(c *Cmd, code string) {
	var typed []string
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' {
			continue
		}
		var b strings.Builder
		j := i + 1
		for ; j < len(code) && code[j] != q; j++ {
			if code[j] == '\\' && j+1 < len(code) {
				j++
				switch code[j] {
				case 'n', 'r':
					b.WriteByte('\n')
				default:
					b.WriteByte(code[j])
				}
				continue
			}
			b.WriteByte(code[j])
		}
		if j >= len(code) {
			break
		}
		if t := b.String(); strings.ContainsAny(t, " \n") || len(t) > 1 && !strings.ContainsAny(t, "./") {
			typed = append(typed, t)
		}
		i = j
	}
	if len(typed) == 0 {
		w.termTypes(c, "", true, "into the terminal's input (TIOCSTI)")
		return
	}
	for _, t := range typed {
		w.termTypes(c, t, false, "into the terminal's input (TIOCSTI)")
	}
}

// openedScript is the shell script macOS open runs in a new Terminal
// window: a file named .command, .tool or .sh, or any file opened with a
// terminal application (-a Terminal, -a iTerm, -b com.apple.Terminal).
func openedScript(c *Cmd) string {
	term := false
	var file string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a == "-a" || a == "-b":
			if i+1 < len(c.Args) {
				i++
				app := strings.ToLower(c.Args[i])
				term = term || strings.Contains(app, "terminal") || strings.Contains(app, "iterm") || strings.Contains(app, "kitty") ||
					strings.Contains(app, "alacritty") || strings.Contains(app, "wezterm") || strings.Contains(app, "ghostty")
			}
		case a == "--args":
			i = len(c.Args)
		case strings.HasPrefix(a, "-"):
		case file == "":
			file = a
		}
	}
	ext := strings.ToLower(file[strings.LastIndexByte(file, '.')+1:])
	if file != "" && (term || ext == "command" || ext == "tool") {
		return file
	}
	return ""
}
