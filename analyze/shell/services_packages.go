package shell

import (
	"slices"
	"strings"

	"github.com/actionguard/actionguard/analyze/supplychain"
	"github.com/actionguard/actionguard/rule"
)

// Language package managers (npm, pnpm, yarn, bun, pip, uv, poetry, pipx,
// twine, cargo, gem, go): publishing reaches everyone who installs the
// package; installing from a URL, a git repository or another index runs code
// nobody vetted. System package managers are in services_pkg_system.go.
//
// Supply-chain typosquat detection (seed 002, package supplychain) runs in
// svcSupplyChainHook, which every install path calls with the names it found.

var (
	svcPkgPublish = &rule.Rule{
		ID: "shell.pkg.publish", Category: rule.Exfiltration, Points: svcLose,
		Summary:     "Publishes a package to a public registry: everyone who installs it gets this code, and the version number cannot be reused.",
		Alternative: "run it with --dry-run first (npm publish --dry-run, cargo publish --dry-run, uv publish --dry-run) and check the file list",
		Match: []string{"npm publish", "pnpm publish --access public", "yarn npm publish", "twine upload dist/*", "cargo publish", "gem push mygem-1.0.0.gem",
			"poetry publish --build", "uv publish", "npm publish --tag next ./pkg"},
		NoMatch: []string{"npm publish --dry-run", "cargo publish --dry-run", "npm pack", "twine check dist/*", "poetry build"},
	}
	svcPkgUnpublish = &rule.Rule{
		ID: "shell.pkg.unpublish", Category: rule.Destructive, Points: svcLose,
		Summary:     "Removes or deprecates a published package version: projects that depend on it break or get warnings.",
		Alternative: "publish a fixed version instead; deprecate with a message that says what to use",
		Match:       []string{"npm unpublish mypkg@1.0.1", "npm unpublish mypkg --force", `npm deprecate mypkg@"<2.0.0" "use v2"`, "cargo yank --version 1.0.1", "gem yank mygem -v 1.0.0"},
		NoMatch:     []string{"npm view mypkg", "cargo yank --version 1.0.1 --undo", `npm deprecate mypkg ""`},
	}
	svcPkgOwner = &rule.Rule{
		ID: "shell.pkg.owner", Category: rule.Permissions, Points: svcChange,
		Summary:     "Changes who owns a published package, its visibility or its release tags.",
		Alternative: "check the current owners and tags first (npm owner ls, npm dist-tag ls)",
		Match:       []string{"npm owner add eve mypkg", "npm dist-tag add mypkg@1.2.0 latest", "npm access set status=public mypkg", "cargo owner --add github:org:team", "gem owner mygem --remove bob@example.com"},
		NoMatch:     []string{"npm owner ls mypkg", "npm dist-tag ls mypkg", "cargo owner --list"},
	}
	svcPkgGlobal = &rule.Rule{
		ID: "shell.pkg.global-install", Category: rule.System, Points: svcConfirm,
		Summary:     "Installs language packages for the whole machine (npm -g, sudo pip, --break-system-packages) instead of the project.",
		Alternative: "install into the project (npm install --save-dev, a virtualenv, pipx or uv tool for command-line tools)",
		Match:       []string{"npm install -g typescript", "pnpm add -g pnpm", "yarn global add serve", "pip install --break-system-packages requests", "sudo pip install requests", "sudo gem install bundler"},
		NoMatch:     []string{"npm install", "npm install typescript --save-dev", "pip install requests", "pip install --user requests"},
	}
	svcPkgURLInstall = &rule.Rule{
		ID: "shell.pkg.url-install", Category: rule.RemoteCode, Points: svcSmall,
		Summary:     "Installs a package straight from a URL or a git repository, bypassing the registry's checks.",
		Alternative: "install a released version from the registry, or pin the commit and read its install scripts first",
		Match:       []string{"pip install git+https://github.com/org/repo.git", "npm install github:user/repo", "npm i https://example.com/pkg.tgz", "cargo install --git https://github.com/org/tool", "pip install https://example.com/pkg.whl", "yarn add user/repo"},
		NoMatch:     []string{"pip install requests", "npm install lodash", "npm install ./local-pkg", "pip install -e .", "npm install @types/node"},
	}
	svcPkgIndex = &rule.Rule{
		ID: "shell.pkg.untrusted-index", Category: rule.RemoteCode, Points: svcConfirm,
		Summary:     "Installs from, or trusts, a package source other than the default one (another index, a PPA, a new signing key): a classic route for dependency confusion.",
		Alternative: "use the default registry, or pin the package to the private index with a scoped setting instead of an extra index",
		Match: []string{"pip install --extra-index-url https://pypi.example.com/simple mypkg", "pip install -i https://mirror.example/simple requests", "npm install --registry https://npm.example.com foo",
			"npm config set registry https://npm.example.com", "add-apt-repository ppa:deadsnakes/ppa", "curl -fsSL https://example.com/key.gpg | sudo apt-key add -",
			"go env -w GOSUMDB=off", "dnf install --nogpgcheck ./pkg.rpm", "apk add --allow-untrusted pkg.apk"},
		NoMatch: []string{"pip install -i https://pypi.org/simple requests", "npm install --registry https://registry.npmjs.org foo", "go env GOPROXY", "add-apt-repository --remove ppa:deadsnakes/ppa"},
	}
	svcPkgTyposquat = &rule.Rule{
		ID: "shell.pkg.typosquat", Category: rule.RemoteCode, Points: svcLose,
		// A person reads "did you mean …?" every time: no mode waves it
		// through, and trust in "npm install <arg>" never covers the name.
		AlwaysReview: true,
		Summary:      "Installs a package whose name imitates a popular one (a typo, changed separators, look-alike characters, another scope or a word added): typosquats run their install scripts and ship malware.",
		Alternative:  "install the popular package you meant, or check this one's page, owner and downloads first",
		Match: []string{"npm install lodahs", "npm i crossenv", "yarn add @typess/node", "pnpm add l0dash", "bun add expresss", "pip install reqeusts", "pip install python3-dateutil",
			"uv add colourama", "poetry add djanga", "go get github.com/siruspen/logrus", "go install github.com/spf13/cobraa@latest", "cargo add serde_jsonn", "cargo install tokoi", "gem install nokogirl"},
		NoMatch: []string{"npm install lodash", "npm i cross-env lodash.merge @types/node", "pip install requests python-dateutil", "pip install beautifulsoup4 requests-toolbelt",
			"go get github.com/sirupsen/logrus@v1.9.3", "go install golang.org/x/tools/cmd/goimports@latest", "cargo add serde_json tokio-util", "gem install rails rack-test", "npm install ./local-pkg"},
	}
	svcPkgUninstall = &rule.Rule{
		ID: "shell.pkg.uninstall", Category: rule.System, Points: svcSmall,
		Summary:     "Uninstalls Python packages from the current environment.",
		Alternative: "check what depends on them first (pip show NAME: Required-by)",
		Match:       []string{"pip uninstall -y requests", "pip3 uninstall flask django"},
		NoMatch:     []string{"pip list", "pip show requests"},
	}
)

var svcPackageRules = []*rule.Rule{
	svcPkgPublish, svcPkgUnpublish, svcPkgOwner, svcPkgGlobal, svcPkgURLInstall, svcPkgIndex, svcPkgUninstall, svcPkgTyposquat,
	ruleRunRemotePackage, svcPkgRunsProgram,
}

func svcPackageHandlers() map[string]handler {
	h := map[string]handler{
		"npm": svcNpm, "pnpm": svcNpm, "yarn": svcNpm, "bun": svcNpm, "cnpm": svcNpm,
		"cargo": svcCargo, "gem": svcGem, "go": svcGo,
	}
	return h
}

// svcSupplyChainHook checks the packages an install names against the
// popular packages of its ecosystem (seed 002's typosquat detection, package
// supplychain). ecosystem is "npm", "pypi", "go", "crates", "rubygems" or
// the system package manager's name (no lists: nothing is checked).
func svcSupplyChainHook(c *Cmd, r *report, ecosystem string, names []string) {
	eco := supplychain.Ecosystem(ecosystem)
	if !slices.Contains(supplychain.Ecosystems, eco) {
		return
	}
	for i, n := range names {
		if i == 32 {
			break // an install of dozens of names: the first ones tell
		}
		if s, ok := supplychain.Check(eco, n); ok {
			f := c.find(svcPkgTyposquat, "May be a typosquat: "+s.Why(), n)
			f.Alternative = "install " + s.Target + " if that is what you meant; otherwise check the page, owner and downloads of " + s.Name + " on the registry first"
			r.add(f)
		}
	}
}

// svcURLSpec reports whether a package spec names a URL, a git repository
// or (npm's user/repo form) a GitHub repository instead of a registry package.
func svcURLSpec(spec string, npm bool) bool {
	l := svcLower(spec)
	for _, p := range []string{"git+", "git:", "git@", "hg+", "svn+", "bzr+", "github:", "gitlab:", "bitbucket:", "gist:", "http://", "https://", "ftp://"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	if strings.Contains(l, " @ ") || strings.Contains(l, "@http") || strings.Contains(l, "@git+") {
		return true
	}
	return npm && svcGitHubShort.MatchString(spec)
}

var svcGitHubShort = lazyRegexp(`^[A-Za-z0-9][\w.-]*/[\w.-]+(#.*)?$`)

// svcDefaultIndex reports whether a registry URL is the ecosystem's default.
func svcDefaultIndex(u string) bool {
	h := svcParseURL(u, "https").host
	switch h {
	case "registry.npmjs.org", "registry.npmjs.com", "registry.yarnpkg.com", "pypi.org", "pypi.python.org", "files.pythonhosted.org",
		"test.pypi.org", "upload.pypi.org", "crates.io", "index.crates.io", "rubygems.org", "proxy.golang.org", "sum.golang.org":
		return true
	}
	return false
}

func svcNpm(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-v", "--version") && len(c.Positional()) == 0 {
		return
	}
	w := c.Positional()
	sub := svcAt(w, 0)
	rest := w[min(1, len(w)):]
	if c.Name == "yarn" && sub == "npm" { // yarn npm publish|info|login…
		sub = svcAt(w, 1)
		rest = w[min(2, len(w)):]
	}
	global := c.Has("-g", "--global", "--location=global") || c.Name == "yarn" && sub == "global"
	if c.Name == "yarn" && sub == "global" {
		sub = svcAt(w, 1)
		rest = w[min(2, len(w)):]
	}
	if reg, ok := c.Flag("--registry"); ok && !svcDefaultIndex(reg) {
		f := c.find(svcPkgIndex, "Uses the package registry "+reg+" instead of the default one: packages come from wherever it points.", reg)
		if npmInstallSub(sub) {
			f = f.WithPoints(pkgSourcePoints) // what it serves is installed and its scripts run
		}
		r.add(f)
	}
	npmTLSOff(c, r) // tls_off.go
	switch sub {
	case "ls", "list", "ll", "la", "view", "v", "info", "show", "outdated", "search", "s", "se", "find", "whoami", "explain", "why", "doctor",
		"ping", "prefix", "root", "bin", "fund", "query", "docs", "bugs", "repo", "home", "get", "licenses", "help":
		return
	case "audit":
		if svcAt(rest, 0) == "fix" {
			r.mutates()
		}
		return
	case "config", "c", "set":
		args := rest
		if sub != "set" {
			if svcAt(rest, 0) != "set" {
				if svcIn(svcAt(rest, 0), "delete", "rm", "edit", "fix", "unset") {
					r.mutates()
				}
				return
			}
			args = rest[1:]
		}
		r.mutates()
		svcNpmConfigSet(c, r, args)
		return
	case "publish":
		if svcDryRun(c) {
			return
		}
		r.mutates()
		what := "the package in this directory"
		if p := svcAt(rest, 0); p != "" {
			what = p
		}
		r.add(c.find(svcPkgPublish, "Publishes "+what+" to the "+c.Name+" registry"+svcIf(c.Has("--access=public") || c.Contains("public"), " publicly")+": everyone who installs it gets this code.", what))
		return
	case "unpublish":
		if svcDryRun(c) {
			return
		}
		r.mutates()
		spec := svcAt(rest, 0)
		f := c.find(svcPkgUnpublish, "Removes "+svcQuote(spec)+" from the npm registry: projects that depend on it stop installing.", spec)
		if c.Has("--force", "-f") || !strings.Contains(strings.TrimPrefix(spec, "@"), "@") {
			f = c.find(svcPkgUnpublish, "Removes every version of "+svcQuote(spec)+" from the npm registry: projects that depend on it stop installing.", spec).WithPoints(svcDestroy)
		}
		r.add(f)
		return
	case "deprecate":
		r.mutates()
		if len(rest) >= 2 && rest[1] == "" {
			return // an empty message un-deprecates
		}
		r.add(c.find(svcPkgUnpublish, "Marks "+svcQuote(svcAt(rest, 0))+" as deprecated: everyone who installs it gets a warning.", svcAt(rest, 0)))
		return
	case "dist-tag", "dist-tags", "owner", "author", "access", "team", "org", "token":
		verb := svcAt(rest, 0)
		if svcIn(verb, "ls", "list", "get", "") {
			return
		}
		r.mutates()
		if sub == "token" && verb == "create" {
			return
		}
		pts := svcChange
		if sub == "access" && (verb == "public" || c.Contains("status=public")) {
			pts = svcLose
		}
		r.add(c.find(svcPkgOwner, "Changes the registry's "+sub+" settings ("+strings.Join(rest, " ")+").", rest[1:]...).WithPoints(pts))
		return
	case "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isntall", "add", "update", "up", "upgrade":
		r.mutates()
		svcNpmInstall(c, r, rest, global)
		return
	case "uninstall", "un", "unlink", "remove", "rm", "r":
		r.mutates()
		return
	}
	r.mutates()
}

// npmInstallSub reports whether an npm-style subcommand fetches packages
// and runs their scripts: an install, a clean install, a one-off run.
func npmInstallSub(sub string) bool {
	switch sub {
	case "install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isntall", "add", "update", "up", "upgrade",
		"ci", "clean-install", "install-test", "it", "exec", "x", "dlx", "create", "init", "rebuild":
		return true
	}
	return false
}

// svcNpmInstall judges the packages an npm-style install names.
func svcNpmInstall(c *Cmd, r *report, specs []string, global bool) {
	var names, urls []string
	for _, s := range specs {
		if svcURLSpec(s, true) {
			urls = append(urls, s)
			continue
		}
		if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "file:") || strings.HasSuffix(s, ".tgz") {
			continue
		}
		names = append(names, s)
	}
	svcSupplyChainHook(c, r, "npm", names)
	if global && len(specs) > 0 {
		r.add(c.find(svcPkgGlobal, "Installs "+svcList(specs)+" globally with "+c.Name+": it lands in the machine's shared packages and its install scripts run.", specs...))
	}
	if len(urls) > 0 {
		r.add(c.find(svcPkgURLInstall, "Installs "+svcList(urls)+" straight from a URL or git repository, bypassing the registry.", urls...))
	}
}

// npmProgramKeys are npm settings that name a program npm runs later.
var npmProgramKeys = map[string]bool{"script-shell": true, "shell": true, "node-options": true, "editor": true, "git": true, "browser": true, "viewer": true, "onload-script": true, "node-gyp": true}

var npmProgramKeys2 = map[string]string{"script-shell": "every package script (npm run, install scripts)", "shell": "npm exec and npx", "node-options": "every Node program it starts (its options can load code)",
	"editor": "npm edit and npm config edit", "git": "git dependencies", "browser": "npm docs and npm repo", "viewer": "npm help", "onload-script": "every npm start", "node-gyp": "native builds"}

var svcPkgRunsProgram = &rule.Rule{
	ID: "shell.pkg.config-runs-program", Category: rule.RemoteCode, Points: svcLose,
	Summary:     "Changes which program the package manager runs for its scripts (script-shell, shell, node-options…): every later install or script runs through it.",
	Alternative: "run the script with the program you need this once, and let the user change the setting",
	Match:       []string{"npm config set script-shell /tmp/x", "npm config set node-options '--require /tmp/x.js'"},
	NoMatch:     []string{"npm config set fund false", "npm config get script-shell"},
}

// svcNpmConfigSet judges npm config set key value (or key=value).
func svcNpmConfigSet(c *Cmd, r *report, args []string) {
	for i := 0; i < len(args); i++ {
		k, v, ok := strings.Cut(args[i], "=")
		if !ok && i+1 < len(args) {
			v = args[i+1]
			i++
		}
		lk := svcLower(k)
		if c.Name == "yarn" || c.Name == "bun" {
			judgePkgSettings(c, r, c.Name, "", []pkgSetting{{lk, unquoteSetting(v)}})
			continue
		}
		switch {
		case (lk == "registry" || strings.HasSuffix(lk, ":registry")) && !svcDefaultIndex(v):
			r.add(c.find(svcPkgIndex, "Makes "+v+" the package registry"+svcIf(strings.Contains(lk, ":"), " for "+strings.TrimSuffix(k, ":registry"))+": every later install comes from there.", v))
		case npmProgramKeys[lk]:
			r.add(c.find(svcPkgRunsProgram, "Makes "+svcOr(v, "a program")+" the program npm runs for "+npmProgramKeys2[lk]+": it runs on every later npm command that needs it, outside this session.", v))
		case lk == "strict-ssl" && svcFold(v, "false"):
			r.add(c.find(svcPkgIndex, "Turns off certificate checks for the package registry: a network attacker can swap packages.", k))
		}
	}
}

func svcCargo(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-V") {
		return
	}
	for _, kv := range svcFlagValues(c, "--config") {
		// cargo --config 'build.rustc-wrapper="/tmp/x"': one setting of
		// .cargo/config.toml for this run.
		if k, v, ok := strings.Cut(kv, "="); ok {
			judgePkgSettings(c, r, "cargo", "", []pkgSetting{{strings.ToLower(strings.TrimSpace(k)), unquoteSetting(v)}})
		}
	}
	w := c.Positional()
	sub := svcAt(w, 0)
	switch sub {
	case "publish":
		if svcDryRun(c) {
			return
		}
		r.mutates()
		r.add(c.find(svcPkgPublish, "Publishes the crate to "+svcOr(svcFlagOr(c, "--registry"), "crates.io")+": the version can never be deleted, only yanked."))
	case "yank":
		if c.Has("--undo") {
			r.mutates()
			return
		}
		r.mutates()
		v, _ := c.Flag("--version", "--vers")
		r.add(c.find(svcPkgUnpublish, "Yanks version "+svcQuote(v)+" of the crate: new projects can no longer depend on it.", v).WithPoints(svcChange))
	case "owner":
		if c.Has("--list", "-l") {
			return
		}
		r.mutates()
		r.add(c.find(svcPkgOwner, "Changes the owners of the crate ("+strings.Join(c.Args[1:], " ")+")."))
	case "install":
		r.mutates()
		if g, ok := c.Flag("--git"); ok {
			r.add(c.find(svcPkgURLInstall, "Installs a program straight from the git repository "+g+" and builds it (its build script runs).", g))
		}
		for _, v := range svcFlagValues(c, "--index", "--registry") {
			if strings.Contains(v, "://") && !svcDefaultIndex(v) {
				pkgSourceInstall(c, r, "Installs from the registry "+v+" instead of crates.io.", v)
			}
		}
		svcSupplyChainHook(c, r, "crates", w[1:])
	case "add":
		r.mutates()
		if g, ok := c.Flag("--git"); ok {
			r.add(c.find(svcPkgURLInstall, "Adds a dependency straight from the git repository "+g+".", g))
		}
		svcSupplyChainHook(c, r, "crates", w[1:])
	case "search", "tree", "metadata", "locate-project", "pkgid", "read-manifest", "verify-project", "help", "version", "info", "":
	default:
		r.mutates()
	}
}

// svcFlagOr returns the flag's value or "".
func svcFlagOr(c *Cmd, names ...string) string {
	v, _ := c.Flag(names...)
	return v
}

func svcGem(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	sub := svcAt(w, 0)
	switch sub {
	case "push":
		r.mutates()
		r.add(c.find(svcPkgPublish, "Publishes "+svcQuote(svcAt(w, 1))+" to RubyGems: everyone who installs it gets this code.", svcAt(w, 1)))
	case "yank":
		r.mutates()
		v, _ := c.Flag("-v", "--version")
		r.add(c.find(svcPkgUnpublish, "Yanks version "+svcQuote(v)+" of the gem "+svcQuote(svcAt(w, 1))+": it disappears from RubyGems and cannot be pushed again.", svcAt(w, 1)))
	case "owner":
		if !c.Has("-a", "--add", "-r", "--remove") {
			return
		}
		r.mutates()
		r.add(c.find(svcPkgOwner, "Changes the owners of the gem "+svcQuote(svcAt(w, 1))+".", svcAt(w, 1)))
	case "install", "update":
		r.mutates()
		for _, v := range svcFlagValues(c, "-s", "--source", "--clear-sources") {
			if strings.Contains(v, "://") && !svcDefaultIndex(v) {
				pkgSourceInstall(c, r, "Installs gems from "+v+" instead of RubyGems.", v)
			}
		}
		if c.Sudo && !c.Has("--user-install", "-i", "--install-dir") {
			r.add(c.find(svcPkgGlobal, "Installs gems as root into the system Ruby: their install hooks run as root."))
		}
		svcSupplyChainHook(c, r, "rubygems", w[1:])
	case "sources":
		if v, ok := c.Flag("-a", "--add"); ok && !svcDefaultIndex(v) {
			r.mutates()
			r.add(c.find(svcPkgIndex, "Adds "+v+" as a gem source for every later install.", v))
		}
	case "list", "search", "query", "info", "specification", "contents", "dependency", "environment", "which", "help", "outdated", "fetch", "":
	default:
		r.mutates()
	}
}

func svcGo(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	sub := svcAt(c.Args, 0)
	switch sub {
	case "env":
		if !c.Has("-w", "-u") {
			return
		}
		r.mutates()
		for _, a := range c.Args[1:] {
			k, v, ok := strings.Cut(a, "=")
			if !ok {
				continue
			}
			pkgSourceSetting(c, r, k, v) // pkg_sources.go
		}
	case "get", "install":
		r.mutates()
		var names []string
		for _, a := range c.Args[1:] {
			if !strings.HasPrefix(a, "-") {
				names = append(names, a)
			}
		}
		svcSupplyChainHook(c, r, "go", names)
	case "vet", "list", "version", "doc", "help", "":
	default:
		r.mutates()
	}
}
