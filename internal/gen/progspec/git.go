package main

import (
	"fmt"
	"slices"
	"strings"
)

// gitSkip lists git commands whose "-h" is not run: remote helpers,
// server-side programs and merge strategies meant to be started by git
// itself, which may read stdin or act on their arguments.
func gitSkip(cmd string) bool {
	if strings.HasPrefix(cmd, "remote-") || strings.Contains(cmd, "--") {
		return true
	}
	switch cmd {
	case "http-backend", "shell", "merge-octopus", "merge-one-file", "merge-resolve":
		return true
	}
	return false
}

// gitScriptAttrs gives the attributes of git commands written as shell
// scripts that read their own arguments (not through "git rev-parse
// --parseopt"): long options exact, no clusters. bisect reads options
// anywhere among its arguments; the others stop at the first operand.
var gitScriptAttrs = map[string][]string{
	"bisect": {"exact", "nocluster"},
}

// gitDefaultSub names the subcommand git runs when a command is given
// options but no subcommand word ("git stash -k" is "git stash push -k").
var gitDefaultSub = map[string]string{
	"stash": "push",
}

// GitSpecs reads git's global options and every command's options and
// subcommands from the git installed here.
func GitSpecs(r *Runner, notef func(string, ...any)) ([]*Block, error) {
	if Installed("git") == "" {
		notef("git: not installed, skipped")
		return nil, nil
	}
	version, err := r.Run("git", "--version")
	if err != nil {
		return nil, fmt.Errorf("git --version: %w", err)
	}
	top := &Block{Names: []string{"git"}, Attrs: []string{"posix", "nocluster", "sub"},
		Notes: []string{firstLine(version) + ": global options from 'man git' and 'git --help'; each command from 'git <command> -h'"}}
	if man, err := r.Run("man", "-P", "cat", "git"); err == nil {
		opts, _ := ParseHelp(section(man, "OPTIONS"), LineMode{})
		for _, o := range opts {
			top.addOpt(o)
		}
	} else {
		notef("git: man git not available; global options from 'git --help' only")
	}
	help, err := r.Run("git", "--help")
	if err != nil {
		return nil, fmt.Errorf("git --help: %w", err)
	}
	for _, o := range ParseUsage(strings.Join(UsageLines(help, "git"), " ")) {
		top.addOpt(o)
	}
	if len(top.Opts) == 0 {
		return nil, fmt.Errorf("git: no global options read")
	}
	tagOpts(top)
	blocks := []*Block{top}

	list, err := r.Run("git", "--list-cmds=main,nohelpers")
	if err != nil {
		return nil, err
	}
	po, err := r.Run("git", "--list-cmds=parseopt")
	if err != nil {
		return nil, err
	}
	parseopt := map[string]bool{}
	for _, c := range strings.Fields(po) {
		parseopt[c] = true
	}
	builtins := map[string]bool{}
	if out, err := r.Run("git", "--list-cmds=builtins"); err == nil {
		for _, c := range strings.Fields(out) {
			builtins[c] = true
		}
	}
	cmds := strings.Fields(list)
	slices.Sort(cmds)
	cmds = slices.Compact(cmds)
	for _, cmd := range cmds {
		if gitSkip(cmd) {
			continue
		}
		bs, err := gitCommand(r, cmd, parseopt[cmd], builtins[cmd], notef)
		if err != nil {
			notef("git %s: %v", cmd, err)
			continue
		}
		blocks = append(blocks, bs...)
	}
	return blocks, nil
}

// gitCommand reads one git command and its subcommands.
func gitCommand(r *Runner, cmd string, parseopt, builtin bool, notef func(string, ...any)) ([]*Block, error) {
	out, err := r.Run("git", cmd, "-h")
	if err != nil {
		return nil, err
	}
	usage := UsageLines(out, "git", cmd)
	if len(usage) == 0 {
		usage = UsageLines(out, "git-"+cmd)
	}
	if len(usage) == 0 {
		// "git stage -h" prints git add's usage: stage is another name
		// for add.
		if target := gitUsageTarget(out); target != "" && target != cmd {
			return []*Block{{Names: []string{"git", cmd}, Sub: true, AliasOf: []string{target}}}, nil
		}
		return nil, fmt.Errorf("no usage line in 'git %s -h'", cmd)
	}
	listed, skipped := ParseHelp(out, LineMode{MaxIndent: 6})
	for _, l := range skipped {
		notef("git %s: option line not read: %s", cmd, l)
	}
	b := &Block{Names: []string{"git", cmd}, Sub: true}
	switch {
	case parseopt:
		b.Attrs = []string{"parseopt"}
	case builtin:
		// diff, rev-list, rev-parse: git's revision and diff options,
		// matched exactly and one at a time.
		b.Attrs = []string{"exact", "nocluster"}
	case len(listed) > 0:
		// A script reading its options with "git rev-parse --parseopt",
		// which prints the same list as parse-options.
		b.Attrs = []string{"parseopt"}
	case gitScriptAttrs[cmd] != nil:
		b.Attrs = gitScriptAttrs[cmd]
	default:
		// A shell script: options first, each written in full.
		b.Attrs = []string{"posix", "nocluster"}
	}

	// Subcommands: from the usage lines, and from the manual's synopsis
	// when the usage only says "<subcommand>".
	lines := usage
	if strings.Contains(out, "<subcommand>") || strings.Contains(out, "<command>") {
		if man, err := r.Run("man", "-P", "cat", "git-"+cmd); err == nil {
			lines = append(lines, UsageLines(section(man, "SYNOPSIS"), "git", cmd)...)
		}
	}
	type subInfo struct{ after []string }
	subs := map[string]*subInfo{}
	var order []string
	var parentText []string
	for _, l := range lines {
		words, before, after := SubcommandsOf(l)
		if len(words) == 0 {
			parentText = append(parentText, l)
			continue
		}
		parentText = append(parentText, before)
		for _, w := range words {
			if subs[w] == nil {
				subs[w] = &subInfo{}
				order = append(order, w)
			}
			subs[w].after = append(subs[w].after, after)
		}
	}

	for _, o := range listed {
		b.addOpt(o)
	}
	if len(listed) == 0 && len(subs) == 0 || !parseopt && len(listed) == 0 {
		for _, o := range ParseUsage(strings.Join(parentText, " ")) {
			b.addOpt(o)
		}
	}
	blocks := []*Block{b}
	if len(subs) == 0 {
		tagOpts(b)
		return blocks, nil
	}
	if len(order) == 1 && !gitConfirmSub(r, parseopt, cmd, order[0]) {
		// "git request-pull [options] start url": one word in the
		// synopsis may be a placeholder; a parse-options command whose
		// "git <cmd> <word> -h" names the word confirms it.
		notef("git %s: %q in its synopsis not taken for a subcommand", cmd, order[0])
		tagOpts(b)
		return blocks, nil
	}
	b.Attrs = append(b.Attrs, "sub")
	slices.Sort(order)
	var subBlocks []*Block
	for _, w := range order {
		if isAttrWord(w) {
			// "sub git maintenance stop" would read as the attribute
			// "stop" of "sub git maintenance": the format cannot name it.
			notef("git %s %s: not written: the word is an attribute name in the spec format", cmd, w)
			continue
		}
		sb := &Block{Names: []string{"git", cmd, w}, Sub: true}
		if parseopt {
			sb.Attrs = []string{"parseopt"}
			sout, err := r.Run("git", cmd, w, "-h")
			if err != nil {
				notef("git %s %s: %v", cmd, w, err)
				continue
			}
			sopts, skipped := ParseHelp(sout, LineMode{MaxIndent: 6})
			for _, l := range skipped {
				notef("git %s %s: option line not read: %s", cmd, w, l)
			}
			if len(sopts) == 0 {
				// No option list: the subcommand's own usage line, or the
				// parent's lines that name it.
				text := UsageLines(sout, "git", cmd, w)
				if len(text) == 0 {
					text = subs[w].after
				}
				sopts = ParseUsage(strings.Join(text, " "))
			}
			for _, o := range sopts {
				sb.addOpt(o)
			}
		} else {
			sb.Attrs = slices.Clone(b.Attrs[:len(b.Attrs)-1])
			for _, o := range ParseUsage(strings.Join(subs[w].after, " ")) {
				sb.addOpt(o)
			}
		}
		tagOpts(sb)
		subBlocks = append(subBlocks, sb)
		if gitDefaultSub[cmd] == w {
			for _, o := range sb.Opts {
				b.addOpt(o)
			}
		}
	}
	tagOpts(b)
	return append(blocks, subBlocks...), nil
}

// gitConfirmSub reports whether "git cmd word -h" prints a usage line of
// "git cmd word". It is asked of parse-options commands only: a script
// might act on the word.
func gitConfirmSub(r *Runner, parseopt bool, cmd, word string) bool {
	if !parseopt {
		return false
	}
	out, err := r.Run("git", cmd, word, "-h")
	return err == nil && len(UsageLines(out, "git", cmd, word)) > 0
}

// gitUsageTarget returns the command named by the first usage line of a
// git help text ("usage: git add [<options>]" gives "add").
func gitUsageTarget(out string) string {
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) >= 3 && strings.EqualFold(f[0], "usage:") && f[1] == "git" && wordRE.MatchString(f[2]) {
			return f[2]
		}
	}
	return ""
}

// section returns the lines of a manual page's section (from its heading
// to the next heading).
func section(man, name string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(man, "\n") {
		if l != "" && l[0] != ' ' && l[0] != '\t' {
			in = strings.TrimSpace(l) == name
			continue
		}
		if in {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}
