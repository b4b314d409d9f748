package shell

import (
	"strings"
)

// Package sources named on the line. A package manager fetches what it
// installs from its registry; a variable set on the line (GOPROXY=URL go
// get, export PIP_INDEX_URL=URL, CARGO_REGISTRIES_X_INDEX=URL, go env -w
// GOPROXY=URL) or an install option (pip -i, npm --registry, cargo
// --index, gem --source) can point it at a server the agent chose, or
// turn off the checks that tie a download to what everyone else gets.
// Whatever that server serves is built and run (install scripts, build
// scripts, the program itself): an install from a registry other than
// the default is held for a person. The default registry, and pointing
// only private modules past the checks (GOPRIVATE=corp.example/*), run.

// pkgSourcePoints are the points of an install from, or a switch to, a
// package source other than the default: explicit approval.
const pkgSourcePoints = svcLose

// pkgSourceKind is how a variable's value changes where packages come from.
type pkgSourceKind uint8

const (
	srcURLs     pkgSourceKind = iota // one or more registry URLs (',', '|' or spaces between them)
	srcNoChecks                      // module patterns fetched without the checksum database
	srcSumDB                         // the checksum database itself ("off" turns it off)
	srcInsecure                      // any value fetches over plain HTTP or without certificate checks
	srcGoFlags                       // go's flags: -insecure
)

// pkgSourceVar is one variable of the table.
type pkgSourceVar struct {
	kind pkgSourceKind
	who  string // what fetches from there, in the user's words
	def  string // the default source, in the user's words
}

// pkgSourceVars are the variables package managers read their source
// from, by name. Names with a part the user chooses (a registry's name)
// are matched by pkgSourceVarOf.
var pkgSourceVars = map[string]pkgSourceVar{
	"GOPROXY":                  {srcURLs, "go fetches modules", "proxy.golang.org"},
	"GOSUMDB":                  {srcSumDB, "go checks downloaded modules", "sum.golang.org"},
	"GONOSUMDB":                {srcNoChecks, "go fetches those modules without the checksum database", ""},
	"GONOSUMCHECK":             {srcNoChecks, "go fetches those modules without the checksum database", ""},
	"GOPRIVATE":                {srcNoChecks, "go fetches those modules straight from their origin, unchecked", ""},
	"GOINSECURE":               {srcInsecure, "go fetches those modules over plain HTTP or without certificate checks", ""},
	"GOFLAGS":                  {srcGoFlags, "go fetches modules over plain HTTP and without certificate checks", ""},
	"PIP_INDEX_URL":            {srcURLs, "pip installs packages", "PyPI"},
	"PIP_EXTRA_INDEX_URL":      {srcURLs, "pip installs packages (a package of the same name there wins)", "PyPI"},
	"PIP_FIND_LINKS":           {srcURLs, "pip installs packages", "PyPI"},
	"PIP_TRUSTED_HOST":         {srcInsecure, "pip downloads from those hosts without certificate checks", ""},
	"UV_INDEX_URL":             {srcURLs, "uv installs packages", "PyPI"},
	"UV_DEFAULT_INDEX":         {srcURLs, "uv installs packages", "PyPI"},
	"UV_EXTRA_INDEX_URL":       {srcURLs, "uv installs packages (a package of the same name there may win)", "PyPI"},
	"UV_INDEX":                 {srcURLs, "uv installs packages", "PyPI"},
	"UV_FIND_LINKS":            {srcURLs, "uv installs packages", "PyPI"},
	"UV_INSECURE_HOST":         {srcInsecure, "uv downloads from those hosts without certificate checks", ""},
	"PIPENV_PYPI_MIRROR":       {srcURLs, "pipenv installs packages", "PyPI"},
	"PDM_PYPI_URL":             {srcURLs, "pdm installs packages", "PyPI"},
	"NPM_CONFIG_REGISTRY":      {srcURLs, "npm installs packages", "the npm registry"},
	"YARN_REGISTRY":            {srcURLs, "yarn installs packages", "the npm registry"},
	"YARN_NPM_REGISTRY_SERVER": {srcURLs, "yarn installs packages", "the npm registry"},
	"BUN_CONFIG_REGISTRY":      {srcURLs, "bun installs packages", "the npm registry"},
}

// pkgSourceVarOf returns the table's entry for a variable: npm reads its
// npm_config_* variables in any case, and cargo, poetry and bundler read
// a registry's (or a mirror's) URL from a variable carrying its name
// (CARGO_REGISTRIES_NAME_INDEX, CARGO_SOURCE_NAME_REGISTRY,
// POETRY_REPOSITORIES_NAME_URL, BUNDLE_MIRROR__HOST).
func pkgSourceVarOf(name string) (pkgSourceVar, bool) {
	up := strings.ToUpper(name)
	if v, ok := pkgSourceVars[name]; ok {
		return v, true
	}
	if strings.HasPrefix(up, "NPM_CONFIG_") {
		v, ok := pkgSourceVars[up]
		return v, ok
	}
	named := func(prefix, suffix string) bool {
		return len(name) > len(prefix)+len(suffix) && strings.HasPrefix(name, prefix) && strings.HasSuffix(name, suffix)
	}
	switch {
	case named("CARGO_REGISTRIES_", "_INDEX"):
		return pkgSourceVar{srcURLs, "cargo installs the crates of that registry", "crates.io"}, true
	case named("CARGO_SOURCE_", "_REGISTRY"):
		return pkgSourceVar{srcURLs, "cargo fetches the crates of a replaced source", "crates.io"}, true
	case named("POETRY_REPOSITORIES_", "_URL"):
		return pkgSourceVar{srcURLs, "poetry installs the packages of that repository", "PyPI"}, true
	case named("BUNDLE_MIRROR__", ""):
		return pkgSourceVar{srcURLs, "bundler installs gems", "RubyGems"}, true
	}
	return pkgSourceVar{}, false
}

// pkgSourceElsewhere says, in the user's words, how a variable's value
// moves packages away from the default source ("" when it does not): the
// source it names, or the checks it turns off.
func pkgSourceElsewhere(v pkgSourceVar, val string) string {
	val = strings.Trim(strings.TrimSpace(val), `"'`)
	if val == "" || strings.ContainsAny(val, "$`") {
		return ""
	}
	switch v.kind {
	case srcURLs:
		for _, u := range strings.FieldsFunc(val, func(r rune) bool { return r == ',' || r == '|' || r == ' ' || r == '\t' }) {
			if _, after, ok := strings.Cut(u, "="); ok && !strings.Contains(u[:strings.Index(u, "=")], "/") {
				u = after // uv's NAME=URL
			}
			switch strings.ToLower(u) {
			case "direct", "off", "":
				continue // go's own fetch from the module's origin, or none
			}
			if !svcDefaultIndex(u) {
				return v.who + " from " + u + " instead of " + v.def
			}
		}
	case srcNoChecks:
		for _, p := range strings.Split(val, ",") {
			if p == "*" || strings.HasPrefix(p, "*") && !strings.Contains(strings.TrimPrefix(p, "*"), "/") {
				return strings.Replace(v.who, "those modules", "every module ("+p+")", 1)
			}
		}
	case srcSumDB:
		if val == "off" {
			return "downloaded modules are no longer checked against the checksum database"
		}
		if !svcDefaultIndex(strings.Fields(val)[0]) && !strings.HasPrefix(val, "sum.golang.org") {
			return "modules are checked against " + val + " instead of " + v.def
		}
	case srcInsecure:
		return v.who + " (" + val + ")"
	case srcGoFlags:
		for _, f := range strings.Fields(val) {
			if f == "-insecure" || f == "--insecure" || strings.HasPrefix(f, "-insecure=") && !strings.HasSuffix(f, "=false") {
				return v.who + " (" + f + ")"
			}
		}
	}
	return ""
}

// pkgSourceAssign judges an assignment of a table variable (NAME=v cmd,
// export NAME=v, env NAME=v cmd): the installs that follow fetch from
// where it points.
func (w *walker) pkgSourceAssign(name, val, text string) {
	v, ok := pkgSourceVarOf(name)
	if !ok {
		return
	}
	if how := pkgSourceElsewhere(v, val); how != "" {
		w.r.add(svcPkgIndex.Find(text, "Sets "+truncateText(name+"="+val, 120)+": "+how+"; whatever it serves is built and run.", name).WithPoints(pkgSourcePoints))
	}
}

// pkgSourceSetting judges a setting saved for every later command (go env
// -w NAME=v): it reports whether the variable is in the table.
func pkgSourceSetting(c *Cmd, r *report, name, val string) bool {
	v, ok := pkgSourceVarOf(name)
	if !ok {
		return false
	}
	if how := pkgSourceElsewhere(v, val); how != "" {
		r.add(c.find(svcPkgIndex, "Saves "+truncateText(name+"="+val, 120)+" for every later command: "+how+".", val).WithPoints(pkgSourcePoints))
	}
	return true
}

// pkgSourceInstall reports an install from a source an option names: at
// least explicit approval.
func pkgSourceInstall(c *Cmd, r *report, message, target string) {
	r.add(c.find(svcPkgIndex, message, target).WithPoints(pkgSourcePoints))
}
