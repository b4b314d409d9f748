package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The hook binary runs once per tool call, and every package it links runs
// its initialisation each time: it links no database driver and no
// expression compiler (package hookrun hands the calls that need the
// database or custom rules to `actionguard hook`), nothing of the CLI's
// framework and no MCP. Each entry is a package path
// prefix the binary must not depend on, with why.
var notInHook = map[string]string{
	"database/sql":         "no database in the hook: see hookrun.TryRun",
	"modernc.org/":         "the SQLite driver and its C library translation start up for ~1 ms",
	"github.com/jackc/pgx": "PostgreSQL is the server's",
	"github.com/actionguard/actionguard/store": "the store opens the database (its dbpath subpackage only names it)",
	"github.com/spf13/cobra":                   "the CLI's command framework",
	"github.com/modelcontextprotocol/":         "the MCP proxy's",
	"github.com/chromedp/":                     "the browser tests'",
	// Heavy at start: their package initialisation (registries, tables,
	// certificate pools) would run in every hook process.
	"net/http":                           "an HTTP client or server starts up with tables and registries: the hook makes no request",
	"crypto/tls":                         "TLS is the server's and the MCP proxy's",
	"crypto/x509":                        "certificate pools are the server's",
	"html/template":                      "templates are the server's pages",
	"text/template":                      "templates are built by reflection at start",
	"encoding/gob":                       "gob registers types at start",
	"google.golang.org/":                 "protobuf and gRPC register every message type at start",
	"github.com/BobuSumisu/aho-corasick": "gitleaks' keyword automaton costs ~0.5 ms to build in every process: privacy has its own index",
	"github.com/zricethezav/gitleaks":    "gitleaks' rules are read from embedded data on first use (analyze/privacy)",
	"github.com/DataDog/go-sqllexer":     "its keyword trie is built at start (≈400 allocations, 100 KB): analyze/sql/internal/sqllexer builds it on the first identifier",
	"github.com/expr-lang/expr":          "the custom rules' compiler (≈230 allocations at start): a policy with rules is handed to `actionguard hook` (hookrun.ErrNeedsCompiler)",
	"github.com/actionguard/actionguard/policy/rulexpr": "it links expr-lang",
}

func TestArchitectureHookLinksNoDatabase(t *testing.T) {
	if testing.Short() && os.Getenv("CI") == "" {
		t.Skip("lists the binary's packages with the go tool; runs without -short and in CI")
	}
	// go test puts the go command of the toolchain that runs it first
	// in PATH.
	gobin := "go"
	for _, goos := range []string{"linux", "darwin", "windows"} {
		cmd := exec.Command(gobin, "list", "-deps", ".")
		cmd.Env = append(os.Environ(), "GOOS="+goos, "CGO_ENABLED=0")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps (%s): %v", goos, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 20 || !contains(deps, "github.com/actionguard/actionguard/internal/hookrun") {
			t.Fatalf("%s: go list named %d packages, without hookrun: the check is not looking", goos, len(deps))
		}
		for _, dep := range deps {
			for prefix, why := range notInHook {
				if dep == prefix || strings.HasPrefix(dep, strings.TrimSuffix(prefix, "/")+"/") && !allowed(dep) {
					t.Errorf("%s: the hook binary links %s (%s)", goos, dep, why)
				}
			}
		}
	}
}

// allowed lists the driver-free subpackages of the packages above.
func allowed(dep string) bool {
	return dep == "github.com/actionguard/actionguard/store/dbpath"
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
