// Command actionguard-mcp is actionguard with the MCP proxy: `actionguard
// mcp-proxy …` runs it. It is a binary of its own so that the MCP SDK's
// start-up cost stays out of actionguard, which every hook call may start.
package main

import (
	"os"

	"github.com/actionguard/actionguard/internal/cli"
	"github.com/actionguard/actionguard/internal/mcpcmd"
)

func main() { os.Exit(cli.RunWith(cli.DefaultEnv(), mcpcmd.Command)) }
