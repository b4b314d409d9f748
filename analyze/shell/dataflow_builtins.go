package shell

import (
	"strings"
)

// builtin applies what a shell builtin does to the walker's state: read,
// mapfile, printf -v, set, shift, unset, alias, unalias, cd, pushd and
// popd. handled is true when the command needs no further analysis.
func (w *walker) builtin(c *Cmd, in stream) (out stream, handled bool) {
	if c.Path != c.Name {
		return stream{}, false // /usr/bin/printf is no builtin
	}
	dy := dynamicOf(c)
	w.subscriptArgs(c) // arith_eval.go: read 'a[$(cmd)]'
	switch c.Name {
	case "read":
		w.read(c, in)
		return stream{}, true
	case "mapfile", "readarray":
		w.mapfile(c, in)
		// -C CALLBACK runs a command every -c lines it reads.
		w.execOptions(c)
		return stream{}, true
	case "printf":
		if len(c.Args) >= 2 && c.Args[0] == "-v" {
			name := c.Args[1]
			if !isName(strings.TrimSuffix(name, "[0]")) {
				return stream{}, true
			}
			args := c.Args[2:]
			dyns := dy[2:]
			if len(args) > 0 && args[0] == "--" {
				args, dyns = args[1:], dyns[1:]
			}
			if len(args) == 0 {
				return stream{}, true
			}
			w.state().setScalar(strings.TrimSuffix(name, "[0]"), printfAll(args[0], args[1:]), anyTrue(dyns))
			return stream{}, true
		}
	case "set":
		w.set(c)
	case "shift":
		st := w.state()
		n := 1
		if len(c.Args) > 0 {
			var ok bool
			n, ok = atoiSmall(c.Args[0])
			if !ok || dy[0] {
				st.posKnown, st.pos, st.posDyn = false, nil, nil
				st.changed = true
				return stream{}, false
			}
		}
		if st.posKnown && n <= len(st.pos) {
			st.setPos(st.pos[n:], st.posDyn[n:])
		}
	case "unset":
		st := w.state()
		fn := false
		for i, a := range c.Args {
			switch {
			case a == "-f":
				fn = true
			case a == "-v" || a == "-n":
			case dy[i]:
			case fn:
				if _, ok := st.funcs[a]; ok {
					st.own()
					delete(st.funcs, a)
				}
			case isName(a):
				st.setVar(a, shVar{unset: true})
			}
		}
	case "alias":
		st := w.state()
		for i, a := range c.Args {
			name, val, ok := strings.Cut(a, "=")
			if !ok || name == "" || strings.HasPrefix(name, "-") {
				continue
			}
			if dy[i] {
				// An alias whose text is only known at run time.
				val = "\x00" + val
			}
			st.setAlias(name, val)
		}
	case "unalias":
		st := w.state()
		for _, a := range c.Args {
			if a == "-a" {
				// Keep the aliases: unalias may fail, and keeping them is the
				// stricter reading.
				continue
			}
			if _, ok := st.aliases[a]; ok {
				st.own()
				delete(st.aliases, a)
			}
		}
	case "hash":
		// hash -p /bin/rm ls: the name now runs that program, like an alias.
		if v, ok := c.Flag("-p"); ok {
			if names := c.Positional("-p"); len(names) > 0 && isName(strings.ReplaceAll(names[0], "-", "_")) {
				if i := indexOf(c.Args, v); i >= 0 && dy[i] {
					v = "\x00" + v
				}
				w.state().setAlias(names[0], v)
			}
		}
	case "cd", "pushd", "popd", "chdir":
		w.changeDir(c)
	case "enable":
		// enable -f lib.so name: bash loads the compiled library and runs
		// its code inside the shell, as LD_PRELOAD would.
		if lib, ok := c.Flag("-f"); ok {
			w.r.mutates()
			w.r.add(c.find(rulePreload, "Loads the compiled library "+lib+" into the shell as a new builtin (enable -f): its code runs inside the shell, unchecked.", lib))
		}
	}
	return stream{}, false
}

// read sets variables from a line of standard input, split on IFS; the
// last name takes the rest of the line, -a fills an array.
func (w *walker) read(c *Cmd, in stream) {
	st := w.state()
	raw := false
	array := ""
	delim := byte('\n')
	var names []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if a == "--" {
			names = append(names, c.Args[i+1:]...)
			break
		}
		if len(a) > 1 && a[0] == '-' {
			for j := 1; j < len(a); j++ {
				switch a[j] {
				case 'r':
					raw = true
				case 's', 'e':
				case 'a', 'd', 'n', 'N', 'p', 't', 'u', 'i':
					val := a[j+1:]
					if val == "" && i+1 < len(c.Args) {
						i++
						val = c.Args[i]
					}
					switch a[j] {
					case 'u':
						if sock, ok := w.socketFd(val); ok {
							in = socketStream(sock) // read -u 5: the connection on fd 5
						}
					case 'a':
						array = val
					case 'd':
						delim = 0
						if val != "" {
							delim = val[0]
						}
					}
					j = len(a)
				}
			}
			continue
		}
		names = append(names, a)
	}
	if array == "" && len(names) == 0 {
		names = []string{"REPLY"}
	}
	defer w.readSecret(append(names, array), in)
	if in.kind == streamNetwork {
		// while read l <&5, nc h p | while read l: each line comes from
		// the network, and goes wherever the variable goes.
		what := in.what
		defer func() {
			for _, n := range append(names, array) {
				if isName(n) {
					st.markNet(n, what)
				}
			}
		}()
	}
	text, known := "", in.kind == streamLiteral || in.kind == streamDecoded
	if in.kind == streamUnknown && in.item != "" {
		// ls -d /* | while read d: each line is one of the names the
		// pattern stands for.
		known, raw = true, true
		in = stream{kind: streamLiteral, text: in.item}
	}
	if known {
		text = in.text
		if i := strings.IndexByte(text, delim); i >= 0 {
			text = text[:i]
		}
		if !raw {
			text = unescapeUnquoted(text)
		}
	}
	ifs, ifsKnown := st.ifs()
	dyn := !known || !ifsKnown
	if array != "" {
		if !isName(array) {
			return
		}
		var vals []string
		if known {
			vals, _, _ = splitIFS(text, ifs)
		} else {
			vals = []string{"$(read)"}
		}
		st.setVar(array, shVar{vals: vals, array: true, dyn: dyn})
		return
	}
	rest := text
	for i, n := range names {
		if !isName(n) {
			continue
		}
		if !known {
			st.setScalar(n, "$(read)", true)
			continue
		}
		if i == len(names)-1 {
			st.setScalar(n, trimIFSWhite(rest, ifs), dyn)
			continue
		}
		parts, _, _ := splitIFS(rest, ifs)
		field := ""
		if len(parts) > 0 {
			field = parts[0]
		}
		st.setScalar(n, field, dyn)
		rest = afterFirstField(rest, ifs)
	}
}

// mapfile fills an array with the lines of standard input.
func (w *walker) mapfile(c *Cmd, in stream) {
	st := w.state()
	name := "MAPFILE"
	if p := c.Positional("-d", "-n", "-O", "-s", "-u", "-C", "-c"); len(p) > 0 {
		name = p[len(p)-1]
	}
	if !isName(name) {
		return
	}
	defer w.readSecret([]string{name}, in)
	if fd, ok := c.Flag("-u"); ok {
		if sock, ok := w.socketFd(fd); ok {
			in = socketStream(sock) // mapfile -u 5: the connection on fd 5
		}
	}
	if in.kind == streamNetwork {
		defer st.markNet(name, in.what)
	}
	if in.kind == streamUnknown && in.item != "" {
		st.setVar(name, shVar{vals: []string{in.item}, array: true})
		return
	}
	if in.kind != streamLiteral && in.kind != streamDecoded {
		st.setVar(name, shVar{vals: []string{"$(read)"}, array: true, dyn: true})
		return
	}
	sep := "\n"
	if d, ok := c.Flag("-d"); ok {
		sep = d
		if d == "" {
			sep = "\x00"
		}
	}
	lines := strings.SplitAfter(in.text, sep)
	var vals []string
	for _, l := range lines {
		if l == "" {
			continue
		}
		if c.Has("-t") {
			l = strings.TrimSuffix(l, sep)
		}
		vals = append(vals, l)
	}
	st.setVar(name, shVar{vals: vals, array: true})
}

// set sets the positional parameters (set -- a b, set a b); options alone
// leave them.
func (w *walker) set(c *Cmd) {
	dy := dynamicOf(c)
	for i, a := range c.Args {
		if a == "-e" || isCluster(a) && strings.IndexByte(a, 'e') > 0 || a == "errexit" && i > 0 && c.Args[i-1] == "-o" {
			w.state().errexit = true
		}
		if a == "--" || a == "-" {
			w.state().setPos(c.Args[i+1:], dy[i+1:])
			return
		}
		if len(a) > 1 && (a[0] == '-' || a[0] == '+') {
			if a == "-o" || a == "+o" {
				// The option name follows.
				if i+1 < len(c.Args) {
					continue
				}
			}
			continue
		}
		if i > 0 && (c.Args[i-1] == "-o" || c.Args[i-1] == "+o") {
			continue
		}
		w.state().setPos(c.Args[i:], dy[i:])
		return
	}
}

func trimIFSWhite(s, ifs string) string {
	ws := ""
	for _, c := range " \t\n" {
		if strings.ContainsRune(ifs, c) {
			ws += string(c)
		}
	}
	return strings.Trim(s, ws)
}

// afterFirstField returns s without its first IFS field and the
// delimiter after it.
func afterFirstField(s, ifs string) string {
	isDelim := func(c byte) bool { return strings.IndexByte(ifs, c) >= 0 }
	isWS := func(c byte) bool { return (c == ' ' || c == '\t' || c == '\n') && isDelim(c) }
	i := 0
	for i < len(s) && isWS(s[i]) {
		i++
	}
	for i < len(s) && !isDelim(s[i]) {
		i++
	}
	for i < len(s) && isWS(s[i]) {
		i++
	}
	if i < len(s) && isDelim(s[i]) && !isWS(s[i]) {
		i++
		for i < len(s) && isWS(s[i]) {
			i++
		}
	}
	return s[i:]
}

func atoiSmall(s string) (int, bool) {
	if !isDigits(s) || len(s) > 6 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func indexOf(words []string, w string) int {
	for i, x := range words {
		if x == w {
			return i
		}
	}
	return -1
}

// dynamicOf returns c.Dynamic with one entry per argument; a missing entry
// counts as unknown.
func dynamicOf(c *Cmd) []bool {
	if len(c.Dynamic) == len(c.Args) {
		return c.Dynamic
	}
	d := make([]bool, len(c.Args))
	for i := range d {
		d[i] = i >= len(c.Dynamic) || c.Dynamic[i]
	}
	return d
}
