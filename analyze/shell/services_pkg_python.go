package shell

import (
	"strings"
)

// Python packaging: pip (and python -m pip, which the core routes here), uv,
// poetry, pdm, pipx, twine, hatch, flit and maturin. The rules are the
// language package managers' (services_packages.go).

func svcPythonPackageHandlers() map[string]handler {
	h := map[string]handler{
		"pip": svcPip, "pip2": svcPip, "pip3": svcPip, "uv": svcUv, "poetry": svcPoetry, "pipx": svcPipx, "pdm": svcPoetry,
		"twine": svcTwine, "hatch": svcPublishOnly, "flit": svcPublishOnly, "maturin": svcPublishOnly,
	}
	for _, v := range []string{"3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.14"} {
		h["pip"+v] = svcPip
	}
	return h
}

func svcPip(c *Cmd, r *report) {
	if svcHelp(c) || c.Has("-V") {
		return
	}
	sub, args := svcSubcommand(c)
	svcPipCommand(c, r, sub, args, "pip")
}

// svcPipCommand judges a pip (or uv pip) subcommand and its package specs.
func svcPipCommand(c *Cmd, r *report, sub string, specs []string, tool string) {
	switch sub {
	case "install", "sync", "download", "wheel":
		r.mutates()
		if svcDryRun(c) {
			return
		}
		svcPipIndexes(c, r)
		var urls, names []string
		for _, s := range append(specs, svcFlagValues(c, "-e", "--editable")...) {
			if svcURLSpec(s, false) {
				urls = append(urls, s)
			} else if !strings.HasPrefix(s, ".") && !strings.HasPrefix(s, "/") {
				names = append(names, s)
			}
		}
		svcSupplyChainHook(c, r, "pypi", names)
		if len(urls) > 0 {
			r.add(c.find(svcPkgURLInstall, "Installs "+svcList(urls)+" straight from a URL or repository, bypassing the package index.", urls...))
		}
		if sub != "install" && sub != "sync" {
			return
		}
		switch {
		case c.Has("--break-system-packages"):
			r.add(c.find(svcPkgGlobal, "Installs into the system Python with --break-system-packages, overriding the distribution's protection: system tools that use Python can break."))
		case c.Sudo && !c.Has("--user", "-t", "--target", "--prefix") && tool == "pip":
			r.add(c.find(svcPkgGlobal, "Installs Python packages as root into the system Python: their setup code runs as root and can overwrite the distribution's packages."))
		default:
			for _, d := range svcFlagValues(c, "-t", "--target", "--prefix", "--root") {
				if cl := c.Class(d); cl.System && !cl.Temp {
					r.add(c.find(svcPkgGlobal, "Installs Python packages into the system directory "+d+".", d))
					break
				}
			}
		}
	case "uninstall":
		r.mutates()
		if len(specs) > 0 {
			r.add(c.find(svcPkgUninstall, "Uninstalls "+svcList(specs)+" from the current Python environment.", specs...))
		}
	case "config":
		if svcAt(specs, 0) == "set" {
			r.mutates()
			k, v := svcAt(specs, 1), svcAt(specs, 2)
			if kk, vv, ok := strings.Cut(k, "="); ok {
				k, v = kk, vv
			}
			lk := svcLower(k)
			if (strings.HasSuffix(lk, "index-url") || strings.HasSuffix(lk, "find-links")) && !svcDefaultIndex(v) || strings.HasSuffix(lk, "trusted-host") {
				r.add(c.find(svcPkgIndex, "Makes pip use "+svcQuote(v)+" ("+k+") for every later install.", v))
			}
		} else if svcIn(svcAt(specs, 0), "unset", "edit") {
			r.mutates()
		}
	case "list", "freeze", "show", "check", "inspect", "index", "search", "debug", "help", "hash", "cache", "tree", "compile", "":
		if sub == "cache" && svcIn(svcAt(specs, 0), "purge", "remove") || sub == "compile" {
			r.mutates()
		}
	default:
		r.mutates()
	}
}

// svcPipIndexes reports package indexes other than PyPI.
func svcPipIndexes(c *Cmd, r *report) {
	for _, v := range svcFlagValues(c, "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--index", "--default-index") {
		if strings.Contains(v, "://") && !svcDefaultIndex(v) {
			pkgSourceInstall(c, r, "Installs from the package index "+v+" as well as, or instead of, PyPI: a package of the same name there wins (dependency confusion).", v)
			return
		}
	}
	if h := svcFlagValues(c, "--trusted-host"); len(h) > 0 {
		r.add(c.find(svcPkgIndex, "Turns off certificate checks for "+svcList(h)+": a network attacker can swap the packages.", h...))
	}
}

func svcUv(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "pip":
		svcPipCommand(c, r, svcAt(w, 1), w[min(2, len(w)):], "uv")
	case "add", "tool":
		specs := w[1:]
		if svcAt(w, 0) == "tool" {
			if !svcIn(svcAt(w, 1), "install", "upgrade", "run") {
				if svcIn(svcAt(w, 1), "uninstall", "update-shell") {
					r.mutates()
				}
				return
			}
			specs = w[min(2, len(w)):]
		}
		svcPipCommand(c, r, "install", specs, "uv")
	case "publish":
		if svcDryRun(c) {
			return
		}
		r.mutates()
		r.add(c.find(svcPkgPublish, "Publishes the built distributions to the package index: everyone who installs them gets this code."))
	case "tree", "version", "help", "":
		if svcAt(w, 0) == "version" && len(w) > 1 {
			r.mutates()
		}
	default:
		r.mutates()
	}
}

func svcPoetry(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	sub := svcAt(w, 0)
	switch sub {
	case "publish":
		if svcDryRun(c) {
			return
		}
		r.mutates()
		repo, _ := c.Flag("-r", "--repository")
		f := c.find(svcPkgPublish, "Publishes the package to "+svcOr(repo, "PyPI")+": everyone who installs it gets this code.", svcTargets(repo)...)
		if svcIn(repo, "testpypi", "test-pypi") {
			f = f.WithPoints(svcConfirm)
		}
		r.add(f)
	case "add":
		r.mutates()
		var urls []string
		for _, s := range w[1:] {
			if svcURLSpec(s, false) {
				urls = append(urls, s)
			}
		}
		svcSupplyChainHook(c, r, "pypi", w[1:])
		if len(urls) > 0 {
			r.add(c.find(svcPkgURLInstall, "Adds "+svcList(urls)+" straight from a URL or repository, bypassing the package index.", urls...))
		}
	case "source":
		if svcAt(w, 1) == "add" {
			r.mutates()
			if u := svcAt(w, 3); u != "" && !svcDefaultIndex(u) {
				r.add(c.find(svcPkgIndex, "Adds the package source "+u+" to the project: packages may come from there instead of PyPI.", u))
			}
		} else if svcAt(w, 1) == "remove" {
			r.mutates()
		}
	case "config":
		r.mutates()
		k := svcAt(w, 1)
		if strings.HasPrefix(k, "repositories.") && svcAt(w, 2) != "" && !svcDefaultIndex(svcAt(w, 2)) {
			r.add(c.find(svcPkgIndex, "Adds the package repository "+svcAt(w, 2)+" to "+c.Name+"'s configuration.", svcAt(w, 2)))
		}
	case "show", "check", "search", "list", "info", "":
	default:
		r.mutates()
	}
}

func svcPipx(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	switch svcAt(w, 0) {
	case "install", "inject", "upgrade", "run", "install-all":
		r.mutates()
		if v, ok := c.Flag("--index-url", "-i"); ok && !svcDefaultIndex(v) {
			pkgSourceInstall(c, r, "Installs from the package index "+v+" instead of PyPI.", v)
		}
		if v, ok := c.Flag("--pip-args"); ok && (strings.Contains(v, "index-url") || strings.Contains(v, "trusted-host")) {
			r.add(c.find(svcPkgIndex, "Passes another package index to pip ("+v+").", v))
		}
		var urls []string
		for _, s := range append(w[1:], svcFlagValues(c, "--spec")...) {
			if svcURLSpec(s, false) {
				urls = append(urls, s)
			}
		}
		if len(urls) > 0 {
			r.add(c.find(svcPkgURLInstall, "Installs "+svcList(urls)+" straight from a URL or repository.", urls...))
		}
	case "list", "environment", "":
	default:
		r.mutates()
	}
}

func svcTwine(c *Cmd, r *report) {
	if svcHelp(c) || !c.ArgIs("upload") {
		return
	}
	r.mutates()
	repo, _ := c.Flag("-r", "--repository", "--repository-url")
	f := c.find(svcPkgPublish, "Uploads "+svcList(c.Positional()[1:])+" to "+svcOr(repo, "PyPI")+": everyone who installs the package gets this code.", svcTargets(repo)...)
	if strings.Contains(repo, "test") {
		f = f.WithPoints(svcConfirm)
	}
	r.add(f)
}

func svcPublishOnly(c *Cmd, r *report) {
	if svcHelp(c) {
		return
	}
	w := c.Positional()
	if svcAt(w, 0) == "publish" || c.Name == "maturin" && svcAt(w, 0) == "upload" {
		if svcDryRun(c) {
			return
		}
		r.mutates()
		r.add(c.find(svcPkgPublish, "Publishes the package with "+c.Name+": everyone who installs it gets this code."))
		return
	}
	if !svcIn(svcAt(w, 0), "version", "status", "env", "") {
		r.mutates()
	}
}
