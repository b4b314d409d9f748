// Package chain finds risky sequences of tool calls across a session
// (seed 002's risky tool chains): a credential read and then anything sent
// to the network; a download and then running what was downloaded; a file
// read from outside the workspace and then its content sent; privileges
// raised and then packages installed from the network; production named
// and then an MCP tool that deletes. Each finding names both steps.
//
// Entry points: Analyze, Rules. The package is pure: the session's
// earlier calls come in as Steps, nothing is read from disk or the clock.
package chain
