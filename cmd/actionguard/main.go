// Command actionguard decides whether an AI agent's action runs, waits for a
// person, or is blocked. See the README for its commands.
//
// It carries every command, mcp-proxy included, so that one `go install`
// gives a command line where each works. The hooks the agents call run the
// lean actionguard-hook beside it, which links neither the MCP SDK nor a
// database driver; this binary answers only the hook calls that need the
// database (a call held for a person, a send to a contact).
package main

import (
	"os"

	"github.com/actionguard/actionguard/internal/cli"
	"github.com/actionguard/actionguard/internal/mcpcmd"
)

func main() { os.Exit(cli.RunWith(cli.DefaultEnv(), mcpcmd.Command)) }
