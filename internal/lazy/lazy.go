// Package lazy builds a value on first use. A package-level table built by
// sync.OnceValue costs allocations when the process starts (the closure
// and its state); a *Value declared with a function literal that captures
// nothing is laid out by the compiler, so the hook's start-up pays nothing
// for tables a call never reads.
package lazy

import "sync"

// Value is a value built by New on first Get; the zero sync.Once makes it
// ready to use as a package-level &Value{New: func() T {…}}.
type Value[T any] struct {
	New  func() T
	once sync.Once
	v    T
}

// Get returns the value, building it on the first call. It is safe for
// concurrent use.
func (l *Value[T]) Get() T {
	l.once.Do(func() { l.v = l.New() })
	return l.v
}
