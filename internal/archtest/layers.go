package archtest

import "strings"

// The layers, lowest first: a package may import packages of its own
// layer or below, never above.
const (
	layerLeaf      = iota // shared vocabulary and small utilities
	layerAnalyzer         // analyze/...: what an action does
	layerRecord           // policy, learn, undo: what the guard reads and writes beside the analysis
	layerGuard            // guard: the decision
	layerService          // after a decision: the audit log, approvals, the store, feedback, the evaluator
	layerFrontDoor        // adapters, the hook runner, the server, the MCP proxy, installers
	layerCLI              // internal/cli and what runs beside it
	layerCmd              // cmd/...: main packages
)

var layerNames = [...]string{"leaf", "analyzer", "record", "guard", "service", "front door", "cli", "cmd"}

// layers places each package of the module, by its path in the module; a
// path ending in "/" places the packages below it. A new package is placed
// here by whoever adds it (the test names it).
var layers = map[string]int{
	"rule":                layerLeaf,
	"contact":             layerLeaf,
	"internal/editdist":   layerLeaf,
	"internal/jsonx":      layerLeaf,
	"internal/dirs":       layerLeaf,
	"internal/dirs/host":  layerLeaf,
	"internal/lockfile":   layerLeaf,
	"internal/atomicfile": layerLeaf,
	"internal/lazy":       layerLeaf,
	"internal/agentproc":  layerLeaf,
	"internal/workctx":    layerLeaf,
	"audit/internal/":     layerLeaf,
	"analyze/":            layerAnalyzer,
	"policy":              layerRecord,
	"policy/rulexpr":      layerRecord,  // the custom rules' compiler, supplied by the binaries
	"audit":               layerService, // the Decision→record mapping reads guard's Decision
	"learn":               layerRecord,
	"undo":                layerRecord,
	"store/dbpath":        layerRecord,
	"guard":               layerGuard,
	"approval":            layerService,
	"feedback":            layerService,
	"internal/gate":       layerService,
	"store":               layerService,
	"store/internal/":     layerService,
	"store/postgres":      layerService,
	"evaluate":            layerService,
	"adapter":             layerFrontDoor,
	"internal/hookrun":    layerFrontDoor,
	"internal/bgdrain":    layerService, // starts `audit drain` beside the hook and the stream
	"internal/frontdoor":  layerFrontDoor,
	"server":              layerFrontDoor,
	"mcpproxy":            layerFrontDoor,
	"internal/setup":      layerRecord, // the agents' settings: written by install, read by the guard for the programs the hooks run
	"internal/cli":        layerCLI,
	"internal/mcpcmd":     layerCLI,
	"cmd/":                layerCmd,
}

// testHelpers are packages for tests: only tests (and other helpers,
// tools) import them.
var testHelpers = []string{"rule/ruletest", "audit/audittest", "approval/approvaltest", "store/storetest", "store/postgres/pgtest",
	"evaluate/evaltest", "internal/browsertest", "internal/corpus", "internal/archtest", "internal/testwait"}

// tools are main packages beside the product (generators, benchmarks,
// scripts): they may import anything, and nothing imports them.
var tools = []string{"internal/gen/", "bench/", "scripts/", "analyze/destination/internal/gen", "audit/internal/spoolcrash"}

// impure are the standard packages a pure package does not import: the
// clock, the file system, processes and the network. (net/url, net/netip
// and net/mail only parse.)
func impure(std string) bool {
	switch std {
	case "os", "net", "time", "syscall", "io/ioutil", "database/sql", "unsafe", "plugin", "runtime/cgo":
		return true
	case "net/url", "net/netip", "net/mail":
		return false
	}
	return strings.HasPrefix(std, "os/") || strings.HasPrefix(std, "net/") || strings.HasPrefix(std, "database/") ||
		strings.HasPrefix(std, "golang.org/x/sys")
}

// matchPrefix reports whether rel is named by an entry of list.
func matchPrefix(list []string, rel string) bool {
	for _, p := range list {
		if rel == p || strings.HasSuffix(p, "/") && strings.HasPrefix(rel, p) {
			return true
		}
	}
	return false
}

// layerOf is rel's layer: the longest entry of layers naming it.
func layerOf(rel string) (int, bool) {
	best, layer := -1, 0
	for p, l := range layers {
		if (rel == p || strings.HasSuffix(p, "/") && strings.HasPrefix(rel, p)) && len(p) > best {
			best, layer = len(p), l
		}
	}
	return layer, best >= 0
}
