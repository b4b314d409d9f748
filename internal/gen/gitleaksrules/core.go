package main

import (
	"fmt"
	"regexp"
	"regexp/syntax"
)

// core splits off a pattern's leading identifier prefix — a run of
// optional character-class repetitions such as gitleaks' semi-generic
// [\w.-]{0,50}? — when the element after it starts with a keyword. The
// detector then matches the rest (the core) at each keyword hit and finds
// the match's start by walking back over the prefix's bytes, instead of
// trying every start: prefix lists those bytes (ASCII), prefixMax their
// longest run.
func core(expr string, keywords []string) (core, prefix string, prefixMax int, err error) {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return "", "", 0, err
	}
	if re.Op != syntax.OpConcat {
		return "", "", 0, nil
	}
	var bytes [128]bool
	i := 0
	for ; i < len(re.Sub); i++ {
		sub := re.Sub[i]
		if sub.Op != syntax.OpRepeat || sub.Min != 0 || sub.Max < 0 || sub.Sub[0].Op != syntax.OpCharClass {
			break
		}
		class := sub.Sub[0].Rune
		for j := 0; j+1 < len(class); j += 2 {
			for r := class[j]; r <= class[j+1]; r++ {
				if r < 128 {
					bytes[r] = true
				} else if !isFoldOnly(r) {
					return "", "", 0, nil // a prefix of non-ASCII runes: not worth it
				}
			}
		}
		prefixMax += sub.Max
	}
	if i == 0 || i == len(re.Sub) {
		return "", "", 0, nil
	}
	an := analyzer{keywords: keywords}
	set := enumerate(re.Sub[i], enumLimit)
	if set == nil || !an.startsWithKeyword(set) {
		return "", "", 0, nil
	}
	for b, ok := range bytes {
		if ok {
			prefix += string(rune(b))
		}
	}
	rest := &syntax.Regexp{Op: syntax.OpConcat, Sub: re.Sub[i:]}
	core = rest.String()
	if _, err := regexp.Compile(core); err != nil {
		return "", "", 0, fmt.Errorf("core %s: %w", core, err)
	}
	return core, prefix, prefixMax, nil
}
