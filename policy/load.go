package policy

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/actionguard/actionguard/internal/dirs"
	"github.com/actionguard/actionguard/internal/dirs/host"
)

// FileName is the name of a policy file; a project may also hide it as
// .actionguard.yaml.
const FileName = dirs.PolicyFileName

// LoadOptions says where Load looks for policy files.
type LoadOptions struct {
	// UserPath is the user's policy file. When empty: $ACTIONGUARD_CONFIG,
	// else actionguard.yaml in the configuration directory by the
	// system's convention (package internal/dirs: on Linux
	// $XDG_CONFIG_HOME/actionguard or ~/.config/actionguard).
	UserPath string
	// ProjectPath is the project's policy file. When empty: actionguard.yaml
	// or .actionguard.yaml in Cwd or a parent of it, up to the nearest one
	// that contains .git; outside a git repository, in Cwd only.
	ProjectPath string
	// Cwd is where the search for the project file starts; when empty, the
	// process's working directory.
	Cwd string
	// KnownRules are the ids of the built-in rules. When set, a disable
	// entry naming another id is reported with the closest known id.
	KnownRules []string
	// Getenv reads the environment; nil means os.Getenv.
	Getenv func(string) string
	// ModesPath is the file of modes chosen with `actionguard mode`; when
	// empty, modes.json beside the user's policy file.
	ModesPath string
	// InstalledAt is when actionguard was installed; zero when unknown.
	// A policy that sets no mode is in learning mode for its first
	// learning_days.
	InstalledAt time.Time
	// Now is the clock (tests); nil is time.Now.
	Now func() time.Time

	// replace gives the source to parse in place of a file that does not
	// load (LoadFailClosed), by the file's path.
	replace map[string][]byte
}

// Load reads the user's policy file and the project's, and merges them.
//
// A file that is missing where Load looks by default is not an error: the
// built-in policy (Default) stands in for it. A file named explicitly
// (UserPath, ProjectPath, $ACTIONGUARD_CONFIG) must exist.
//
// The project file can only make the policy stricter: a stricter mode, a
// higher security level, stricter fallbacks, more deny entries, more custom
// rules and more evaluation patterns are taken; its allow entries, its
// disable list and any looser setting are dropped, each with a warning in
// Policy.Warnings that names its file:line:col.
//
// When a file has errors, Load returns a *LoadError listing all of them and
// no Policy: a file that may not say what its author meant is not used, and
// the caller should hold actions for a person until it is fixed.
func Load(opts LoadOptions) (*Policy, error) {
	var diags []Diagnostic
	userPath, explicit := userPolicyPath(opts.UserPath, opts.Getenv)
	user, d := readLayer(userPath, explicit, opts.replace)
	diags = append(diags, d...)

	var project *layer
	projectPath, explicit := opts.ProjectPath, opts.ProjectPath != ""
	if !explicit {
		projectPath, d = findProjectPolicy(opts.Cwd)
		diags = append(diags, d...)
	}
	if projectPath != "" && !sameFile(projectPath, userPath) {
		project, d = readLayer(projectPath, explicit, opts.replace)
		diags = append(diags, d...)
	}
	p, d := merge(user, project, opts.KnownRules, func(p *Policy) error { return p.applyChoices(opts, userPath) })
	diags = append(diags, d...)
	sortByFile(diags)
	uncompiled := user != nil && user.uncompiled || project != nil && project.uncompiled
	if hasErrors(diags) {
		return nil, &LoadError{Diagnostics: onlyErrors(diags), uncompiled: uncompiled}
	}
	p.addWarnings(diags)
	p.uncompiled = uncompiled
	return p, nil
}

// NeedsCompiler reports that the policy's files hold custom rules this
// process could not compile, having no compiler (see UseCompiler): their
// conditions are unchecked and every evaluation of them fails. A process
// without a compiler hands its calls to one with it (the lean hook to
// `actionguard hook`). It is set too on the policy LoadFailClosed returns
// in place of files that did not load, when those files held rules.
func (p *Policy) NeedsCompiler() bool { return p.uncompiled }

func (p *Policy) addWarnings(diags []Diagnostic) {
	for _, d := range diags {
		p.Warnings = append(p.Warnings, d.String())
		p.Diagnostics = append(p.Diagnostics, d)
	}
}

// UserPolicyPath returns where Load looks for the user's policy file when
// LoadOptions.UserPath is empty, or "" when there is no home directory.
func UserPolicyPath() string {
	path, _ := userPolicyPath("", nil)
	return path
}

// ResolveUserPath returns the user's policy file Load reads for path (a
// path given explicitly is itself) with the environment getenv (nil: the
// process's), or "" when there is none.
func ResolveUserPath(path string, getenv func(string) string) string {
	p, _ := userPolicyPath(path, getenv)
	return p
}

// userPolicyPath resolves the user's file; getenv nil means the process's
// environment, and then the home directory is also asked of the system.
func userPolicyPath(path string, getenv func(string) string) (string, bool) {
	if path != "" {
		return path, true
	}
	return host.EnvWith(getenv).PolicyFile()
}

// findProjectPolicy looks for the project's policy file from cwd up to the
// root of its git repository. Outside a repository it looks in cwd only:
// walking up to / would pick up any file another user left in /tmp.
func findProjectPolicy(cwd string) (string, []Diagnostic) {
	if cwd == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", nil
		}
		cwd = wd
	}
	cwd, err := filepath.Abs(cwd)
	if err != nil {
		return "", nil
	}
	dirs := []string{cwd}
	for dir := cwd; ; {
		if exists(filepath.Join(dir, ".git")) {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			dirs = dirs[:1] // no repository: cwd only
			break
		}
		dir = parent
		dirs = append(dirs, dir)
	}
	for _, dir := range dirs {
		visible, hidden := filepath.Join(dir, FileName), filepath.Join(dir, "."+FileName)
		v, h := isFile(visible), isFile(hidden)
		switch {
		case v && h:
			return visible, []Diagnostic{{File: hidden, Severity: SeverityWarning,
				Message: "ignored: " + FileName + " in the same directory takes precedence",
				Hint:    "merge the two files into one"}}
		case v:
			return visible, nil
		case h:
			return hidden, nil
		}
	}
	return "", nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

func sameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// readLayer reads and parses one file. A missing file is no layer, and an
// error only when the file was named explicitly.
func readLayer(path string, explicit bool, replace map[string][]byte) (*layer, []Diagnostic) {
	if path == "" {
		return nil, nil
	}
	if src, ok := replace[path]; ok {
		l := parseLayer(path, src)
		return l, l.diags
	}
	src, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) && !explicit {
		return nil, nil
	}
	if err != nil {
		hint := "check the path and the file's permissions"
		if errors.Is(err, fs.ErrNotExist) {
			hint = "create it (an empty file is the default policy), or correct the path"
		}
		return nil, []Diagnostic{{File: path, Severity: SeverityError, Message: err.Error(), Hint: hint}}
	}
	l := parseLayer(path, src)
	return l, l.diags
}

func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("cannot read the file: %w", pe.Err)
		}
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, errors.New("this is a directory, not a policy file")
	}
	src, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read the file: %w", err)
	}
	return src, nil
}

// sortByFile orders diagnostics by file, in the order files were first
// mentioned, then by position.
func sortByFile(diags []Diagnostic) {
	rank := map[string]int{}
	for _, d := range diags {
		if _, ok := rank[d.File]; !ok {
			rank[d.File] = len(rank)
		}
	}
	slices.SortStableFunc(diags, func(a, b Diagnostic) int {
		if a.File != b.File {
			return rank[a.File] - rank[b.File]
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
}

func onlyErrors(diags []Diagnostic) []Diagnostic {
	var out []Diagnostic
	for _, d := range diags {
		if d.Severity == SeverityError {
			out = append(out, d)
		}
	}
	return out
}

// merge builds the policy from the user's layer and the project's, either
// of which may be nil. The project can only tighten; what it would loosen is
// dropped with a warning.
func merge(user, project *layer, knownRules []string, choose func(*Policy) error) (*Policy, []Diagnostic) {
	p := Default()
	var diags []Diagnostic
	if user != nil {
		p.Sources = append(p.Sources, user.file)
		diags = append(diags, user.allowWarnings...)
		if user.mode != nil {
			p.Mode, p.ModeSet = user.mode.v, true
			p.ModeSource = fmt.Sprintf("%s:%d", user.file, user.mode.line)
		}
		if user.level != nil {
			p.Level = user.level.v
			p.LevelSource = fmt.Sprintf("%s:%d", user.file, user.level.line)
		}
		if user.onUnparseable != nil {
			p.OnUnparseable = user.onUnparseable.v
		}
		if user.onError != nil {
			p.OnError = user.onError.v
		}
		p.Allow = append(p.Allow, user.allow...)
		p.Deny = append(p.Deny, user.deny...)
		p.Rules = append(p.Rules, user.rules...)
		p.ForbiddenPatterns = addPatterns(p.ForbiddenPatterns, user.forbidden)
		p.SensitivePatterns = addPatterns(p.SensitivePatterns, user.sensitive)
		for _, id := range user.disable {
			if len(knownRules) > 0 && !slices.Contains(knownRules, id.v) {
				hint := "run actionguard rules to list the rule ids"
				if s := suggest(id.v, knownRules); s != "" {
					hint = "did you mean " + s + "?"
				}
				diags = append(diags, Diagnostic{File: user.file, Line: id.line, Col: id.col, Severity: SeverityWarning,
					Message: "no built-in rule is called " + id.v, Hint: hint})
				continue
			}
			if p.Disabled == nil {
				p.Disabled = map[string]bool{}
			}
			p.Disabled[id.v] = true
		}
	}
	if choose != nil {
		if err := choose(p); err != nil {
			diags = append(diags, Diagnostic{Severity: SeverityWarning, Message: err.Error()})
		}
	}
	var warn func(at pos, msg, hint string)
	if project != nil {
		warn = func(at pos, msg, hint string) {
			diags = append(diags, Diagnostic{File: project.file, Line: at.line, Col: at.col, Severity: SeverityWarning, Message: msg, Hint: hint})
		}
	}
	p.mergeSession(user, project, warn)
	p.mergeApprovals(user, project, warn)
	p.mergeWrappers(user, project, warn)
	p.mergeDurability(user, project, warn)
	if project == nil {
		return p, diags
	}
	p.Sources = append(p.Sources, project.file)
	const onlyStricter = "a project file can only make the policy stricter; change it in your own file"
	userFile := "your own file"
	if user != nil {
		userFile = user.file
	}
	if m := project.mode; m != nil {
		switch {
		case m.v.strictness() > p.Mode.strictness():
			p.Mode, p.ModeSet = m.v, true
			p.ModeSource, p.Learning = fmt.Sprintf("%s:%d", project.file, m.line), nil
		case m.v != p.Mode:
			warn(m.pos, fmt.Sprintf("mode %s ignored: it is looser than %s", m.v, p.Mode), onlyStricter)
		}
	}
	if l := project.level; l != nil {
		switch {
		case l.v > p.Level:
			p.Level = l.v
			p.LevelSource = fmt.Sprintf("%s:%d", project.file, l.line)
		case l.v < p.Level:
			warn(l.pos, fmt.Sprintf("security_level %d ignored: it is lower than %d", l.v, p.Level), onlyStricter)
		}
	}
	for _, f := range []struct {
		key string
		s   *setting[string]
		dst *string
	}{
		{"on_unparseable", project.onUnparseable, &p.OnUnparseable},
		{"on_error", project.onError, &p.OnError},
	} {
		switch {
		case f.s == nil:
		case verdictRank(f.s.v) > verdictRank(*f.dst):
			*f.dst = f.s.v
		case f.s.v != *f.dst:
			warn(f.s.pos, fmt.Sprintf("%s: %s ignored: it is looser than %s", f.key, f.s.v, *f.dst), onlyStricter)
		}
	}
	for i, e := range project.allow {
		what := e.Command
		if what == "" {
			what = e.Tool
		}
		warn(project.allowPos[i], fmt.Sprintf("allow entry %q ignored: a project file cannot allow", what),
			"to allow it for yourself, add it to "+userFile)
	}
	if len(project.disable) > 0 {
		warn(project.disablePos, "disable ignored: a project file cannot turn rules off", "to turn a rule off for yourself, add it to "+userFile)
	}
	p.Deny = append(p.Deny, project.deny...)
	// More patterns only make the evaluation stricter: a project adds its own.
	p.ForbiddenPatterns = addPatterns(p.ForbiddenPatterns, project.forbidden)
	p.SensitivePatterns = addPatterns(p.SensitivePatterns, project.sensitive)
	ids := map[string]*CustomRule{}
	for _, r := range p.Rules {
		ids[r.ID] = r
	}
	for i, r := range project.rules {
		if prev, dup := ids[r.ID]; dup {
			at := project.rulePos[i]
			diags = append(diags, Diagnostic{File: project.file, Line: at.line, Col: at.col, Severity: SeverityError,
				Message: fmt.Sprintf("rule id %s is already used at %s", r.ID, prev.Source), Hint: "rule ids are unique; rename this one"})
			continue
		}
		ids[r.ID] = r
		p.Rules = append(p.Rules, r)
	}
	return p, diags
}

// addPatterns appends to dst the patterns of src it does not hold yet: an
// expression written twice is kept once, with its first source.
func addPatterns(dst, src []EvalPattern) []EvalPattern {
	for _, x := range src {
		if !slices.ContainsFunc(dst, func(y EvalPattern) bool { return y.Expr == x.Expr }) {
			dst = append(dst, x)
		}
	}
	return dst
}
