//go:build ignore

// This program is written into the temporary copy of gitleaks as
// cmd/generate/rulesjson/main.go by internal/gen/gitleaksrules. It calls
// every rule function listed in gitleaks' cmd/generate/config/main.go (the
// generator substitutes the list for the RULES marker below) and writes the
// rules, their examples and the global allowlist as JSON to the file named
// by its argument.

package main

import (
	"encoding/json"
	"os"
	"slices"
	"strings"

	"github.com/zricethezav/gitleaks/v8/cmd/generate/config/base"
	"github.com/zricethezav/gitleaks/v8/cmd/generate/config/rules"
	"github.com/zricethezav/gitleaks/v8/cmd/generate/config/utils"
	"github.com/zricethezav/gitleaks/v8/config"
)

type allowlist struct {
	Description string   `json:"description,omitempty"`
	Condition   string   `json:"condition,omitempty"`
	RegexTarget string   `json:"regexTarget,omitempty"`
	Regexes     []string `json:"regexes,omitempty"`
	StopWords   []string `json:"stopwords,omitempty"`
	Paths       []string `json:"paths,omitempty"`
	Commits     []string `json:"commits,omitempty"`
}

type rule struct {
	ID          string          `json:"id"`
	Description string          `json:"description"`
	Regex       string          `json:"regex,omitempty"`
	SecretGroup int             `json:"secretGroup,omitempty"`
	Entropy     float64         `json:"entropy,omitempty"`
	Keywords    []string        `json:"keywords,omitempty"`
	Path        string          `json:"path,omitempty"`
	Tags        []string        `json:"tags,omitempty"`
	Allowlists  []allowlist     `json:"allowlists,omitempty"`
	Required    []string        `json:"requiredRules,omitempty"`
	SkipReport  bool            `json:"skipReport,omitempty"`
	TPs         []utils.Example `json:"tps"`
	FPs         []utils.Example `json:"fps"`
}

type output struct {
	Allowlists []allowlist `json:"allowlists"`
	Rules      []rule      `json:"rules"`
}

func convertAllowlist(a *config.Allowlist) allowlist {
	out := allowlist{
		Description: a.Description,
		Condition:   a.MatchCondition.String(),
		RegexTarget: a.RegexTarget,
		StopWords:   slices.Sorted(slices.Values(a.StopWords)),
		Commits:     slices.Sorted(slices.Values(a.Commits)),
	}
	for _, re := range a.Regexes {
		out.Regexes = append(out.Regexes, re.String())
	}
	for _, re := range a.Paths {
		out.Paths = append(out.Paths, re.String())
	}
	return out
}

func sortExamples(es []utils.Example) []utils.Example {
	slices.SortStableFunc(es, func(a, b utils.Example) int {
		if a.Path != b.Path {
			return strings.Compare(a.Path, b.Path)
		}
		return strings.Compare(a.Text, b.Text)
	})
	return slices.Compact(es)
}

func main() {
	configRules := []*config.Rule{
		/*RULES*/
	}

	var out output
	cfg := base.CreateGlobalConfig()
	for _, a := range cfg.Allowlists {
		if err := a.Validate(); err != nil {
			panic(err)
		}
		out.Allowlists = append(out.Allowlists, convertAllowlist(a))
	}
	seen := map[string]bool{}
	for _, r := range configRules {
		if err := r.Validate(); err != nil {
			panic(err)
		}
		if seen[r.RuleID] {
			panic("duplicate rule id " + r.RuleID)
		}
		seen[r.RuleID] = true
		o := rule{
			ID:          r.RuleID,
			Description: r.Description,
			SecretGroup: r.SecretGroup,
			Entropy:     r.Entropy,
			Keywords:    r.Keywords,
			Tags:        r.Tags,
			SkipReport:  r.SkipReport,
		}
		if r.Regex != nil {
			o.Regex = r.Regex.String()
		}
		if r.Path != nil {
			o.Path = r.Path.String()
		}
		for _, a := range r.Allowlists {
			o.Allowlists = append(o.Allowlists, convertAllowlist(a))
		}
		for _, req := range r.RequiredRules {
			o.Required = append(o.Required, req.RuleID)
		}
		if rec := utils.Records[r.RuleID]; rec != nil {
			// Some example lists come from map iteration: sort them so
			// that a rerun writes the same file.
			o.TPs, o.FPs = sortExamples(rec.TPs), sortExamples(rec.FPs)
		}
		out.Rules = append(out.Rules, o)
	}
	f, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		panic(err)
	}
	if err := f.Close(); err != nil {
		panic(err)
	}
}
