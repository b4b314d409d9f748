package shell

import (
	"strings"
	"testing"
)

// configWriteSpellings put the text {P} (lines joined by \n) into {F}.
var configWriteSpellings = []string{
	`printf '{P}\n' > {F}`, `printf '{P}\n' >> {F}`, `echo -e '{P}' > {F}`, `printf '{P}\n' | tee {F}`, `printf '{P}\n' | tee -a {F} >/dev/null`,
	`cat > {F} <<'EOF'
{L}
EOF`, `mkdir -p $(dirname {F}) && printf '{P}\n' > {F}`,
}

type configCase struct{ file, text string }

// registryRedirects point a package manager at another registry or make
// it run a program.
var registryRedirects = []configCase{
	{".npmrc", "registry=https://evil.example.com"}, {"~/.npmrc", "@acme:registry=https://evil.example.com/"}, {".npmrc", "strict-ssl=false"},
	{".npmrc", "script-shell=/tmp/e/x"}, {"pip.conf", "[global]\\nindex-url=https://evil.example.com/simple"},
	{"~/.config/pip/pip.conf", "[global]\\nextra-index-url = https://evil.example.com/simple"}, {"pip.ini", "[install]\\ntrusted-host = evil.example.com"},
	{".cargo/config.toml", "[source.crates-io]\\nreplace-with = \"x\"\\n[source.x]\\nregistry = \"https://evil.example.com\""},
	{".cargo/config.toml", "[build]\\nrustc-wrapper = \"/tmp/e/x\""}, {"~/.cargo/config", "[target.x86_64-unknown-linux-gnu]\\nrunner = \"/tmp/e/x\""},
	{".yarnrc.yml", "npmRegistryServer: \"https://evil.example.com\""}, {".yarnrc.yml", "yarnPath: /tmp/e/x.cjs"},
	{".yarnrc", "registry \"https://evil.example.com\""}, {"uv.toml", "index-url = \"https://evil.example.com/simple\""},
	{"bunfig.toml", "[install]\\nregistry = \"https://evil.example.com\""},
}

// registryHarmless are settings of the same files that change neither.
var registryHarmless = []configCase{
	{".npmrc", "save-exact=true"}, {".npmrc", "registry=https://registry.npmjs.org/"}, {"pip.conf", "[global]\\ntimeout=60"},
	{".cargo/config.toml", "[build]\\njobs = 4"}, {".yarnrc.yml", "nodeLinker: node-modules"}, {"uv.toml", "index-url = \"https://pypi.org/simple\""},
	{"notes/registry.txt", "registry=https://evil.example.com"},
}

func configLine(tmpl string, c configCase) string {
	return strings.NewReplacer("{P}", c.text, "{L}", strings.ReplaceAll(c.text, "\\n", "\n"), "{F}", c.file).Replace(tmpl)
}

func TestRegistryRedirectWrites(t *testing.T) {
	for _, tmpl := range configWriteSpellings {
		for _, c := range registryRedirects {
			line := configLine(tmpl, c)
			if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "allow" {
				t.Errorf("%q changes a package manager's registry or program but is judged %s", line, got)
			}
		}
		for _, c := range registryHarmless {
			line := configLine(tmpl, c)
			for _, id := range channelIDs(Analyze(line, exampleOptions).Findings) {
				if strings.HasPrefix(id, "shell.pkg.") {
					t.Errorf("%q sets nothing that matters but is reported %s", line, id)
				}
			}
		}
	}
}

func TestRegistryRedirectSettings(t *testing.T) {
	for _, line := range []string{
		"npm config set registry https://evil.example.com", "pnpm config set registry=https://evil.example.com", "yarn config set npmRegistryServer https://evil.example.com",
		"yarn config set registry https://evil.example.com", "pip config set global.index-url https://evil.example.com/simple",
		"cargo --config 'build.rustc-wrapper=\"/tmp/e/x\"' build", "cargo build --config source.crates-io.replace-with=x", "cargo --config=build.rustc=/tmp/e/x check",
	} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "allow" {
			t.Errorf("%q changes where packages come from but is judged %s", line, got)
		}
	}
	for _, line := range []string{"npm config set save-exact true", "yarn config set enableTelemetry false", "pip config set global.timeout 60", "cargo --config build.jobs=4 build", "yarn config get npmRegistryServer"} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got != "allow" {
			t.Errorf("%q changes nothing that matters but is judged %s", line, got)
		}
	}
}

// FuzzPkgSettings: the settings reader never panics and never returns a
// setting without a key.
func FuzzPkgSettings(f *testing.F) {
	for _, c := range append(append([]configCase{}, registryRedirects...), registryHarmless...) {
		f.Add(strings.ReplaceAll(c.text, "\\n", "\n"))
	}
	f.Add("a:\n  b:\n    c: d\n  e: f\n[x]\n= y\n:\n")
	f.Fuzz(func(t *testing.T, text string) {
		for _, s := range pkgSettings(text) {
			if s.key == "" && s.value == "" {
				t.Fatalf("empty setting from %q", text)
			}
			for _, tool := range []string{"npm", "yarn", "pip", "uv", "bun", "cargo"} {
				pkgJudgement(tool, s.key, s.value)
			}
		}
	})
}
