package shell

import (
	"path"
	"strings"
)

// Package managers' configuration files (.npmrc, .yarnrc.yml, pip.conf,
// uv.toml, bunfig.toml, .cargo/config.toml): a setting there points every
// later install at another registry, or names a program the manager runs.
// What a command writes into one is read here, setting by setting, the
// same way a setting given on the command line is (npm config set, yarn
// config set, cargo --config).

// pkgConfigTool names the package manager that reads the file at abs, or
// "" for any other file.
func pkgConfigTool(abs string) string {
	base := strings.ToLower(path.Base(abs))
	dir := strings.ToLower(path.Base(path.Dir(abs)))
	switch {
	case base == ".npmrc" || base == "npmrc":
		return "npm"
	case base == ".yarnrc.yml" || base == ".yarnrc.yaml" || base == ".yarnrc":
		return "yarn"
	case base == "pip.conf" || base == "pip.ini" || base == ".pydistutils.cfg":
		return "pip"
	case base == "uv.toml":
		return "uv"
	case base == "bunfig.toml" || base == ".bunfig.toml":
		return "bun"
	case dir == ".cargo" && (base == "config.toml" || base == "config"):
		return "cargo"
	}
	return ""
}

// pkgSetting is one setting of a configuration file: its key with the
// sections above it ("source.crates-io.replace-with") and its value.
type pkgSetting struct{ key, value string }

// pkgSettings reads INI, TOML and simple YAML settings: [section] and
// [[section]] headers, key = value, key: value and key "value" lines
// (YAML's indentation makes a key part of the one above it).
func pkgSettings(text string) []pkgSetting {
	var out []pkgSetting
	section := ""
	var yamlPath []string
	var yamlIndent []int
	for i, line := range strings.Split(text, "\n") {
		if i >= 4096 {
			break
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || trimmed[0] == '#' || trimmed[0] == ';' {
			continue
		}
		if strings.HasPrefix(trimmed, "[") {
			section = strings.ToLower(strings.Trim(strings.TrimSpace(strings.Trim(trimmed, "[]")), `"' `))
			yamlPath, yamlIndent = nil, nil
			continue
		}
		k, v, ok := cutSetting(trimmed)
		if !ok {
			continue
		}
		k = strings.ToLower(strings.Trim(strings.TrimSpace(k), `"'`))
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		for len(yamlIndent) > 0 && yamlIndent[len(yamlIndent)-1] >= indent {
			yamlPath, yamlIndent = yamlPath[:len(yamlPath)-1], yamlIndent[:len(yamlIndent)-1]
		}
		full := k
		if p := strings.Join(yamlPath, "."); p != "" {
			full = p + "." + k
		}
		if section != "" {
			full = section + "." + full
		}
		v = unquoteSetting(v)
		if v == "" {
			yamlPath, yamlIndent = append(yamlPath, k), append(yamlIndent, indent)
			continue
		}
		out = append(out, pkgSetting{full, v})
	}
	return out
}

// cutSetting splits key = value, key: value (YAML) or key "value" (yarn 1).
func cutSetting(s string) (string, string, bool) {
	eq := strings.IndexByte(s, '=')
	colon := strings.Index(s, ": ")
	if strings.HasSuffix(s, ":") && (eq < 0) {
		return strings.TrimSuffix(s, ":"), "", true
	}
	switch {
	case eq > 0 && (colon < 0 || eq < colon):
		return s[:eq], s[eq+1:], true
	case colon > 0:
		return s[:colon], s[colon+2:], true
	}
	if k, v, ok := strings.Cut(s, " "); ok && !strings.ContainsAny(k, `"'`) {
		return k, v, true
	}
	return "", "", false
}

func unquoteSetting(v string) string {
	v = strings.TrimSpace(v)
	if i := strings.Index(v, " #"); i >= 0 && !strings.HasPrefix(v, `"`) && !strings.HasPrefix(v, "'") {
		v = strings.TrimSpace(v[:i])
	}
	return strings.Trim(v, `"'`)
}

// pkgJudgement is what one setting does: "index" (installs come from
// elsewhere, or are no longer checked), "program" (a program the
// manager runs), or "" (nothing to report).
func pkgJudgement(tool, key, value string) (kind, what string) {
	last := key
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		last = key[i+1:]
	}
	other := !svcDefaultIndex(value)
	switch tool {
	case "npm":
		switch {
		case (key == "registry" || strings.HasSuffix(key, ":registry")) && other:
			return "index", "npm's registry"
		case npmProgramKeys[key]:
			return "program", "the program npm runs for " + npmProgramKeys2[key]
		case key == "strict-ssl" && svcFold(value, "false"):
			return "index", "npm's certificate checks"
		}
	case "yarn":
		switch {
		case (last == "npmregistryserver" || last == "registry" || last == "npmpublishregistry") && other:
			return "index", "yarn's registry"
		case last == "yarnpath" || last == "yarn-path":
			return "program", "the yarn program itself"
		case (last == "enablestrictssl" || last == "strict-ssl" || last == "strictssl") && svcFold(value, "false"), last == "unsafehttpwhitelist":
			return "index", "yarn's certificate checks"
		}
	case "pip", "uv":
		switch {
		case (last == "index-url" || last == "extra-index-url" || last == "find-links" || last == "url" && strings.Contains(key, "index")) && other:
			return "index", tool + "'s package index"
		case last == "trusted-host" || last == "allow-insecure-host":
			return "index", tool + "'s certificate checks"
		}
	case "bun":
		if (last == "registry" || strings.HasSuffix(key, "scopes."+last)) && other && strings.Contains(value, "://") {
			return "index", "bun's registry"
		}
	case "cargo":
		switch {
		case strings.HasPrefix(key, "source.") && (last == "replace-with" || last == "local-registry" || last == "directory" || (last == "registry" && other)):
			return "index", "where cargo takes crates from"
		case (strings.HasPrefix(key, "registries.") || strings.HasPrefix(key, "registry.")) && last == "index" && other:
			return "index", "cargo's registry"
		case key == "build.rustc-wrapper" || key == "build.rustc-workspace-wrapper" || key == "build.rustc" || key == "build.rustdoc" ||
			strings.HasPrefix(key, "target.") && (last == "runner" || last == "linker") ||
			last == "credential-provider" || key == "registry.global-credential-providers":
			return "program", "a program cargo runs on every build"
		case key == "env.rustc_wrapper" || key == "env.rustc" || key == "env.rustflags" && strings.Contains(value, "linker"):
			return "program", "a program cargo runs on every build"
		}
	}
	return "", ""
}

// judgePkgSettings reports each setting of tool's configuration that
// changes where packages come from or what program runs.
func judgePkgSettings(c *Cmd, r *report, tool, file string, settings []pkgSetting) {
	for _, s := range settings {
		kind, what := pkgJudgement(tool, s.key, s.value)
		in := ""
		if file != "" {
			in = " in " + file
		}
		switch kind {
		case "index":
			r.add(c.find(svcPkgIndex, "Sets "+s.key+" = "+truncateText(s.value, 80)+in+": it changes "+what+" for every later install.", s.value))
		case "program":
			r.add(c.find(svcPkgRunsProgram, "Sets "+s.key+" = "+truncateText(s.value, 80)+in+": it makes "+what+", outside this session.", s.value))
		}
	}
}

// pkgConfigWrite judges what a command writes into a package manager's
// configuration file (the content known, literal or decoded).
func (w *walker) pkgConfigWrite(ev string, idx int, name, abs string) {
	tool := pkgConfigTool(abs)
	if tool == "" {
		return
	}
	fc, ok := w.r.fl().files[abs]
	if !ok || fc.kind != streamLiteral && fc.kind != streamDecoded {
		return
	}
	c := &Cmd{Name: tool, Path: name, Text: ev, Depth: w.depth, env: w.r.env, index: idx}
	judgePkgSettings(c, w.r, tool, name, pkgSettings(fc.text))
}
