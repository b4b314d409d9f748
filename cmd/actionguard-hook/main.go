// Command actionguard-hook is the lean hook binary: `actionguard-hook hook
// <agent>` does what `actionguard hook <agent>` does, linking only what a
// hook call needs (no command-line framework, no MCP, no installer), so an
// agent pays as little as possible per tool call. `actionguard install`
// writes it into the agent's settings when it sits next to actionguard.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/internal/hookrun"
)

// exitRefuse makes every supported agent refuse the tool call with stderr
// as the reason: used only when the agent cannot even be named.
const exitRefuse = 2

func main() {
	var names []string
	for _, ad := range adapter.All() {
		names = append(names, ad.Name())
	}
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "hook" {
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintf(os.Stderr, "actionguard-hook: usage: actionguard-hook hook <agent> (%s); refusing the tool call\n", strings.Join(names, ", "))
		os.Exit(exitRefuse)
	}
	ad, ok := adapter.Lookup(args[0])
	if !ok {
		fmt.Fprintf(os.Stderr, "actionguard-hook: no hook for %q (known: %s); refusing the tool call\n", args[0], strings.Join(names, ", "))
		os.Exit(exitRefuse)
	}
	resp := hookrun.Run(context.Background(), ad, hookrun.Config{}, os.Stdin)
	os.Stdout.Write(resp.Stdout)
	os.Stderr.Write(resp.Stderr)
	os.Exit(resp.Exit)
}
