package guard

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/tools"
)

// toolUnpack judges a tool that unpacks an archive into a directory
// (tools.Prepared.Unpack) as the shell command that does the same: tar -x,
// unzip -d, 7z x -o. The shell's rules for what arrives — the agent's
// settings and actionguard's files, the places whose files run by
// themselves later, the members of an archive on disk — then decide, and
// a tool reaches the verdict the command would.
func (e *evaluation) toolUnpack(u tools.Unpacking) {
	cmd := unpackCommand(u)
	e.kind, e.d.Kind = KindShell, KindShell
	if e.trace {
		e.step("tool", e.a.Tool+" unpacks an archive: judged as "+truncate(cmd, 160), 0)
	}
	from := len(e.findings)
	e.shellCommand(cmd)
	// The findings speak of the program the command runs; the agent
	// called the tool.
	for i := from; i < len(e.findings); i++ {
		for _, prog := range []string{"unzip ", "tar ", "7z ", "unrar "} {
			if rest, ok := strings.CutPrefix(e.findings[i].Message, prog); ok {
				e.findings[i].Message = e.a.Tool + " " + rest
				break
			}
		}
	}
}

// unpackCommand is the command line that unpacks u: one command per
// directory.
func unpackCommand(u tools.Unpacking) string {
	var b strings.Builder
	for i, d := range u.Into {
		if i > 0 {
			b.WriteString("; ")
		}
		src, dst := shellWord(u.Archive), shellWord(d)
		switch prog := tools.ArchiveProgram(u.Archive); {
		case u.Archive == "":
			b.WriteString("tar -x -C " + dst) // the archive comes from elsewhere: its content is not known
		case prog == "unzip":
			b.WriteString("unzip -o " + src + " -d " + dst)
		case prog == "7z":
			b.WriteString("7z x -y " + src + " -o" + dst)
		case prog == "unrar":
			b.WriteString("unrar x -o+ " + src + " " + shellWord(strings.TrimRight(d, `/\`)+"/"))
		default:
			b.WriteString("tar -xf " + src + " -C " + dst)
		}
	}
	return b.String()
}

// shellWord quotes s for a shell command line, keeping a leading ~, $HOME
// or ${HOME} outside the quotes so that it still names the home.
func shellWord(s string) string {
	for _, pre := range []string{"${HOME}", "$HOME", "~"} {
		if rest, ok := strings.CutPrefix(s, pre); ok && (rest == "" || rest[0] == '/') {
			if rest == "" {
				return pre
			}
			return pre + quoteWord(rest)
		}
	}
	return quoteWord(s)
}

func quoteWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
