package shell

import (
	"path"
	"strings"
)

// PathClass says what a path points at, as far as the analysis can tell.
type PathClass struct {
	Abs      string // the cleaned absolute path, when known
	Known    bool   // the path does not depend on an unknown variable
	Wildcard bool   // it contains a glob (* ? [)

	Root          bool   // "/" itself (or "/*")
	System        bool   // under /etc, /usr, /bin, /boot, /var (not /var/tmp), … or C:\Windows
	Device        bool   // a block device such as /dev/sda
	Home          bool   // the home directory itself (or "~/*")
	InHome        bool   // under the home directory, outside the workspace
	Temp          bool   // scratch space: under /tmp, /var/tmp, $TMPDIR…, and neither the workspace nor the home directory
	TempRoot      bool   // the temporary directory itself (or all of it, /tmp/*), shared by every program
	Workspace     bool   // under the working directory (relative paths are)
	WorkspaceRoot bool   // the working directory itself, or a wildcard that takes all of it
	BuildOutput   bool   // a regenerable build or cache output (build, dist, node_modules, target, __pycache__, …)
	Test          bool   // under a test directory
	Credential    string // what secret it holds: "ssh key", "environment file", "AWS credentials", …
	Startup       bool   // a shell start-up file (.bashrc, .profile, …)
	// Autorun says when a file that is not a shell start-up file runs by
	// itself (a login item, a user service, a .pth file, a program name on
	// PATH, a project's commit hook or editor task); "" if it does not.
	// ProjectAutorun: it is one of the project's (runs on the next commit,
	// cd or folder open) rather than the user's or the machine's.
	Autorun        string
	ProjectAutorun bool
	GitInternals   bool // .git itself or its hooks
	CIConfig       bool // a CI configuration (.github/workflows, .gitlab-ci.yml, …)
	AgentSettings  bool // a coding agent's own settings or hooks
	// HoldsWorkspace: the path contains the working directory (a parent of
	// it, or a wildcard that takes it): deleting it deletes the workspace.
	HoldsWorkspace bool
	// DataFile names the data a file holds whose loss is not undone by
	// rebuilding: "database", "document", "spreadsheet", "private key",
	// "wallet", "password vault", "the repository's history"; "" otherwise.
	DataFile string
}

// Outside reports whether the path is outside the workspace (or unknown).
func (p PathClass) Outside() bool { return !p.Workspace || !p.Known }

// analysis is what the path logic knows about where the command runs.
type analysis struct {
	cwd  string // absolute working directory, or "" when unknown
	home string // absolute home directory, or ""
	// dir is where relative paths resolve once the command line changed
	// directory (cd, pushd): "" while it has not, an absolute path, a path
	// relative to the unnamed workspace when cwd is unknown, or unknownDir.
	// The workspace stays cwd.
	dir string
	// control are the places of actionguard's control plane configured
	// beyond the defaults (Options.ControlPlane; see paths_self.go).
	control      []string
	controlBases []string // path.Base of each of control, in lower case, that holds no control hint
	// homeLower, controlLower and controlBaseSet are home, control and
	// controlBases made ready for comparing without case, once for the
	// places (newAnalysis); empty, they are made when asked.
	homeLower      string
	controlLower   []string
	controlBaseSet *foldSet
	placeList      []selfPlace // places(), when control is set
	homeSplit      []string    // selfParts(home), when home is set
	inControl      bool        // the working directory is in the control plane
	// disk is what the analysis learns of links on disk
	// (Options.ResolvePath); nil: paths are judged as written.
	disk *diskLinks
	// untracked tells a file git clean would remove (Options.Untracked).
	untracked func(string) (bool, bool)
	// branch names the branch checked out in a directory (Options.GitBranch).
	branch func(string) (string, bool)
	// port is actionguard's server port (Options.ServerPort); 0: the
	// default.
	port int
	// programs are the hook programs (Options.HookPrograms), asked once.
	programs *hookPrograms
}

// unknownDir is analysis.dir after a cd to a place only known when the
// command runs: relative paths are then of unknown location.
const unknownDir = "\x00unknown"

// at returns the analysis with relative paths taken from dir (see
// analysis.dir); e itself when nothing changes.
func (e *analysis) at(dir string) *analysis {
	if dir == e.dir || e.dir == "" && dir == e.cwd {
		return e
	}
	c := *e
	c.dir = dir
	if dir == e.cwd {
		c.dir = ""
	}
	return &c
}

// in is the analysis for a command whose working directory is cwd (see
// Cmd.Cwd): e itself when cwd is empty, which keeps e's own state.
func (e *analysis) in(cwd string) *analysis {
	if cwd == "" {
		return e
	}
	return e.at(cwd)
}

// absDir is the working directory in effect when it is a known absolute
// path, else "".
func (e *analysis) absDir() string {
	d := e.dir
	if d == "" {
		d = e.cwd
	}
	if !strings.HasPrefix(d, "/") || strings.IndexByte(d, 0) >= 0 {
		return ""
	}
	return d
}

// tmpdirSentinel stands for $TMPDIR while a path is cleaned, so that
// "$TMPDIR/../etc" resolves outside the temporary directory.
const tmpdirSentinel = "/\x00tmpdir"

// resolve returns the cleaned absolute form of p. Relative paths are taken
// from the working directory; when that is unknown they stay relative to an
// unnamed workspace ("./x" → "x"). ok is false when p depends on a variable
// or a substitution other than HOME and TMPDIR.
func (e *analysis) resolve(p string) (string, bool) {
	if p == "" {
		return "", false
	}
	ok := true
	home := e.home
	if home == "" {
		home = "/\x00home"
	}
	// \\?\C:\…, \\localhost\C$\…, /mnt/c/…, %HOMEDRIVE%%HOMEPATH%: one
	// spelling for each Windows path.
	if w, ok := winResolve(p, e.home); ok {
		p = w
	}
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		p = home + p[1:]
	case strings.HasPrefix(p, "$HOME") && (len(p) == 5 || p[5] == '/'):
		p = home + p[5:]
	case strings.HasPrefix(p, "${HOME}"):
		p = home + p[7:]
	case p[0] == '%' || strings.HasPrefix(p, "$env:") || strings.HasPrefix(p, "~\\"):
		// Windows' home and profile folders, as cmd, PowerShell and the
		// agents on Windows write them: %APPDATA%\Microsoft\…
		if rest, ok := windowsHome(p, home); ok {
			p = rest
		}
	case strings.HasPrefix(p, "$TMPDIR") && (len(p) == 7 || p[7] == '/'):
		p = tmpdirSentinel + p[7:]
	case strings.HasPrefix(p, "${TMPDIR}"):
		p = tmpdirSentinel + p[9:]
	case len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') && (p[0] >= 'A' && p[0] <= 'Z' || p[0] >= 'a' && p[0] <= 'z'):
		// A Windows path: C:\Windows\System32 → /\x00drive/c/windows/system32.
		p = "/\x00drive/" + strings.ToLower(p[:1]) + "/" + strings.ToLower(strings.ReplaceAll(p[3:], "\\", "/"))
	case strings.HasPrefix(p, "~"):
		// ~user: another user's home.
		rest := p[1:]
		user, tail, _ := strings.Cut(rest, "/")
		p = "/home/" + user + "/" + tail
	}
	if strings.ContainsAny(p, "$`") {
		ok = false
		// Keep what precedes the first unknown part: "/etc/$X" is still under /etc.
		i := strings.IndexAny(p, "$`")
		p = p[:i] + "\x00unknown"
		if !strings.HasPrefix(p, "/") {
			return path.Clean(p), false
		}
	}
	if !strings.HasPrefix(p, "/") {
		base := e.cwd
		switch {
		case e.dir == unknownDir:
			return path.Clean(unknownDir + "/" + p), false
		case e.dir != "":
			base = e.dir
			if !strings.HasPrefix(base, "/") {
				// Relative to the unnamed workspace: "../x" is outside it.
				return path.Clean(base + "/" + p), ok
			}
		}
		if base != "" {
			p = base + "/" + p
		} else {
			c := path.Clean(p)
			if c == ".." || strings.HasPrefix(c, "../") {
				return c, ok
			}
			return c, ok
		}
	}
	return path.Clean(p), ok
}

// systemDirs are seed 002's system paths and their neighbours.
var systemDirs = []string{
	"/etc", "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/boot", "/var", "/opt", "/srv",
	"/root", "/sys", "/proc", "/dev", "/System", "/Library", "/Applications", "/private", "/snap", "/run", "/mnt", "/media", "/home", "/Users",
}

var buildOutputs = map[string]bool{
	"build": true, "dist": true, "node_modules": true, "target": true, "__pycache__": true, "out": true,
	".next": true, ".nuxt": true, ".cache": true, "coverage": true, ".pytest_cache": true, ".mypy_cache": true,
	".ruff_cache": true, ".tox": true, ".gradle": true, ".parcel-cache": true, ".turbo": true, ".svelte-kit": true,
	"bin": false, "obj": true, ".venv": true, "venv": true, "tmp": true, "temp": true, ".terraform": true,
	"_build": true, "deps": false, ".angular": true, "storybook-static": true, ".eggs": true, "htmlcov": true,
	".nyc_output": true, "cmake-build-debug": true, "cmake-build-release": true, "vendor": false, "pkg": false,
}

var testDirs = map[string]bool{"test": true, "tests": true, "spec": true, "specs": true, "__tests__": true, "testdata": true, "e2e": true, "fixtures": true}

var startupFiles = map[string]bool{
	".bashrc": true, ".bash_aliases": true, ".bash_profile": true, ".bash_login": true, ".bash_logout": true, ".profile": true, ".zshrc": true,
	".zshenv": true, ".zprofile": true, ".zlogin": true, ".zlogout": true, ".zshrc.local": true, ".mkshrc": true, ".xsession": true, ".xsessionrc": true, ".kshrc": true, ".cshrc": true, ".tcshrc": true, ".inputrc": true,
	"config.fish": true, ".xprofile": true, ".xinitrc": true, ".pam_environment": true,
}

// startupCopy reports a start-up file's name in a directory of the home
// directory that no shell reads it from.
func startupCopy(abs, home string, c PathClass) bool {
	dir := path.Dir(abs)
	if !c.InHome || dir == home || strings.Contains(dir, "\x00") {
		return false
	}
	d := path.Base(dir)
	return d != "fish" && d != "zsh" && d != ".zsh" && d != ".zshrc.d" && d != ".bashrc.d"
}

// isBlockDevice reports whether a /dev path is a disk, a partition or a
// volume (what dd, mkfs or a redirection would wipe).
func isBlockDevice(p string) bool {
	name := strings.TrimPrefix(p, "/dev/")
	for _, pre := range []string{"sd", "hd", "vd", "xvd", "nvme", "mmcblk", "disk", "rdisk", "md", "dm-", "mapper/", "loop", "sr", "nbd", "zd", "zvol/", "disk/", "bcache", "drbd", "rbd", "ubd", "cciss/", "ada", "da", "nda"} {
		if strings.HasPrefix(name, pre) {
			rest := strings.TrimPrefix(name, pre)
			if pre == "da" || pre == "ada" || pre == "md" || pre == "sr" || pre == "loop" || pre == "nbd" || pre == "rbd" {
				// Needs a unit number right after the prefix (da0, md127), not "date".
				return rest != "" && rest[0] >= '0' && rest[0] <= '9'
			}
			return true
		}
	}
	return false
}

// credentialOf names the secret a path holds, or "".
func credentialOf(p string) string {
	if c := credentialNamed(p); c != "" {
		return c
	}
	// macOS and Windows find ~/.SSH/ID_RSA as ~/.ssh/id_rsa.
	if l := strings.ToLower(p); l != p {
		return credentialNamed(l)
	}
	return ""
}

// credentialNamed is credentialOf for p as it is written.
func credentialNamed(p string) string {
	base := path.Base(p)
	switch {
	case strings.Contains(p, "/.ssh/") || strings.HasPrefix(p, ".ssh/") || base == ".ssh":
		if strings.HasSuffix(base, ".pub") || strings.HasPrefix(base, "known_hosts") || base == "config" || base == "environment" {
			return "" // public keys, host lists and the client config are not secrets
		}
		return "SSH key"
	case base == ".env" || strings.HasPrefix(base, ".env.") || strings.HasSuffix(base, ".env"):
		if strings.HasSuffix(base, ".example") || strings.HasSuffix(base, ".sample") || strings.HasSuffix(base, ".template") {
			return ""
		}
		return "environment file"
	case strings.Contains(p, "/.aws/") || base == ".aws":
		return "AWS credentials"
	case base == ".netrc" || base == "_netrc":
		return "netrc credentials"
	case strings.Contains(p, "/.kube/") || base == ".kube" || base == "kubeconfig":
		return "Kubernetes credentials"
	case strings.Contains(p, "/.docker/config.json") || (base == "config.json" && strings.Contains(p, ".docker")):
		return "Docker registry credentials"
	case strings.Contains(p, "/.config/gcloud") || base == "application_default_credentials.json":
		return "Google Cloud credentials"
	case strings.Contains(p, "/.azure/"):
		return "Azure credentials"
	case strings.Contains(p, "/.gnupg/") || base == ".gnupg":
		return "GPG keys"
	case base == ".pgpass" || base == ".my.cnf":
		return "database password file"
	case base == ".npmrc" || base == ".pypirc" || base == ".git-credentials" || base == "credentials.json" ||
		base == ".gem" || strings.HasSuffix(p, "/.config/gh/hosts.yml") || base == "credentials" || base == ".vault-token":
		return "credentials file"
	case strings.HasSuffix(base, ".pem") || strings.HasSuffix(base, ".key") || strings.HasSuffix(base, ".p12") ||
		strings.HasSuffix(base, ".pfx") || strings.HasSuffix(base, ".keystore") || strings.HasSuffix(base, ".jks") ||
		base == "id_rsa" || base == "id_ed25519" || base == "id_ecdsa" || base == "id_dsa":
		return "private key"
	case p == "/etc/shadow" || p == "/etc/gshadow" || p == "/etc/sudoers" || strings.HasPrefix(p, "/etc/sudoers.d"):
		return "system password file"
	}
	return credentialStoreOf(p, base)
}

// broadCwd reports whether the working directory is too broad to be a
// project: the root, the home directory or a parent of it, or a system
// directory itself. Paths under it are then judged by what they are
// (home, system, …), not as workspace files.
func (e *analysis) broadCwd(home string) bool {
	cwd := e.cwd
	if cwd == "/" || cwd == home || strings.HasPrefix(home, cwd+"/") {
		return true
	}
	for _, d := range systemDirs {
		if cwd == d {
			return true
		}
	}
	return cwd == "/usr/local" || cwd == "/var/lib" || cwd == "/usr/lib" || cwd == "/tmp"
}

// classify says what the path argument p points at: as written, and
// where it leads on disk when the analysis may look (see resolve.go).
func (e *analysis) classify(p string) PathClass { return e.classifyOnDisk(p, true) }

// classifyWritten says what the path argument p points at as written.
func (e *analysis) classifyWritten(p string) PathClass {
	var c PathClass
	c.Wildcard = strings.ContainsAny(p, "*?[")
	abs, ok := e.resolve(p)
	home := e.home
	if home == "" {
		home = "/\x00home"
	}
	if c.Wildcard {
		abs = expandKnownGlob(abs, home)
	}
	c.Abs, c.Known = abs, ok
	under := func(dir string) bool { return abs == dir || hasDirPrefix(abs, dir) }
	trimmedGlob := strings.TrimRight(strings.TrimSuffix(strings.TrimSuffix(abs, "/*"), "/.*"), "/")
	switch {
	case abs == "/" || abs == "/*" || abs == "/.*" || abs == "/\x00unknown" && strings.HasPrefix(p, "/"):
		c.Root = true
	case strings.HasPrefix(abs, "/dev/"):
		c.Device = isBlockDevice(abs)
	}
	if root := tempRoot(abs); root != "" {
		c.TempRoot = abs == root || trimmedGlob == root || abs == root+"/*" || abs == root+"/.*"
		c.Temp = !c.TempRoot
	}
	// Compare with the working directory the way the file system will:
	// on macOS /tmp is /private/tmp.
	cwd, cabs := macAlias(e.cwd), macAlias(abs)
	underCwd := cwd != "" && (cabs == cwd || strings.HasPrefix(cabs, cwd+"/"))
	broad := e.cwd == "" || e.broadCwd(home)
	if !broad {
		c.HoldsWorkspace = strings.HasPrefix(cwd, cabs+"/") || abs == "/" || c.Wildcard && globTakes(cabs, cwd)
	}
	// Scratch space is not the workspace: a project cloned under /tmp is
	// judged like any other, and so is a home directory under /tmp.
	if c.Temp && (!broad && (underCwd || c.HoldsWorkspace) || under(home) || strings.HasPrefix(home, abs+"/")) {
		c.Temp = false
	}
	// What find lists under a temporary directory that holds the workspace
	// includes the workspace's files.
	foundUnderTemp := false
	if i := strings.Index(cabs, "/\x00found"); i >= 0 && !broad && tempRoot(cabs[:i]+"/") != "" {
		if root := cabs[:i]; root != "" && (cwd == root || strings.HasPrefix(cwd, root+"/")) {
			foundUnderTemp = true
			c.Temp = false
		}
	}
	if trimmedGlob == home || abs == home {
		c.Home = true
	} else if under(home) {
		c.InHome = true
	}
	if e.cwd != "" {
		if (underCwd || foundUnderTemp) && !broad {
			c.Workspace = true
			if cabs == cwd || macAlias(trimmedGlob) == cwd {
				c.WorkspaceRoot = true
			}
		}
	} else if !strings.HasPrefix(abs, "/") && ok && !strings.HasPrefix(abs, "..") && abs != ".." {
		c.Workspace = true
		if abs == "." || abs == "*" || abs == ".*" || trimmedGlob == "." || abs == "\x00unknown" {
			c.WorkspaceRoot = true
		}
	}
	if c.Workspace && e.cwd != "" && c.InHome {
		c.InHome = false
	}
	if tempRoot(abs) == "" && !c.Workspace && !c.Home && !c.InHome && !c.Device {
		for _, d := range systemDirs {
			if under(d) {
				c.System = true
				break
			}
		}
		if strings.HasPrefix(abs, "/\x00drive/") {
			rest := abs[len("/\x00drive/"):]
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				rest = rest[i+1:]
			} else {
				rest = ""
			}
			switch {
			case rest == "":
				c.Root = true
			case strings.HasPrefix(rest, "windows") || strings.HasPrefix(rest, "program files") || strings.HasPrefix(rest, "programdata") || rest == "users":
				c.System = true
			}
		}
	}
	// Parts of the path.
	rel := abs
	if c.Workspace && e.cwd != "" {
		rel = strings.TrimPrefix(strings.TrimPrefix(cabs, cwd), "/")
		if foundUnderTemp {
			rel = strings.TrimPrefix(cabs[strings.Index(cabs, "/\x00found")+len("/\x00found"):], "/")
		}
	}
	for s := range strings.SplitSeq(rel, "/") {
		if testDirs[s] || strings.HasSuffix(s, "_test") || strings.HasSuffix(s, "-test") {
			c.Test = true
		}
		if buildOutputs[s] && (c.Workspace || c.Temp) {
			c.BuildOutput = true
		}
		if s == ".git" {
			c.GitInternals = true
		}
	}
	base := path.Base(abs)
	c.Credential = credentialOf(abs)
	if c.Credential == "" && !strings.HasPrefix(p, "/") {
		c.Credential = credentialOf(p)
	}
	c.DataFile = dataFileOf(abs, c.Credential)
	// Shells read their start-up files right in the home directory (fish
	// and zsh also in their own configuration directories): a copy in
	// scratch space (cp ~/.bashrc /tmp/) or in a dotfiles repository
	// (~/dotfiles/.bashrc) is not read.
	c.Startup = startupFiles[base] && !c.Temp && !startupCopy(abs, home, c) && (c.InHome || c.Home || !c.Workspace || strings.HasPrefix(p, "~"))
	if !c.Startup {
		c.Autorun, c.ProjectAutorun = autorunOf(abs, c)
	}
	if strings.Contains(abs, "/.github/workflows/") || base == ".gitlab-ci.yml" || strings.Contains(abs, "/.circleci/") ||
		base == "Jenkinsfile" || base == ".travis.yml" || base == "azure-pipelines.yml" || strings.Contains(abs, "/.buildkite/") {
		c.CIConfig = true
	}
	if strings.Contains(abs, "/.claude/settings") || strings.HasSuffix(abs, "/.codex/config.toml") || strings.HasSuffix(abs, "/.codex/hooks.json") ||
		strings.HasSuffix(abs, "/.gemini/settings.json") || strings.HasSuffix(abs, "/.cursor/hooks.json") ||
		strings.Contains(abs, "/.github/hooks/") || base == "actionguard.yaml" || selfDirComponent(abs, e.cwd) {
		c.AgentSettings = true
	}
	return c
}

// selfDirComponent reports a path inside a directory called actionguard,
// which may be actionguard's configuration or state wherever XDG or the
// system puts them. A project that lives in such a directory (a clone of
// actionguard, cmd/actionguard in it) is not: the working directory at or
// under it and a parent that is no configuration or state root (~/.config,
// ~/.local/state, Application Support, AppData, /etc, /var/lib, a dot
// directory) make its files the project's.
func selfDirComponent(abs, cwd string) bool {
	for off := 0; ; {
		i := strings.Index(abs[off:], "/actionguard/")
		if i < 0 {
			return false
		}
		i += off
		dir := abs[:i+len("/actionguard")]
		if cwd == "" || (cwd != dir && !strings.HasPrefix(cwd, dir+"/")) || settingsRoot(abs[:i]) {
			return true
		}
		off = i + len("/actionguard")
	}
}

// settingsRoot reports a directory where programs keep their configuration
// or state: its actionguard directory is never a project.
func settingsRoot(dir string) bool {
	if dir == "" || dir == "/etc" || dir == "/var/lib" || dir == "/opt" || dir == "/usr/local/etc" {
		return true
	}
	for _, suffix := range []string{"/Library/Application Support", "/Library/Preferences", "/AppData/Roaming", "/AppData/Local", "/.local/state", "/.local/share"} {
		if strings.HasSuffix(dir, suffix) {
			return true
		}
	}
	return strings.HasPrefix(path.Base(dir), ".")
}

// tempRoot returns the temporary directory abs is in (/tmp, /var/tmp,
// /private/tmp, /dev/shm, $TMPDIR, macOS's /var/folders/…/T, Windows'
// AppData\Local\Temp), or "".
func tempRoot(abs string) string {
	for _, d := range []string{"/tmp", "/var/tmp", "/private/tmp", "/private/var/tmp", "/dev/shm", tmpdirSentinel} {
		if abs == d || hasDirPrefix(abs, d) {
			return d
		}
	}
	// macOS: /var/folders/xx/yyyy/T (also under /private).
	for _, pre := range []string{"/var/folders/", "/private/var/folders/"} {
		if strings.HasPrefix(abs, pre) {
			segs := strings.SplitN(abs[len(pre):], "/", 4)
			if len(segs) >= 3 && segs[2] == "T" {
				return pre + segs[0] + "/" + segs[1] + "/T"
			}
		}
	}
	// Windows: C:\Users\x\AppData\Local\Temp (also reached from the
	// home), C:\Windows\Temp.
	if strings.HasPrefix(abs, "/\x00drive/") || strings.Contains(abs, "/AppData/Local/Temp") {
		low := lowerASCII(abs)
		for _, mark := range []string{"/appdata/local/temp", "/windows/temp"} {
			if i := strings.Index(low, mark); i >= 0 {
				end := i + len(mark)
				if end == len(abs) || abs[end] == '/' {
					return abs[:end]
				}
			}
		}
	}
	return ""
}

// globTakes reports whether the wildcard path glob matches dir or one of
// its parents.
func globTakes(glob, dir string) bool {
	for d := dir; d != "/" && d != "." && d != ""; d = path.Dir(d) {
		if ok, _ := path.Match(glob, d); ok {
			return true
		}
	}
	return false
}

// dataFileOf names the data a file holds when losing it is more than
// losing a regenerable file: databases, documents, spreadsheets, private
// keys, wallets and the repository's history.
func dataFileOf(abs, credential string) string {
	base := strings.ToLower(path.Base(abs))
	if strings.Contains(abs, "/.git/") || strings.HasPrefix(abs, ".git/") {
		rest := abs[strings.LastIndex(abs, ".git/")+len(".git/"):]
		switch {
		case strings.HasSuffix(rest, ".lock"), strings.HasPrefix(rest, "hooks/"), rest == "COMMIT_EDITMSG", rest == "FETCH_HEAD", rest == "ORIG_HEAD", rest == "description":
			return ""
		case strings.HasPrefix(rest, "objects/"), strings.HasPrefix(rest, "refs/"), rest == "packed-refs", rest == "HEAD", rest == "index", rest == "config", strings.HasPrefix(rest, "logs/"):
			return "the repository's history"
		}
		return ""
	}
	switch base {
	case "thumbs.db", "ehthumbs.db", "ehthumbs_vista.db", "desktop.ini", ".ds_store", "icon\r":
		return "" // caches the desktop keeps beside files
	}
	switch {
	case credential == "private key" || strings.HasPrefix(base, "id_") && !strings.HasSuffix(base, ".pub") && strings.Contains(abs, "/.ssh/"):
		return "private key"
	case base == "wallet.dat" || strings.HasSuffix(base, ".wallet") || strings.HasPrefix(base, "utc--") && strings.Contains(abs, "/keystore/"):
		return "wallet"
	case strings.HasSuffix(base, ".kdbx") || strings.HasSuffix(base, ".kdb") || strings.HasSuffix(base, ".1pif") || strings.HasSuffix(base, ".agilekeychain") || strings.HasSuffix(base, ".opvault"):
		return "password vault"
	}
	if strings.HasPrefix(base, "terraform.tfstate") || strings.HasSuffix(base, ".tfstate") || strings.Contains(base, ".tfstate.") {
		return "infrastructure state"
	}
	ext := ""
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		ext = base[i+1:]
	}
	switch ext {
	case "db", "sqlite", "sqlite3", "db3", "s3db", "sl3", "mdb", "accdb", "duckdb", "realm", "fdb", "gdb", "mdf", "ldf", "ndf", "ibd", "myd", "frm", "rdb", "dbf", "nsf", "odb":
		return "database"
	case "doc", "docx", "odt", "pdf", "pages", "rtf", "ppt", "pptx", "odp", "key":
		if ext == "key" {
			return "private key"
		}
		return "document"
	case "xls", "xlsx", "xlsm", "xlsb", "ods", "numbers":
		return "spreadsheet"
	}
	return ""
}

// macAlias removes macOS's /private in front of /tmp, /var and /etc: the
// same directories under their usual names.
func macAlias(p string) string {
	for _, d := range []string{"/private/tmp", "/private/var", "/private/etc"} {
		if p == d || hasDirPrefix(p, d) {
			return p[len("/private"):]
		}
	}
	return p
}

// windowsHome resolves a path that starts with one of Windows' home
// folders (%USERPROFILE%, %APPDATA%, %LOCALAPPDATA%, their PowerShell
// spellings $env:…, and ~\) against home, with forward slashes.
func windowsHome(p, home string) (string, bool) {
	var name, rest string
	switch {
	case strings.HasPrefix(p, "~\\"):
		return home + "/" + strings.ReplaceAll(p[2:], "\\", "/"), true
	case p[0] == '%':
		end := strings.IndexByte(p[1:], '%')
		if end < 0 {
			return "", false
		}
		name, rest = p[1:1+end], p[2+end:]
	default:
		name = strings.TrimPrefix(p, "$env:")
		k := strings.IndexAny(name, "\\/")
		if k < 0 {
			k = len(name)
		}
		name, rest = name[:k], name[k:]
	}
	var sub string
	switch strings.ToUpper(name) {
	case "USERPROFILE", "HOME", "HOMEPATH":
	case "APPDATA":
		sub = "/AppData/Roaming"
	case "LOCALAPPDATA":
		sub = "/AppData/Local"
	default:
		return "", false
	}
	if rest != "" && rest[0] != '\\' && rest[0] != '/' {
		return "", false
	}
	return home + sub + strings.ReplaceAll(rest, "\\", "/"), true
}
