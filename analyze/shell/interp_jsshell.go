package shell

import "strings"

// JavaScript's shell templates: Bun's $`…` (Bun.$), zx's $`…` (a global in
// zx scripts), execa's $`…` and execa`…`, dax's $`…`. The template's text
// is a command line the library runs, each ${…} one word (escaped), so
// it is judged as the shell commands it spells; a value only known when
// it runs is said to be so.

// reJSShellTag finds a tag that runs its template as a command: $, $.sync,
// $.s, Bun.$, execa, execaSync, execaCommand, each possibly called with
// options first ($({cwd: x})`…`, $.sync({…})`…`).
var reJSShellTag = lazyRegexp("(?:\\bBun\\.\\$|\\$(?:\\.sync|\\.s)?|\\bexeca(?:Sync|Command|CommandSync|Node)?)\\s*(?:\\([^()`]*\\)\\s*)?`")

// jsShellTemplates analyses each shell template in JavaScript code.
func (s *codeScan) jsShellTemplates() {
	code := s.code
	if strings.IndexByte(code, '`') < 0 {
		return
	}
	why := "inline " + strings.ToLower(s.name()) + " runs"
	for _, loc := range reJSShellTag.FindAllStringIndex(code, 16) {
		if code[loc[0]] == '$' && loc[0] > 0 && jsIdentByte(code[loc[0]-1]) {
			continue // a$`…`, x.$`…`: another tag
		}
		if strings.HasPrefix(code[loc[0]:], "execa") && loc[0] > 0 && (jsIdentByte(code[loc[0]-1]) || code[loc[0]-1] == '.') && !precededBy(code, loc[0], "execa.") {
			continue
		}
		v, _, ok := s.e.readLiteral(loc[1] - 1)
		if !ok {
			s.unknownCommand("")
			continue
		}
		s.runScript(v, why)
	}
}

// jsIdentByte reports a byte that continues a JavaScript identifier or a
// member access.
func jsIdentByte(b byte) bool {
	return b == '_' || b == '$' || b == '.' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
