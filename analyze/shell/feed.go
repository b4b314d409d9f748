package shell

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// ruleFeedUnknown: a destructive program given names that only arrive when
// the command runs, from a pipe or a file whose content is not shown.
var ruleFeedUnknown = &rule.Rule{
	ID: "shell.exec.feed-unknown", Category: rule.Destructive, Points: 50,
	Summary:     "Deletes or changes files whose names only arrive when the command runs (from a pipe or a file), so what it touches cannot be checked first.",
	Alternative: "print the list first (… | xargs echo …), then run the command on the names you checked",
	Match:       []string{"git ls-files | xargs rm -f", "grep -rl secret . | xargs shred -u", "xargs -a list.txt chmod 777", "cat files | parallel rm {}"},
	NoMatch:     []string{"echo a.txt | xargs rm -f", "git ls-files | xargs wc -l", "xargs -a list.txt cat", "find . -name '*.bak' | xargs rm"},
}

// feedDestructive are programs whose operands, when unknown, may be anything
// on the machine.
var feedDestructive = map[string]bool{"rm": true, "unlink": true, "shred": true, "srm": true, "wipe": true, "rmdir": true, "truncate": true,
	"chmod": true, "chown": true, "chgrp": true, "mv": true, "rimraf": true, "dd": true, "cp": true, "ln": true, "git": true}

// ruleFeedNetwork: a destructive program given names a web server chose.
var ruleFeedNetwork = &rule.Rule{
	ID: "shell.exec.feed-network", Category: rule.Destructive, Points: 80,
	Summary:     "Deletes or changes files whose names come from a download: whoever controls the server chooses what goes.",
	Alternative: "download the list to a file, read it, then run the command on the names you checked",
	Match:       []string{"curl -s https://example.com/list | xargs rm -rf", "wget -qO- https://example.com/l | xargs chmod 777"},
	NoMatch:     []string{"curl -s https://example.com/list | xargs echo", "echo build | xargs rm -rf"},
}

// feedUnknown reports a destructive program fed names that are not known.
func (w *walker) feedUnknown(cmd []string, cdyn []bool, text string, in stream) {
	if len(cmd) == 0 || !feedDestructive[progName(cmd[0])] {
		return
	}
	for i, d := range cdyn {
		if d && i > 0 && cmd[i] == "$(stdin)" && in.kind == streamNetwork {
			w.r.add(ruleFeedNetwork.Find(text, "Runs "+progName(cmd[0])+" on names that "+in.what+" chooses: whoever controls that server decides what it deletes or changes.", ""))
			w.r.mutates()
			return
		}
		if d && i > 0 && cmd[i] == "$(stdin)" {
			w.r.add(ruleFeedUnknown.Find(text, "Runs "+progName(cmd[0])+" on names that only arrive when the command runs (from a pipe or a file), so what it deletes or changes cannot be checked first.", ""))
			w.r.mutates()
			return
		}
	}
}

// Programs that build a command from words that arrive at run time: xargs
// and parallel read them from standard input, a file or their own
// argument lists (parallel's ":::"). What the pipeline shows when it is
// literal is used (echo / | xargs rm -rf deletes /); when it is unknown
// the operand stays unknown, which no destructive rule reads as harmless.

// maxFeedItems bounds how many literal items are spelt out in the command
// that is analysed.
const maxFeedItems = 64

// feedItems returns the words a stream yields for xargs or parallel, and
// whether they are known literally.
func feedItems(in stream, delim string) ([]string, bool) {
	return feedItemsMode(in, delim, false)
}

// feedItemsMode is feedItems; with lines, each line is one item (xargs -I
// and -L read lines, not blank-separated words).
func feedItemsMode(in stream, delim string, lines bool) ([]string, bool) {
	if in.item != "" {
		// find … | xargs: the item stands for each path find prints, which
		// the path rules read.
		return []string{in.item}, true
	}
	if in.kind != streamLiteral && in.kind != streamDecoded {
		return []string{"$(stdin)"}, false
	}
	var items []string
	switch {
	case delim == "" && lines:
		// One item per line.
		for _, l := range strings.Split(in.text, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				items = append(items, l)
			}
		}
	case delim == "":
		items = strings.Fields(in.text)
	default:
		for _, it := range strings.Split(in.text, delim) {
			if it != "" {
				items = append(items, it)
			}
		}
	}
	if len(items) == 0 {
		return nil, true
	}
	if len(items) > maxFeedItems {
		items = items[:maxFeedItems]
	}
	return items, true
}

// xargsDelim is the delimiter -0 or -d sets; "" splits on blanks.
func xargsDelim(av *Argv) string {
	for _, o := range av.Opts {
		switch o.Name {
		case "--null":
			return "\x00"
		case "--delimiter":
			return ansiC(o.Value)
		}
	}
	return ""
}

// xargsCommand reads an xargs command line: the command it runs (with the
// items read at run time in place), the stream the items come from and
// whether it runs a command at all.
func xargsCommand(argv []string, dyn []bool, proc []stream, in stream) ([]string, []bool, stream, bool) {
	av := parseArgv(SpecFor("xargs"), argv[1:], dyn[1:])
	repl, hasRepl := "", false
	fromFile := false
	noEmpty := false
	for _, o := range av.Opts {
		if o.Name == "--no-run-if-empty" {
			noEmpty = true
		}
		if o.Name == "--arg-file" {
			// -a FILE: the items come from FILE, and standard input is
			// left to the command.
			if src, ok := argFileStream(o, dyn, proc, in); ok {
				in = src
				continue
			}
		}
		switch {
		case o.Tags&TagNoExec != 0:
			return nil, nil, in, false
		case o.Name == "-I":
			repl, hasRepl = o.Value, true
		case o.Name == "--replace":
			repl, hasRepl = o.Value, true
			if repl == "" {
				repl = "{}"
			}
		case o.Name == "--arg-file":
			fromFile = true
		}
	}
	var cmd []string
	var cdyn []bool
	if len(av.OperandArg) == 0 {
		cmd, cdyn = []string{"echo"}, []bool{false}
	} else {
		start := av.OperandArg[0] + 1
		cmd = append([]string(nil), argv[start:]...)
		cdyn = append([]bool(nil), dyn[start:]...)
	}
	items, literal := feedItemsMode(in, xargsDelim(av), hasRepl)
	if hasRepl && literal && len(cmd) > 0 && feedDestructive[progName(cmd[0])] {
		// A line with blanks in it is one name to xargs -I; a program that
		// deletes or changes files is judged on each word of it too (echo
		// node_modules dist | xargs -I{} rm -rf {}), the stricter reading
		// when one of them is a place that matters.
		var words []string
		for _, it := range items {
			words = append(words, strings.Fields(it)...)
		}
		items = words
	}
	if fromFile {
		items, literal = []string{"$(stdin)"}, false
	}
	if literal && len(items) == 0 && (noEmpty || hasRepl) {
		// Nothing to read: xargs -r (and -I, which runs once per line)
		// runs nothing.
		return nil, nil, in, false
	}
	return feedInto(cmd, cdyn, items, literal, repl, hasRepl), cdynOf(cmd, cdyn, items, literal, repl, hasRepl), in, true
}

// xargsJobs is the script of the commands xargs -I runs when its items
// cannot share one command line: the replacement string sits inside a
// larger word (sh -c 'rm -rf {}'), so each item makes a command of its
// own, and merging them would leave all but the first as stray words.
// ok is false when one command line stands for them all.
func xargsJobs(argv []string, dyn []bool, proc []stream, in stream) (script string, ok bool) {
	av := parseArgv(SpecFor("xargs"), argv[1:], dyn[1:])
	repl := ""
	for _, o := range av.Opts {
		switch {
		case o.Tags&TagNoExec != 0:
			return "", false
		case o.Name == "--arg-file":
			src, known := argFileStream(o, dyn, proc, in)
			if !known {
				return "", false
			}
			in = src
		case o.Name == "-I":
			repl = o.Value
		case o.Name == "--replace":
			repl = o.Value
			if repl == "" {
				repl = "{}"
			}
		}
	}
	if repl == "" || len(av.OperandArg) == 0 {
		return "", false
	}
	tmpl := argv[av.OperandArg[0]+1:]
	items, literal := feedItemsMode(in, xargsDelim(av), true)
	embedded := func(w string) bool { return w != repl && strings.Contains(w, repl) }
	if len(tmpl) < 2 || !slices.ContainsFunc(tmpl[1:], embedded) {
		return "", false
	}
	return jobsScript(tmpl, items, literal, func(w, it string) string {
		return quoteItem(parallelItem{text: strings.ReplaceAll(w, repl, it)}, "")
	})
}

// parallelJobsScript is xargsJobs for GNU parallel with one argument
// source: parallel joins its command words into a shell command line for
// each item, so a word with blanks or shell syntax in it (parallel 'rm
// -rf {}' ::: a b) is read by the shell once per item.
func parallelJobsScript(argv []string, dyn []bool, in stream) (string, bool) {
	end := parallelEnd(argv)
	av := parseArgv(SpecFor("parallel"), argv[1:end], dyn[1:end])
	for _, o := range av.Opts {
		if o.Tags&TagNoExec != 0 || o.Name == "--arg-file" {
			return "", false
		}
	}
	if len(av.OperandArg) == 0 {
		return "", false
	}
	tmpl := argv[av.OperandArg[0]+1 : end]
	var items []string
	literal := true
	if end < len(argv) {
		if strings.HasPrefix(argv[end], "::::") {
			return "", false
		}
		for i := end + 1; i < len(argv) && !strings.HasPrefix(argv[i], ":::"); i++ {
			items = append(items, argv[i])
			literal = literal && !dyn[i]
		}
	} else {
		items, literal = feedItems(in, "")
	}
	shellWord := func(w string) bool { return strings.ContainsAny(w, " \t\n;|&<>$`") }
	if !slices.ContainsFunc(tmpl, shellWord) {
		return "", false
	}
	script, ok := jobsScript(tmpl, items, literal, nil)
	if ok && len(tmpl) > 1 {
		// With -q (or a shell that keeps the words apart) each word
		// stays one argument: sh -c 'rm -rf {}' runs rm -rf on the item.
		// Both readings are judged.
		placed := slices.ContainsFunc(tmpl, parallelPlaceholder)
		quoted, _ := jobsScript(tmpl, items, literal, func(w, it string) string {
			return quoteItem(parallelItem{text: replacePlaceholders(w, it)}, "")
		})
		if !placed {
			// No replacement string: the item is the last word.
			quoted = ""
			for _, it := range items[:min(len(items), maxParallelJobs)] {
				quoted += strings.Join(quotedWords(tmpl), " ") + " " + quoteItem(parallelItem{text: it}, "") + "\n"
			}
		}
		script += quoted
	}
	return script, ok
}

// parallelEnd is the index of parallel's first argument-source
// separator (:::, ::::), or len(argv): where its command ends.
func parallelEnd(argv []string) int {
	for i := 1; i < len(argv); i++ {
		if strings.HasPrefix(argv[i], ":::") {
			return i
		}
	}
	return len(argv)
}

// quotedWords is each word quoted for the shell.
func quotedWords(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = quoteItem(parallelItem{text: w}, "")
	}
	return out
}

// jobsScript writes one line per literal item: fill makes each word of
// the template for that item (nil: parallel's own line, items quoted in
// the joined words). Fewer than two items, or items not known here, are
// left to the one command line that stands for them.
func jobsScript(tmpl, items []string, literal bool, fill func(w, item string) string) (string, bool) {
	if !literal || len(items) < 2 || len(tmpl) == 0 {
		return "", false
	}
	var b strings.Builder
	for k, it := range items {
		if k >= maxParallelJobs {
			break
		}
		if fill == nil {
			b.WriteString(parallelLine(tmpl, []parallelItem{{text: it}}))
		} else {
			for i, w := range tmpl {
				if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(fill(w, it))
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), true
}

// feedInto puts items into cmd: in place of every occurrence of repl, or
// after the command's words.
func feedInto(cmd []string, cdyn []bool, items []string, literal bool, repl string, hasRepl bool) []string {
	out, _ := feed(cmd, cdyn, items, literal, repl, hasRepl)
	return out
}

func cdynOf(cmd []string, cdyn []bool, items []string, literal bool, repl string, hasRepl bool) []bool {
	_, d := feed(cmd, cdyn, items, literal, repl, hasRepl)
	return d
}

func feed(cmd []string, cdyn []bool, items []string, literal bool, repl string, hasRepl bool) ([]string, []bool) {
	var out []string
	var d []bool
	replaced := false
	for i, w := range cmd {
		if hasRepl && repl != "" && i == 0 && strings.Contains(w, repl) {
			// xargs -I{} {} mode off: the program itself comes from the
			// input. One item names it; several name as many programs,
			// which one word cannot show: the name is unknown.
			replaced = true
			if len(items) == 1 {
				out = append(out, strings.ReplaceAll(w, repl, items[0]))
				d = append(d, !literal)
			} else {
				out = append(out, "$(stdin)")
				d = append(d, true)
			}
			continue
		}
		if hasRepl && repl != "" && strings.Contains(w, repl) && i > 0 {
			replaced = true
			if w == repl {
				// One command per item: the word stands for each of them.
				for _, it := range items {
					out = append(out, it)
					d = append(d, !literal)
				}
				continue
			}
			for _, it := range items {
				out = append(out, strings.ReplaceAll(w, repl, it))
				d = append(d, !literal)
			}
			continue
		}
		out = append(out, w)
		d = append(d, i < len(cdyn) && cdyn[i])
	}
	if !replaced {
		for _, it := range items {
			out = append(out, it)
			d = append(d, !literal)
		}
	}
	return out, d
}

// parallelPlaceholder reports whether w holds one of GNU parallel's
// replacement strings: {}, {.}, {/}, {//}, {/.}, {#}, {%}, {1}, {2.}…
func parallelPlaceholder(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] != '{' {
			continue
		}
		j := strings.IndexByte(w[i:], '}')
		if j < 0 {
			return false
		}
		inner := w[i+1 : i+j]
		if strings.Trim(inner, "0123456789./#%") == "" {
			return true
		}
	}
	return false
}

// replacePlaceholders puts item in place of parallel's replacement strings.
func replacePlaceholders(w, item string) string {
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		if w[i] == '{' {
			if j := strings.IndexByte(w[i:], '}'); j >= 0 && strings.Trim(w[i+1:i+j], "0123456789./#%") == "" {
				b.WriteString(item)
				i += j
				continue
			}
		}
		b.WriteByte(w[i])
	}
	return b.String()
}

// parallelCommand reads a GNU parallel command line: the command it runs
// with the argument sources' items in place.
func parallelCommand(argv []string, dyn []bool, in stream) (cmd []string, cdyn []bool, ok bool) {
	// The command ends at the first argument-source separator.
	end := parallelEnd(argv)
	av := parseArgv(SpecFor("parallel"), argv[1:end], dyn[1:end])
	fromFile := false
	for _, o := range av.Opts {
		switch {
		case o.Tags&TagNoExec != 0:
			return nil, nil, false
		case o.Name == "--arg-file":
			fromFile = true
		}
	}
	if len(av.OperandArg) == 0 {
		// No command: each argument is a command line of its own.
		if end < len(argv) {
			var lines []string
			for i := end + 1; i < len(argv) && !strings.HasPrefix(argv[i], ":::"); i++ {
				if dyn[i] {
					return []string{"$(stdin)"}, []bool{true}, true
				}
				lines = append(lines, argv[i])
			}
			if len(lines) > 0 {
				return []string{strings.Join(lines, "\n") + "\n"}, []bool{false}, true
			}
		}
		return nil, nil, false
	}
	start := av.OperandArg[0] + 1
	words := argv[start:end]
	wdyn := dyn[start:end]
	var items []string
	literal := true
	switch {
	case end < len(argv):
		// ::: a b c (literal words), :::: file (lines of a file): the first source.
		sep := argv[end]
		for i := end + 1; i < len(argv) && !strings.HasPrefix(argv[i], ":::"); i++ {
			items = append(items, argv[i])
			if dyn[i] {
				literal = false
			}
		}
		if strings.HasPrefix(sep, "::::") {
			items, literal = []string{"$(stdin)"}, false
		}
	case fromFile:
		items, literal = []string{"$(stdin)"}, false
	default:
		items, literal = feedItems(in, "")
	}
	if len(items) > maxFeedItems {
		items = items[:maxFeedItems]
	}
	replaced := false
	for i, w := range words {
		if parallelPlaceholder(w) {
			replaced = true
			for _, it := range items {
				cmd = append(cmd, replacePlaceholders(w, it))
				cdyn = append(cdyn, !literal)
			}
			continue
		}
		cmd = append(cmd, w)
		cdyn = append(cdyn, wdyn[i])
	}
	if !replaced {
		for _, it := range items {
			cmd = append(cmd, it)
			cdyn = append(cdyn, !literal)
		}
	}
	return cmd, cdyn, len(cmd) > 0
}

// argFileStream is what xargs -a FILE reads when the analysis knows it:
// standard input (/dev/stdin, -), a process substitution, /dev/null.
func argFileStream(o Opt, dyn []bool, proc []stream, in stream) (stream, bool) {
	i := o.Arg + 1
	if o.ValueArg >= 0 {
		i = o.ValueArg + 1
	}
	if i < len(proc) && proc[i].kind != streamNone {
		if proc[i].kind == streamUnknown && proc[i].item == "" && proc[i].what == "" {
			return stream{}, false
		}
		return proc[i], true
	}
	if i < len(dyn) && dyn[i] {
		return stream{}, false
	}
	switch o.Value {
	case "/dev/stdin", "-", "/dev/fd/0", "/proc/self/fd/0":
		return in, true
	case "/dev/null":
		return stream{kind: streamLiteral, what: "/dev/null"}, true
	}
	return stream{}, false
}
