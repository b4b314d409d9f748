package fields

import (
	"strings"
)

// GraphQL variables are named by the query, not by their own keys:
// {"query": "mutation($p: String!) { login(password: $p) }",
// "variables": {"p": "…"}} sends a password under the key "p". Each
// variable is walked under the name of the argument it is bound to.

// graphqlBindings returns, for each variable of a GraphQL document bound
// to an argument (arg: $var), the argument's name; nil when there is none.
func graphqlBindings(q string) map[string]string {
	if len(q) > 1<<16 || !strings.Contains(q, "$") {
		return nil
	}
	var out map[string]string
	for i := 0; i < len(q); i++ {
		if q[i] != '$' {
			continue
		}
		v := identAt(q, i+1)
		if v == "" {
			continue
		}
		// Back over blanks, the colon, blanks, to the argument's name.
		j := i - 1
		for j >= 0 && isBlank(q[j]) {
			j--
		}
		if j < 0 || q[j] != ':' {
			continue
		}
		j--
		for j >= 0 && isBlank(q[j]) {
			j--
		}
		end := j + 1
		for j >= 0 && isIdentByte(q[j]) {
			j--
		}
		if end-(j+1) == 0 || j >= 0 && q[j] == '$' {
			continue // $v: Type is the variable's declaration
		}
		if out == nil {
			out = map[string]string{}
		}
		if _, seen := out[v]; !seen {
			out[v] = q[j+1 : end]
		}
		if len(out) > 64 {
			break
		}
	}
	return out
}

func identAt(s string, i int) string {
	j := i
	for j < len(s) && isIdentByte(s[j]) {
		j++
	}
	return s[i:j]
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == ',' }

// graphqlVariables walks a request's "variables" object under the names
// the query binds them to; it reports false when x is not such a request.
func (w *walker) graphqlVariables(x map[string]any, path, top string, depth int) bool {
	q, ok := x["query"].(string)
	if !ok {
		return false
	}
	vars, ok := x["variables"].(map[string]any)
	if !ok || len(vars) == 0 {
		return false
	}
	b := graphqlBindings(q)
	if len(b) == 0 {
		return false
	}
	vp, obj := joinPath(path, "variables"), w.newObject()
	if top == "" {
		top = "variables"
	}
	for _, k := range sortedKeys(vars) {
		if w.full() {
			return true
		}
		k := k
		name := k
		if a, ok := b[k]; ok {
			name = a
		}
		w.value(vars[k], joinPath(vp, k), name, top, true, JSON, depth+2, obj, func(m any) { vars[k] = m })
	}
	return true
}
