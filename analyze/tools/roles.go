package tools

import (
	"maps"
	"slices"
	"strings"
)

// Role is what an argument of a tool call is.
type Role string

// Roles of arguments.
const (
	RolePath      Role = "path"      // a file or directory on this machine (or a list of them)
	RoleURL       Role = "url"       // an address on the web
	RoleRecipient Role = "recipient" // who a message or a payment reaches
	RoleAmount    Role = "amount"    // money
	RoleQuery     Role = "query"     // a search, a filter or SQL
	RoleCode      Role = "code"      // a command, a script or an expression that runs
	RoleContent   Role = "content"   // what a message, a post or a file says
	RoleName      Role = "name"      // the name of the thing acted on (a repository, a table)
	RoleOther     Role = ""          // none of those
)

// Argument is one argument of a call and its role.
type Argument struct {
	Key   string // the argument's name, lower case without separators; "" for a value of a list at the top
	Role  Role
	Value string // the value, for a string (at most maxValue bytes)
}

// maxArguments bounds the arguments Arguments returns.
const maxArguments = 64

// Arguments classifies the call's string arguments by role, from their
// names, their values and the input schema the call was prepared with
// (PrepareSchema). It reads the same tables as the judgement: a value is a
// path when the judgement reads it as one (Paths).
func (p *Prepared) Arguments() []Argument {
	var out []Argument
	var walk func(v any, key, parent string, depth int)
	walk = func(v any, key, parent string, depth int) {
		if depth > maxDepth || len(out) >= maxArguments {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k], normKey(k), key, depth+1)
			}
		case []any:
			for _, e := range v {
				walk(e, key, parent, depth+1)
			}
		case string:
			if len(v) > maxValue {
				v = v[:maxValue]
			}
			out = append(out, Argument{Key: key, Role: p.a.roleOf(key, parent, strings.TrimSpace(v)), Value: v})
		}
	}
	walk(p.input, "", "", 0)
	return out
}

// roleOf is the role of a string argument, in the order the judgement
// reads them (args.value): a recipient key, money, a URL, then a path, a
// query, code, content and names.
func (a *args) roleOf(key, parent, v string) Role {
	if v != "" && (parent == "" || a.schema[key] == RolePath) {
		if _, ok := pathSideOf(key, v, a.fileTool, a.schema[key] == RolePath); ok {
			return RolePath
		}
	} else if pathKeys[key] || pathListKeys()[key] {
		return RolePath
	}
	switch {
	case recipientKeys[key] && !senderKeys[parent]:
		return RoleRecipient
	case amountKeys[key] || minorKeys[key] || priceKeys[key]:
		return RoleAmount
	case urlKeys[key]:
		return RoleURL
	case queryKeys[key]:
		return RoleQuery
	case codeKeys[key]:
		return RoleCode
	case contentKeys[key]:
		return RoleContent
	case nameKeys[key]:
		return RoleName
	}
	return a.schema[key]
}

// schemaRoles reads the roles of an input schema's properties (JSON
// Schema, as MCP servers publish it): a format (uri, email), a property
// described as a path, a file or a directory, as SQL, as a command, as an
// e-mail address. Nested properties count under their own names.
func schemaRoles(schema map[string]any) map[string]Role {
	if len(schema) == 0 {
		return nil
	}
	roles := map[string]Role{}
	var walk func(s map[string]any, depth int)
	walk = func(s map[string]any, depth int) {
		if depth > maxDepth {
			return
		}
		props, _ := s["properties"].(map[string]any)
		for name, v := range props {
			if len(roles) >= maxEntries {
				return
			}
			ps, _ := v.(map[string]any)
			if ps == nil {
				continue
			}
			if r := propertyRole(ps); r != RoleOther {
				roles[normKey(name)] = r
			}
			walk(ps, depth+1)
			if items, _ := ps["items"].(map[string]any); items != nil {
				walk(items, depth+1)
			}
		}
	}
	walk(schema, 0)
	if len(roles) == 0 {
		return nil
	}
	return roles
}

// propertyRole reads one property of an input schema.
func propertyRole(ps map[string]any) Role {
	format, _ := ps["format"].(string)
	if items, _ := ps["items"].(map[string]any); items != nil && format == "" {
		format, _ = items["format"].(string)
	}
	switch strings.ToLower(format) {
	case "uri", "url", "iri", "uri-reference":
		return RoleURL
	case "email", "idn-email":
		return RoleRecipient
	}
	desc, _ := ps["description"].(string)
	title, _ := ps["title"].(string)
	if len(desc) > 512 {
		desc = desc[:512]
	}
	ws := splitName(title + " " + desc)
	has := func(m map[string]bool) bool { return anyIn(ws, m) }
	switch {
	case has(schemaURLWords):
		return RoleURL
	case has(schemaPathWords):
		return RolePath
	case has(schemaQueryWords):
		return RoleQuery
	case has(schemaCodeWords):
		return RoleCode
	case has(schemaRecipientWords):
		return RoleRecipient
	}
	return RoleOther
}

var (
	schemaURLWords       = map[string]bool{"url": true, "urls": true, "uri": true, "link": true, "endpoint": true, "website": true}
	schemaPathWords      = map[string]bool{"path": true, "paths": true, "file": true, "files": true, "filename": true, "directory": true, "directories": true, "folder": true, "filepath": true}
	schemaQueryWords     = map[string]bool{"sql": true}
	schemaCodeWords      = map[string]bool{"command": true, "shell": true, "script": true, "bash": true}
	schemaRecipientWords = map[string]bool{"recipient": true, "recipients": true}
)
