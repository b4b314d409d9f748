package supplychain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSquats: per ecosystem, names that imitate a popular package (known
// typosquats from registry take-downs, and the techniques) and popular or
// established packages with similar names, which must not be flagged.
func TestSquats(t *testing.T) {
	cases := []struct {
		eco       Ecosystem
		spec      string
		target    string    // "" = not a squat
		technique Technique // when a squat
	}{
		// npm: crossenv (2017), babelcli, mongose, electorn, loadyaml, discord.dll…
		{NPM, "crossenv", "cross-env", Separators},
		{NPM, "cross-env.js", "cross-env", Combo},
		{NPM, "lodahs", "lodash", Typo},
		{NPM, "lodsah", "lodash", Typo},
		{NPM, "expresss", "express", Typo},
		{NPM, "exprress@4.18.0", "express", Typo},
		{NPM, "expres", "", ""}, // an established package of its own
		{NPM, "mongose", "mongoose", Typo},
		{NPM, "electorn", "electron", Typo},
		{NPM, "reqeust", "request", Typo},
		{NPM, "react-domm", "react-dom", Typo},
		{NPM, "l0dash", "lodash", LookAlike},
		{NPM, "types-node", "@types/node", Scope},
		{NPM, "@typess/node", "@types/node", Scope},
		{NPM, "@type/react", "@types/react", Scope},
		{NPM, "lodash-utils", "lodash", Combo},
		{NPM, "axios-js", "axios", Combo},
		{NPM, "alias@npm:lodahs@1", "lodash", Typo},
		{NPM, "lodash", "", ""},
		{NPM, "lodash@^4.17.21", "", ""},
		{NPM, "lodash-es", "", ""},
		{NPM, "lodash.merge", "", ""},
		{NPM, "react", "", ""},
		{NPM, "react-dom", "", ""},
		{NPM, "preact", "", ""},
		{NPM, "express", "", ""},
		{NPM, "@types/node", "", ""},
		{NPM, "@types/react-dom", "", ""},
		{NPM, "@types/ms", "", ""},
		{NPM, "@types/qs", "", ""},
		{NPM, "chalk", "", ""},
		{NPM, "color", "", ""},
		{NPM, "colors", "", ""},
		{NPM, "request", "", ""},
		{NPM, "axios", "", ""},
		{NPM, "ws", "", ""},
		{NPM, "jest", "", ""},
		{NPM, "vitest", "", ""},
		{NPM, "typescript", "", ""},
		{NPM, "babel-core", "", ""},
		{NPM, "@babel/core", "", ""},
		{NPM, "./local-package", "", ""},
		{NPM, "github:user/repo", "", ""},
		{NPM, "my-company-internal-thing", "", ""},

		// PyPI: python3-dateutil, jeIlyfish, urlib3, reqeusts, colourama, djanga…
		{PyPI, "python3-dateutil", "python-dateutil", Typo},
		{PyPI, "pythondateutil", "python-dateutil", Separators},
		{PyPI, "reqeusts", "requests", Typo},
		{PyPI, "requestss==2.31", "requests", Typo},
		{PyPI, "urlib3", "urllib3", Typo},
		{PyPI, "colourama", "colorama", Typo},
		{PyPI, "djanga", "django", Typo},
		{PyPI, "beautifulsop4", "beautifulsoup4", Typo},
		{PyPI, "beautifulsoup", "", ""}, // the old BeautifulSoup 3
		{PyPI, "numpyy", "numpy", Typo},
		{PyPI, "matplotlb", "matplotlib", Typo},
		{PyPI, "pandas-python", "pandas", Combo},
		{PyPI, "requests", "", ""},
		{PyPI, "Requests[socks]>=2", "", ""},
		{PyPI, "requests-toolbelt", "", ""},
		{PyPI, "requests-oauthlib", "", ""},
		{PyPI, "python-dateutil", "", ""},
		{PyPI, "python_dateutil", "", ""}, // the same project (PEP 503)
		{PyPI, "urllib3", "", ""},
		{PyPI, "numpy", "", ""},
		{PyPI, "pandas", "", ""},
		{PyPI, "django", "", ""},
		{PyPI, "flask", "", ""},
		{PyPI, "pyyaml", "", ""},
		{PyPI, "boto3", "", ""},
		{PyPI, "botocore", "", ""},
		{PyPI, "pytest", "", ""},
		{PyPI, "pytest-cov", "", ""},
		{PyPI, "typing-extensions", "", ""},
		{PyPI, "typing_extensions", "", ""},

		// Go: owner and repository look-alikes of popular modules.
		{Go, "github.com/sirupsen/logrus@v1.9.3", "", ""},
		{Go, "github.com/siruspen/logrus", "github.com/sirupsen/logrus", Scope},
		{Go, "github.com/stretchr/testfy", "github.com/stretchr/testify", Typo},
		{Go, "github.com/strechr/testify", "github.com/stretchr/testify", Scope},
		{Go, "github.com/spf13/cobraa@latest", "github.com/spf13/cobra", Typo},
		{Go, "github.com/gin-gonic/gin", "", ""},
		{Go, "github.com/gin-gonic/gin/binding", "", ""},
		{Go, "github.com/jackc/pgx/v5", "", ""},
		{Go, "github.com/jackc/pgx/v5/pgxpool", "", ""},
		{Go, "github.com/spf13/cast", "", ""},
		{Go, "github.com/spf13/afero", "", ""},
		{Go, "golang.org/x/tools/cmd/goimports@latest", "", ""},
		{Go, "github.com/someone/testify", "", ""}, // a fork under another owner
		{Go, "example.com/internal/thing", "", ""},

		// crates.io
		{Crates, "serde_jsonn", "serde_json", Typo},
		{Crates, "tokoi", "tokio", Typo},
		{Crates, "reqwuest", "reqwest", Typo},
		{Crates, "rustdecimal", "rust_decimal", Separators},
		{Crates, "serde-json", "", ""}, // crates.io treats - and _ alike
		{Crates, "serde_json@1.0", "", ""},
		{Crates, "serde", "", ""},
		{Crates, "serde_yaml", "", ""},
		{Crates, "tokio-util", "", ""},
		{Crates, "rand_core", "", ""},
		{Crates, "rand", "", ""},
		{Crates, "clap", "", ""},

		// RubyGems
		{RubyGems, "rails-html-sanitiser", "rails-html-sanitizer", Typo},
		{RubyGems, "nokogirl", "nokogiri", Typo},
		{RubyGems, "activesupprot", "activesupport", Typo},
		{RubyGems, "rest_client", "rest-client", Separators},
		{RubyGems, "rails", "", ""},
		{RubyGems, "rake", "", ""},
		{RubyGems, "rack", "", ""},
		{RubyGems, "rack-test", "", ""},
		{RubyGems, "nokogiri:1.16", "", ""},
		{RubyGems, "rspec-rails", "", ""},
		{RubyGems, "pry-byebug", "", ""},
	}
	for _, c := range cases {
		s, ok := Check(c.eco, c.spec)
		switch {
		case c.target == "" && ok:
			t.Errorf("%s %s: flagged as a %s of %s", c.eco, c.spec, s.Technique, s.Target)
		case c.target != "" && !ok:
			t.Errorf("%s %s: not flagged (want a %s of %s)", c.eco, c.spec, c.technique, c.target)
		case ok && (s.Target != c.target || s.Technique != c.technique):
			t.Errorf("%s %s: %s of %s, want %s of %s", c.eco, c.spec, s.Technique, s.Target, c.technique, c.target)
		case ok && !strings.Contains(s.Why(), "(did you mean "+c.target+"?)"):
			t.Errorf("%s %s: %s", c.eco, c.spec, s.Why())
		}
	}
}

// TestExemptions: every established name the generator exempted stays
// unflagged, and every target is itself never a squat.
func TestExemptions(t *testing.T) {
	for _, e := range Ecosystems {
		ix := For(e)
		if ix == nil || ix.Len() < 200 {
			t.Fatalf("%s: the list has %d names", e, ix.Len())
		}
		for _, n := range append(listFile(t, string(e)+".txt"), listFile(t, "exempt-"+string(e)+".txt")...) {
			if s, ok := ix.Check(n); ok {
				t.Errorf("%s: the listed %s is flagged as a %s of %s", e, n, s.Technique, s.Target)
			}
		}
	}
}

// listFile reads a list in data/.
func listFile(t *testing.T, name string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("data", name))
	if os.IsNotExist(err) && strings.HasPrefix(name, "exempt-") {
		return nil // crates and gems: every established name is a target
	}
	if err != nil {
		t.Fatal(err)
	}
	return readList(string(b))
}

func TestName(t *testing.T) {
	cases := []struct {
		eco        Ecosystem
		spec, want string
	}{
		{NPM, "@types/node@^20", "@types/node"},
		{NPM, "lodash@latest", "lodash"},
		{NPM, "x@npm:lodash@4", "lodash"},
		{NPM, "user/repo", ""},
		{NPM, "file:../x", ""},
		{NPM, "https://example.com/x.tgz", ""},
		{PyPI, "requests[socks,security]>=2.0; python_version>'3'", "requests"},
		{PyPI, "Django==4.2", "Django"},
		{PyPI, "./dist/x.whl", ""},
		{PyPI, "-r", ""},
		{Go, "github.com/a/b@v1.2.3", "github.com/a/b"},
		{Go, "./cmd/...", ""},
		{Go, "fmt", ""},
		{Crates, "serde@1.0.1", "serde"},
		{RubyGems, "rails:7.1", "rails"},
		{NPM, "lo$(id)", ""},
	}
	for _, c := range cases {
		got, ok := Name(c.eco, c.spec)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("Name(%s, %q) = %q, %v; want %q", c.eco, c.spec, got, ok, c.want)
		}
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{"lodahs", "@typess/node", "github.com/siruspen/logrus@v1", "requests[socks]==2", "serde_jsonn", "x@npm:y@1", "", "@", "@/", "github.com//", "\xff\xfe"} {
		f.Add("npm", s)
		f.Add("go", s)
	}
	f.Fuzz(func(t *testing.T, eco, spec string) {
		e := Ecosystem(eco)
		s, ok := Check(e, spec)
		if ok && (s.Target == "" || s.Why() == "") {
			t.Fatalf("%q: %+v", spec, s)
		}
		if ok && For(e).Popular(s.Name) {
			t.Fatalf("%q is both popular and a squat of %s", spec, s.Target)
		}
	})
}

func BenchmarkCheck(b *testing.B) {
	For(NPM)
	names := []string{"lodahs", "my-company-internal-thing", "react", "@types/nodee", "left-pad-utils", "@mycompany/core"}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Check(NPM, names[i%len(names)])
	}
}

// TestTablesInSync: the shipped lookup tables are the lists' (run
// `go run ./internal/gen/popular` after editing a list), and no list
// names a package twice.
func TestTablesInSync(t *testing.T) {
	for _, e := range Ecosystems {
		targets := listFile(t, string(e)+".txt")
		seen := map[string]string{}
		for _, n := range targets {
			if prev, dup := seen[e.normalize(n)]; dup {
				t.Errorf("%s.txt lists %s and %s", e, prev, n)
			}
			seen[e.normalize(n)] = n
		}
		want := NewIndex(e, targets, listFile(t, "exempt-"+string(e)+".txt")).Table()
		if got := For(e).Table(); got != want {
			t.Errorf("data/%s.idx is not the table of data/%s.txt: run go run ./internal/gen/popular", e, e)
		}
	}
}

// TestKnownSquats measures recall on names registries took down as
// typosquats: the 2017 "hacktask" npm list and PyPI squats reported since
// 2017. Many of the npm names imitate software that is not an npm package
// (tkinter, ffmpeg, opencv), so not all can be found; the floor keeps what
// is found from slipping (see docs/supply-chain.md).
func TestKnownSquats(t *testing.T) {
	lists := []struct {
		eco   Ecosystem
		names []string
		floor int
	}{
		{NPM, []string{"babelcli", "crossenv", "cross-env.js", "d3.js", "fabric-js", "ffmepg", "gruntcli", "http-proxy.js", "jquery.js", "mariadb",
			"mongose", "mssql.js", "mssql-node", "mysqljs", "nodecaffe", "nodefabric", "node-fabric", "nodeffmpeg", "nodemailer-js", "nodemailer.js",
			"nodemssql", "node-opencv", "node-opensl", "node-openssl", "noderequest", "nodesass", "nodesqlite", "node-sqlite", "node-tkinter", "opencv.js",
			"openssl.js", "proxy.js", "shadowsock", "smb", "sqlite.js", "sqliter", "sqlserver", "tkinter", "electorn", "loadyaml", "lodashs",
			"discordi.js", "colors-js", "eslint-scope-util"}, 16},
		{PyPI, []string{"acqusition", "apidev-coop", "bzip", "crypt", "django-server", "pwd", "setup-tools", "telnet", "urlib3", "urllib",
			"colourama", "jeIlyfish", "python3-dateutil", "diango", "djago", "djanga", "reqeusts", "requesys", "beautifulsup4", "matplotlip",
			"pilloww", "numpyy", "tensorfow", "pytorchh"}, 18},
	}
	for _, l := range lists {
		found := 0
		for _, n := range l.names {
			if _, ok := Check(l.eco, n); ok {
				found++
			}
		}
		t.Logf("%s: %d of %d known squats flagged", l.eco, found, len(l.names))
		if found < l.floor {
			t.Errorf("%s: %d of %d known squats flagged, fewer than the %d measured when the lists were made", l.eco, found, len(l.names), l.floor)
		}
	}
}
