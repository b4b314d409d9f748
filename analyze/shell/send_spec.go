package shell

import "strings"

// What a program hands to someone else, read from its spec: "sends" on a
// program or subcommand header says its operands' text and its standard
// input leave the machine (a mailer, a chat client, a push service),
// "sendsfiles" that its operands are local files whose content does (a
// pastebin, a file-transfer relay), "; send" on an option that its value
// is such a file (an attachment, a body file). A credential among them
// is sent, whatever the program is called.

// specSends reports whether c's spec says it sends what it is given.
func specSends(c *Cmd) bool {
	sp := c.Argv().Spec()
	if sp == nil {
		return false
	}
	sends, _ := sp.Sends()
	return sends
}

// specSentFiles lists the local files c's spec says it sends: the values
// of its "; send" options, and its operands when it sends files.
func specSentFiles(c *Cmd) []string {
	av := c.Argv()
	if !av.Known {
		return nil
	}
	var out []string
	for _, o := range av.Opts {
		if o.Tags&TagSend == 0 || !o.HasValue || o.Value == "" || o.Value == "-" {
			continue
		}
		if o.ValueLen > 1 && o.ValueArg+o.ValueLen <= len(c.Args) {
			// mutt -a f1 f2: a value of several words, each a file.
			out = append(out, c.Args[o.ValueArg:o.ValueArg+o.ValueLen]...)
			continue
		}
		out = append(out, o.Value)
	}
	if _, files := av.Spec().Sends(); files {
		for _, a := range av.Operands {
			if a != "-" && !strings.Contains(a, "://") {
				out = append(out, a)
			}
		}
	}
	return out
}

// cliSentFiles lists the files the GitHub, GitLab and Azure command-line
// clients upload, where which subcommand it is decides: gh gist create
// and glab snippet create upload their files, gh release upload its
// assets, an @file value of a field its content, and az … upload the
// file given with -f.
func cliSentFiles(c *Cmd) []string {
	pos := c.Positional()
	var out []string
	switch c.Name {
	case "gh", "glab":
		switch {
		case c.ArgIs("gist", "create") || c.ArgIs("snippet", "create") || c.ArgIs("gist", "edit"):
			if len(pos) > 2 {
				out = append(out, pos[2:]...)
			}
			if c.Name == "glab" {
				out = append(out, c.FlagAll("-f", "--filename")...)
			}
		case c.ArgIs("release", "upload") || c.ArgIs("release", "create"):
			if len(pos) > 3 {
				out = append(out, pos[3:]...)
			}
		}
		api := c.ArgIs("api")
		for _, o := range c.Argv().Opts {
			if !o.HasValue || o.Name != "-F" && o.Name != "--field" {
				continue
			}
			if _, f, ok := strings.Cut(o.Value, "=@"); ok && f != "" {
				out = append(out, f) // gh api -F body=@file
			} else if !api && o.Name == "-F" && o.Value != "-" {
				out = append(out, o.Value) // gh issue create -F: the body file
			}
		}
	case "az":
		for _, w := range pos {
			if strings.HasPrefix(w, "upload") {
				out = append(out, c.FlagAll("-f", "--file")...)
				break
			}
		}
	}
	return out
}
