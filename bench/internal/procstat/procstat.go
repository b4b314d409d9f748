// Package procstat reads the figures the benchmark programs report about
// processes — peak resident memory of a finished child, CPU time of this
// process — in the units each system uses, so the programs build and run
// on Linux, macOS and Windows.
package procstat
