package chain

import (
	"path"
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
		dir, _ := c.Flag("--output-dir")
		if out, ok := c.Flag("-o", "--output"); ok && out != "" && out != "-" {
			return []string{joinDir(dir, out)}
		}
		if c.Has("-O", "--remote-name", "--remote-name-all") {
			if b := urlBase(c); b != "" {
				return []string{joinDir(dir, b)}
			}
		}
		return redirected(c, src)
	case "wget":
		dir, _ := c.Flag("-P", "--directory-prefix")
		if out, ok := c.Flag("-O", "--output-document"); ok {
			if out == "-" || out == "" {
				return redirected(c, src)
			}
			return []string{joinDir(dir, out)}
		}
		if b := urlBase(c); b != "" {
			return []string{joinDir(dir, b)}
		}
	case "aria2c", "fetch":
		dir, _ := c.Flag("-d", "--dir")
		if out, ok := c.Flag("-o", "--out", "--output"); ok && out != "" && out != "-" {
			return []string{joinDir(dir, out)}
		}
		if b := urlBase(c); b != "" {
			return []string{joinDir(dir, b)}
		}
	case "scp", "rsync":
		p := c.Positional()
		if len(p) >= 2 && isRemote(p[0]) && !isRemote(p[len(p)-1]) {
			dst := p[len(p)-1]
			if dst == "." || strings.HasSuffix(dst, "/") {
				_, rp, _ := strings.Cut(p[0], ":")
				dst = joinDir(dst, path.Base(rp))
			}
			return []string{dst}
		}
	case "http", "https", "xh", "httpie":
		if out, ok := c.Flag("-o", "--output"); ok && out != "" {
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
	for _, a := range c.Positional() {
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
