package policy

import (
	"strings"
	"testing"
)

const wrapUser = "wrappers:\n  - name: with-vpn\n    options: [\"-r= --region=\"]\n"

func TestWrappersMerge(t *testing.T) {
	e := newLVEnv(t)
	e.write(t, e.user, wrapUser)
	e.write(t, e.project, "wrappers:\n  - name: tsh\n    skip: 2\n  - name: WITH-VPN\n    options: [\"-q\"]\n")
	p, err := Load(e.opts)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, w := range p.Wrappers {
		names = append(names, w.Name+":"+strings.Join(w.Options, ",")+":"+w.Source[strings.LastIndexByte(w.Source, '/')+1:])
	}
	want := "with-vpn:-r= --region=:actionguard.yaml:2 tsh::" + FileName + ":2"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("wrappers = %q, want %q (the user's first, the project's added, a name declared twice keeps the user's reading)", got, want)
	}
	warned := false
	for _, w := range p.Warnings {
		if strings.Contains(w, "wrapper WITH-VPN ignored") {
			warned = true
		}
	}
	if !warned {
		t.Errorf("no warning for the project's second declaration of with-vpn: %q", p.Warnings)
	}
	sw := p.ShellWrappers()
	if len(sw) != 2 || sw[0].Name != "with-vpn" || sw[1].Skip != 2 {
		t.Errorf("ShellWrappers = %+v", sw)
	}
}

// A project cannot remove or redefine a built-in wrapper: naming one is an
// error, and the whole file then fails closed.
func TestWrappersProjectCannotTouchBuiltins(t *testing.T) {
	for _, name := range []string{"sudo", "env", "timeout", "nice", "rm", "git", "bash", "python3", "eval", "xargs", "curl", "kubectl", "psql", "ls"} {
		e := newLVEnv(t)
		e.write(t, e.user, "deny:\n  - command: \"echo forbidden\"\n")
		e.write(t, e.project, "wrappers:\n  - name: "+name+"\n")
		if _, err := Load(e.opts); err == nil || !strings.Contains(err.Error(), FileName+":2:11: ") {
			t.Errorf("project wrapper %s: err = %v, want it refused", name, err)
		}
	}
}

func TestWrappersFailClosed(t *testing.T) {
	e := newLVEnv(t)
	e.write(t, e.user, lvUser+wrapUser)
	if p, fb := LoadFailClosed(e.opts, e.keep); fb != nil || len(p.Wrappers) != 1 {
		t.Fatalf("valid policy: %+v %+v", p, fb)
	}
	for _, bad := range []string{
		"  - name: rm\n",
		"  - name: tsh\n    skip: 99\n",
		"  - name: tsh\n    options: [\"-c=+\"]\n",
		"  - name: tsh\n    options: [\"--cmd= ; noexec\"]\n",
		"  - name: tsh\n    hide: true\n",
		"  - name: with-vpn\n",
	} {
		e.write(t, e.user, lvUser+wrapUser+bad)
		p, fb := LoadFailClosed(e.opts, e.keep)
		if fb == nil {
			t.Errorf("%q: loaded without a fallback", bad)
			continue
		}
		// The last valid policy: its deny entry and its one wrapper.
		if !denies(p, "echo forbidden") || len(p.Wrappers) != 1 || p.Wrappers[0].Name != "with-vpn" {
			t.Errorf("%q: fallback policy lost the last valid one: %+v", bad, p.Wrappers)
		}
	}
}

// TestShellWrappersRefuseHandBuilt: a Policy built in code with an entry no
// file could hold hands nothing of it to the analysis.
func TestShellWrappersRefuseHandBuilt(t *testing.T) {
	p := Default()
	p.Wrappers = []Wrapper{{Name: "rm"}, {Name: "bash"}, {Name: "corp-run", Options: []string{"-x=+"}}, {Name: "corp-run2", Skip: 100}, {Name: "Corp-OK"}}
	got := p.ShellWrappers()
	if len(got) != 1 || got[0].Name != "corp-ok" || len(got[0].Options) != 0 || got[0].Skip != 0 {
		t.Errorf("ShellWrappers = %+v, want only corp-ok", got)
	}
}
