package shell

import (
	"strconv"
	"strings"
)

// A terminal multiplexer reads files of its own commands: tmux -f FILE and
// tmux source-file FILE, screen -c FILE and screen -X source FILE. Their
// lines start programs (tmux run-shell, new-window CMD; screen's exec and
// screen CMD) outside the agent's checks, so each line is judged as the
// same command written on the line, whether the line or the session wrote
// it or it is read from disk. One the line or the session wrote whose
// content cannot be known (a program's output, a copy of something
// unseen) is held for a person: its lines can run anything. The person's
// own file that cannot be read here (~/.tmux.conf) is theirs, as a
// project's own build file is.

// termConfigFile judges the file name (argument at of c, -1 when not
// known; dyn when the name is only known when it runs) that the
// multiplexer prog ("tmux" or "screen -X") reads as its commands; how
// names the option or command for a message.
func (w *walker) termConfigFile(c *Cmd, at int, name string, dyn bool, prog, how string) {
	if name == "" || name == "/dev/null" {
		return
	}
	s := w.runFileStream(c, at, name, stream{})
	if dyn {
		s = stream{kind: streamUnknown}
	}
	text := ""
	switch s.kind {
	case streamLiteral, streamDecoded:
		text = s.text
	case streamNetwork, streamUndecoded:
		w.runFile(c, s, how)
		return
	case streamUnknown:
		if t, ok := w.knownFile(c, name); ok && !dyn {
			text = t
			break
		}
		if !dyn && s.file != "" {
			if _, wrote := w.r.fl().files[s.file]; !wrote {
				return // the person's own file on disk (or none: tmux stops)
			}
		}
		w.r.mutates()
		w.r.add(c.find(ruleTerminalUnknown, c.Name+" reads its own commands from "+quoteShort(name)+" ("+how+"), whose content is not known here: its lines can start programs outside the agent.", name))
		return
	default:
		return
	}
	lines, more := termConfigLines(text)
	for _, line := range lines {
		w.r.script(prog+" "+tmuxSeparators(line), c, c.Name+" runs a line of "+name)
	}
	if more {
		w.r.mutates()
		w.r.add(c.find(ruleTerminalUnknown, c.Name+" reads its own commands from "+quoteShort(name)+" ("+how+"), more of them than are checked: the lines past the first "+strconv.Itoa(maxConfigLines)+" can start programs outside the agent.", name))
	}
}

// maxConfigLines bounds the lines of one multiplexer file judged.
const maxConfigLines = 128

// termConfigLines returns the command lines of a tmux or screen file:
// comments and blank lines dropped, a line ending in a backslash joined
// with the next; more reports lines past maxConfigLines, not returned.
func termConfigLines(text string) (lines []string, more bool) {
	var cur strings.Builder
	for _, l := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		t := strings.TrimSpace(l)
		if cur.Len() == 0 && (t == "" || strings.HasPrefix(t, "#")) {
			continue
		}
		if strings.HasSuffix(t, `\`) {
			cur.WriteString(strings.TrimSuffix(t, `\`) + " ")
			continue
		}
		cur.WriteString(t)
		if len(lines) == maxConfigLines {
			return lines, true
		}
		lines = append(lines, cur.String())
		cur.Reset()
	}
	if cur.Len() > 0 {
		if len(lines) == maxConfigLines {
			return lines, true
		}
		lines = append(lines, cur.String())
	}
	return lines, false
}

// tmuxSeparators escapes the semicolons of a multiplexer line that are
// outside quotes (tmux's separator between commands), so that a shell
// reading "tmux LINE" passes them to tmux instead of ending the command
// there.
func tmuxSeparators(line string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(line); i++ {
		ch := line[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\\' && quote == '"' && i+1 < len(line) {
				b.WriteByte(ch)
				i++
				ch = line[i]
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '\\' && i+1 < len(line):
			b.WriteByte(ch)
			i++
			ch = line[i]
		case ch == ';':
			b.WriteByte('\\')
		}
		b.WriteByte(ch)
	}
	return b.String()
}
