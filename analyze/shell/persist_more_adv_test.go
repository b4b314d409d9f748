package shell

import (
	"strings"
	"testing"
)

// TestPersistMoreEverySpelling: code nobody saw set up to run later, by
// every program's own command, from every place outside the project, and
// through wrappers, needs an approval; the listing and status commands,
// and the project's own files, run.
func TestPersistMoreEverySpelling(t *testing.T) {
	places := []string{"/tmp", "/var/tmp", "/dev/shm", "~/Downloads", "/home/other"}
	forms := []string{
		"systemctl --user link P/evil.service", "systemctl link P/evil.service", "systemctl --user enable P/evil.service", "systemctl --user enable --now P/evil.service",
		"launchctl submit -l x -- P/evil.sh", "launchctl submit -l com.x.y -p P/evil.sh", "launchctl submit -l x -- bash P/evil.sh",
		"crontab P/evil.cron", "crontab -u dev P/evil.cron",
		"go env -w GOFLAGS=-toolexec=P/evil", "go env -w GOFLAGS='-toolexec P/evil'", "go env -w CC=P/cc",
		"systemd-run --user --on-calendar=hourly P/evil.sh", "systemd-run --user --on-active=30s bash P/evil.sh", "systemd-run --on-boot=1min P/evil.sh",
		"ln -s P/evil.sh ~/.config/autostart-scripts/x.sh", "cp P/evil.sh ~/.config/autostart-scripts/", "ln -s P/evil.desktop ~/.kde/Autostart/x.desktop",
	}
	wrappers := []string{"%s", "sudo %s", "env A=1 %s", "nohup %s", "bash -c \"%s\"", "true && %s"}
	n := 0
	for _, f := range forms {
		for _, p := range places {
			for _, w := range wrappers {
				src := strings.ReplaceAll(w, "%s", strings.ReplaceAll(f, "P/", p+"/"))
				if strings.Contains(w, `"`) && strings.Contains(f, "'") {
					continue
				}
				n++
				if got := envMaxPoints(Analyze(src, producerOptions)); got <= 70 {
					t.Errorf("%q: %d points, want an approval (above 70)", src, got)
				}
			}
		}
	}
	if n < 400 {
		t.Errorf("only %d cases", n)
	}
	for _, src := range []string{
		"systemctl --user status", "systemctl --user list-timers", "systemctl --user enable syncthing", "systemctl --user restart pipewire", "systemctl --user link ./deploy/app.service",
		"systemd-run --user --scope go test ./...", "systemd-run --user --on-active=5m make backup", "launchctl list", "launchctl submit -l build -- make",
		"crontab -l", "crontab -l > cron.bak", "crontab ./ops/crontab", "go env -w GOFLAGS=-mod=mod", "go env -w GOFLAGS='-mod=vendor -trimpath'", "go env GOFLAGS", "go env -w GOPRIVATE=github.com/acme/*",
		"go env -w GOPROXY=https://proxy.golang.org,direct", "cargo config get", "cargo config get build.jobs",
		`osascript -e 'display notification "build done"'`, `osascript -e 'tell application "Finder" to get name of every login item'`, "ls ~/.config/autostart-scripts",
		`python3 -c 'import site;print(site.getusersitepackages())'`,
	} {
		if got := envMaxPoints(Analyze(src, producerOptions)); got > 70 {
			t.Errorf("%q should run or ask at most: %d points %v", src, got, ruleIDs(Analyze(src, producerOptions)))
		}
	}
}

// TestPersistSavedSettings: saved build settings that run a program or
// replace where packages come from.
func TestPersistSavedSettings(t *testing.T) {
	for _, tc := range []struct {
		src string
		id  string
	}{
		{"go env -w GOFLAGS=-toolexec=/tmp/evil", rulePersistLater.ID},
		{"go env -w GOFLAGS=-exec=./x", rulePersistLater.ID},
		{"go env -w GOPROXY=https://evil.example", rulePersistSource.ID},
		{"go env -w GOPROXY=https://evil.example,direct", rulePersistSource.ID},
		{"go env -w GOSUMDB=off", rulePersistSource.ID},
		{"go env -w GONOSUMDB=*", rulePersistSource.ID},
		{"go env -w GOINSECURE=*", rulePersistSource.ID},
		{"cargo config set source.crates-io.replace-with evil", rulePersistSource.ID},
		{"cargo config set registries.evil.index https://evil.example/index", rulePersistSource.ID},
		{"cargo config set build.rustc-wrapper /tmp/w", rulePersistLater.ID},
		{"cargo config set target.x86_64-unknown-linux-gnu.runner ./run.sh", rulePersistLater.ID},
		{"cargo config set alias.b 'build --release'", rulePersistLater.ID},
		{`osascript -e 'tell application "System Events" to make login item at end with properties {path:"/tmp/evil.app"}'`, rulePersistLater.ID},
		{`osascript -e 'tell application "System Events" to make new login item at end of login items with properties {path:"/Applications/X.app", hidden:true}'`, rulePersistLater.ID},
		{`echo 'import os' > $(python3 -c 'import site;print(site.getusersitepackages())')/x.pth`, ruleWriteAutorun.ID},
		{`echo 'import os' > "$(python3 -m site --user-site)/evil.pth"`, ruleWriteAutorun.ID},
		{`echo 'import os' > $(python3 -c 'import sysconfig;print(sysconfig.get_paths()["purelib"])')/sitecustomize.py`, ruleWriteAutorun.ID},
	} {
		if res := Analyze(tc.src, producerOptions); !hasRule(res, tc.id) {
			t.Errorf("%q: want %s, got %v", tc.src, tc.id, ruleIDs(res))
		}
	}
}
