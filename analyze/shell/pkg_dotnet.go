package shell

import "strings"

// .NET's package sources. dotnet and nuget fetch packages from nuget.org
// unless a command names another source: --add-source, --source (-s),
// --nuget-source on dotnet's installing commands, -Source on nuget's. A
// package from there is built and its build targets run, and a tool from
// there is the program that runs next: an install from a source other
// than nuget.org is held for a person, as pip -i and npm --registry are.
// `dotnet nuget add source URL` and `nuget sources add -Source URL` save
// the source for every later restore.

// dotnetFetches reports the dotnet commands (first words) that fetch packages.
func dotnetFetches(first string) bool {
	switch first {
	case "tool", "add", "restore", "build", "publish", "pack", "run", "test", "new", "workload", "package":
		return true
	}
	return false
}

// dotnetSourceHandler judges the package sources a dotnet or nuget
// command names.
func dotnetSourceHandler(c *Cmd, r *report) {
	pos := c.Positional()
	if len(pos) == 0 {
		return
	}
	first := strings.ToLower(pos[0])
	if c.Name == "nuget" {
		nugetSources(c, r, first, pos)
		return
	}
	if first == "nuget" && len(pos) >= 4 && (pos[1] == "add" || pos[1] == "update") && pos[2] == "source" {
		if u := pos[3]; nugetOtherSource(u) {
			r.mutates()
			r.add(c.find(rulePersistSource, "Saves the package source "+u+" in NuGet's configuration: every later restore takes packages from it.", u))
		}
		return
	}
	if !dotnetFetches(first) {
		return
	}
	for _, v := range c.FlagAll("--add-source", "--source", "-s", "--nuget-source") {
		if nugetOtherSource(v) {
			r.mutates()
			pkgSourceInstall(c, r, "Installs .NET packages from "+v+" instead of nuget.org: what it serves is built and run.", v)
			return
		}
	}
}

// nugetSources judges nuget.exe: install, restore and update with
// -Source, and sources add -Source.
func nugetSources(c *Cmd, r *report, first string, pos []string) {
	srcs := c.FlagAll("-Source", "-source", "-FallbackSource", "-fallbacksource")
	switch first {
	case "sources", "source":
		if len(pos) > 1 && strings.EqualFold(pos[1], "add") || len(pos) > 1 && strings.EqualFold(pos[1], "update") {
			for _, v := range srcs {
				if nugetOtherSource(v) {
					r.mutates()
					r.add(c.find(rulePersistSource, "Saves the package source "+v+" in NuGet's configuration: every later restore takes packages from it.", v))
					return
				}
			}
		}
	case "install", "restore", "update":
		for _, v := range srcs {
			if nugetOtherSource(v) {
				r.mutates()
				pkgSourceInstall(c, r, "Installs NuGet packages from "+v+" instead of nuget.org: what it serves is built and run.", v)
				return
			}
		}
	}
}

// nugetOtherSource reports a package source on another server than
// nuget.org's: a URL (a local folder is the user's own).
func nugetOtherSource(v string) bool {
	if !strings.Contains(v, "://") {
		return false
	}
	h := svcParseURL(v, "https").host
	return h != "api.nuget.org" && h != "www.nuget.org" && h != "nuget.org"
}
