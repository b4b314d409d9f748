package guard_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/guard"
)

// unpackTools are the shapes of a tool that unpacks an archive, as MCP
// servers and assistants name them.
var unpackTools = []string{"extract", "extract_archive", "mcp__archive__extract", "mcp__files__unzip", "unzip", "untar", "decompress",
	"unpackArchive", "archive-extract", "ExtractZip", "unarchive_file", "mcp__fs__extract_archive", "decompress_file", "ExtractTarball"}

// unpackDestKeys and unpackSrcKeys are the spellings of the arguments.
var (
	unpackDestKeys = []string{"destination", "target", "output_dir", "outputDir", "extract_to", "dest", "targetDir", "into", "outDir", "destination_path"}
	unpackSrcKeys  = []string{"archive", "path", "file", "source", "archivePath", "zip_file"}
)

// unpackPlaces are the places whose files run by themselves later, and
// the directories above them, with the shell command that unpacks into
// each; benign are scratch and build directories.
var (
	unpackPlaces = []string{"~/.config/autostart", "~/Library/LaunchAgents", "/Library/LaunchDaemons", `%APPDATA%\Microsoft\Windows\Start Menu\Programs\Startup`,
		"/home/dev/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup", "~/.config/systemd/user", "~/.config/systemd/user/default.target.wants",
		"/etc/cron.d", "/etc/cron.daily", "/etc/profile.d", "~/.bashrc.d", "~/.config/fish/conf.d", "~/.oh-my-zsh/custom", "~/.claude", ".claude",
		"/home/dev/project/.claude/hooks", "~/.config", "~/Library", "~", "$HOME/.config/autostart", "/etc/xdg/autostart", "~/.local/bin", "~/.vscode/extensions", "~/.cursor/extensions/x"}
	unpackScratch = []string{"vendor", "build/out", "/tmp/x", "~/Downloads/x", "/home/dev/project/third_party", "./dist"}
)

// TestToolUnpackLikeShell: an archive unpacked by a tool call, in every
// shape and argument spelling, gets the verdict the shell command that
// unpacks it gets; into a place that runs files later (or the agent's
// settings) that is never unattended, and into a scratch directory it runs.
func TestToolUnpackLikeShell(t *testing.T) {
	g := guard.New(guard.WithHome(fsHome))
	ctx := guard.Context{Application: guard.AppCodingAgent, Cwd: fsCwd, Home: fsHome}
	n := 0
	for _, archive := range []string{"x.zip", "/home/dev/Downloads/x.tar.gz"} {
		for _, place := range append(append([]string{}, unpackPlaces...), unpackScratch...) {
			cmd := fmt.Sprintf("unzip -o '%s' -d %s", archive, shWord(place))
			if strings.HasSuffix(archive, ".tar.gz") {
				cmd = fmt.Sprintf("tar -xf '%s' -C %s", archive, shWord(place))
			}
			want := check(t, g, guard.Action{Tool: "Bash", Input: map[string]any{"command": cmd}, Context: ctx})
			scratch := contains(unpackScratch, place)
			if scratch && !want.Verdict.Allowed() || !scratch && want.Verdict.Allowed() {
				t.Errorf("shell %s: %s (%s)", cmd, want.Verdict, want.Reason)
			}
			for i, tool := range unpackTools {
				// Every tool with every key spelling, without a full
				// product: each spelling meets each tool and place.
				for j, dk := range unpackDestKeys {
					if (i+j)%3 != 0 && j != 0 {
						continue
					}
					sk := unpackSrcKeys[(i+j)%len(unpackSrcKeys)]
					a := guard.Action{Tool: tool, Input: map[string]any{sk: archive, dk: place, "overwrite": true}, Context: ctx}
					d := check(t, g, a)
					n++
					if d.Verdict != want.Verdict {
						t.Errorf("%s %v: %s, the shell's %q: %s (%s)", tool, a.Input, d.Verdict, cmd, want.Verdict, d.Reason)
					}
				}
			}
		}
	}
	t.Logf("%d tool calls", n)
}

// TestToolUnpackNotAnUnpack: a tool that extracts text or data (a PDF's
// text, an entity from a sentence) is no archive, and a call that names
// no directory is not judged as unpacking.
func TestToolUnpackNotAnUnpack(t *testing.T) {
	g := guard.New(guard.WithHome(fsHome))
	ctx := guard.Context{Application: guard.AppCodingAgent, Cwd: fsCwd, Home: fsHome}
	for _, a := range []guard.Action{
		{Tool: "extract_text", Input: map[string]any{"path": "docs/report.pdf", "output": "notes.txt"}},
		{Tool: "extract_entities", Input: map[string]any{"text": "Meet Bob in Paris", "target": "people"}},
		{Tool: "extractTables", Input: map[string]any{"file": "data/sheet.xlsx", "destination": "out/tables"}},
	} {
		a.Context = ctx
		if d := check(t, g, a); !d.Verdict.Allowed() || d.Kind == guard.KindShell {
			t.Errorf("%s %v: %s as %s (%s)", a.Tool, a.Input, d.Verdict, d.Kind, d.Reason)
		}
	}
	// A message unpacked for someone names no archive: it is judged as
	// the message it is.
	a := guard.Action{Tool: "unpack_message", Input: map[string]any{"message": "hello", "to": "bob"}, Context: ctx}
	if d := check(t, g, a); d.Kind == guard.KindShell {
		t.Errorf("%s %v: judged as a command (%s)", a.Tool, a.Input, d.Reason)
	}
}

func shWord(s string) string {
	for _, pre := range []string{"$HOME", "~"} {
		if rest, ok := strings.CutPrefix(s, pre); ok && (rest == "" || rest[0] == '/') {
			if rest == "" {
				return pre
			}
			return pre + "'" + rest + "'"
		}
	}
	return "'" + s + "'"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
