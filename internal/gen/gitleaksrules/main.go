// Command gitleaksrules extracts gitleaks' rule set and its examples into
// data files for analyze/privacy, so that actionguard uses gitleaks' rules
// without linking gitleaks (its detector costs ~50 ms a process).
//
// It copies the gitleaks module from the module cache (downloading it with
// `go mod download` if needed) into a temporary directory, replaces
// cmd/generate/config/utils/validate.go by overlay/validate.go (which records
// each rule's true- and false-positive examples while keeping gitleaks' own
// checks), adds overlay/dump.go as a main that calls every rule function
// listed in cmd/generate/config/main.go, seeds the example generator
// (overlay/regen.go) so that reruns are reproducible, runs it with gitleaks'
// own go.mod, and writes
//
//	analyze/privacy/gitleaks/rules.json          the rules and the global allowlist
//	analyze/privacy/testdata/gitleaks/examples.json  each rule's examples
//
// Run it from the repository root:
//
//	go run ./internal/gen/gitleaksrules [-version v8.30.1]
package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

const module = "github.com/zricethezav/gitleaks/v8"

//go:embed overlay/validate.go
var overlayValidate string

//go:embed overlay/dump.go
var overlayDump string

//go:embed overlay/regen.go
var overlayRegen string

func main() {
	version := flag.String("version", "v8.30.1", "gitleaks `version` to extract")
	root := flag.String("root", ".", "repository `root` to write into")
	keep := flag.Bool("keep", false, "keep the temporary directory")
	flag.Parse()
	if err := run(*version, *root, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "gitleaksrules:", err)
		os.Exit(1)
	}
}

func run(version, root string, keep bool) error {
	if _, err := os.Stat(filepath.Join(root, "analyze", "privacy")); err != nil {
		return fmt.Errorf("run from the repository root (or pass -root): %w", err)
	}
	tmp, err := os.MkdirTemp("", "gitleaksrules-")
	if err != nil {
		return err
	}
	if keep {
		fmt.Fprintln(os.Stderr, "temporary directory:", tmp)
	} else {
		defer os.RemoveAll(tmp)
	}

	src, err := moduleDir(tmp, version)
	if err != nil {
		return err
	}
	work := filepath.Join(tmp, "gitleaks")
	if err := copyTree(src, work); err != nil {
		return fmt.Errorf("copying %s: %w", src, err)
	}
	if err := patch(work); err != nil {
		return err
	}
	raw := filepath.Join(tmp, "dump.json")
	cmd := exec.Command("go", "run", "./cmd/generate/rulesjson", raw)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("running the rule dump in %s: %w", work, err)
	}
	data, err := os.ReadFile(raw)
	if err != nil {
		return err
	}
	var d dump
	if err := json.Unmarshal(data, &d); err != nil {
		return fmt.Errorf("reading the dump: %w", err)
	}
	return write(root, version, &d)
}

// moduleDir returns the directory of module@version in the module cache.
func moduleDir(tmp, version string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module+"@"+version)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s@%s: %w", module, version, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil {
		return "", fmt.Errorf("go mod download: %w", err)
	}
	if info.Error != "" || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s: %s", module, version, info.Error)
	}
	return info.Dir, nil
}

// copyTree copies the module (read-only in the cache) into a writable tree.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		in, err := os.Open(path)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
}

var (
	ruleListStart = regexp.MustCompile(`configRules\s*:=\s*\[\]\*config\.Rule\{`)
	ruleCall      = regexp.MustCompile(`^\s*(rules\.\w+\(\)),`)
)

// patch writes the recording Validate and the dump main into the copy.
func patch(work string) error {
	validate := filepath.Join(work, "cmd", "generate", "config", "utils", "validate.go")
	if err := os.WriteFile(validate, []byte(stripBuildTag(overlayValidate)), 0o644); err != nil {
		return err
	}
	regen := filepath.Join(work, "cmd", "generate", "secrets", "regen.go")
	if _, err := os.Stat(regen); err != nil {
		return fmt.Errorf("cmd/generate/secrets/regen.go: %w (has gitleaks changed its generator?)", err)
	}
	if err := os.WriteFile(regen, []byte(stripBuildTag(overlayRegen)), 0o644); err != nil {
		return err
	}
	mainGo, err := os.ReadFile(filepath.Join(work, "cmd", "generate", "config", "main.go"))
	if err != nil {
		return err
	}
	loc := ruleListStart.FindIndex(mainGo)
	if loc == nil {
		return errors.New("cmd/generate/config/main.go: no configRules list (has gitleaks changed its generator?)")
	}
	var calls []string
	for _, line := range strings.Split(string(mainGo[loc[1]:]), "\n") {
		if strings.TrimSpace(line) == "}" {
			break
		}
		if m := ruleCall.FindStringSubmatch(line); m != nil {
			calls = append(calls, m[1]+",")
		}
	}
	if len(calls) < 100 {
		return fmt.Errorf("cmd/generate/config/main.go: found only %d rule functions", len(calls))
	}
	dump := strings.Replace(stripBuildTag(overlayDump), "/*RULES*/", strings.Join(calls, "\n\t\t"), 1)
	dir := filepath.Join(work, "cmd", "generate", "rulesjson")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "main.go"), []byte(dump), 0o644)
}

func stripBuildTag(src string) string {
	src = strings.TrimPrefix(src, "//go:build ignore\n")
	return strings.TrimLeft(src, "\n")
}

// The dump's shape (overlay/dump.go).
type (
	allowlist struct {
		Description string   `json:"description,omitempty"`
		Condition   string   `json:"condition,omitempty"`
		RegexTarget string   `json:"regexTarget,omitempty"`
		Regexes     []string `json:"regexes,omitempty"`
		StopWords   []string `json:"stopwords,omitempty"`
		Paths       []string `json:"paths,omitempty"`
		Commits     []string `json:"commits,omitempty"`
	}
	example struct {
		Path string `json:"path,omitempty"`
		Text string `json:"text"`
	}
	dumpRule struct {
		ID          string      `json:"id"`
		Description string      `json:"description"`
		Regex       string      `json:"regex,omitempty"`
		SecretGroup int         `json:"secretGroup,omitempty"`
		Entropy     float64     `json:"entropy,omitempty"`
		Keywords    []string    `json:"keywords,omitempty"`
		Path        string      `json:"path,omitempty"`
		Allowlists  []allowlist `json:"allowlists,omitempty"`
		Required    []string    `json:"requiredRules,omitempty"`
		SkipReport  bool        `json:"skipReport,omitempty"`
		TPs         []example   `json:"tps"`
		FPs         []example   `json:"fps"`
	}
	dump struct {
		Allowlists []allowlist `json:"allowlists"`
		Rules      []dumpRule  `json:"rules"`
	}
)

// outRule is one line of rules.json. The fields the detector reads before
// decoding a rule (id, keywords, before, after, required) come first, the
// allowlists last (the detector decodes them only when the rule finds
// something).
type outRule struct {
	ID       string   `json:"id"`
	Keywords []string `json:"keywords"`
	// Before and After bound, in bytes, how far a match of Regex can reach
	// before and after the end of a keyword it contains (-1: unbounded).
	// The detector searches for matches only in that window around each
	// keyword hit.
	Before int `json:"before"`
	After  int `json:"after"`
	// Required lists literals every match contains (lower-cased).
	Required []string `json:"required,omitempty"`
	// Gate must match at the start of a keyword hit for Regex to match
	// there (see reach).
	Gate string `json:"gate,omitempty"`
	// GateLen is the longest match of Gate in bytes.
	GateLen int `json:"gateLen,omitempty"`
	// Cheaper tests that a hit must pass for Gate to match (see
	// gateChecks).
	Next     map[string]string `json:"next,omitempty"`
	Near     string            `json:"near,omitempty"`
	Between  string            `json:"between,omitempty"`
	NearDist int               `json:"nearDist,omitempty"`
	// After the near byte: at most TailSkipMax bytes of TailSkip, then
	// at least TailMin bytes of TailClass (see tailCheck).
	TailSkip    string `json:"tailSkip,omitempty"`
	TailSkipMax int    `json:"tailSkipMax,omitempty"`
	TailClass   string `json:"tailClass,omitempty"`
	TailMin     int    `json:"tailMin,omitempty"`
	// Core is Regex without its leading identifier prefix, whose bytes
	// are Prefix and longest run PrefixMax (see core).
	Core        string      `json:"core,omitempty"`
	Prefix      string      `json:"prefix,omitempty"`
	PrefixMax   int         `json:"prefixMax,omitempty"`
	Description string      `json:"description"`
	Regex       string      `json:"regex"`
	SecretGroup int         `json:"secretGroup,omitempty"`
	Entropy     float64     `json:"entropy,omitempty"`
	Path        string      `json:"path,omitempty"`
	Allowlists  []allowlist `json:"allowlists,omitempty"`
}

type outExamples struct {
	ID   string    `json:"id"`
	Path string    `json:"path,omitempty"`
	TPs  []example `json:"tps"`
	FPs  []example `json:"fps"`
}

func write(root, version string, d *dump) error {
	var rules []outRule
	var examples []outExamples
	var skipped []string
	for _, r := range d.Rules {
		if len(r.Required) > 0 || r.SkipReport {
			return fmt.Errorf("rule %s is composite (requiredRules/skipReport): not supported yet", r.ID)
		}
		if r.Regex == "" {
			skipped = append(skipped, r.ID)
			continue
		}
		kws := make([]string, 0, len(r.Keywords))
		for _, k := range r.Keywords {
			k = strings.ToLower(k)
			if !slices.Contains(kws, k) {
				kws = append(kws, k)
			}
		}
		if len(kws) == 0 {
			return fmt.Errorf("rule %s has no keywords: the detector runs rules only on keyword hits", r.ID)
		}
		before, after, gateRe, gateRest, err := reach(r.Regex, kws)
		if err != nil {
			return fmt.Errorf("rule %s: %w", r.ID, err)
		}
		var gate string
		var gateLen int
		next, near, between, nearDist := gateChecks(gateRe, kws)
		var tailSkip, tailClass string
		var tailSkipMax, tailMin int
		if near != "" {
			var ok bool
			if tailSkip, tailSkipMax, tailClass, tailMin, ok = tailCheck(gateRe, gateRest); !ok {
				tailSkip, tailSkipMax, tailClass, tailMin = "", 0, "", 0
			}
		}
		if gateRe != nil {
			gate, gateLen = gateRe.String(), maxBytes(gateRe)
		}
		coreExpr, prefix, prefixMax, err := core(r.Regex, kws)
		if err != nil {
			return fmt.Errorf("rule %s: %w", r.ID, err)
		}
		req, err := required(r.Regex)
		if err != nil {
			return fmt.Errorf("rule %s: %w", r.ID, err)
		}
		for i := range r.Allowlists {
			r.Allowlists[i].Commits = nil
			if r.Allowlists[i].Condition == "OR" {
				r.Allowlists[i].Condition = ""
			}
		}
		rules = append(rules, outRule{
			ID: r.ID, Keywords: kws, Before: before, After: after, Required: req, Gate: gate, GateLen: gateLen,
			Next: next, Near: near, Between: between, NearDist: nearDist,
			TailSkip: tailSkip, TailSkipMax: tailSkipMax, TailClass: tailClass, TailMin: tailMin,
			Core: coreExpr, Prefix: prefix, PrefixMax: prefixMax,
			Description: r.Description, Regex: r.Regex, SecretGroup: r.SecretGroup,
			Entropy: r.Entropy, Path: r.Path, Allowlists: r.Allowlists,
		})
		examples = append(examples, outExamples{ID: r.ID, Path: r.Path, TPs: r.TPs, FPs: r.FPs})
	}
	for i := range d.Allowlists {
		d.Allowlists[i].Commits = nil
		if d.Allowlists[i].Condition == "OR" {
			d.Allowlists[i].Condition = ""
		}
	}

	// rules.json holds one rule per line after the header, so that the
	// detector can decode a rule only when its keyword occurs.
	var b bytes.Buffer
	b.WriteString("{\n")
	fmt.Fprintf(&b, "%q: %s,\n", "source", mustJSON(module+"@"+version))
	fmt.Fprintf(&b, "%q: %s,\n", "license", mustJSON("MIT, Copyright (c) 2019 Zachary Rice; see NOTICE in this directory"))
	fmt.Fprintf(&b, "%q: %s,\n", "skipped", mustJSON(skipped))
	fmt.Fprintf(&b, "%q: %s,\n", "allowlists", mustJSON(d.Allowlists))
	b.WriteString("\"rules\": [\n")
	for i, r := range rules {
		b.Write(mustJSON(r))
		if i < len(rules)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n}\n")
	if !json.Valid(b.Bytes()) {
		return errors.New("internal error: rules.json is not valid JSON")
	}
	rulesPath := filepath.Join(root, "analyze", "privacy", "gitleaks", "rules.json")
	if err := os.WriteFile(rulesPath, b.Bytes(), 0o644); err != nil {
		return err
	}

	b.Reset()
	b.WriteString("[\n")
	for i, e := range examples {
		b.Write(mustJSON(e))
		if i < len(examples)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	exPath := filepath.Join(root, "analyze", "privacy", "testdata", "gitleaks", "examples.json")
	if err := os.MkdirAll(filepath.Dir(exPath), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(exPath, b.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %d rules (skipped path-only: %s) to %s and their examples to %s\n",
		len(rules), strings.Join(skipped, ", "), rulesPath, exPath)
	return nil
}

func mustJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}
