// Package spoolcrash holds the spool's crash test: writers appending to a
// spool are SIGKILLed in the middle of their writes, a thousand times, and
// every record drained afterwards is either intact or said to be cut off.
//
// It is a package of its own so that the writer processes the test starts
// are a small binary (the audit package and no database driver), as the
// hook binary that writes the spool is: a thousand of them start quickly.
package spoolcrash
