package policy

import (
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// source is the text of one policy file, kept to turn an offset inside a
// scalar (the column of a bad glob, of an expression's syntax error) into a
// position in the file. Lines and columns are 1-based and count runes, as
// the YAML parser does.
type source struct {
	name  string
	lines []string
}

func newSource(name string, src []byte) *source {
	return &source{name: name, lines: strings.Split(string(src), "\n")}
}

func (s *source) runes(line int) []rune {
	if line < 1 || line > len(s.lines) {
		return nil
	}
	return []rune(s.lines[line-1])
}

// nodePos is where a node starts: the first key of a mapping, the dash of a
// block sequence, the quote of a quoted string.
func nodePos(n ast.Node) (line, col int) {
	switch v := n.(type) {
	case nil:
		return 0, 0
	case *ast.MappingNode:
		if len(v.Values) > 0 {
			return nodePos(v.Values[0])
		}
	case *ast.MappingValueNode:
		if v.Key != nil {
			return nodePos(v.Key)
		}
	}
	tk := n.GetToken()
	if tk == nil || tk.Position == nil {
		return 0, 0
	}
	return tk.Position.Line, max(tk.Position.Column, 1)
}

// valuePos returns the position of the rune at offset off of the decoded
// value of the scalar n. It follows the scalar's style: quotes, escapes in
// double quotes, doubled single quotes, folded lines and block scalars. When
// the source does not line up (it should), it falls back to the start of n.
func (s *source) valuePos(n ast.Node, off int) (line, col int) {
	line, col = nodePos(n)
	if lit, ok := n.(*ast.LiteralNode); ok {
		value := ""
		if lit.Value != nil {
			value = lit.Value.Value
		}
		if value == "" || line >= len(s.lines) {
			return line, col // no content: the indicator itself
		}
		return s.blockPos(line, value, off)
	}
	rs := s.runes(line)
	if col < 1 || col > len(rs) {
		return line, col
	}
	i := col - 1
	var quote rune
	if rs[i] == '"' || rs[i] == '\'' {
		quote = rs[i]
		i++
	}
	for k := 0; k < off; k++ {
		if i >= len(rs) {
			// A line break inside a flow scalar folds into one space.
			next := s.runes(line + 1)
			if next == nil {
				break
			}
			line, rs, i = line+1, next, 0
			for i < len(rs) && (rs[i] == ' ' || rs[i] == '\t') {
				i++
			}
			continue
		}
		switch c := rs[i]; {
		case quote == '\'' && c == '\'' && i+1 < len(rs) && rs[i+1] == '\'':
			i += 2
		case quote == '"' && c == '\\' && i+1 < len(rs):
			switch rs[i+1] {
			case 'x':
				i += 4
			case 'u':
				i += 6
			case 'U':
				i += 10
			default:
				i += 2
			}
		default:
			i++
		}
	}
	return line, i + 1
}

// blockPos maps an offset in the value of a block scalar (| or >) whose
// indicator is on line header. The content starts on the next line at the
// indentation of its first non-blank line; each rune of the value is the
// next rune of the content, or, at the end of a line, the line break (kept
// as a newline, or folded into a space).
func (s *source) blockPos(header int, value string, off int) (line, col int) {
	indent := 0
	for l := header + 1; l <= len(s.lines); l++ {
		rs := s.runes(l)
		if strings.TrimSpace(string(rs)) == "" {
			continue
		}
		for indent < len(rs) && rs[indent] == ' ' {
			indent++
		}
		break
	}
	line, i := header+1, indent
	rs := s.runes(line)
	k := 0
	for range value {
		if k == off {
			break
		}
		k++
		if i >= len(rs) {
			line, i = line+1, indent
			rs = s.runes(line)
			continue
		}
		i++
	}
	return line, i + 1
}
