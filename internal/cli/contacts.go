package cli

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/actionguard/actionguard/audit"
	"github.com/actionguard/actionguard/store"
	"github.com/spf13/cobra"
)

// contactsOptions are the flags of `actionguard contacts`.
type contactsOptions struct {
	json  bool
	limit int
}

// DefaultInteractions is what an imported contact counts when the file does
// not say: seed 003's "frequent contact" (5 earlier interactions or more).
const DefaultInteractions = 5

// maxImportErrors bounds the bad rows an import reports before it stops.
const maxImportErrors = 10

func (a *app) contactsCommand() *cobra.Command {
	o := &contactsOptions{}
	cmd := &cobra.Command{
		Use:   "contacts",
		Short: "The contact book: who the user writes to and pays often",
		Long: `The contact book counts the user's earlier interactions with each recipient and payee.
actionguard learns it from the actions it lets run; 'contacts import' seeds it from a file.
A message to someone with 5 or more earlier interactions is low risk and runs; to someone
with fewer it waits for a confirmation; a first payment to a payee needs approval.

The book keeps no address in the clear: a hash to count by and a masked form (or the
name the import gave) to show.`,
	}
	imp := &cobra.Command{
		Use:   "import FILE.csv",
		Short: "Add contacts from a CSV file (- for standard input); all rows or none",
		Long: `Add contacts from a CSV file with a header row. Columns, in any order and any case:

  email, address, phone or handle   who the contact is (one of them is required)
  name                              shown instead of the masked address (optional)
  interactions                      earlier interactions (optional, default 5: a frequent contact)
  kind                              recipient or payee (optional, default recipient)

A contact already in the book keeps the larger count and takes the name the file gives it. A bad row stops the import with its
line number and nothing is imported.`,
		Example: `  actionguard contacts import contacts.csv
  printf 'email,name\nbob@acme.com,Bob\n' | actionguard contacts import -
  actionguard contacts import payees.csv --json`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runContactsImport(cmd.Context(), o, args) },
	}
	imp.Flags().BoolVar(&o.json, "json", false, "print the counts as JSON")
	list := &cobra.Command{
		Use:   "list",
		Short: "List the contact book, most interactions first",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return a.runContactsList(cmd.Context(), o) },
	}
	list.Flags().BoolVar(&o.json, "json", false, "print JSON lines")
	list.Flags().IntVar(&o.limit, "limit", 100, "at most this many contacts (0: all)")
	cmd.AddCommand(imp, list)
	return cmd
}

// contactsImported is what `contacts import --json` prints.
type contactsImported struct {
	Contacts int `json:"contacts"`
	New      int `json:"new"`
	Updated  int `json:"updated"`
}

func (a *app) runContactsImport(ctx context.Context, o *contactsOptions, args []string) error {
	if len(args) != 1 {
		return usageErr("actionguard contacts import contacts.csv (or - for standard input)", "contacts import takes one file, got %d", len(args))
	}
	name := args[0]
	var r io.Reader
	if name == "-" {
		r, name = a.env.Stdin, "standard input"
	} else {
		f, err := os.Open(name)
		if err != nil {
			return usageErr("name a CSV file with a header row (email,name,interactions,kind)", "%v", err)
		}
		defer f.Close()
		r = f
	}
	cs, err := readContactsCSV(r, name)
	if err != nil {
		return err
	}
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := st.ImportContacts(ctx, cs)
	if err != nil {
		return fmt.Errorf("importing contacts: %w", err)
	}
	res := contactsImported{Contacts: len(cs), New: n, Updated: len(cs) - n}
	if o.json {
		return json.NewEncoder(a.env.Stdout).Encode(res)
	}
	fmt.Fprintf(a.env.Stdout, "Imported %s from %s: %d new, %d updated.\n", plural(res.Contacts, "contact"), name, res.New, res.Updated)
	return nil
}

// importError lists the bad rows of a contacts file, with their lines.
type importError struct {
	file string
	rows []string
}

func (e *importError) Error() string {
	return fmt.Sprintf("%s: nothing imported:\n  %s", e.file, strings.Join(e.rows, "\n  "))
}

// readContactsCSV reads a contacts file: a header row, then one contact a
// row. Duplicate contacts keep the larger count. Any bad row fails the
// whole file, with every bad row's line (up to maxImportErrors).
func readContactsCSV(r io.Reader, file string) ([]store.Contact, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	bad := &importError{file: file}
	fail := func(line int, format string, args ...any) {
		if len(bad.rows) < maxImportErrors {
			bad.rows = append(bad.rows, fmt.Sprintf("line %d: ", line)+fmt.Sprintf(format, args...))
		}
	}
	usage := func(err error) error {
		return &exitError{code: ExitUsage, err: err, hint: "the first row names the columns: email (or address, phone, handle), name, interactions, kind"}
	}
	header, err := cr.Read()
	if err == io.EOF {
		return nil, usage(fmt.Errorf("%s is empty: nothing imported", file))
	}
	if err != nil {
		return nil, usage(fmt.Errorf("%s: %w", file, err))
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		switch h {
		case "e-mail", "mail":
			h = "email"
		case "phone number", "phone_number", "mobile":
			h = "phone"
		case "count":
			h = "interactions"
		}
		if _, dup := col[h]; !dup && h != "" {
			col[h] = i
		}
	}
	addrCols := []string{"email", "address", "phone", "handle"}
	hasAddr := false
	for _, c := range addrCols {
		_, ok := col[c]
		hasAddr = hasAddr || ok
	}
	if !hasAddr {
		return nil, usage(fmt.Errorf("%s:1: no email, address, phone or handle column (the header reads %q): nothing imported", file, strings.Join(header, ",")))
	}
	get := func(row []string, name string) string {
		if i, ok := col[name]; ok && i < len(row) {
			return strings.TrimSpace(row[i])
		}
		return ""
	}
	byKey := map[string]int{}
	var out []store.Contact
	for {
		row, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				fail(pe.Line, "%v", pe.Err)
				if pe.Err != csv.ErrFieldCount {
					break // the reader cannot go on after a quoting error
				}
				continue
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if len(row) == 1 && strings.TrimSpace(row[0]) == "" {
			continue // a blank line
		}
		addr := ""
		for _, c := range addrCols {
			if addr = get(row, c); addr != "" {
				break
			}
		}
		if addr == "" {
			fail(line, "no email, address, phone or handle")
			continue
		}
		if len(addr) > 320 {
			fail(line, "the address is longer than 320 characters")
			continue
		}
		n := DefaultInteractions
		if s := get(row, "interactions"); s != "" {
			v, err := strconv.Atoi(s)
			if err != nil || v < 0 || v > 1_000_000 {
				fail(line, "interactions %q is not a whole number from 0 to 1000000", s)
				continue
			}
			n = v
		}
		kind := audit.ContactRecipient
		switch k := strings.ToLower(get(row, "kind")); k {
		case "", "recipient", "contact":
		case "payee":
			kind = audit.ContactPayee
		default:
			fail(line, "kind %q is neither recipient nor payee", k)
			continue
		}
		c := store.Contact{Contact: audit.NewContact(kind, addr), Interactions: n, Source: "import"}
		if name := get(row, "name"); name != "" {
			c.Display, c.Named = oneLineCut(name, 80), true
		}
		if i, ok := byKey[c.Key]; ok {
			out[i].Interactions = max(out[i].Interactions, n)
			continue
		}
		byKey[c.Key] = len(out)
		out = append(out, c)
	}
	if len(bad.rows) > 0 {
		return nil, &exitError{code: ExitUsage, err: bad, hint: "fix the rows and import the file again: a file is imported whole or not at all"}
	}
	if len(out) == 0 {
		return nil, usage(fmt.Errorf("%s has no contact under its header: nothing imported", file))
	}
	return out, nil
}

func (a *app) runContactsList(ctx context.Context, o *contactsOptions) error {
	if o.limit < 0 {
		return usageErr("--limit 100 (0 lists them all)", "--limit must not be negative")
	}
	st, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	cs, err := st.Contacts(ctx, o.limit)
	if err != nil {
		return fmt.Errorf("reading the contact book: %w", err)
	}
	if o.json {
		enc := json.NewEncoder(a.env.Stdout)
		enc.SetEscapeHTML(false)
		for i := range cs {
			if err := enc.Encode(&cs[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if len(cs) == 0 {
		fmt.Fprintln(a.env.Stdout, "The contact book is empty: 'actionguard contacts import FILE.csv' adds contacts, and actionguard learns them from the actions it lets run.")
		return nil
	}
	tw := tabwriter.NewWriter(a.env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "CONTACT\tKIND\tINTERACTIONS\tLAST\tSOURCE")
	for _, c := range cs {
		last := "-"
		if !c.Last.IsZero() {
			last = c.Last.Local().Format(time.DateOnly)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", or(c.Display, c.Key[:min(12, len(c.Key))]), c.Kind, c.Interactions, last, or(c.Source, "-"))
	}
	return tw.Flush()
}
