package cli

import (
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/actionguard/actionguard/guard"
	"github.com/spf13/cobra"
)

// Version is set at build time with -ldflags "-X …/internal/cli.Version=v1.2.3".
var Version = "dev"

func (a *app) versionCommand() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print the version (also: actionguard --version)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.printVersion(asJSON) },
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// printVersion prints the release, the commit it was built from when the
// build recorded one, the Go release and the number of rules.
func (a *app) printVersion(asJSON bool) error {
	v := Version
	commit := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				commit = s.Value
			}
		}
	}
	if asJSON {
		return json.NewEncoder(a.env.Stdout).Encode(map[string]any{"version": v, "commit": commit, "go": runtime.Version(), "rules": len(guard.Rules())})
	}
	fmt.Fprintf(a.env.Stdout, "actionguard %s (%s, %d rules)\n", v, runtime.Version(), len(guard.Rules()))
	return nil
}
