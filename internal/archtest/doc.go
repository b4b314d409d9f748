// Package archtest holds the architecture test: the import graph of the
// module, as `go list -deps -json` reports it for each supported system,
// checked against the layers docs/architecture.md describes.
//
//   - Imports run one way: cmd → cli → front doors (adapter, hookrun,
//     server, MCP proxy) → the services after a decision (approval gate,
//     store, feedback, evaluator) → guard → the records and the policy
//     (audit, policy, learn, undo, the agents' settings) → analyzers → rule
//     and the leaves.
//   - The analyzers are pure: neither they nor any package of the module
//     they import reads the clock, the file system or the network (os,
//     net, time, syscall): what they need (the home directory, a file's
//     content, the current branch) is given to them.
//   - Test helpers are imported by tests only.
//
// The hook binary's own list of what it must not link is in
// cmd/actionguard-hook (deps_test.go). The package has no code: only its
// test.
package archtest
