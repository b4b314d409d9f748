package dirs

import "strings"

// Systems are the operating systems actionguard names directories for.
var Systems = []string{"linux", "darwin", "windows"}

// HomePlaces are actionguard's configuration and state directories on
// every system (and an earlier release's), as paths below the home
// directory with slashes: ".config/actionguard",
// "Library/Application Support/actionguard", "AppData/Roaming/actionguard",
// …. A command may be written for any system (an agent on macOS, on
// Windows, in a container), so the self-protection guards all of them.
func HomePlaces() []string {
	const home = "/\x00home"
	var out []string
	add := func(d string, err error) {
		if err != nil {
			return
		}
		rel, ok := strings.CutPrefix(strings.ReplaceAll(d, `\`, "/"), home+"/")
		if !ok {
			return
		}
		for _, o := range out {
			if o == rel || strings.HasPrefix(rel, o+"/") {
				return // inside a place already listed
			}
		}
		out = append(out, rel)
	}
	for _, goos := range Systems {
		e := Env{GOOS: goos, Home: home}
		add(e.DefaultConfigDir())
		add(e.DefaultStateDir())
		// The places an earlier release used on every system.
		add(e.unixConfigDir(), nil)
		add(e.unixStateDir(), nil)
	}
	return out
}

// AgentSetting is a place, outside the user's home and the project, where
// an agent reads settings that can hold (or switch off) its hooks: the
// managed settings an administrator installs.
type AgentSetting struct {
	Agent string // the agent's name in `actionguard install`: claude-code, codex, …
	GOOS  string
	Path  string // a directory (all of it is settings) in the system's own spelling
}

// AgentSystemSettings are the agents' system-wide settings directories on
// each system. Changing one changes what every session of the agent
// runs, its hooks included.
var AgentSystemSettings = []AgentSetting{
	{"claude-code", "linux", "/etc/claude-code"},
	{"claude-code", "darwin", "/Library/Application Support/ClaudeCode"},
	{"claude-code", "windows", `C:\ProgramData\ClaudeCode`},
	{"claude-code", "windows", `C:\Program Files\ClaudeCode`},
	{"gemini", "linux", "/etc/gemini-cli"},
	{"gemini", "darwin", "/Library/Application Support/GeminiCli"},
	{"gemini", "windows", `C:\ProgramData\gemini-cli`},
	{"codex", "linux", "/etc/codex"},
	{"codex", "darwin", "/etc/codex"},
	{"cursor", "linux", "/etc/cursor"},
	{"cursor", "darwin", "/Library/Application Support/Cursor"},
	{"cursor", "windows", `C:\ProgramData\Cursor`},
}

// AgentSystemSettingsFor are the AgentSystemSettings of one system.
func AgentSystemSettingsFor(goos string) []AgentSetting {
	var out []AgentSetting
	for _, s := range AgentSystemSettings {
		if s.GOOS == goos || goos == "ios" && s.GOOS == "darwin" {
			out = append(out, s)
		}
	}
	return out
}
