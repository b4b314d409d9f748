package shell

import (
	"strings"
	"testing"
)

// Another terminal told to run or type a command: every spelling of every
// program that does it, around a command that must be blocked and around a
// harmless one that must still run. What the other terminal runs is judged
// as the command it is; text only known when it runs, or a bare answer
// typed into whatever waits there, is held for a person.

// terminalSpellings make another terminal run or type the command %s.
var terminalSpellings = []string{
	"tmux send-keys -t 0 '%s' Enter",
	"tmux send-keys -t main:1.2 '%s' C-m",
	"tmux send -t work '%s' Enter",
	"tmux send-keys -l '%s' \\; send-keys Enter",
	"tmux new -d '%s'",
	"tmux new-session -d -s x -n y '%s'",
	"tmux -L other new -d '%s'",
	"tmux neww '%s'",
	"tmux new-window -c /tmp -n w '%s'",
	"tmux split-window -h '%s'",
	"tmux splitw -v -l 10 '%s'",
	"tmux respawn-pane -k -t 1 '%s'",
	"tmux respawn-window -k '%s'",
	"tmux run-shell '%s'",
	"tmux run -b '%s'",
	"tmux display-popup -E '%s'",
	"tmux if-shell '%s' 'display ok'",
	"tmux -c '%s'",
	`screen -S main -X stuff '%s\n'`,
	`screen -X stuff '%s^M'`,
	"screen -dm bash -c '%s'",
	"screen -dmS job bash -c '%s'",
	"screen -S main -X screen bash -c '%s'",
	"zellij action write-chars '%s\n'",
	"zellij run -- bash -c '%s'",
	"zellij action new-pane -- bash -c '%s'",
	`kitty @ send-text --match title:dev '%s\r'`,
	"kitty @ launch --type=tab bash -c '%s'",
	"kitty -e bash -c '%s'",
	`wezterm cli send-text '%s\n'`,
	"wezterm cli spawn -- bash -c '%s'",
	"wezterm start -- bash -c '%s'",
	"xdotool type '%s' && xdotool key Return",
	"xdotool type --delay 5 '%s' key Return",
	`ydotool type '%s\n'`,
	`osascript -e 'tell application "Terminal" to do script "%s"'`,
	`osascript -e 'tell application "iTerm" to tell current session of current window to write text "%s"'`,
	`osascript -e 'tell application "System Events" to keystroke "%s"' -e 'tell application "System Events" to key code 36'`,
	"xterm -e %s",
	"xterm -hold -e bash -c '%s'",
	"konsole -e '%s'",
	"gnome-terminal -- bash -c '%s'",
	"xfce4-terminal -e '%s'",
	"terminator -x bash -c '%s'",
	"alacritty -e %s",
	"alacritty --command bash -c '%s'",
	"foot %s",
	`python3 -c "import fcntl,termios;[fcntl.ioctl(0,termios.TIOCSTI,c) for c in '%s\n']"`,
	`perl -e 'ioctl(STDIN, 0x5412, $_) for split //, "%s\n"; # TIOCSTI'`,
}

func TestTerminalRunsJudgedAsTheCommand(t *testing.T) {
	held := []string{"actionguard approvals approve ap-1", "actionguard mode off", "rm -rf ~", "actionguard policy edit"}
	benign := []string{"npm test", "git status", "make", "go test ./..."}
	for _, sp := range terminalSpellings {
		for _, in := range held {
			cmd := strings.ReplaceAll(sp, "%s", in)
			if got := verdictClass(Analyze(cmd, exampleOptions).Findings); got != "block" {
				t.Errorf("%s\n\tmakes another terminal run %q but is judged %s: %v", cmd, in, got, channelIDs(Analyze(cmd, exampleOptions).Findings))
			}
		}
		for _, in := range benign {
			cmd := strings.ReplaceAll(sp, "%s", in)
			if strings.HasPrefix(sp, "foot") && strings.Contains(in, " ") {
				continue // foot takes the program and its arguments as words
			}
			if got := verdictClass(Analyze(cmd, exampleOptions).Findings); got != "allow" && got != "notice" {
				t.Errorf("%s\n\truns %q in another terminal but is judged %s: %v", cmd, in, got, channelIDs(Analyze(cmd, exampleOptions).Findings))
			}
		}
	}
}

// Text only known when it runs, and bare answers, typed into another
// terminal: held for a person, whatever types them.
func TestTerminalUnknownInputHeld(t *testing.T) {
	for _, cmd := range []string{
		`tmux send-keys -t 0 "$x" Enter`,
		"tmux send-keys -t main:0 y Enter",
		"tmux send-keys -t main:0 Enter",
		"tmux send -t 1 yes C-m",
		"tmux paste-buffer -t 0",
		`screen -S main -X stuff 'y\n'`,
		`screen -X stuff "$(cat /tmp/cmd)"`,
		`xdotool type "$CMD"`,
		"xdotool key Return",
		"xdotool type y key Return",
		`ydotool type "$x"`,
		"ydotool key 28:1 28:0",
		`zellij action write 121 10`,
		`kitty @ send-text "$x"`,
		`wezterm cli send-text "$x"`,
		`osascript -e 'tell application "System Events" to keystroke "y"'`,
		`osascript -e "tell application \"Terminal\" to do script $x"`,
		"open -a Terminal /tmp/approve.command",
		"open /tmp/x.command",
		`python3 -c "import fcntl,termios,sys; [fcntl.ioctl(0, termios.TIOCSTI, c) for c in sys.argv[1]]"`,
	} {
		if got := verdictClass(Analyze(cmd, exampleOptions).Findings); got != "approve" && got != "block" {
			t.Errorf("%s\n\ttypes or runs something unknown in another terminal but is judged %s: %v", cmd, got, channelIDs(Analyze(cmd, exampleOptions).Findings))
		}
	}
}

// Multiplexer and terminal commands that run nothing new stay allowed.
func TestTerminalBenignRuns(t *testing.T) {
	for _, cmd := range []string{
		"tmux ls", "tmux list-sessions", "tmux capture-pane -p -t dev", "tmux attach -t dev", "tmux kill-session -t old",
		"tmux new -d 'npm run dev'", "tmux send-keys -t dev 'npm test' Enter", "tmux display-message -p '#S'",
		"screen -ls", "screen -r main", "screen -list", "kitty @ ls", "wezterm cli list", "zellij list-sessions",
		"open README.md", "open -a Terminal .", "open .", "open https://example.com", "xdotool getactivewindow",
	} {
		if got := verdictClass(Analyze(cmd, exampleOptions).Findings); got != "allow" && got != "notice" {
			t.Errorf("%s is judged %s: %v", cmd, got, channelIDs(Analyze(cmd, exampleOptions).Findings))
		}
	}
}

// FuzzTerminalCommands: no terminal spelling panics or hangs the analysis.
func FuzzTerminalCommands(f *testing.F) {
	for _, sp := range terminalSpellings {
		f.Add(strings.ReplaceAll(sp, "%s", "rm -rf ~"))
	}
	f.Add(`tmux -c`)
	f.Add(`tmux send-keys \; \; -t`)
	f.Add(`osascript -e 'do script "`)
	f.Add(`kitty @ --to`)
	f.Fuzz(func(t *testing.T, src string) {
		Analyze(src, exampleOptions)
	})
}
