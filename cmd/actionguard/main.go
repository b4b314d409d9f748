// Command actionguard decides whether an AI agent's action runs, waits for a
// person, or is blocked. See the README for its commands.
package main

import (
	"os"

	"github.com/actionguard/actionguard/internal/cli"
)

func main() { os.Exit(cli.Main()) }
