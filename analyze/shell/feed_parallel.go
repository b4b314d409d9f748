package shell

import (
	"strings"
)

// GNU parallel with several argument groups. parallel cp evil.json
// {1}/{2} ::: ~/.claude ::: settings.json runs cp evil.json
// ~/.claude/settings.json: the command is put together from one item of
// each group (every combination, or with --link, :::+ and --xapply the
// items side by side), and neither group alone names what it writes. So
// every command parallel would run is written out, one line each, and
// judged as a script: parallel composes a shell command line from its
// command words, with each item quoted. Past maxParallelJobs commands the
// line is too complex to check fully; an item only known when it runs
// (a :::: file, a variable) stands for any text.

// maxParallelJobs bounds the commands written out for one parallel.
const maxParallelJobs = 64

// parallelItem is one item of an argument group.
type parallelItem struct {
	text    string
	unknown bool
}

// parallelGroups reads a parallel command line with at least two
// argument groups and returns the script of the commands it runs; ok is
// false for any other (parallelCommand reads those). tooMany is set when
// not every combination was written out.
func parallelGroups(argv []string, dyn []bool) (script string, tooMany, ok bool) {
	end := len(argv)
	for i := 1; i < len(argv); i++ {
		if strings.HasPrefix(argv[i], ":::") {
			end = i
			break
		}
	}
	groups, linked := parallelSources(argv[end:], dyn[end:])
	if len(groups) < 2 {
		return "", false, false
	}
	av := parseArgv(SpecFor("parallel"), argv[1:end], dyn[1:end])
	linkAll := false
	for _, o := range av.Opts {
		switch {
		case o.Tags&TagNoExec != 0:
			return "", false, false
		case o.Name == "--link" || o.Name == "--xapply":
			linkAll = true
		}
	}
	if len(av.OperandArg) == 0 {
		return "", false, false // each item a command line: parallelCommand
	}
	tmpl := argv[av.OperandArg[0]+1 : end]
	jobs, tooMany := parallelJobs(groups, linked, linkAll)
	var b strings.Builder
	for _, job := range jobs {
		b.WriteString(parallelLine(tmpl, job))
		b.WriteByte('\n')
	}
	return b.String(), tooMany, true
}

// parallelSources splits the words from the first separator on into
// argument groups; linked[i] is set when group i goes side by side with
// the one before it (:::+, ::::+).
func parallelSources(words []string, dyn []bool) (groups [][]parallelItem, linked []bool) {
	for i := 0; i < len(words); i++ {
		sep := words[i]
		if !strings.HasPrefix(sep, ":::") {
			continue
		}
		var g []parallelItem
		j := i + 1
		for ; j < len(words) && !strings.HasPrefix(words[j], ":::"); j++ {
			if strings.HasPrefix(sep, "::::") {
				// A file of items: its lines are not known here.
				if len(g) == 0 {
					g = append(g, parallelItem{unknown: true})
				}
				continue
			}
			g = append(g, parallelItem{text: words[j], unknown: j < len(dyn) && dyn[j]})
		}
		i = j - 1
		if len(g) == 0 {
			continue
		}
		groups = append(groups, g)
		linked = append(linked, strings.HasSuffix(sep, "+") && len(groups) > 1)
	}
	return groups, linked
}

// parallelJobs combines the groups into the argument lists of the jobs:
// every combination, or side by side (the shorter group repeated) where
// linked. tooMany is set when there are more than maxParallelJobs.
func parallelJobs(groups [][]parallelItem, linked []bool, linkAll bool) (jobs [][]parallelItem, tooMany bool) {
	jobs = [][]parallelItem{nil}
	for gi, g := range groups {
		var next [][]parallelItem
		if gi > 0 && (linkAll || linked[gi]) {
			n := max(len(jobs), len(g))
			for k := 0; k < n && len(next) < maxParallelJobs; k++ {
				next = append(next, appendItem(jobs[k%len(jobs)], g[k%len(g)]))
			}
			tooMany = tooMany || n > maxParallelJobs
		} else {
			for _, j := range jobs {
				for _, it := range g {
					if len(next) >= maxParallelJobs {
						tooMany = true
						break
					}
					next = append(next, appendItem(j, it))
				}
			}
		}
		jobs = next
	}
	return jobs, tooMany
}

func appendItem(job []parallelItem, it parallelItem) []parallelItem {
	return append(append(make([]parallelItem, 0, len(job)+1), job...), it)
}

// parallelLine is the shell command line one job runs: the command words
// joined by spaces, each replacement string ({}, {1}, {2/}, {.}, {#})
// replaced by its item, quoted; with none, the items follow the command.
func parallelLine(tmpl []string, job []parallelItem) string {
	line, replaced := fillTemplate(tmpl, func(inner string) (string, bool) { return parallelReplace(inner, job) })
	if replaced {
		return line
	}
	var b strings.Builder
	b.WriteString(line)
	for _, it := range job {
		b.WriteByte(' ')
		b.WriteString(quoteItem(it, ""))
	}
	return b.String()
}

// fillTemplate joins the command words by spaces and replaces each
// replacement string {inner} that replace knows; replaced says whether
// one was.
func fillTemplate(tmpl []string, replace func(inner string) (string, bool)) (line string, replaced bool) {
	joined := strings.Join(tmpl, " ")
	var b strings.Builder
	for i := 0; i < len(joined); i++ {
		if joined[i] == '{' {
			if j := strings.IndexByte(joined[i:], '}'); j > 0 {
				if s, ok := replace(joined[i+1 : i+j]); ok {
					b.WriteString(s)
					replaced = true
					i += j
					continue
				}
			}
		}
		b.WriteByte(joined[i])
	}
	return b.String(), replaced
}

// parallelReplace is the text of the replacement string {inner} for a
// job: "" every item, N the N-th, with / (base name), // (directory),
// . (no extension) or /. after it; # and % a number.
func parallelReplace(inner string, job []parallelItem) (string, bool) {
	if inner == "#" || inner == "%" {
		return "1", true
	}
	n := 0
	k := 0
	for k < len(inner) && inner[k] >= '0' && inner[k] <= '9' && k < 4 {
		n = n*10 + int(inner[k]-'0')
		k++
	}
	mod := inner[k:]
	switch mod {
	case "", ".", "/", "//", "/.":
	default:
		return "", false
	}
	if k == 0 {
		parts := make([]string, len(job))
		for i, it := range job {
			parts[i] = quoteItem(it, mod)
		}
		return strings.Join(parts, " "), true
	}
	if n < 1 || n > len(job) {
		return "", true // parallel leaves a missing group's item empty
	}
	return quoteItem(job[n-1], mod), true
}

// quoteItem is an item as the shell reads it once parallel has quoted
// it, with the replacement string's change applied; an item known only at
// run time is a variable nobody set.
func quoteItem(it parallelItem, mod string) string {
	if it.unknown {
		return `"${parallel_item}"`
	}
	s := it.text
	switch mod {
	case "/":
		s = s[strings.LastIndexByte(s, '/')+1:]
	case "//":
		if i := strings.LastIndexByte(s, '/'); i >= 0 {
			s = s[:i]
		} else {
			s = "."
		}
	case ".":
		if i := strings.LastIndexByte(s, '.'); i > strings.LastIndexByte(s, '/')+1 {
			s = s[:i]
		}
	case "/.":
		s = s[strings.LastIndexByte(s, '/')+1:]
		if i := strings.LastIndexByte(s, '.'); i > 0 {
			s = s[:i]
		}
	}
	if s == "~" || strings.HasPrefix(s, "~/") {
		// The invoking shell expanded ~ before parallel saw it.
		return "~/" + shellQuoteItem(strings.TrimPrefix(s[1:], "/"))
	}
	return shellQuoteItem(s)
}

func shellQuoteItem(s string) string {
	if s == "" {
		return ""
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// rushScript reads rush (rush 'cp x {}/y' < list): the command is run by
// the shell once for each record of its standard input, with {} (the
// record), {1} (its first field), {/}, {.}, {#} replaced, quoted. Records
// not known here stand for any text.
func rushScript(argv []string, dyn []bool, in stream) (string, bool) {
	av := parseArgv(SpecFor("rush"), argv[1:], dyn[1:])
	for _, o := range av.Opts {
		if o.Tags&TagNoExec != 0 || o.Name == "-i" || o.Name == "--infile" {
			if o.Tags&TagNoExec != 0 {
				return "", false
			}
			in = stream{} // a file of records, not read here
		}
	}
	if len(av.OperandArg) == 0 {
		return "", false
	}
	tmpl := argv[av.OperandArg[0]+1:]
	items, literal := feedItemsMode(in, "", true)
	if !literal || len(items) == 0 {
		items = []string{""}
	}
	var b strings.Builder
	for i, rec := range items {
		if i >= maxParallelJobs {
			break
		}
		job := []parallelItem{{text: rec, unknown: !literal}}
		if literal {
			for _, f := range strings.Fields(rec) {
				job = append(job, parallelItem{text: f})
			}
		}
		b.WriteString(rushLine(tmpl, job))
		b.WriteByte('\n')
	}
	return b.String(), true
}

// rushLine is parallelLine for rush: {} is the whole record (job[0]),
// {N} its N-th field (job[N]).
func rushLine(tmpl []string, job []parallelItem) string {
	line, replaced := fillTemplate(tmpl, func(inner string) (string, bool) {
		if inner == "" || strings.Trim(inner, "./:%^") == "" {
			return quoteItem(job[0], strings.ReplaceAll(inner, "%", "/")), true
		}
		if s, ok := parallelReplace(inner, job[1:]); ok && inner != "#" {
			if job[0].unknown {
				s = quoteItem(job[0], "")
			}
			return s, true
		}
		return "", false
	})
	if !replaced {
		line += " " + quoteItem(job[0], "")
	}
	return line
}
