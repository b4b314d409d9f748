package shell

import (
	"strings"
	"testing"
)

// producerOptions is a project in a home directory, as a coding agent runs.
var producerOptions = Options{Cwd: "/home/dev/project", Home: "/home/dev"}

// producersOf are commands whose output names a place the analysis can
// tell from where the command runs, by the rule deleting that place
// recursively must report.
var producersOf = map[string][]string{
	"shell.fs.rm-workspace": {
		"pwd", "pwd -P", "echo $PWD", `printf '%s\n' "$PWD"`, "git rev-parse --show-toplevel",
		"realpath .", "readlink -f .", "readlink -e .", "readlink --canonicalize .", `dirname "$PWD/x"`,
		"dirname ./README.md | xargs realpath", `x=./README.md; dirname "$(realpath "$x")"`, "cd src && cd .. && pwd",
	},
	"shell.fs.rm-home": {
		"cd .. && pwd", "dirname $(pwd)", `dirname "$PWD"`, "readlink -f ..", "realpath ~", "realpath ..", "echo $HOME", "echo ~",
		"getent passwd dev | cut -d: -f6", "getent passwd dev | awk -F: '{print $6}'", "getent passwd dev | cut -d : -f 6",
		`dirname "$(git rev-parse --show-toplevel)"`, "cd ..; pwd",
		"ls -d ~/*", "basename $(pwd) | xargs -I{} realpath ../{}/..",
	},
	// Every user's home directory: root's comes first.
	"shell.fs.rm-system": {"cut -d: -f6 /etc/passwd", "awk -F: '{print $6}' /etc/passwd", "getent passwd root | cut -d: -f6"},
	"shell.fs.rm-root": {
		"echo /", `printf '/\n'`, "ls -d /*", "cd / && pwd", "dirname /etc", "realpath /", "readlink -f ../../..",
		"getent passwd root | cut -d: -f6 | xargs dirname",
	},
}

// consumersOf are ways to delete recursively what a producer P prints;
// the placeholder P is replaced by the producer.
var consumersOf = []string{
	"rm -rf $(P)",
	`rm -rf "$(P)"`,
	"rm -rf `P`",
	`d=$(P); rm -rf "$d"`,
	`d="$(P)" && rm -fr -- "$d"`,
	"P | xargs rm -rf",
	"P | xargs -r rm -rf",
	"P | xargs -n 1 rm -rf",
	"P | xargs -I{} rm -rf {}",
	"P | xargs -i rm -rf {}",
	"P | xargs -d '\\n' rm -rf",
	"P | xargs -a /dev/stdin rm -rf",
	"P | xargs --arg-file=- rm -rf",
	"xargs -a <(P) rm -rf",
	"xargs rm -rf < <(P)",
	"P | parallel rm -rf",
	"P | parallel -j4 rm -rf {}",
	`P | sh -c 'read d; rm -rf "$d"'`,
	`P | bash -c 'read -r d && rm -rf -- "$d"'`,
	`P | while read -r d; do rm -rf "$d"; done`,
	`mapfile -t a < <(P); rm -rf "${a[@]}"`,
	`read -r d < <(P); rm -rf "$d"`,
}

func consume(consumer, producer string) string {
	if strings.HasPrefix(consumer, "P |") && strings.ContainsAny(producer, "&;") {
		producer = "{ " + producer + "; }"
	}
	return strings.ReplaceAll(consumer, "P", producer)
}

// TestProducersIntoDeletion runs every producer through every way of
// deleting what it prints: the deletion is judged on the place the
// producer names.
func TestProducersIntoDeletion(t *testing.T) {
	n := 0
	for want, producers := range producersOf {
		for _, p := range producers {
			for _, c := range consumersOf {
				if want == "shell.fs.rm-system" && strings.Contains(c, `"$(P)"`) || strings.Contains(c, "d=$(P)") && strings.Contains(p, "passwd") {
					continue // one name made of several lines names nothing
				}
				src := consume(c, p)
				n++
				res := Analyze(src, producerOptions)
				if !hasRule(res, want) {
					t.Errorf("%q: want %s, got %v %s", src, want, ruleIDs(res), res.ParseError)
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d cases", n)
	}
}

// TestProducersBenignTwins: the same producers naming a build directory
// of the project, or a scratch directory, delete nothing that matters.
func TestProducersBenignTwins(t *testing.T) {
	producers := []string{
		`echo "$(pwd)/node_modules"`, `echo "$(git rev-parse --show-toplevel)/dist"`, "realpath ./build", "readlink -f dist",
		`printf 'build\n'`, "mktemp -d", "mktemp", "mktemp -d -t ci.XXXXXX",
		`echo "$PWD/.cache"`, "basename /x/y/node_modules",
	}
	// Consumers that judge each name (read takes only the first line).
	n := 0
	for _, p := range producers {
		for _, c := range consumersOf {
			src := consume(c, p)
			n++
			res := Analyze(src, producerOptions)
			if ids := positive(res); len(ids) > 0 || res.ParseError != "" {
				t.Errorf("%q should run: got %v %s", src, ids, res.ParseError)
			}
		}
	}
	// Several names on a line: the consumers that split them.
	for _, p := range []string{"echo node_modules dist", `printf '%s\n' build dist`, "echo build; echo .cache"} {
		for _, c := range []string{"rm -rf $(P)", "P | xargs rm -rf", "P | xargs -n 1 rm -rf", "P | xargs -I{} rm -rf {}", "P | parallel rm -rf",
			"xargs -a <(P) rm -rf", "P | xargs -a /dev/stdin rm -rf", "P | xargs -r rm -rf --", `for d in $(P); do rm -rf "$d"; done`} {
			src := consume(c, p)
			n++
			res := Analyze(src, producerOptions)
			if ids := positive(res); len(ids) > 0 || res.ParseError != "" {
				t.Errorf("%q should run: got %v %s", src, ids, res.ParseError)
			}
		}
	}
	for _, src := range []string{
		"xargs -r rm -rf < /dev/null",
		"xargs --no-run-if-empty rm -rf < /dev/null",
		"xargs git -C /home/dev/project status < /dev/null",
		"xargs -a /dev/null rm -rf",
		"xargs -r -a /dev/null rm -rf",
		"true | xargs -r rm -rf",
		"printf '' | xargs -r rm -rf",
		"cd /; xargs rm -rf home/dev/project/node_modules < /dev/null",
		"timeout 5 env PATH=/usr/bin xargs -a <(printf 'build\\n') rm -rf",
		`rm -rf "$(git rev-parse --show-toplevel)/dist"`,
		`trap 'rm -rf "$tmp"' EXIT; tmp=$(mktemp -d); cd "$tmp" && ls`,
		`tmp=$(mktemp -d) && rm -rf "$tmp"`,
		`cd "$(mktemp -d)" && rm -rf *`,
		`declare -A m=([x]=dist); rm -rf "${m[x]}"`,
		`declare -A m; m[out]=build; rm -rf "${m[out]}"`,
		"echo build | xargs -I{} rm -rf ./{}",
		"echo node_modules dist | xargs -I{} rm -rf {}",
	} {
		n++
		res := Analyze(src, producerOptions)
		if ids := positive(res); len(ids) > 0 || res.ParseError != "" {
			t.Errorf("%q should run: got %v %s", src, ids, res.ParseError)
		}
	}
	if n < 200 {
		t.Errorf("only %d cases", n)
	}
}

// TestProducersStayHeld: output the analysis cannot know, fed to a
// destructive program, never runs unattended; nor does a producer whose
// output depends on something only known at run time.
func TestProducersStayHeld(t *testing.T) {
	for _, src := range []string{
		"git ls-files | xargs rm -rf",
		"cat list.txt | xargs rm -rf",
		"rm -rf $(cat list.txt)",
		"rm -rf $(some-tool --print-dir)",
		"readlink link | xargs rm -rf",  // readlink without -f prints the link's text
		`cd "$X" && pwd | xargs rm -rf`, // where cd goes is only known at run time
		`cd "$X"; rm -rf "$(pwd)"`,      // likewise
		"git -C /srv rev-parse --show-toplevel | xargs rm -rf",
		"cd /srv/other && rm -rf $(git rev-parse --show-toplevel)",
		"getent passwd $U | cut -d: -f6 | xargs rm -rf",
		"xargs -a list.txt rm -rf",
		"xargs -a <(cat list.txt) rm -rf",
		"xargs -a /dev/stdin rm -rf < list.txt",
		`P=$(mktemp -d); cd "$P"; rm -rf ~`,
		"echo x | sh -c 'read d; rm -rf \"$d\" ~'",
		"n=0; ((n++)); a=(/usr x); rm -rf \"${a[n]}\"",
		"a=(x /etc); rm -rf \"${a[$RANDOM]}\"",
		`trap 'rm -rf "$d"' INT; d=build`,
		"xargs -I{} sh -c {} <<< 'rm -rf ~'",        // a line is one script to sh -c
		"echo 'rm -rf ~' | xargs -I{} bash -c '{}'", // likewise
	} {
		res := Analyze(src, producerOptions)
		if !heldBy(res) {
			t.Errorf("%q runs unattended: %v", src, ruleIDs(res))
		}
	}
	// A download names what goes: at least approval.
	for _, src := range []string{
		"curl -s https://example.com/list | xargs rm -rf",
		"wget -qO- https://example.com/list | xargs -I{} rm -rf {}",
		"curl -fsSL https://example.com/l | parallel rm -rf",
		"xargs -a <(curl -s https://example.com/l) rm -rf",
	} {
		if res := Analyze(src, producerOptions); !hasRule(res, "shell.exec.feed-network") {
			t.Errorf("%q: want shell.exec.feed-network, got %v", src, ruleIDs(res))
		}
	}
}

// heldBy reports whether some finding keeps the command from running
// unattended (45 points and up ask the user).
func heldBy(res *Result) bool {
	if res.ParseError != "" {
		return true
	}
	for _, f := range res.Findings {
		if f.Points >= 45 {
			return true
		}
	}
	return false
}

// TestProducersFindFeed: find's output fed to rm is judged as find
// -delete over the same roots is (the operand is find's placeholder for
// what it lists under the root), whatever the spelling.
func TestProducersFindFeed(t *testing.T) {
	for _, q := range []string{"find . -type f", "find . -name '*.go'", "find / -type f", "find ~ -type f", "find . -name '*.pyc'"} {
		del := Analyze(q+" -delete", producerOptions)
		for _, c := range []string{"Q | xargs rm -f", "Q -print0 | xargs -0 rm -f", "Q | xargs rm", "Q | xargs -I{} rm -f {}", "rm -f $(Q)", "Q | parallel rm -f"} {
			src := strings.ReplaceAll(c, "Q", q)
			got := Analyze(src, producerOptions)
			if !sameRuleSet(positive(del), positive(got)) {
				t.Errorf("%q: %v; %s -delete reports %v", src, positive(got), q, positive(del))
			}
		}
	}
}

func sameRuleSet(a, b []string) bool {
	m := map[string]bool{}
	for _, x := range a {
		m[x] = true
	}
	for _, x := range b {
		if !m[x] {
			return false
		}
	}
	return len(a) > 0 == (len(b) > 0)
}

// TestProgramPathProducers: which, type -P and command -v print the path
// of the program they name; the command word is that program.
func TestProgramPathProducers(t *testing.T) {
	for _, p := range []string{"$(which NAME)", "`which NAME`", "$(command -v NAME)", "`command -v NAME`", "$(type -P NAME)", `"$(which NAME)"`} {
		bad := strings.ReplaceAll(p, "NAME", "rm") + " -rf ~"
		if res := Analyze(bad, producerOptions); !hasRule(res, "shell.fs.rm-home") {
			t.Errorf("%q: want shell.fs.rm-home, got %v", bad, ruleIDs(res))
		}
		good := strings.ReplaceAll(p, "NAME", "ls") + " -la ~"
		if res := Analyze(good, producerOptions); len(positive(res)) > 0 {
			t.Errorf("%q should run: %v", good, positive(res))
		}
	}
	// A function of that name: command -v names it, and it runs.
	src := `ls(){ rm -rf ~; }; $(command -v ls) -la`
	if res := Analyze(src, producerOptions); !hasRule(res, "shell.fs.rm-home") {
		t.Errorf("%q: want shell.fs.rm-home, got %v", src, ruleIDs(res))
	}
}
