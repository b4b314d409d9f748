package shell

import (
	"strings"
	"testing"

	"github.com/actionguard/actionguard/internal/dirs"
)

// actionguard's directories on every system, reached by commands written
// for every shell: an agent on macOS deleting ~/Library/Application
// Support/actionguard, on Windows %APPDATA%\actionguard from cmd.exe or
// $env:LOCALAPPDATA\actionguard from PowerShell. The directories come from
// package dirs with the system as a parameter (the analysis protects all
// of them whatever this machine is), so a new convention there is
// covered here.

// osSelfDirs are each system's configuration and state directories for
// the home /home/dev (C:\Users\dev on Windows), by dirs.
func osSelfDirs(t *testing.T) map[string][]string {
	out := map[string][]string{}
	for _, goos := range dirs.Systems {
		home := "/home/dev"
		if goos == "windows" {
			home = `C:\Users\dev`
		}
		e := dirs.Env{GOOS: goos, Home: home}
		c, err1 := e.DefaultConfigDir()
		s, err2 := e.DefaultStateDir()
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: %v %v", goos, err1, err2)
		}
		out[goos] = []string{c, s}
	}
	return out
}

// posixSpellings are a directory under /home/dev as a POSIX shell line
// names it.
func posixSpellings(dir string) []string {
	rel := strings.TrimPrefix(dir, "/home/dev/")
	q := strings.ReplaceAll(rel, " ", `\ `)
	return []string{"~/" + q, `"$HOME/` + rel + `"`, `"${HOME}/` + rel + `"`, `"/home/dev/` + rel + `"`, `'/home/dev/` + rel + `'`}
}

// windowsSpellings are a directory under C:\Users\dev as PowerShell and
// cmd.exe name it.
func windowsSpellings(dir string) (ps, cmd []string) {
	rel := strings.TrimPrefix(dir, `C:\Users\dev\`)
	ps = []string{`$HOME\` + rel, `~\` + rel, `C:\Users\dev\` + rel, `"$env:USERPROFILE\` + rel + `"`, `c:\users\DEV\` + strings.ToUpper(rel)}
	cmd = []string{`%USERPROFILE%\` + rel, `C:\Users\dev\` + rel}
	for _, v := range [][2]string{{`AppData\Roaming\`, "APPDATA"}, {`AppData\Local\`, "LOCALAPPDATA"}} {
		if r, ok := strings.CutPrefix(rel, v[0]); ok {
			ps = append(ps, `$env:`+v[1]+`\`+r, `"$env:`+v[1]+`\`+r+`"`, `${env:`+v[1]+`}\`+r)
			cmd = append(cmd, `%`+v[1]+`%\`+r, `"%`+v[1]+`%\`+r+`"`)
		}
	}
	return ps, cmd
}

// Commands that change a directory D (or a file in it).
var (
	posixSelfTemplates = []string{"rm -rf D", "rm -f D/actionguard.yaml", "mv D /tmp/off", "cp /tmp/e.yaml D/actionguard.yaml",
		"echo 'mode: learning' > D/actionguard.yaml", "cp /tmp/e.json D/modes.json", "rm D/actionguard.db", "ln -sf /tmp/e D",
		"sudo rm -rf D", "bash -c 'rm -rf D'", "find D -delete", "rsync -a --delete /tmp/e/ D/"}
	psSelfTemplates = []string{"Remove-Item -Recurse -Force D", "Remove-Item D\\actionguard.yaml", "Set-Content D\\modes.json '{}'",
		"Move-Item D $env:TEMP\\off", "Copy-Item .\\e.yaml D\\actionguard.yaml -Force", "'{}' | Out-File D\\modes.json", "rm -r -fo D"}
	cmdSelfTemplates = []string{"rmdir /s /q D", "del /q D\\actionguard.db", "copy /y e.yaml D\\actionguard.yaml", "move D C:\\Temp\\off"}
)

func selfFound(src string, opt Options) bool {
	for _, f := range Analyze(src, opt).Findings {
		if strings.HasPrefix(f.Rule, "shell.self.") {
			return true
		}
	}
	return false
}

func TestSelfDirectoriesOfEverySystem(t *testing.T) {
	n := 0
	cmdOpt := selfOptions
	cmdOpt.Dialect = DialectCmd
	for goos, ds := range osSelfDirs(t) {
		for _, d := range ds {
			if goos == "windows" {
				ps, cmd := windowsSpellings(d)
				for _, sp := range ps {
					for _, tmpl := range psSelfTemplates {
						src := strings.ReplaceAll(tmpl, "D", sp)
						n++
						if !selfFound(src, psOptions) {
							t.Errorf("%s (PowerShell): no shell.self finding: %v", src, ruleIDs(Analyze(src, psOptions)))
						}
					}
				}
				for _, sp := range cmd {
					for _, tmpl := range cmdSelfTemplates {
						src := strings.ReplaceAll(tmpl, "D", sp)
						n++
						if !selfFound(src, cmdOpt) {
							t.Errorf("%s (cmd): no shell.self finding: %v", src, ruleIDs(Analyze(src, cmdOpt)))
						}
					}
				}
				// The same directory from a POSIX shell on Windows (Git Bash, WSL's view of the profile).
				d = "/home/dev/" + strings.ReplaceAll(strings.TrimPrefix(d, `C:\Users\dev\`), `\`, "/")
			}
			for _, sp := range posixSpellings(d) {
				for _, tmpl := range posixSelfTemplates {
					src := strings.ReplaceAll(tmpl, "D", sp)
					if strings.Contains(tmpl, "'") && strings.Contains(sp, "'") {
						continue
					}
					n++
					if !selfFound(src, selfOptions) {
						t.Errorf("%s (%s's directory): no shell.self finding: %v", src, goos, ruleIDs(Analyze(src, selfOptions)))
					}
				}
			}
		}
	}
	t.Logf("%d commands", n)
}

// TestSelfDirectoriesHolders: what holds the directories (~/Library,
// ~/Library/Application Support, ~/AppData, %APPDATA%) taken whole.
func TestSelfDirectoriesHolders(t *testing.T) {
	for _, src := range []string{`rm -rf ~/Library/Application\ Support`, `mv "$HOME/Library/Application Support" /tmp/x`, "rm -rf ~/Library",
		"mv ~/AppData/Roaming /tmp/r", "rm -rf ~/AppData", "rm -rf ~/Library/Application\\ Support/act*", "rm -rf ~/AppData/Local/acti?nguard"} {
		if !selfFound(src, selfOptions) {
			t.Errorf("%s: no shell.self finding: %v", src, ruleIDs(Analyze(src, selfOptions)))
		}
	}
	for _, src := range []string{`Remove-Item -Recurse -Force $env:APPDATA`, `Remove-Item -Recurse -Force $env:LOCALAPPDATA`, `Move-Item $HOME\AppData C:\Temp\a`} {
		if !selfFound(src, psOptions) {
			t.Errorf("%s (PowerShell): no shell.self finding: %v", src, ruleIDs(Analyze(src, psOptions)))
		}
	}
}

// TestSelfAgentSystemSettings: the agents' managed settings on each
// system (an administrator's hooks, or their switch).
func TestSelfAgentSystemSettings(t *testing.T) {
	for _, s := range dirs.AgentSystemSettings {
		if s.GOOS == "windows" {
			for _, tmpl := range []string{"Remove-Item -Recurse -Force 'D'", "Set-Content 'D\\settings.json' '{}'"} {
				src := strings.ReplaceAll(tmpl, "D", s.Path)
				if !selfFound(src, psOptions) {
					t.Errorf("%s (%s, %s): no shell.self finding: %v", src, s.Agent, s.GOOS, ruleIDs(Analyze(src, psOptions)))
				}
			}
			continue
		}
		for _, tmpl := range []string{"sudo rm -rf 'D'", "echo '{}' | sudo tee 'D/settings.json'", "sudo cp /tmp/e.json 'D/managed-settings.json'", "sudo mv 'D' /tmp/off"} {
			src := strings.ReplaceAll(tmpl, "D", s.Path)
			if !selfFound(src, selfOptions) {
				t.Errorf("%s (%s, %s): no shell.self finding: %v", src, s.Agent, s.GOOS, ruleIDs(Analyze(src, selfOptions)))
			}
		}
	}
}

// TestSelfDirectoriesTwins: reading actionguard's files still runs, and
// the same changes to other programs' directories beside them carry no
// self-protection finding.
func TestSelfDirectoriesTwins(t *testing.T) {
	for goos, ds := range osSelfDirs(t) {
		for _, d := range ds {
			if goos == "windows" {
				ps, _ := windowsSpellings(d)
				for _, sp := range ps[:3] {
					src := "Get-ChildItem " + sp
					wantRuns(t, src, psOptions)
				}
				d = "/home/dev/" + strings.ReplaceAll(strings.TrimPrefix(d, `C:\Users\dev\`), `\`, "/")
			}
			for _, sp := range posixSpellings(d) {
				for _, tmpl := range []string{"cat D/actionguard.yaml", "ls -la D", "grep -n deny D/actionguard.yaml", "cp D/actionguard.yaml /tmp/policy-copy.yaml"} {
					wantRuns(t, strings.ReplaceAll(tmpl, "D", sp), selfOptions)
				}
			}
		}
	}
	for _, d := range []string{"~/Library/Application\\ Support/Notes", `"$HOME/Library/Application Support/Code/logs"`, "~/AppData/Roaming/Code/logs",
		"~/AppData/Local/pip/cache", "~/Library/Caches/pip", "~/.config/mytool", "~/.local/state/nvim"} {
		for _, tmpl := range posixSelfTemplates {
			// The files by their own names (actionguard.yaml, .db) are
			// protected anywhere: the twins change other files.
			tmpl = strings.NewReplacer("actionguard.yaml", "config.yaml", "actionguard.db", "data.db", "modes.json", "prefs.json").Replace(tmpl)
			src := strings.ReplaceAll(tmpl, "D", d)
			if strings.Contains(tmpl, "'") && strings.Contains(d, "'") {
				continue
			}
			if selfFound(src, selfOptions) {
				t.Errorf("%s: a shell.self finding for another program's directory: %v", src, ruleIDs(Analyze(src, selfOptions)))
			}
		}
	}
	for _, src := range []string{`Remove-Item -Recurse -Force $env:APPDATA\Code\logs`, `Remove-Item -Recurse $env:LOCALAPPDATA\pip\cache`, `Set-Content $env:APPDATA\mytool\config.json '{}'`} {
		if selfFound(src, psOptions) {
			t.Errorf("%s (PowerShell): a shell.self finding for another program's directory: %v", src, ruleIDs(Analyze(src, psOptions)))
		}
	}
}
