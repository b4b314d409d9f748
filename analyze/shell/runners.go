package shell

import (
	"strings"

	"github.com/actionguard/actionguard/analyze/supplychain"
	"github.com/actionguard/actionguard/rule"
)

// Package runners download a package and run its program at once: npx,
// bunx, pnpm dlx, yarn dlx, uvx (uv tool run), pipx run, go run
// MODULE@VERSION and deno run URL. Unwrapping judges the program's
// arguments; this judges where the program itself comes from.

var ruleRunRemotePackage = &rule.Rule{
	ID: "shell.pkg.run-remote", Category: rule.RemoteCode, Points: svcConfirm,
	Summary:     "Downloads a package nobody has reviewed and runs its program straight away (npx, bunx, uvx, pipx run, go run module@version, deno run URL).",
	Alternative: "add the package to the project's dependencies and run it from there, or check its page, owner and downloads first",
	Match: []string{"npx -y some-unknown-tool-xyz", "bunx some-unknown-tool-xyz", "uvx some-unknown-tool-xyz", "pipx run some-unknown-tool-xyz",
		"pnpm dlx some-unknown-tool-xyz", "go run example.com/x@latest", "deno run -A https://example.com/x.ts"},
	NoMatch: []string{"npx prettier --check .", "uvx ruff check", "go run ./cmd/tool", "deno run main.ts", "npx ./scripts/x.js", "npm run build"},
}

// runnerWrapper judges the package a runner fetches; unwrap calls it on
// every level, before dropping the runner to judge the program.
func (w *walker) runnerWrapper(argv []string, dyn []bool, text string) {
	const i = 0
	if len(argv) == 0 || dyn[0] {
		return
	}
	w.wrappedRunner(argv, dyn, text)
	name := progName(argv[i])
	rest, rdyn := argv[i+1:], dyn[i+1:]
	sub := func(k int) string {
		if k < len(rest) && !rdyn[k] {
			return rest[k]
		}
		return ""
	}
	switch {
	case name == "nix":
		nixRunHandler(w.newCmd(argv, dyn, text, w.sudo), w.r) // runs_told.go
	case name == "npx" || name == "pnpx" || name == "bunx":
		// Plain "npx name" runs the project's own bin of that name when it
		// has one: it is reported, not stopped. --yes, --package and bunx
		// fetch.
		fetch := name == "bunx" || name == "pnpx"
		for k, a := range rest {
			if a == "--" || !strings.HasPrefix(a, "-") {
				break
			}
			fetch = fetch || rdyn[k] || a == "-y" || a == "--yes" || a == "-p" || strings.HasPrefix(a, "--package")
		}
		w.runPackages(text, supplychain.NPM, name, runnerPackages(rest, rdyn, "-p", "--package"), true, fetch)
	case (name == "pnpm" || name == "yarn" || name == "bun") && (sub(0) == "dlx" || name == "bun" && sub(0) == "x") ||
		name == "npm" && (sub(0) == "exec" || sub(0) == "x"):
		w.runPackages(text, supplychain.NPM, name+" "+sub(0), runnerPackages(rest[1:], rdyn[1:], "-p", "--package"), true, true)
	case name == "uvx":
		w.runPackages(text, supplychain.PyPI, name, runnerPackages(rest, rdyn, "--from", "--with", "-p", "--python", "--index-url", "--index"), false, true)
	case name == "uv" && sub(0) == "tool" && sub(1) == "run":
		w.runPackages(text, supplychain.PyPI, "uv tool run", runnerPackages(rest[2:], rdyn[2:], "--from", "--with", "-p", "--python", "--index-url", "--index"), false, true)
	case name == "pipx" && sub(0) == "run":
		w.runPackages(text, supplychain.PyPI, "pipx run", runnerPackages(rest[1:], rdyn[1:], "--spec", "--python", "--index-url", "-i", "--pip-args"), false, true)
	case name == "go" && sub(0) == "run":
		for k := 1; k < len(rest); k++ {
			a := rest[k]
			if rdyn[k] || strings.HasPrefix(a, "-") {
				continue
			}
			if mod, _, ok := strings.Cut(a, "@"); ok && !strings.HasPrefix(a, ".") && !strings.HasPrefix(a, "/") && strings.Contains(mod, ".") {
				if sq, ok := supplychain.Check(supplychain.Go, a); ok {
					w.r.add(svcPkgTyposquat.Find(text, "May be a typosquat: "+sq.Why(), a))
				}
				if ix := supplychain.For(supplychain.Go); !strings.HasPrefix(mod, "golang.org/x/") && (ix == nil || !ix.Popular(mod)) {
					w.r.add(ruleRunRemotePackage.Find(text, "Downloads the Go module "+mod+" and runs it now: its code is not in the project and nobody has reviewed it.", a))
				}
			}
			break
		}
	case name == "deno" && sub(0) == "run":
		all := false
		for k := 1; k < len(rest); k++ {
			a := rest[k]
			if rdyn[k] {
				return
			}
			if a == "-A" || a == "--allow-all" || strings.HasPrefix(a, "--allow-run") || strings.HasPrefix(a, "--allow-write") {
				all = true
			}
			if strings.HasPrefix(a, "-") {
				continue
			}
			l := strings.ToLower(a)
			if strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") || strings.HasPrefix(l, "npm:") || strings.HasPrefix(l, "jsr:") {
				f := ruleRunRemotePackage.Find(text, "Downloads the script "+a+" and runs it now"+svcIf(all, " with permission to run programs and write files")+".", a)
				if all {
					f = f.WithPoints(svcLose + 15)
				}
				w.r.add(f)
			}
			return
		}
	}
}

// runnerPackages returns the packages a runner's words name: the values of
// its package options, else its first operand.
func runnerPackages(args []string, dyn []bool, valued ...string) []string {
	var pkgs []string
	first := ""
	for k := 0; k < len(args); k++ {
		a := args[k]
		if dyn[k] {
			return append(pkgs, "\x00dynamic")
		}
		if a == "--" {
			if k+1 < len(args) && first == "" {
				first = args[k+1]
			}
			break
		}
		if strings.HasPrefix(a, "-") {
			name, v, eq := strings.Cut(a, "=")
			for _, o := range valued {
				if name == o {
					if !eq && k+1 < len(args) {
						v = args[k+1]
						k++
					}
					if o == "--package" || o == "-p" && len(valued) > 0 && valued[0] == "-p" || o == "--from" || o == "--spec" || o == "--with" {
						pkgs = append(pkgs, v)
					}
					break
				}
			}
			continue
		}
		first = a
		break
	}
	if len(pkgs) == 0 && first != "" {
		pkgs = append(pkgs, first)
	}
	return pkgs
}

// runPackages reports the packages a runner fetches that are not local and
// not among the ecosystem's popular ones (typosquats first).
// fetch is false when the runner may run a local program of that name.
func (w *walker) runPackages(text string, eco supplychain.Ecosystem, runner string, pkgs []string, npm, fetch bool) {
	ix := supplychain.For(eco)
	for _, p := range pkgs {
		if p == "\x00dynamic" {
			w.r.add(ruleRunRemotePackage.Find(text, runner+" runs a package whose name is only known when the command runs.", runner))
			continue
		}
		if p == "" || strings.HasPrefix(p, ".") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "~") {
			continue
		}
		if svcURLSpec(p, npm) {
			w.r.add(ruleRunRemotePackage.Find(text, runner+" downloads "+p+" straight from a URL or repository and runs it now.", p))
			continue
		}
		if sq, ok := supplychain.Check(eco, p); ok {
			f := svcPkgTyposquat.Find(text, "May be a typosquat: "+sq.Why(), p)
			f.Alternative = "run " + sq.Target + " if that is what you meant"
			w.r.add(f)
			continue
		}
		n, ok := supplychain.Name(eco, p)
		if !ok {
			continue
		}
		if ix != nil && ix.Popular(n) {
			continue
		}
		if !fetch || npm && popularBin(ix, n) {
			w.r.add(ruleRunRemotePackage.Find(text, runner+" runs "+n+": the project's own program of that name if it has one, otherwise a package it downloads.", p).WithPoints(svcSmall))
			continue
		}
		w.r.add(ruleRunRemotePackage.Find(text, runner+" downloads the package "+n+" and runs it now: it is not one of the widely used packages, and nobody has reviewed it.", p))
	}
}
