package undo

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FuzzRewrite: any command either stays as it is or becomes one statement
// of valid bash that starts with the quoted self and a trash command.
func FuzzRewrite(f *testing.F) {
	f.Fuzz(func(t *testing.T, cmd string) {
		self := "/opt/action guard/actionguard"
		got, what, ok := Rewrite(cmd, self, tableOptions)
		if !ok {
			if got != "" || what != "" {
				t.Fatalf("not rewritten, yet %q %q", got, what)
			}
			return
		}
		if !strings.HasPrefix(got, "'"+self+"' trash ") || what == "" {
			t.Fatalf("rewritten to %q (%q)", got, what)
		}
		file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(got), "")
		if err != nil || len(file.Stmts) != 1 {
			t.Fatalf("%q rewritten to %q, which does not parse as one statement: %v", cmd, got, err)
		}
	})
}

// FuzzParseCleanOutput: no panic; every entry has a path without NUL.
func FuzzParseCleanOutput(f *testing.F) {
	f.Fuzz(func(t *testing.T, out string) {
		entries, err := ParseCleanOutput(out)
		if err != nil {
			return
		}
		for _, e := range entries {
			if e.Path == "" || strings.ContainsRune(e.Path, 0) || e.Shown == "" {
				t.Fatalf("entry %+v from %q", e, out)
			}
		}
	})
}

// FuzzDecodeManifest: a manifest that decodes names only clean absolute
// paths and stored paths inside the batch's items.
func FuzzDecodeManifest(f *testing.F) {
	const id = "20260301-120000.000-abcd"
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := decodeManifest(id, data)
		if err != nil {
			return
		}
		if b.ID != id {
			t.Fatalf("id %q", b.ID)
		}
		for _, it := range b.Items {
			if !strings.HasPrefix(it.Path, "/") || strings.Contains(it.Path, "/../") || strings.HasSuffix(it.Path, "/..") {
				t.Fatalf("path %q", it.Path)
			}
			if !strings.HasPrefix(it.Stored, "items/") || strings.Contains(it.Stored, "..") && strings.Count(it.Stored, "/") != 2 {
				t.Fatalf("stored %q", it.Stored)
			}
		}
	})
}

// FuzzParseArgs: rm's and git clean's argument parsers never panic, and
// every operand index is in range.
func FuzzParseArgs(f *testing.F) {
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		var cwd string
		_, ops, err := parseRm(args, map[string]*string{"cwd": &cwd})
		if err == nil {
			for _, i := range ops {
				if i < 0 || i >= len(args) {
					t.Fatalf("operand %d of %d", i, len(args))
				}
			}
		}
		if c, err := ParseCleanArgs(args); err == nil && len(c.Paths) > len(args) {
			t.Fatalf("%d paths from %d args", len(c.Paths), len(args))
		}
	})
}
