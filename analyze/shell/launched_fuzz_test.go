package shell

import (
	"strings"
	"testing"
)

// FuzzWrittenFileFormats feeds the readers of files written then run
// (property lists, units, desktop entries, Dockerfiles, perl and ruby
// filter programs) any text: none may panic, and what they return stays
// bounded by what they were given. The whole line, written then run, goes
// through Analyze too.
func FuzzWrittenFileFormats(f *testing.F) {
	for _, s := range []string{
		plistRunningTest("sh", "-c", "rm -rf ~"),
		"<plist><dict><key>Program</key><string>/bin/x</string></dict></plist>",
		"<plist><dict><key>ProgramArguments</key><array><string>a&amp;b</string>",
		"[Service]\nExecStart=/bin/sh -c \"rm -rf ~\"\nExecStop=-/bin/true",
		"[Desktop Entry]\nExec=sh -c 'x' %U %%",
		"FROM alpine\nRUN curl x | sh\nRUN [\"sh\",\"-c\",\"y\"]\nRUN <<EOT\nz\nEOT\nRUN --mount=type=secret,id=a \\\n  cat /run/secrets/a",
		"RUN <<EOF", "RUN [", `s/a/b/`, `s{a}{b}g; s#x#\x41\x{263A}\101#`, `s/a/$1${x}@y\`, `gsub(/a/, "b#{c}")`, `"unterminated`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		if line, ok := plistCommand(s); ok && len(line) > 4*len(s)+16 {
			t.Fatalf("plistCommand grew %d bytes into %d", len(s), len(line))
		}
		if d := desktopCommands(s); len(d) > len(s)+1 {
			t.Fatalf("desktopCommands grew %d bytes into %d", len(s), len(d))
		}
		if u := launchedText("x.service", s); len(u) > len(s)+1 {
			t.Fatalf("unit commands grew %d bytes into %d", len(s), len(u))
		}
		steps := dockerfileSteps(s)
		if len(steps) > maxLaunchArgs {
			t.Fatalf("%d steps, more than the bound", len(steps))
		}
		for _, p := range []insertion{perlInsertion(s), rubyInsertion(s)} {
			if len(p.text) > maxInsertBytes+len(s)+1 {
				t.Fatalf("insertion of %d bytes from %d", len(p.text), len(s))
			}
		}
		q := "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		for _, line := range []string{
			"printf '%s' " + q + " > Dockerfile && docker build .",
			"printf '%s' " + q + " > j.plist && launchctl load j.plist",
			"perl -pi -e " + q + " package.json && npm test",
		} {
			Analyze(line, Options{Cwd: "/home/dev/project", Home: "/home/dev"})
		}
	})
}

func plistRunningTest(words ...string) string {
	s := "<plist><dict><key>ProgramArguments</key><array>"
	for _, w := range words {
		s += "<string>" + w + "</string>"
	}
	return s + "</array></dict></plist>"
}
