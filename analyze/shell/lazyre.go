package shell

import (
	"regexp"
	"sync"
)

// lazyRE is a regular expression compiled on first use, so that a process
// that never needs it (most hook calls) does not pay for it at start-up.
type lazyRE struct {
	once sync.Once
	src  string
	re   *regexp.Regexp
}

func lazyRegexp(src string) *lazyRE { return &lazyRE{src: src} }

func (l *lazyRE) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

func (l *lazyRE) MatchString(s string) bool { return l.get().MatchString(s) }

func (l *lazyRE) FindString(s string) string { return l.get().FindString(s) }

func (l *lazyRE) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }

func (l *lazyRE) FindStringIndex(s string) []int { return l.get().FindStringIndex(s) }

func (l *lazyRE) FindAllStringIndex(s string, n int) [][]int { return l.get().FindAllStringIndex(s, n) }

func (l *lazyRE) FindAllString(s string, n int) []string { return l.get().FindAllString(s, n) }

func (l *lazyRE) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}
