package chain

import (
	"path"
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/shell"
)

// downloadsOf returns the files a command saves from the network: curl
// -o/-O or a redirection of its output, wget (its -O or the URL's name),
// aria2c, fetch, and scp or rsync from another machine. src is the
// command line it is part of, where a redirection is found.
func downloadsOf(c *shell.Cmd, src string) []string {
	switch c.Name {
	case "curl":
		dir, _ := optValue(c.Args, 0, "--output-dir")
		if out, ok := optValue(c.Args, 'o', "--output"); ok && out != "" && out != "-" {
			return []string{joinDir(dir, out)}
		}
		if optPresent(c.Args, 'O', "--remote-name", "--remote-name-all") {
			if b := urlBase(c); b != "" {
				return []string{joinDir(dir, b)}
			}
		}
		return redirected(c, src)
	case "wget":
		dir, _ := optValue(c.Args, 'P', "--directory-prefix")
		if out, ok := optValue(c.Args, 'O', "--output-document"); ok {
			if out == "-" || out == "" {
				return redirected(c, src)
			}
			return []string{joinDir(dir, out)}
		}
		if b := urlBase(c); b != "" {
			return []string{joinDir(dir, b)}
		}
	case "aria2c", "fetch":
		dir, _ := optValue(c.Args, 'd', "--dir")
		if out, ok := optValue(c.Args, 'o', "--out", "--output"); ok && out != "" && out != "-" {
			return []string{joinDir(dir, out)}
		}
		if b := urlBase(c); b != "" {
			return []string{joinDir(dir, b)}
		}
	case "scp", "rsync":
		p := c.Positional(copyValued...)
		if len(p) >= 2 && isRemote(p[0]) && !isRemote(p[len(p)-1]) {
			dst := p[len(p)-1]
			if dst == "." || strings.HasSuffix(dst, "/") {
				_, rp, _ := strings.Cut(p[0], ":")
				dst = joinDir(dst, path.Base(rp))
			}
			return []string{dst}
		}
	case "http", "https", "xh", "httpie":
		if out, ok := optValue(c.Args, 'o', "--output"); ok && out != "" {
			return []string{out}
		}
		return redirected(c, src)
	}
	return nil
}

// redirected returns where a command's output goes when the command line
// src sends it to a file: "cmd > f", "cmd >> f", "cmd | tee f".
func redirected(c *shell.Cmd, src string) []string {
	i := strings.Index(src, c.Text)
	if i < 0 || c.Text == "" {
		return nil
	}
	rest := strings.TrimLeft(src[i+len(c.Text):], " \t")
	rest = strings.TrimPrefix(rest, "1>")
	switch {
	case strings.HasPrefix(rest, ">"):
		rest = strings.TrimLeft(rest, ">| \t")
		if w := firstWord(rest); w != "" && w != "/dev/null" {
			return []string{w}
		}
	case strings.HasPrefix(rest, "|") && !strings.HasPrefix(rest, "||"):
		rest = strings.TrimLeft(rest[1:], " \t")
		if strings.HasPrefix(rest, "tee ") || strings.HasPrefix(rest, "sudo tee ") {
			var out []string
			for _, w := range strings.Fields(cutStatement(rest))[1:] {
				if w = strings.Trim(w, `'"`); w != "" && !strings.HasPrefix(w, "-") && w != "tee" && w != "/dev/null" {
					out = append(out, w)
				}
			}
			return out
		}
	}
	return nil
}

// firstWord returns the first word of s, unquoted, up to a blank or a shell operator.
func firstWord(s string) string {
	end := strings.IndexAny(s, " \t\n;|&)<>")
	if end < 0 {
		end = len(s)
	}
	return strings.Trim(s[:end], `'"`)
}

// cutStatement returns s up to the next shell operator.
func cutStatement(s string) string {
	if end := strings.IndexAny(s, "\n;|&)<>"); end >= 0 {
		return s[:end]
	}
	return s
}

// urlBase is the file name of a command's first URL ("" when it has none).
func urlBase(c *shell.Cmd) string {
	for _, a := range c.Args {
		i := strings.Index(a, "://")
		if i < 0 {
			continue
		}
		p := a[i+3:]
		if j := strings.IndexAny(p, "?#"); j >= 0 {
			p = p[:j]
		}
		slash := strings.IndexByte(p, '/')
		if slash < 0 {
			return ""
		}
		if b := path.Base(p[slash:]); b != "/" && b != "." && b != "" {
			return b
		}
		return ""
	}
	return ""
}

func joinDir(dir, f string) string {
	if dir == "" || strings.HasPrefix(f, "/") {
		return f
	}
	return strings.TrimSuffix(dir, "/") + "/" + f
}

// optValue returns the value of an option given getopt-style: "-o f",
// "-of", "-sSo f" (a cluster ending in it), "--output f", "--output=f".
// short 0 means the option has no short form.
func optValue(args []string, short byte, longs ...string) (string, bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		for _, l := range longs {
			if a == l {
				if i+1 < len(args) {
					return args[i+1], true
				}
				return "", true
			}
			if strings.HasPrefix(a, l+"=") {
				return a[len(l)+1:], true
			}
		}
		if short == 0 || len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for j := 1; j < len(a) && isLetter(a[j]); j++ {
			if a[j] != short {
				continue
			}
			if j+1 < len(a) {
				return a[j+1:], true
			}
			if i+1 < len(args) {
				return args[i+1], true
			}
			return "", true
		}
	}
	return "", false
}

// optPresent reports whether a flag is given, alone or in a cluster.
func optPresent(args []string, short byte, longs ...string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if slices.Contains(longs, a) {
			return true
		}
		if len(a) >= 2 && a[0] == '-' && a[1] != '-' {
			for j := 1; j < len(a) && isLetter(a[j]); j++ {
				if a[j] == short {
					return true
				}
			}
		}
	}
	return false
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
