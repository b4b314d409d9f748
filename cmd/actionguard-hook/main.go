// Command actionguard-hook is the lean hook binary: `actionguard-hook hook
// <agent>` does what `actionguard hook <agent>` does, linking only what a
// hook call needs (no command-line framework, no MCP, no installer, no
// database driver), so an agent pays as little as possible per tool call.
// `actionguard install` writes it into the agent's settings when it sits
// next to actionguard, which answers the few calls that need the audit
// database (see delegate.go).
//
// It also serves `actionguard-hook trash put|git-clean|git-safety-ref`, the
// commands a hook's rewritten command calls on the binary that answered the
// hook (see package undo); every other trash command is actionguard's.
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/internal/bgdrain"
	"github.com/actionguard/actionguard/internal/hookrun"
	"github.com/actionguard/actionguard/undo"
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
	if len(args) > 0 && args[0] == "trash" {
		os.Exit(trash(args[1:]))
	}
	if len(args) > 0 && args[0] == "hook" {
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintf(os.Stderr, "actionguard-hook: usage: actionguard-hook hook <agent> (%s), or actionguard-hook trash put|git-clean|git-safety-ref; refusing the tool call\n", strings.Join(names, ", "))
		os.Exit(exitRefuse)
	}
	ad, ok := adapter.Lookup(args[0])
	if !ok {
		fmt.Fprintf(os.Stderr, "actionguard-hook: no hook for %q (known: %s); refusing the tool call\n", args[0], strings.Join(names, ", "))
		os.Exit(exitRefuse)
	}
	cli := cliPath()
	in := hookrun.NewInputHead(os.Stdin)
	late := adapter.StartWatchdog(ad, adapter.HookDeadline, func(r adapter.Response) {
		r = hookrun.AnswerLate(hookrun.Config{}, ad, adapter.HookDeadline, in.Bytes())
		os.Stdout.Write(r.Stdout)
		os.Stderr.Write(r.Stderr)
		os.Exit(r.Exit)
	})
	resp := answer(context.Background(), ad, hookrun.Config{StartDrain: func(db string) error {
		_, err := bgdrain.Start(cli, db)
		return err
	}}, in, cli)
	if !late.Stop() {
		return // never reached: the watchdog answered and ended the process
	}
	os.Stdout.Write(resp.Stdout)
	os.Stderr.Write(resp.Stderr)
	os.Exit(resp.Exit)
}

// trash serves the trash commands of rewritten commands, with the trash
// beside the audit database a hook call uses.
func trash(args []string) int {
	dir := ""
	if db, err := hookrun.DBPath(hookrun.Config{}); err == nil {
		dir = filepath.Dir(db)
	}
	if len(args) > 0 && args[0] != "put" && args[0] != "git-clean" && args[0] != "git-safety-ref" {
		fmt.Fprintf(os.Stderr, "actionguard-hook: the trash command %q is actionguard's: run 'actionguard trash %s'\n", args[0], strings.Join(args, " "))
		return 2
	}
	return undo.RunTrash(args, os.Stdout, os.Stderr, dir)
}
