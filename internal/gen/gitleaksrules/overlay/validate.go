//go:build ignore

// This file replaces gitleaks' cmd/generate/config/utils/validate.go in the
// temporary copy the generator builds (internal/gen/gitleaksrules). It keeps
// gitleaks' own checks and also records every rule's examples, so that
// actionguard can test its re-implementation against them.

package utils

import (
	"sort"
	"strings"

	"github.com/zricethezav/gitleaks/v8/cmd/generate/config/base"
	"github.com/zricethezav/gitleaks/v8/config"
	"github.com/zricethezav/gitleaks/v8/detect"
	"github.com/zricethezav/gitleaks/v8/logging"
)

// Example is one true- or false-positive example of a rule; Path is set for
// rules validated with file paths.
type Example struct {
	Path string `json:"path,omitempty"`
	Text string `json:"text"`
}

// Recorded holds the examples Validate saw for one rule id.
type Recorded struct {
	TPs []Example
	FPs []Example
}

// Records maps a rule id to its examples.
var Records = map[string]*Recorded{}

func record(id string) *Recorded {
	r := Records[id]
	if r == nil {
		r = &Recorded{}
		Records[id] = r
	}
	return r
}

func Validate(rule config.Rule, truePositives []string, falsePositives []string) *config.Rule {
	r := &rule
	d := createSingleRuleDetector(r)
	rec := record(r.RuleID)
	for _, tp := range truePositives {
		if len(d.DetectString(tp)) < 1 {
			logging.Fatal().
				Str("rule", r.RuleID).
				Str("value", tp).
				Str("regex", r.Regex.String()).
				Msg("Failed to Validate. True positive was not detected by regex.")
		}
		rec.TPs = append(rec.TPs, Example{Text: tp})
	}
	for _, fp := range falsePositives {
		findings := d.DetectString(fp)
		if len(findings) != 0 {
			logging.Fatal().
				Str("rule", r.RuleID).
				Str("value", fp).
				Str("regex", r.Regex.String()).
				Msg("Failed to Validate. False positive was detected by regex.")
		}
		rec.FPs = append(rec.FPs, Example{Text: fp})
	}
	return r
}

func ValidateWithPaths(rule config.Rule, truePositives map[string]string, falsePositives map[string]string) *config.Rule {
	r := &rule
	d := createSingleRuleDetector(r)
	rec := record(r.RuleID)
	for _, path := range sortedKeys(truePositives) {
		tp := truePositives[path]
		f := detect.Fragment{Raw: tp, FilePath: path}
		if len(d.Detect(f)) != 1 {
			logging.Fatal().
				Str("rule", r.RuleID).
				Str("value", tp).
				Str("regex", r.Regex.String()).
				Str("path", r.Path.String()).
				Msg("Failed to Validate. True positive was not detected by regex and/or path.")
		}
		rec.TPs = append(rec.TPs, Example{Path: path, Text: tp})
	}
	for _, path := range sortedKeys(falsePositives) {
		fp := falsePositives[path]
		f := detect.Fragment{Raw: fp, FilePath: path}
		if len(d.Detect(f)) != 0 {
			logging.Fatal().
				Str("rule", r.RuleID).
				Str("value", fp).
				Str("regex", r.Regex.String()).
				Str("path", r.Path.String()).
				Msg("Failed to Validate. False positive was detected by regex and/or path.")
		}
		rec.FPs = append(rec.FPs, Example{Path: path, Text: fp})
	}
	return r
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func createSingleRuleDetector(r *config.Rule) *detect.Detector {
	// normalize keywords like in the config package
	var (
		uniqueKeywords = make(map[string]struct{})
		keywords       []string
	)
	for _, keyword := range r.Keywords {
		k := strings.ToLower(keyword)
		if _, ok := uniqueKeywords[k]; ok {
			continue
		}
		keywords = append(keywords, k)
		uniqueKeywords[k] = struct{}{}
	}
	r.Keywords = keywords

	rules := map[string]config.Rule{
		r.RuleID: *r,
	}
	cfg := base.CreateGlobalConfig()
	cfg.Rules = rules
	cfg.Keywords = uniqueKeywords
	for _, a := range cfg.Allowlists {
		if err := a.Validate(); err != nil {
			logging.Fatal().Err(err).Msg("invalid global allowlist")
		}
	}
	return detect.NewDetector(cfg)
}
