package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// program says how to read one program's options from its help text.
type program struct {
	name    string
	aliases []string // other names for the same program, listed when they run it here
	help    []string // the arguments that print the help (default --help)
	version []string // the arguments that print the version (default --version; empty: not asked)
	mode    LineMode
	usage   bool // also read the options written in the synopsis (BSD style)
	attrs   []string
	// parse replaces the help-line parser for programs whose help lists
	// options in its own way.
	parse func(help string) []Opt
	// skip, when set, says why the program is not generated even when
	// installed; hand.spec describes it.
	skip string
}

var (
	gnu     = []string{"gnu"}
	gnuStop = []string{"gnu", "stop"}
	posix   = []string{"posix"}
)

// programs lists the programs read besides git, sorted by name.
var programs = []program{
	{name: "7z", help: []string{"--help"}, attrs: gnu, skip: "its help lists switches as -x{value}; hand.spec"},
	{name: "apt-get", attrs: []string{"gnu", "exact"}, skip: "its help lists commands but no options; hand.spec"},
	{name: "at", attrs: posix},
	{name: "base64", attrs: gnu},
	{name: "cat", attrs: gnu},
	{name: "chgrp", attrs: gnu},
	{name: "chmod", attrs: gnu},
	{name: "chown", attrs: gnu},
	{name: "chrt", attrs: gnuStop},
	{name: "cp", attrs: gnu},
	{name: "crontab", attrs: posix},
	{name: "curl", help: []string{"--help", "all"}, attrs: gnu},
	{name: "cut", attrs: gnu},
	{name: "date", attrs: gnu},
	{name: "dd", attrs: gnu, skip: "it takes operands (if=, of=) rather than options; hand.spec"},
	{name: "df", attrs: gnu},
	// dpkg reads its own options: long ones written in full.
	{name: "dpkg", attrs: []string{"gnu", "exact"}},
	{name: "du", attrs: gnu},
	{name: "env", attrs: gnuStop},
	{name: "fdisk", attrs: gnu},
	{name: "find", attrs: []string{"dash1"}, parse: parseFindHelp},
	{name: "flock", attrs: gnuStop},
	{name: "grep", aliases: []string{"egrep", "fgrep"}, attrs: gnu},
	{name: "gzip", attrs: gnu},
	{name: "head", attrs: gnu},
	{name: "id", attrs: gnu},
	{name: "install", attrs: gnu},
	{name: "ionice", attrs: gnuStop},
	{name: "iptables", attrs: gnu},
	// util-linux kill reads its own options, before the process ids.
	{name: "kill", attrs: []string{"posix", "nocluster"}},
	{name: "killall", attrs: gnu},
	{name: "ln", attrs: gnu},
	{name: "ls", attrs: gnu},
	{name: "mawk", aliases: []string{"awk"}, help: []string{"-W", "usage"}, version: []string{"-W", "version"},
		mode: LineMode{LowerValue: true}, attrs: posix},
	{name: "mkdir", attrs: gnu},
	{name: "mkfs", attrs: posix},
	{name: "mount", attrs: gnu},
	{name: "mv", attrs: gnu},
	{name: "mysql", attrs: gnu},
	{name: "nice", attrs: gnuStop},
	// node stops at the script; "-pe" is a spelling of its own, not a cluster.
	{name: "node", attrs: []string{"posix", "nocluster"}, mode: LineMode{MaxIndent: 2}},
	{name: "nohup", attrs: gnuStop},
	{name: "passwd", attrs: gnu, version: []string{}},
	{name: "perl", help: []string{"-h"}, version: []string{"-v"}, mode: LineMode{Attached: true, LowerValue: true}, attrs: posix},
	{name: "php", help: []string{"-h"}, mode: LineMode{LowerValue: true}, attrs: posix},
	{name: "pkill", attrs: gnu},
	{name: "psql", attrs: gnu},
	{name: "python3", help: []string{"-h"}, mode: LineMode{LowerValue: true, MaxIndent: 1}, attrs: posix},
	{name: "redis-cli", attrs: posix},
	{name: "rm", attrs: gnu},
	{name: "rmdir", attrs: gnu},
	// rsync reads its options with popt: long options written in full.
	{name: "rsync", attrs: []string{"gnu", "exact"}},
	{name: "ruby", help: []string{"-h"}, mode: LineMode{LowerValue: true}, attrs: posix},
	{name: "runuser", attrs: gnuStop},
	{name: "scp", help: []string{"-?"}, version: []string{}, usage: true, attrs: posix},
	{name: "sed", attrs: gnu},
	{name: "setpriv", attrs: gnuStop},
	{name: "setsid", attrs: gnuStop},
	{name: "sftp", help: []string{"-?"}, version: []string{}, usage: true, attrs: posix},
	{name: "shred", attrs: gnu},
	{name: "sort", attrs: gnu},
	{name: "split", attrs: gnu},
	{name: "sqlite3", mode: LineMode{Dash1: true, LowerValue: true}, attrs: []string{"dash1"}},
	{name: "ssh", help: []string{"-?"}, version: []string{"-V"}, usage: true, attrs: posix},
	{name: "stdbuf", attrs: gnuStop},
	{name: "su", attrs: gnu},
	{name: "sudo", help: []string{"-h"}, attrs: gnuStop},
	{name: "systemctl", attrs: gnu},
	{name: "journalctl", attrs: gnu},
	{name: "tail", attrs: gnu},
	{name: "tar", attrs: gnu},
	{name: "taskset", attrs: gnuStop},
	{name: "tee", attrs: gnu},
	{name: "timeout", attrs: gnuStop},
	{name: "touch", attrs: gnu},
	{name: "tr", attrs: gnu},
	{name: "truncate", attrs: gnu},
	{name: "umount", attrs: gnu},
	{name: "unshare", attrs: gnuStop},
	{name: "unzip", attrs: posix, skip: "its help lists options in two columns with their values only in prose; hand.spec"},
	{name: "useradd", attrs: gnu, version: []string{}},
	{name: "userdel", attrs: gnu, version: []string{}},
	{name: "usermod", attrs: gnu, version: []string{}},
	{name: "wc", attrs: gnu},
	{name: "wget", attrs: gnu},
	{name: "xargs", attrs: gnuStop},
	{name: "xz", attrs: gnu},
	{name: "zip", attrs: posix, skip: "its help lists options in two columns with their values only in prose; hand.spec"},
	// zstd reads its own options: clusters, long options written in full.
	{name: "zstd", attrs: []string{"gnu", "exact"}},
}

var versionRE = regexp.MustCompile(`\d+\.\d+`)

// ProgramSpec reads one program's options from the program installed
// here. It returns nil and a note when the program is not installed or not
// generated.
func ProgramSpec(r *Runner, p program) (b *Block, skip string, notes []string, err error) {
	path := Installed(p.name)
	if path == "" {
		return nil, p.name + ": not installed here, skipped", nil, nil
	}
	if p.skip != "" {
		return nil, p.name + ": not generated: " + p.skip, nil, nil
	}
	helpArgs := p.help
	if helpArgs == nil {
		helpArgs = []string{"--help"}
	}
	help, err := r.Run(p.name, helpArgs...)
	if err != nil {
		return nil, "", nil, fmt.Errorf("%s %s: %w", p.name, strings.Join(helpArgs, " "), err)
	}
	b = &Block{Names: []string{p.name}, Attrs: p.attrs}
	for _, a := range p.aliases {
		if ap := Installed(a); ap != "" && sameProgram(path, ap, p.name) {
			b.Names = append(b.Names, a)
		}
	}
	note := p.name
	if len(b.Names) > 1 {
		note = strings.Join(b.Names, ", ")
	}
	if v := programVersion(r, p); v != "" {
		note += ": " + v
	}
	note += ": from '" + strings.Join(append([]string{p.name}, helpArgs...), " ") + "'"
	b.Notes = []string{note}
	var opts []Opt
	switch {
	case p.parse != nil:
		opts = p.parse(help)
	default:
		var skipped []string
		opts, skipped = ParseHelp(help, p.mode)
		for _, l := range skipped {
			notes = append(notes, p.name+": option line not read: "+l)
		}
	}
	if p.usage {
		opts = append(opts, ParseUsage(strings.Join(UsageLines(help, p.name), " "))...)
	}
	for _, o := range opts {
		b.addOpt(o)
	}
	if len(b.Opts) == 0 {
		return nil, "", notes, fmt.Errorf("%s: no options read from its help", p.name)
	}
	tagOpts(b)
	return b, "", notes, nil
}

func programVersion(r *Runner, p program) string {
	args := p.version
	if args == nil {
		args = []string{"--version"}
	}
	if len(args) == 0 {
		return ""
	}
	out, err := r.Run(p.name, args...)
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(out, "\n") {
		if versionRE.MatchString(l) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

// sameProgram reports whether the alias at ap runs the program at path:
// the same file after links, or a small script that runs it ("egrep" is
// "exec grep -E").
func sameProgram(path, ap, name string) bool {
	rp, err1 := filepath.EvalSymlinks(path)
	ra, err2 := filepath.EvalSymlinks(ap)
	if err1 == nil && err2 == nil && rp == ra {
		return true
	}
	data, err := readSmall(ap, 4096)
	if err != nil {
		return false
	}
	return strings.HasPrefix(data, "#!") && strings.Contains(data, "exec "+name+" ")
}

// parseFindHelp reads find's help: the options before the paths from the
// synopsis ("-H", "-L", "-P", "-D debugopts", "-Olevel") and the
// expression's primaries from the lists, each followed by the placeholders
// of its values. A primary with more than one value ("-fprintf FILE
// FORMAT") or one ending at ";" ("-exec COMMAND ;") is left out: the
// format cannot say how many words it takes.
func parseFindHelp(help string) []Opt {
	var opts []Opt
	for _, u := range UsageLines(help, "find") {
		// "-D debugopts": the detached value of a one-letter option.
		opts = append(opts, ParseUsage(u)...)
		for _, c := range usageChunks(u) {
			core := strings.Trim(c, "[]")
			switch {
			case len(core) == 2 && core[0] == '-':
				opts = append(opts, Opt{Spellings: []string{core}})
			case len(core) > 2 && core[0] == '-' && core[1] != '-' && core[1] >= 'A' && core[1] <= 'Z':
				// "-Olevel": a value attached
				opts = append(opts, Opt{Spellings: []string{core[:2]}, Value: RequiredValue})
			}
		}
	}
	inOperators := false
	for _, l := range strings.Split(help, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "Operators"):
			inOperators = true
			continue
		case t != "" && !strings.HasPrefix(l, " "):
			inOperators = false
			continue
		case !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "(") && !strings.HasPrefix(t, "EXPR"):
			continue
		}
		words := strings.Fields(t)
		for k := 0; k < len(words); k++ {
			w := words[k]
			if !strings.HasPrefix(w, "-") || strings.HasPrefix(w, "--") || len(w) < 2 {
				continue
			}
			if inOperators {
				opts = append(opts, Opt{Spellings: []string{w}})
				continue
			}
			n := 0
			for k+1+n < len(words) && isFindPlaceholder(words[k+1+n]) {
				n++
			}
			switch n {
			case 0:
				opts = append(opts, Opt{Spellings: []string{w}})
			case 1:
				opts = append(opts, Opt{Spellings: []string{w}, Value: RequiredValue})
			}
			k += n
		}
	}
	return opts
}

func isFindPlaceholder(w string) bool {
	if w == ";" || w == "{}" || w == "+" {
		return true
	}
	return isUpperPlaceholder(strings.TrimLeft(w, "[-/]")) || strings.HasPrefix(w, "[")
}
