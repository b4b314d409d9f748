package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"text/tabwriter"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/server"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

type tokensOptions struct {
	json  bool
	scope string
}

func (a *app) tokensCommand() *cobra.Command {
	o := &tokensOptions{}
	cmd := &cobra.Command{
		Use:   "tokens",
		Short: "Create, list and revoke the API tokens of 'actionguard serve'",
		Long: `API tokens let agents and people use the server: 'Authorization: Bearer agt_…' on
the API, or pasted once on the approval page. The secret is shown when the token is
created and never again; the store keeps only its SHA-256. A revoked token stops working
on every server within seconds, and decides nothing from the moment it is revoked.

A token's scope says what it may do, each allowing what the one before does:
  check     ask for decisions (POST /v1/check): what an agent's integration needs
  read      and read the approval requests, the audit log and the events
  approver  and approve or reject requests: a person's token
A token gets check unless --scope says otherwise. Creating a token needs a person:
under a coding agent it is refused without a terminal.`,
	}
	create := &cobra.Command{
		Use:   "create NAME",
		Short: "Create a token and print its secret (once)",
		Example: `  actionguard tokens create alice --scope approver
  TOKEN=$(actionguard tokens create ci-agent)`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return a.runTokensCreate(cmd.Context(), o, args[0]) },
	}
	list := &cobra.Command{
		Use:   "list",
		Short: "List the tokens (never their secrets)",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runTokensList(cmd.Context(), o) },
	}
	revoke := &cobra.Command{
		Use:   "revoke ID-or-NAME",
		Short: "Revoke a token",
		Args:  cobra.ExactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runTokensRevoke(cmd.Context(), o, args[0]) },
	}
	for _, c := range []*cobra.Command{create, list, revoke} {
		c.Flags().BoolVar(&o.json, "json", false, "print JSON")
	}
	create.Flags().StringVar(&o.scope, "scope", store.ScopeCheck, "what the token may do: check, read or approver")
	cmd.AddCommand(create, list, revoke)
	return cmd
}

// tokenName is what a token's name may be: a label a person reads in
// `tokens list` and in the audit log ("approved by alice").
var tokenName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$`)

func (a *app) runTokensCreate(ctx context.Context, o *tokensOptions, name string) error {
	if !tokenName.MatchString(name) {
		return usageErr("use letters, digits and . _ @ + - (up to 64), e.g. alice or ci-agent", "%q is not a token name", name)
	}
	if store.ScopeRank(o.scope) == 0 {
		return usageErr("check (an agent's integration), read, or approver (a person who decides)", "%q is not a token scope", o.scope)
	}
	if err := a.requirePerson("create an API token"); err != nil {
		return err
	}
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	secret, t := server.NewToken(name, time.Now())
	t.Scope = o.scope
	if err := st.CreateToken(ctx, t); err != nil {
		if errors.Is(err, store.ErrTokenExists) {
			return usageErr("choose another name: a name stays taken after its token is revoked, so that the audit log's names stay unambiguous", "a token named %q exists", name)
		}
		return fmt.Errorf("creating the token: %w", err)
	}
	if t.Scope == store.ScopeApprover {
		// The server lets an approver token decide only when its creation
		// is in the audit log: a tokens row written by anything else is not.
		switch {
		case a.noAudit:
			fmt.Fprintln(a.env.Stderr, "actionguard: warning: with --no-audit the token's creation is not in the audit log, so it will not approve or reject anything")
		default:
			if err := audit.New(st).Append(ctx, server.GrantRecord(t)); err != nil {
				return fmt.Errorf("recording the token's creation in the audit log (it will not approve until it is): %w", err)
			}
		}
	}
	if o.json {
		return encodeJSON(a, struct {
			store.Token
			Secret string `json:"secret"`
		}{t, secret})
	}
	// The secret alone on stdout, so that TOKEN=$(actionguard tokens
	// create NAME) works; the explanation on stderr.
	fmt.Fprintf(a.env.Stderr, "Created token %s (%s, scope %s). Its secret is shown this once; keep it somewhere safe:\n", t.ID, t.Name, t.Scope)
	fmt.Fprintln(a.env.Stdout, secret)
	fmt.Fprintln(a.env.Stderr, "Send it as 'Authorization: Bearer <secret>', or paste it on the approval page.")
	return nil
}

func (a *app) runTokensList(ctx context.Context, o *tokensOptions) error {
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	ts, err := st.Tokens(ctx)
	if err != nil {
		return fmt.Errorf("listing the tokens: %w", err)
	}
	if o.json {
		if ts == nil {
			ts = []store.Token{}
		}
		return encodeJSON(a, ts)
	}
	if len(ts) == 0 {
		fmt.Fprintln(a.env.Stdout, "No API tokens. Create one with 'actionguard tokens create NAME'.")
		return nil
	}
	tw := tabwriter.NewWriter(a.env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSCOPE\tCREATED\tLAST USED\tSTATUS")
	for _, t := range ts {
		status := "active"
		if !t.Revoked.IsZero() {
			status = "revoked " + t.Revoked.Local().Format(time.DateTime)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, t.Name, t.Scope, t.Created.Local().Format(time.DateTime), orNever(t.LastUsed), status)
	}
	return tw.Flush()
}

func (a *app) runTokensRevoke(ctx context.Context, o *tokensOptions, ref string) error {
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	t, err := st.RevokeToken(ctx, ref)
	if errors.Is(err, store.ErrNoToken) {
		return usageErr("see the tokens with 'actionguard tokens list'", "no active token with id or name %q", ref)
	}
	if err != nil {
		return fmt.Errorf("revoking the token: %w", err)
	}
	if o.json {
		return encodeJSON(a, t)
	}
	fmt.Fprintf(a.env.Stdout, "Revoked %s (%s). Servers refuse it within %s.\n", t.ID, t.Name, server.DefaultTokenCache)
	return nil
}

func orNever(t time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.Local().Format(time.DateTime)
}

func encodeJSON(a *app, v any) error {
	enc := json.NewEncoder(a.env.Stdout)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// anyLive reports whether a token is not revoked.
func anyLive(ts []store.Token) bool {
	for _, t := range ts {
		if t.Revoked.IsZero() {
			return true
		}
	}
	return false
}
