package shell

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/actionguard/actionguard/rule"
)

// diskFiles is a fake disk for Options.ReadFile that counts its reads.
type diskFiles struct {
	files map[string]string
	reads []string
}

func (d *diskFiles) read(abs string) ([]byte, error) {
	d.reads = append(d.reads, abs)
	t, ok := d.files[abs]
	if !ok {
		return nil, errors.New("no such file")
	}
	if len(t) > MaxScriptBytes+1 {
		t = t[:MaxScriptBytes+1]
	}
	return []byte(t), nil
}

// TestScriptsOnDisk: every way a command runs a file, with the file on
// disk holding a destructive or a harmless script.
func TestScriptsOnDisk(t *testing.T) {
	const cwd, home = "/home/dev/project", "/home/dev"
	runners := []struct {
		file, run string
		wrap      func(string) string
	}{
		{"/home/dev/project/y.sh", "bash y.sh", nil},
		{"/home/dev/project/y.sh", "sh -e y.sh", nil},
		{"/home/dev/project/y.sh", "zsh ./y.sh", nil},
		{"/home/dev/project/y.sh", "source y.sh", nil},
		{"/home/dev/project/y.sh", ". ./y.sh", nil},
		{"/home/dev/project/y.sh", "cat y.sh | sh", nil},
		{"/home/dev/project/y.sh", "bash < y.sh", nil},
		{"/home/dev/project/y.sh", "sudo bash y.sh", nil},
		{"/home/dev/project/y.sh", "cd src && bash ../y.sh", nil},
		{"/home/dev/project/y.sh", "cp y.sh z.sh && ./z.sh", nil},
		{"/home/dev/project/tools/run", "./tools/run", func(s string) string { return "#!/bin/sh\n" + s }},
		{"/tmp/x", "/tmp/x", func(s string) string { return "#!/usr/bin/env bash\n" + s }},
		{"/home/dev/project/y.py", "python3 y.py", nil},
		{"/home/dev/project/Makefile", "make", func(s string) string { return "all:\n\t" + s + "\n" }},
		{"/home/dev/project/build.mk", "make -f build.mk all", func(s string) string { return "all:\n\t" + s + "\n" }},
	}
	for _, r := range runners {
		for _, payload := range []struct {
			text    string
			harmful bool
		}{{"rm -rf ~", true}, {"echo hello", false}} {
			text := payload.text
			if strings.HasSuffix(r.file, ".py") {
				text = map[bool]string{true: "import shutil, os\nshutil.rmtree(os.path.expanduser('~'))", false: "print('hello')"}[payload.harmful]
			}
			if r.wrap != nil {
				text = r.wrap(text)
			}
			d := &diskFiles{files: map[string]string{r.file: text}}
			res := Analyze(r.run, Options{Cwd: cwd, Home: home, ReadFile: d.read})
			ids := ruleIDs(res)
			home := slices.ContainsFunc(res.Findings, func(f rule.Finding) bool { return f.Points >= 100 })
			if payload.harmful && !home {
				t.Errorf("%q running %q: %v, want the home directory's deletion", r.run, text, ids)
			}
			if !payload.harmful && len(res.Findings) > 0 && slices.ContainsFunc(res.Findings, func(f rule.Finding) bool { return f.Points >= 50 }) {
				t.Errorf("%q running %q: %v, want it to run", r.run, text, ids)
			}
			if len(d.reads) > MaxScriptReads {
				t.Errorf("%q: %d files read", r.run, len(d.reads))
			}
		}
	}
}

// TestScriptsOnDiskBounds: what is never read, what is read at most, and
// what a file on disk may not bring into a message.
func TestScriptsOnDiskBounds(t *testing.T) {
	opt := func(d *diskFiles) Options {
		return Options{Cwd: "/home/dev/project", Home: "/home/dev", ReadFile: d.read}
	}
	t.Run("installed programs and devices are not read", func(t *testing.T) {
		d := &diskFiles{files: map[string]string{}}
		for _, c := range []string{"/usr/bin/gradle build", "/bin/sh /dev/stdin", "bash /proc/self/fd/0", "./node_modules/.bin/jest", "/opt/tool/run"} {
			Analyze(c, opt(d))
		}
		if len(d.reads) > 0 {
			t.Errorf("read %v", d.reads)
		}
	})
	t.Run("at most MaxScriptReads files per command", func(t *testing.T) {
		d := &diskFiles{files: map[string]string{}}
		var b strings.Builder
		for i := range 50 {
			b.WriteString("bash s" + itoa(i) + ".sh; ")
		}
		Analyze(b.String(), opt(d))
		if len(d.reads) != MaxScriptReads {
			t.Errorf("%d reads, want %d", len(d.reads), MaxScriptReads)
		}
	})
	t.Run("a file is read once", func(t *testing.T) {
		d := &diskFiles{files: map[string]string{"/home/dev/project/y.sh": "echo hi"}}
		Analyze("bash y.sh; bash y.sh; sh ./y.sh; missing.sh; bash missing.sh; bash missing.sh", opt(d))
		seen := map[string]int{}
		for _, r := range d.reads {
			seen[r]++
		}
		for f, n := range seen {
			if n > 1 {
				t.Errorf("%s read %d times", f, n)
			}
		}
	})
	t.Run("a credential run as a script says so without its words", func(t *testing.T) {
		d := &diskFiles{files: map[string]string{"/home/dev/.aws/credentials": "[default]\naws_secret_access_key = wJalrXUtnFEMI-SECRET-WORD\n"}}
		res := Analyze("bash ~/.aws/credentials", opt(d))
		if len(res.Findings) == 0 {
			t.Fatal("running a credential file: no finding")
		}
		for _, f := range res.Findings {
			if strings.Contains(f.Message, "SECRET-WORD") || strings.Contains(f.Evidence, "SECRET-WORD") {
				t.Errorf("the credential's words reached a finding: %+v", f)
			}
		}
	})
	t.Run("binary content is not a script", func(t *testing.T) {
		d := &diskFiles{files: map[string]string{"/home/dev/project/app": "\x7fELF\x00\x00rm -rf ~"}}
		if res := Analyze("./app", opt(d)); len(res.Findings) > 0 {
			t.Errorf("a compiled program judged as a script: %v", ruleIDs(res))
		}
	})
	t.Run("a long script is judged on its beginning", func(t *testing.T) {
		d := &diskFiles{files: map[string]string{"/home/dev/project/big.sh": "rm -rf ~\n" + strings.Repeat("echo x\n", MaxScriptBytes)}}
		if res := Analyze("bash big.sh", opt(d)); len(res.Findings) == 0 {
			t.Error("a long script's first command was not judged")
		}
	})
	t.Run("run-time commands in a script on disk are not held", func(t *testing.T) {
		// What ./gradlew, ./mvnw and ./configure look like.
		wrapper := "#!/bin/sh\nAPP_HOME=$(cd \"${0%/*}\" && pwd -P)\nJAVACMD=$JAVA_HOME/bin/java\nrm -rf \"$TMPDIR/gradle\"\neval set -- $(printf '%s\\n' \"$DEFAULT_JVM_OPTS\" | xargs -n1)\nexec \"$JAVACMD\" \"$@\"\n"
		d := &diskFiles{files: map[string]string{"/home/dev/project/gradlew": wrapper}}
		if res := Analyze("./gradlew build", opt(d)); len(res.Findings) > 0 {
			t.Errorf("./gradlew held: %v", ruleIDs(res))
		}
	})
}
