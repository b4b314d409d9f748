package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"

	"github.com/actionguard/actionguard/adapter"
	"github.com/actionguard/actionguard/internal/hookrun"
)

// This binary links no database driver and no expression compiler (their
// start-up would be paid by every call). The few calls that need the audit
// database — one held for a person (the approval queue), one with
// recipients or payees (the contact book), one that finds the spool full —
// and every call of a policy with custom rules are answered whole by
// `actionguard hook <agent>`, the CLI beside this binary, given the same
// input: it decides and records them exactly as this binary would with
// the database and the compiler. Without it, the call is answered here on
// each use's fail-safe path (no approval passes, every contact is new,
// every custom rule fails and the policy's on_error verdict holds the call).

// answer answers one hook call for ad read from stdin; cli is the
// actionguard binary that answers the calls needing the database.
func answer(ctx context.Context, ad adapter.Adapter, cfg hookrun.Config, stdin io.Reader, cli string) adapter.Response {
	// Read as adapter.Run reads, so that the same bytes can go to cli.
	raw, rerr := io.ReadAll(io.LimitReader(stdin, adapter.MaxInputBytes+1))
	input := func() io.Reader {
		if rerr != nil {
			return io.MultiReader(bytes.NewReader(raw), errReader{rerr})
		}
		return bytes.NewReader(raw)
	}
	resp, err := hookrun.TryRun(ctx, ad, cfg, input())
	if !errors.Is(err, hookrun.ErrNeedsDatabase) && !errors.Is(err, hookrun.ErrNeedsCompiler) {
		return resp
	}
	if resp, ok := delegate(ctx, cli, ad.Name(), raw); ok {
		return resp
	}
	return hookrun.Run(ctx, ad, cfg, input())
}

// delegatedEnv marks the process a call was handed to: should the binary
// beside this one be this one again (a copy, a link), it answers instead
// of handing the call on forever.
const delegatedEnv = "ACTIONGUARD_HOOK_HANDED_OVER"

// delegate runs `cli hook <agent>` on raw and returns its answer; ok is
// false when it could not be started, or when this process is already one
// a call was handed to.
func delegate(ctx context.Context, cli, agent string, raw []byte) (resp adapter.Response, ok bool) {
	if cli == "" || os.Getenv(delegatedEnv) != "" {
		return resp, false
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, cli, "hook", agent)
	cmd.Env = append(os.Environ(), delegatedEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(raw), &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		// Its exit code is the agent's protocol, as this binary's is.
		resp.Exit = exit.ExitCode()
	default:
		return resp, false
	}
	resp.Stdout, resp.Stderr = stdout.Bytes(), stderr.Bytes()
	return resp, true
}

// cliPath is the actionguard binary beside this one ("" when this one's
// path is unknown). Only that one is run, never one found on PATH: a
// guarded agent may put programs on PATH.
func cliPath() string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	name := "actionguard"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return filepath.Join(filepath.Dir(self), name)
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }
