package cli

import "github.com/spf13/cobra"

// trustCommand is being built (issue 8).
func (a *app) trustCommand() *cobra.Command {
	return &cobra.Command{Use: "trust", Hidden: true}
}
