package shell

import (
	"fmt"
	"path"
	"strings"
	"testing"
)

// A compiled package's other files and code that joins the server's
// address and a path, generated: every attack has a benign twin that must
// stay clear of shell.self.

// dirDisk is a disk of files by absolute path that can also be listed.
type dirDisk struct{ files map[string]string }

func (d dirDisk) read(abs string) ([]byte, error) {
	if t, ok := d.files[abs]; ok {
		return []byte(t), nil
	}
	return nil, fmt.Errorf("%s: not on this disk", abs)
}

func (d dirDisk) list(dir string) ([]string, error) {
	var names []string
	for f := range d.files {
		if path.Dir(f) == dir {
			names = append(names, path.Base(f))
		}
	}
	return names, nil
}

// analyzePackage analyses cmd run in runnerCwd over files (relative),
// known from a listed disk, the session, or written on the line.
func analyzePackage(cmd string, files map[string]string, src runnerSource) *Result {
	if src != fromDisk {
		res, _ := runnerAnalyze(runnerCase{}, cmd, files, src)
		return res
	}
	d := dirDisk{files: map[string]string{}}
	for f, t := range files {
		d.files[runnerCwd+"/"+f] = t
	}
	return Analyze(cmd, Options{Cwd: runnerCwd, Home: runnerHome, ReadFile: d.read, ListDir: d.list})
}

func TestGoRunReadsThePackagesFiles(t *testing.T) {
	goMain := "package main\n\nfunc main() { run() }\n"
	payloads := map[string]string{
		"post":     "import \"net/http\"\nfunc run() { http.Post(\"http://127.0.0.1:8750/v1/approvals/ap-1/approve\", \"\", nil) }\n",
		"settings": "import \"os\"\nfunc run() { os.WriteFile(os.Getenv(\"HOME\")+\"/.claude/settings.json\", nil, 0o644) }\n",
		"joined":   "import (\"net/http\"; \"os\")\nfunc run() { http.Post(os.Getenv(\"ACTIONGUARD_SERVER_URL\")+\"v1/tokens\", \"\", nil) }\n",
	}
	benign := "import \"net/http\"\nfunc run() { http.Get(\"http://localhost:3000/health\") }\n"
	n := 0
	for _, dir := range []string{"", "cmd/x/"} {
		for _, helper := range []string{"helper.go", "a.go", "zz_run.go"} {
			for _, header := range []string{"package main\n", "// Package main.\npackage main // x\n", "/* tool */\n//go:build linux\n\npackage main\n"} {
				cmdWord := "./" + strings.TrimSuffix(dir, "/")
				if dir == "" {
					cmdWord = "."
				}
				for name, p := range payloads {
					files := map[string]string{dir + "main.go": goMain, dir + helper: header + p}
					for _, src := range []runnerSource{fromDisk, fromSession, fromLine} {
						n++
						cmd := "go run " + cmdWord + " -v"
						if got := selfFinding(analyzePackage(cmd, files, src)); got == "" {
							t.Errorf("%s with %s%s (%s, source %s): no self finding", cmd, dir, helper, name, src)
						}
						twin := map[string]string{dir + "main.go": goMain, dir + helper: header + benign}
						if got := selfFinding(analyzePackage(cmd, twin, src)); got != "" {
							t.Errorf("%s with %s%s (twin, source %s): %s", cmd, dir, helper, src, got)
						}
						if src == fromLine {
							continue // writing such a file on the line is judged by itself
						}
						// A test file is not compiled by go run.
						notRun := map[string]string{dir + "main.go": goMain, dir + "main_test.go": header + p}
						if got := selfFinding(analyzePackage(cmd, notRun, src)); got != "" {
							t.Errorf("%s with %smain_test.go (source %s): %s", cmd, dir, src, got)
						}
					}
				}
			}
		}
	}
	if n < 100 {
		t.Fatalf("only %d cases", n)
	}
}

func TestGoPackageName(t *testing.T) {
	for text, want := range map[string]string{
		"package main\n":                   "main",
		"// c\n\npackage tools // x\n":     "tools",
		"/* a\n b */\npackage main_test\n": "main_test",
		"//go:build x\n\npackage\tmain;\n": "main",
		"import \"x\"\n":                   "",
		"":                                 "",
		"packagemain\n":                    "",
		"/* never closed\npackage other\n": "",
	} {
		got, ok := goPackageName(text)
		if got != want || ok != (want != "") {
			t.Errorf("goPackageName(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
	// A file of another package is not compiled with main.
	if rt := goPackageCode("package tools\nfunc f() { os.RemoveAll(\"/\") }\n"); len(rt.runs) != 0 || len(rt.code) != 0 {
		t.Errorf("another package's file was judged: %+v", rt)
	}
}

func TestCargoRunReadsTheModules(t *testing.T) {
	mainRs := "mod h;\nfn main() { h::run(); }\n"
	bad := "pub fn run() { std::process::Command::new(\"curl\").args([\"-X\", \"POST\", \"http://127.0.0.1:8750/v1/approvals/a/approve\"]).status().unwrap(); }\n"
	good := "pub fn run() { std::process::Command::new(\"cargo\").args([\"fmt\"]).status().unwrap(); }\n"
	for _, mod := range []string{"h.rs", "net.rs", "zz.rs"} {
		for _, cmd := range []string{"cargo run", "cargo run --release", "cargo r -- --port 1"} {
			for _, src := range []runnerSource{fromDisk, fromSession, fromLine} {
				files := map[string]string{"Cargo.toml": "[package]\nname = \"x\"\n", "src/main.rs": mainRs, "src/" + mod: bad}
				if got := selfFinding(analyzePackage(cmd, files, src)); got == "" {
					t.Errorf("%s with src/%s (source %s): no self finding", cmd, mod, src)
				}
				files["src/"+mod] = good
				if got := selfFinding(analyzePackage(cmd, files, src)); got != "" {
					t.Errorf("%s with src/%s (twin, source %s): %s", cmd, mod, src, got)
				}
			}
		}
	}
}

// joinSpellings are ways code joins base and a relative path p (v1/…).
func joinSpellings(base, p string) []string {
	segs := strings.Split(p, "/")
	quoted := make([]string, len(segs))
	for i, s := range segs {
		quoted[i] = "'" + s + "'"
	}
	return []string{
		base + " + '" + p + "'",
		base + " + '/" + p + "'",
		"urljoin(" + base + ", '" + p + "')",
		"new URL('" + p + "', " + base + ")",
		"new URL('./" + p + "', " + base + ")",
		"path.join(" + base + ", " + strings.Join(quoted, ", ") + ")",
		"'/'.join([" + base + ", " + strings.Join(quoted, ", ") + "])",
		"url.JoinPath(" + base + ", \"" + p + "\")",
		"fmt.Sprintf(\"%s/" + p + "\", " + base + ")",
		"'%s/" + p + "' % " + base,
		"`${" + base + "}/" + p + "`",
	}
}

func TestJoinedBaseAndPathToServer(t *testing.T) {
	servers := []string{
		"base = os.environ['ACTIONGUARD_SERVER_URL']\n",
		"const base = process.env.ACTIONGUARD_SERVER_URL;\n",
		"base := os.Getenv(\"actionguard_server_url\")\n",
		"base = 'http://127.0.0.1:8750/'\n",
		"const base = 'http://localhost:8750';\n",
		// This machine on another port: a server started with serve
		// --addr :3000 is the control plane there.
		"const base = 'http://localhost:3000/';\n",
		"base = 'http://127.0.0.1:9911'\n",
	}
	others := []string{
		"base = os.environ['API_URL']\n",
		"base = 'https://api.example.com/'\n",
		"const base = 'http://localhost.example.com:3000/';\n",
	}
	paths := []string{"v1/tokens", "v1/session", "v1/approvals/ap-1/approve", "v1/mode", "v1/policy"}
	for _, p := range paths {
		for _, code := range joinSpellings("base", p) {
			call := "requests.post(" + code + ")\n"
			for _, s := range servers {
				if got := controlEndpoint(s+call, nil); got == "" {
					t.Errorf("%q: not a request to the server", s+call)
				}
			}
			if strings.Contains(code, "'/v1") || strings.Contains(code, "}/v1") {
				continue // a path alone, a base in a template: a request wherever it goes
			}
			for _, o := range others {
				if got := controlEndpoint(o+call, nil); got != "" {
					t.Errorf("%q (twin): read as %s", o+call, got)
				}
			}
		}
	}
	// The endpoints the hook itself uses stay open to code that names the server.
	for _, p := range []string{"v1/check", "v1/approvals", "v1/health"} {
		for _, code := range joinSpellings("base", p) {
			text := servers[0] + "requests.get(" + code + ")\n"
			if got := controlEndpoint(text, nil); got != "" {
				t.Errorf("%q (twin): read as %s", text, got)
			}
		}
	}
	// A project's own API paths stay files.
	for _, cmd := range []string{"mkdir -p src/app/api/v1/session", "git add app/api/v1/tokens/route.ts", "echo $ACTIONGUARD_SERVER_URL > .env.example && touch src/routes/v1/settings.ts"} {
		if got := selfFinding(Analyze(cmd, Options{Cwd: runnerCwd, Home: runnerHome})); got != "" {
			t.Errorf("%s (twin): %s", cmd, got)
		}
	}
	// Through an interpreter's inline code, as the hook sees it.
	for _, cmd := range []string{
		`python3 -c "import os,requests; requests.post(os.environ['ACTIONGUARD_SERVER_URL'] + 'v1/tokens')"`,
		`node -e "fetch(new URL('v1/approvals/ap-1/approve', process.env.ACTIONGUARD_SERVER_URL), {method: 'POST'})"`,
	} {
		if got := selfFinding(Analyze(cmd, Options{Cwd: runnerCwd, Home: runnerHome})); got == "" {
			t.Errorf("%s: no self finding", cmd)
		}
	}
}
