package cli

import "github.com/spf13/cobra"

// trashCommand is being built (issue 8).
func (a *app) trashCommand() *cobra.Command {
	return &cobra.Command{Use: "trash", Hidden: true}
}

// undoCommand is being built (issue 8).
func (a *app) undoCommand() *cobra.Command {
	return &cobra.Command{Use: "undo", Hidden: true}
}
