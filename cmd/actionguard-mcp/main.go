// Command actionguard-mcp is the same program as actionguard, under the
// name earlier releases gave the binary that carried `mcp-proxy`: MCP
// client settings written for it keep working.
package main

import (
	"os"

	"github.com/actionguard/actionguard/internal/cli"
	"github.com/actionguard/actionguard/internal/mcpcmd"
)

func main() { os.Exit(cli.RunWith(cli.DefaultEnv(), mcpcmd.Command)) }
