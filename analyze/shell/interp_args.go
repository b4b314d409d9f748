package shell

import (
	"strings"
)

// Interpreter command lines read as each interpreter reads them: option
// clusters (python -Ic, perl -wle, ruby -ne, node -pe), values attached or
// separate (python -cprint(1), perl -MFile::Path, ruby -rfileutils,
// node --eval=code, -r mod), options that take a value (python -W x,
// -X opt; perl -I dir; node --require mod), PowerShell's case-insensitive
// abbreviations (-c, -com, -e, -enc, -EncodedCommand). A missing value
// leaves nothing to run; an option not known is skipped without its value.

// interpArgs is what an interpreter's command line runs.
type interpArgs struct {
	codes   []string // inline code, in order (perl -e … -e …)
	idx     []int    // the argument each code is in
	lang    string   // the language of the code (osascript -l JavaScript is "jxa")
	encoded bool     // PowerShell -EncodedCommand: base64 of UTF-16LE
	file    int      // index of the script file ("-": standard input), -1 when none
	module  int      // python -m: index of the module's name, -1 when none
	// loads are what node loads before the script (--require, -r,
	// --import, --loader, --experimental-loader): a module, a file or a
	// data: URL whose text is code.
	loads []string
}

func (a *interpArgs) add(code string, i int) {
	a.codes = append(a.codes, code)
	a.idx = append(a.idx, i)
}

// parseInterpArgs reads the arguments of interpreter name (of language lang).
func parseInterpArgs(lang, name string, args []string) interpArgs {
	a := interpArgs{lang: lang, file: -1, module: -1}
	switch lang {
	case "python":
		a.python(args)
	case "perl":
		a.clusters(args, "eE", "MmI", "idxDCF", "l0")
	case "ruby":
		a.clusters(args, "e", "rICEX", "FixWKT", "0")
	case "php":
		a.clusters(args, "rBRE", "dcfFzStA", "", "")
		// php -f file runs the file; -F file runs it for every input line.
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "-f" || args[i] == "-F" {
				a.file = i + 1
			}
		}
	case "lua":
		a.clusters(args, "e", "l", "", "")
	case "r":
		if name == "r" {
			a.rFrontEnd(args)
			break
		}
		a.clusters(args, "e", "", "", "")
	case "julia":
		a.julia(args)
	case "osascript":
		a.clusters(args, "e", "ls", "", "")
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "-l" && strings.EqualFold(args[i+1], "JavaScript") {
				a.lang = "jxa"
			}
		}
	case "node", "deno":
		a.node(name, args)
	case "powershell":
		a.powershell(name, args)
	case "tcl":
		a.clusters(args, "", "", "", "")
	}
	return a
}

// python: -c and -m end the options; -W and -X take a value; every other
// letter is a flag that may be clustered (-Ic, -uBc).
func (a *interpArgs) python(args []string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			if i+1 < len(args) {
				a.file = i + 1
			}
			return
		case arg == "-":
			a.file = i
			return
		case strings.HasPrefix(arg, "--"):
			if arg == "--check-hash-based-pycs" {
				i++
			}
			continue
		case len(arg) > 1 && arg[0] == '-':
			for j := 1; j < len(arg); j++ {
				switch arg[j] {
				case 'c':
					if code, ok := optValue(args, &i, arg[j+1:]); ok {
						a.add(code, i)
					}
					return
				case 'm':
					if _, ok := optValue(args, &i, arg[j+1:]); ok {
						if arg[j+1:] == "" {
							a.module = i
						} else {
							a.module = -2 - i // attached: -mpip
						}
					}
					return
				case 'W', 'X':
					optValue(args, &i, arg[j+1:])
					j = len(arg)
				}
			}
			continue
		}
		a.file = i
		return
	}
}

// optValue is an option's value: the rest of the cluster, or the next
// argument (advancing *i).
func optValue(args []string, i *int, rest string) (string, bool) {
	if rest != "" {
		return rest, true
	}
	if *i+1 < len(args) {
		*i++
		return args[*i], true
	}
	return "", false
}

// endsOptions reports whether args[i] ends an interpreter's options: after
// "--" the script file follows, "-" reads it from standard input; either
// is the script unless code was given.
func (a *interpArgs) endsOptions(args []string, i int) bool {
	switch args[i] {
	case "--":
		if i+1 < len(args) && len(a.codes) == 0 {
			a.file = i + 1
		}
		return true
	case "-":
		if len(a.codes) == 0 {
			a.file = i
		}
		return true
	}
	return false
}

// clusters reads Perl-, Ruby-, PHP-, Lua-like options: letters in code take
// the inline code (attached or next), letters in value take a value
// (attached or next), letters in rest take the rest of the cluster,
// letters in digits take the digits that follow. The first argument that
// is not an option is the script file, unless code was given.
func (a *interpArgs) clusters(args []string, code, value, rest, digits string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case a.endsOptions(args, i):
			return
		case strings.HasPrefix(arg, "--"):
			// Long options (ruby --enable=x, Rscript --vanilla): values attached.
			if (arg == "--enable" || arg == "--disable" || arg == "--encoding" || arg == "--external-encoding" || arg == "--internal-encoding") && i+1 < len(args) {
				i++
			}
			continue
		case len(arg) > 1 && arg[0] == '-':
		cluster:
			for j := 1; j < len(arg); j++ {
				ch := arg[j]
				switch {
				case strings.IndexByte(code, ch) >= 0:
					if v, ok := optValue(args, &i, arg[j+1:]); ok {
						a.add(v, i)
					}
					break cluster
				case strings.IndexByte(value, ch) >= 0:
					optValue(args, &i, arg[j+1:])
					break cluster
				case strings.IndexByte(rest, ch) >= 0:
					break cluster
				case strings.IndexByte(digits, ch) >= 0:
					for j+1 < len(arg) && (arg[j+1] >= '0' && arg[j+1] <= '9' || ch == '0' && (arg[j+1] == 'x' || isHex(arg[j+1]))) {
						j++
					}
				}
			}
			continue
		}
		if len(a.codes) == 0 {
			a.file = i
		}
		return
	}
}

// node: -e/--eval and -p/--print take the code (attached with = or next);
// -pe is -p -e; -r/--require and the options node's spec gives a value take one. deno
// eval and bun -e/--eval run code too.
func (a *interpArgs) node(name string, args []string) {
	if name == "deno" || name == "bun" {
		for i, arg := range args {
			if arg == "run" {
				a.runSub(args[i+1:], i+1)
				return
			}
			if arg == "eval" && name == "deno" {
				// deno eval [options] code
				for j := i + 1; j < len(args); j++ {
					if !strings.HasPrefix(args[j], "-") {
						a.add(args[j], j)
						return
					}
				}
				return
			}
			if !strings.HasPrefix(arg, "-") {
				break
			}
		}
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case a.endsOptions(args, i):
			return
		case strings.HasPrefix(arg, "--"):
			opt, v, hasEq := strings.Cut(arg, "=")
			switch {
			case opt == "--eval" || opt == "--print":
				if hasEq {
					a.add(v, i)
				} else if i+1 < len(args) {
					i++
					a.add(args[i], i)
				}
			case nodePreload(opt):
				if hasEq {
					a.loads = append(a.loads, v)
				} else if i+1 < len(args) {
					i++
					a.loads = append(a.loads, args[i])
				}
			case nodeTakesValue(opt) && !hasEq:
				i++
			}
			continue
		case len(arg) > 1 && arg[0] == '-':
		cluster:
			for j := 1; j < len(arg); j++ {
				switch arg[j] {
				case 'e', 'p':
					if arg[j] == 'p' && j+1 < len(arg) && arg[j+1] == 'e' {
						j++
					}
					if v, ok := optValue(args, &i, strings.TrimPrefix(arg[j+1:], "=")); ok {
						a.add(v, i)
					}
					break cluster
				case 'r', 'C':
					if v, ok := optValue(args, &i, arg[j+1:]); ok && arg[j] == 'r' {
						a.loads = append(a.loads, v)
					}
					break cluster
				}
			}
			continue
		}
		if len(a.codes) == 0 {
			a.file = i
		}
		return
	}
}

// runSub reads the words after deno's or bun's run subcommand: the
// first operand is the file that runs ("-": standard input).
func (a *interpArgs) runSub(args []string, base int) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			if i+1 < len(args) {
				a.file = base + i + 1
			}
			return
		case arg == "-":
			a.file = base + i
			return
		case strings.HasPrefix(arg, "-"):
			continue // deno's and bun's options take their values attached (--allow-read=DIR)
		}
		a.file = base + i
		return
	}
}

// rFrontEnd reads R's command line: -e EXPR and --file=FILE / -f FILE as
// Rscript reads them, and R CMD BATCH FILE, which runs FILE; with none of
// them R runs what its standard input gives.
func (a *interpArgs) rFrontEnd(args []string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "CMD" || arg == "cmd":
			if i+1 < len(args) && strings.EqualFold(args[i+1], "BATCH") {
				for j := i + 2; j < len(args); j++ {
					if !strings.HasPrefix(args[j], "-") {
						a.file = j
						return
					}
				}
			}
			a.file = -2 // another R CMD tool: no code of its own here
			return
		case arg == "-e":
			if i+1 < len(args) {
				i++
				a.add(args[i], i)
			}
		case arg == "-f":
			if i+1 < len(args) {
				i++
				a.file = i
			}
		case strings.HasPrefix(arg, "--file="):
			a.file = i
		case arg == "--args":
			return
		}
	}
}

// psParams are PowerShell's parameters; a prefix of a name selects it when
// it is unambiguous.
var psParams = []string{"command", "commandwithargs", "configurationfile", "configurationname", "custompipename", "encodedarguments", "encodedcommand",
	"executionpolicy", "file", "help", "inputformat", "interactive", "login", "mta", "noexit", "nologo", "noninteractive", "noprofile",
	"noprofileloadtime", "outputformat", "settingsfile", "sshservermode", "sta", "version", "windowstyle", "workingdirectory"}

// psAliases are the short names PowerShell documents.
var psAliases = map[string]string{
	"c": "command", "cwa": "commandwithargs", "e": "encodedcommand", "ec": "encodedcommand", "en": "encodedcommand", "enc": "encodedcommand",
	"ea": "encodedarguments", "ep": "executionpolicy", "ex": "executionpolicy", "f": "file", "h": "help", "if": "inputformat", "i": "interactive",
	"l": "login", "nop": "noprofile", "noni": "noninteractive", "nol": "nologo", "o": "outputformat", "of": "outputformat", "v": "version",
	"w": "windowstyle", "wd": "workingdirectory", "config": "configurationname", "?": "help",
}

// psValueParams take a value.
var psValueParams = map[string]bool{"configurationfile": true, "configurationname": true, "custompipename": true, "encodedarguments": true,
	"executionpolicy": true, "inputformat": true, "outputformat": true, "settingsfile": true, "version": true, "windowstyle": true, "workingdirectory": true}

// psParam resolves a PowerShell parameter name ("-Com", "/enc", "--command").
// When a prefix is ambiguous and one of its candidates runs code, that one
// is taken: PowerShell refuses the command line, and reading it as code
// errs on the safe side.
func psParam(arg string) (string, bool) {
	var n string
	switch {
	case strings.HasPrefix(arg, "--"):
		n = arg[2:]
	case strings.HasPrefix(arg, "-") || strings.HasPrefix(arg, "/"):
		n = arg[1:]
	default:
		return "", false
	}
	n = strings.ToLower(n)
	if n == "" {
		return "", false
	}
	if full, ok := psAliases[n]; ok {
		return full, true
	}
	var found []string
	for _, p := range psParams {
		if strings.HasPrefix(p, n) {
			found = append(found, p)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], true
	case len(found) > 1:
		for _, f := range found {
			if f == "command" || f == "encodedcommand" || f == n {
				return f, true
			}
		}
		return found[0], true
	}
	return "", true
}

// powershell reads pwsh and powershell command lines: -Command takes the
// rest of the line, -EncodedCommand base64 of UTF-16LE, -File a script. A
// first argument that is not a parameter is a command for Windows
// PowerShell (powershell.exe) and a script file for pwsh.
func (a *interpArgs) powershell(name string, args []string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		p, isParam := psParam(arg)
		if !isParam || arg == "-" {
			if arg == "-" {
				a.file = i
				return
			}
			if name == "pwsh" {
				a.file = i
				return
			}
			a.add(strings.Join(args[i:], " "), i)
			return
		}
		switch {
		case p == "command" || p == "commandwithargs":
			if i+1 < len(args) {
				if args[i+1] == "-" {
					a.file = i + 1
					return
				}
				a.add(strings.Join(args[i+1:], " "), i+1)
			}
			return
		case p == "encodedcommand":
			if i+1 < len(args) {
				a.add(args[i+1], i+1)
				a.encoded = true
			}
			return
		case p == "file":
			if i+1 < len(args) {
				a.file = i + 1
			}
			return
		case psValueParams[p]:
			i++
		}
	}
}

// interpreterArgs analyses the inline code of an interpreter's command
// line (and python -m). handled is true when the command line ran code or
// a module; otherwise fileIdx is the script argument ("-" for standard
// input), or -1.
func (w *walker) interpreterArgs(c *Cmd, lang string) (handled bool, fileIdx int) {
	r := w.r
	a := parseInterpArgs(lang, c.Name, c.Args)
	if a.module != -1 && lang == "python" {
		var mod string
		var rest []string
		if a.module >= 0 {
			mod = c.Args[a.module]
			rest = c.Args[a.module+1:]
		} else {
			i := -2 - a.module
			mod = c.Args[i][strings.IndexByte(c.Args[i], 'm')+1:]
			rest = c.Args[i+1:]
		}
		if mod == "pip3" {
			mod = "pip"
		}
		if len(handlers()[mod]) > 0 {
			r.command(append([]string{mod}, rest...), c, "python -m "+mod+" runs")
		}
		return true, -1
	}
	if len(a.loads) > 0 {
		w.nodeLoads(c, a.loads)
	}
	if len(a.codes) == 0 {
		return false, a.file
	}
	if a.lang == "node" || a.lang == "deno" {
		a.lang = "node"
	}
	for k, code := range a.codes {
		i := a.idx[k]
		last := i
		if lang == "powershell" && !a.encoded {
			last = len(c.Args) - 1 // -Command takes the rest of the line
		}
		if w.dynamicCode(c, lang, i, last) {
			continue
		}
		if a.encoded {
			dec, ok := decodeUTF16Base64(code)
			if !ok {
				r.add(c.find(ruleObfuscated, "Runs an encoded PowerShell command that cannot be decoded, so what it does cannot be checked."))
				continue
			}
			r.add(c.find(ruleObfuscated, "Runs an encoded PowerShell command; decoded, it reads: "+truncateText(oneLine(dec), 120)))
			code = dec
		}
		w.inlineCode(c, a.lang, code)
	}
	return true, -1
}

// dynamicCode reports inline code the shell fills in when the command runs
// (python3 -c "$CODE", node -e "$(curl …)"): code from the network is remote
// code; other code only known then needs a person to look. It returns true
// when nothing of the code is known.
func (w *walker) dynamicCode(c *Cmd, lang string, first, last int) bool {
	dynamic := false
	for i := first; i <= last && i < len(c.Args); i++ {
		if i < len(c.proc) && c.proc[i].kind == streamNetwork {
			if !w.runsConnection(c, c.proc[i]) {
				w.r.add(c.find(w.remoteRule(c), "Runs "+langNames[lang]+" code downloaded from the network without showing it first."))
			}
			return true
		}
		if i < len(c.Dynamic) && c.Dynamic[i] {
			dynamic = true
		}
	}
	if dynamic {
		w.r.add(c.find(ruleInlineExec, "Runs "+langNames[lang]+" code that the shell fills in when the command runs ("+truncateText(oneLine(strings.Join(c.Args[first:min(last+1, len(c.Args))], " ")), 80)+"), so it cannot be checked first."))
	}
	return false
}

// julia reads julia's command line: -e/-E and --eval/--print (attached
// with = or the next word) are code; -L/--load, -t, -p, -O, -C, -J, -g,
// --project and the like take a value; the first operand is the script.
func (a *interpArgs) julia(args []string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case a.endsOptions(args, i):
			return
		case arg == "-e" || arg == "-E" || arg == "--eval" || arg == "--print":
			if i+1 < len(args) {
				i++
				a.add(args[i], i)
			}
			continue
		case strings.HasPrefix(arg, "--eval=") || strings.HasPrefix(arg, "--print="):
			_, v, _ := strings.Cut(arg, "=")
			a.add(v, i)
			continue
		case len(arg) > 2 && (arg[:2] == "-e" || arg[:2] == "-E"):
			a.add(arg[2:], i)
			continue
		case arg == "-L" || arg == "--load" || arg == "-t" || arg == "--threads" || arg == "-p" || arg == "--procs" ||
			arg == "-O" || arg == "-C" || arg == "-J" || arg == "--sysimage" || arg == "-g" || arg == "-H" || arg == "--home" ||
			arg == "--project" && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && false:
			i++
			continue
		case strings.HasPrefix(arg, "-"):
			continue
		}
		if len(a.codes) == 0 {
			a.file = i
		}
		return
	}
}
