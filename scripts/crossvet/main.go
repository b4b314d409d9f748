// Command crossvet runs go vet's analyzers over packages for the target
// that GOOS and GOARCH name, type-checking every package, the standard
// library and the modules included, from source rather than compiling
// them: make test runs it once per other supported platform.
//
// `GOOS=windows go vet ./...` compiles every imported package for the
// target to read its export data; on a fresh machine, four targets, that
// was 600 s of CPU on two cores (docs/benchmarks.md). What a cross vet
// proves is that each package's files for that target type-check against
// the target's packages and pass vet's checks; neither needs object code.
//
// Usage: GOOS=darwin GOARCH=arm64 go run ./scripts/crossvet ./...
// It exits 1 with the findings, and 1 on a package that does not load or
// type-check (the error, not a silent pass).
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/passes/appends"
	"golang.org/x/tools/go/analysis/passes/asmdecl"
	"golang.org/x/tools/go/analysis/passes/assign"
	"golang.org/x/tools/go/analysis/passes/atomic"
	"golang.org/x/tools/go/analysis/passes/bools"
	"golang.org/x/tools/go/analysis/passes/buildtag"
	"golang.org/x/tools/go/analysis/passes/cgocall"
	"golang.org/x/tools/go/analysis/passes/composite"
	"golang.org/x/tools/go/analysis/passes/copylock"
	"golang.org/x/tools/go/analysis/passes/defers"
	"golang.org/x/tools/go/analysis/passes/directive"
	"golang.org/x/tools/go/analysis/passes/errorsas"
	"golang.org/x/tools/go/analysis/passes/framepointer"
	"golang.org/x/tools/go/analysis/passes/hostport"
	"golang.org/x/tools/go/analysis/passes/httpresponse"
	"golang.org/x/tools/go/analysis/passes/ifaceassert"
	"golang.org/x/tools/go/analysis/passes/loopclosure"
	"golang.org/x/tools/go/analysis/passes/lostcancel"
	"golang.org/x/tools/go/analysis/passes/nilfunc"
	"golang.org/x/tools/go/analysis/passes/printf"
	"golang.org/x/tools/go/analysis/passes/shift"
	"golang.org/x/tools/go/analysis/passes/sigchanyzer"
	"golang.org/x/tools/go/analysis/passes/slog"
	"golang.org/x/tools/go/analysis/passes/stdmethods"
	"golang.org/x/tools/go/analysis/passes/stdversion"
	"golang.org/x/tools/go/analysis/passes/stringintconv"
	"golang.org/x/tools/go/analysis/passes/structtag"
	"golang.org/x/tools/go/analysis/passes/testinggoroutine"
	"golang.org/x/tools/go/analysis/passes/tests"
	"golang.org/x/tools/go/analysis/passes/timeformat"
	"golang.org/x/tools/go/analysis/passes/unmarshal"
	"golang.org/x/tools/go/analysis/passes/unreachable"
	"golang.org/x/tools/go/analysis/passes/unsafeptr"
	"golang.org/x/tools/go/analysis/passes/unusedresult"
	"golang.org/x/tools/go/analysis/passes/waitgroup"
)

// vetSuite is cmd/vet's list of analyzers (go 1.26, src/cmd/vet/main.go).
var vetSuite = []*analysis.Analyzer{
	appends.Analyzer, asmdecl.Analyzer, assign.Analyzer, atomic.Analyzer,
	bools.Analyzer, buildtag.Analyzer, cgocall.Analyzer, composite.Analyzer,
	copylock.Analyzer, defers.Analyzer, directive.Analyzer, errorsas.Analyzer,
	framepointer.Analyzer, httpresponse.Analyzer, hostport.Analyzer,
	ifaceassert.Analyzer, loopclosure.Analyzer, lostcancel.Analyzer,
	nilfunc.Analyzer, printf.Analyzer, shift.Analyzer, sigchanyzer.Analyzer,
	slog.Analyzer, stdmethods.Analyzer, stdversion.Analyzer,
	stringintconv.Analyzer, structtag.Analyzer, tests.Analyzer,
	testinggoroutine.Analyzer, timeformat.Analyzer, unmarshal.Analyzer,
	unreachable.Analyzer, unsafeptr.Analyzer, unusedresult.Analyzer,
	waitgroup.Analyzer,
}

func main() {
	multichecker.Main(vetSuite...)
}
