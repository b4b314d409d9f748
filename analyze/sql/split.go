package sql

import "strings"

// span is a statement as a range of significant tokens, toks[first:end].
type span struct {
	first, end int
}

// split cuts the tokens into statements: at ';' outside parentheses and
// BEGIN…END blocks (a procedure body keeps its semicolons), at client
// separators (GO, a DELIMITER), and around client backslash commands, which
// are statements of their own.
//
// A block that never closes (a BEGIN taken for a block by mistake) merges
// the rest of the text into one statement; the analysis still looks at
// every ';'-separated part of it, so nothing is hidden by that.
func split(toks []token) []span {
	var out []span
	first, paren, block := 0, 0, 0
	cut := func(end int) {
		if end > first {
			out = append(out, span{first, end})
		}
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case kSep:
			cut(i)
			first, paren, block = i+1, 0, 0
		case kMeta:
			cut(i)
			out = append(out, span{i, i + 1})
			first, paren, block = i+1, 0, 0
		case kSemi:
			if t.flags&fSoft == 0 && paren == 0 && block == 0 {
				cut(i)
				first = i + 1
			}
		case kOpen:
			paren++
		case kClose:
			if paren > 0 {
				paren--
			}
		case kWord:
			switch t.kw() {
			case "BEGIN":
				if opensBlock(toks, i, first) {
					block++
				}
			case "CASE":
				block++
			case "END":
				if i+1 < len(toks) {
					switch toks[i+1].kw() {
					case "IF", "LOOP", "WHILE", "REPEAT", "FOR":
						continue // closes an opener that was not counted
					case "CASE":
						i++ // END CASE closes a CASE statement: the CASE opens nothing
					}
				}
				if block > 0 {
					block--
				}
			}
		}
	}
	cut(len(toks))
	return out
}

// opensBlock reports whether the BEGIN at i opens a BEGIN…END block rather
// than a transaction (BEGIN; BEGIN TRANSACTION; BEGIN IMMEDIATE) or being a
// column called begin.
func opensBlock(toks []token, i, first int) bool {
	if i+1 >= len(toks) {
		return false
	}
	n := toks[i+1]
	switch n.kind {
	case kSemi, kSep, kMeta, kPunct, kOp, kClose:
		return false
	}
	if transactionWords.has(n.kw()) || n.kw() == "FROM" || n.kw() == "AS" {
		return false
	}
	if i > first {
		p := toks[i-1]
		switch {
		case p.kind == kPunct || p.kind == kOp:
			return false
		case p.kw() == "SELECT" || p.kw() == "BY" || p.kw() == "WHERE" || p.kw() == "AND" || p.kw() == "OR" || p.kw() == "ON" || p.kw() == "SET":
			return false
		}
	}
	return true
}

// metaVerb is the Verb of a client backslash command (\copy → \COPY)
// and its length in s.
func metaVerb(s string) (string, int) {
	end := 1
	switch {
	case end < len(s) && isLetter(s[end]):
		for end < len(s) && isLetter(s[end]) {
			end++
		}
	case end < len(s) && s[end] < 0x80:
		end++ // \! \? \;
	}
	return upperASCII(s[:end]), end
}

// lowerASCII lower-cases the ASCII letters of s and leaves other bytes alone.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}

// upperASCII upper-cases the ASCII letters of s and leaves other bytes alone.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

func isLetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Token access. Indices out of range read as nothing.

func (a *analysis) text(i int) string {
	if i < 0 || i >= len(a.toks) {
		return ""
	}
	return a.src[a.toks[i].start:a.toks[i].end]
}

func (a *analysis) kwAt(i int) string {
	if i < 0 || i >= len(a.toks) {
		return ""
	}
	return a.toks[i].kw()
}

func (a *analysis) kindAt(i int) kind {
	if i < 0 || i >= len(a.toks) {
		return 0
	}
	return a.toks[i].kind
}

// isName reports whether token i can be the name of a table.
func (a *analysis) isName(i int) bool {
	switch a.kindAt(i) {
	case kQuoted:
		return true
	case kWord:
		return !nonName.has(a.toks[i].kw())
	}
	return false
}

// name reads a possibly qualified name (db.schema."table", [dbo].[t]) at i,
// unquoted, and returns it with the index after it; "" when there is none.
func (a *analysis) name(i, end int) (string, int) {
	if i < end && a.kindAt(i) == kWord && !nonName.has(a.toks[i].kw()) && !(a.kindAt(i+1) == kPunct && a.text(i+1) == ".") {
		return a.text(i), i + 1 // the common case: a plain name, no copy
	}
	var b strings.Builder
	if t := a.text(i); a.kindAt(i) == kOp && (t == "#" || t == "##") && a.kindAt(i+1) == kWord && a.toks[i].end == a.toks[i+1].start {
		b.WriteString(t) // a SQL Server temporary table: #t, ##t
		i++
	}
	for parts := 0; i < end && parts < 5; parts++ {
		if !a.isName(i) {
			break
		}
		b.WriteString(unquoteName(a.text(i)))
		i++
		if i < end && a.kindAt(i) == kPunct && a.text(i) == "." {
			b.WriteByte('.')
			i++
			continue
		}
		break
	}
	return strings.TrimSuffix(b.String(), "."), i
}

// names reads a comma-separated list of names at i.
func (a *analysis) names(i, end int) ([]string, int) {
	var out []string
	for i < end && len(out) < 16 {
		n, next := a.name(i, end)
		if n == "" {
			break
		}
		out = append(out, n)
		i = next
		if i < end && a.kindAt(i) == kPunct && a.text(i) == "," {
			i++
			continue
		}
		break
	}
	return out, i
}

// unquoteName removes the quotes of a name: "a"."b" → a.b, [dbo] → dbo.
func unquoteName(s string) string {
	if !strings.ContainsAny(s, "\"`[]") {
		return s
	}
	r := strings.NewReplacer(`""`, `"`, "``", "`", "]]", "]", `"`, "", "`", "", "[", "", "]", "")
	return r.Replace(s)
}

// stringValue returns the content of the string literal at i, unescaped;
// ok is false when token i is not a string. A one-letter prefix before it
// (N'…', E'…') is skipped by the caller.
func (a *analysis) stringValue(i int) (string, bool) {
	switch a.kindAt(i) {
	case kString:
	case kDollar:
		s := a.text(i)
		tag := dollarTag(s)
		return s[len(tag) : len(s)-len(tag)], true
	default:
		return "", false
	}
	s := a.text(i)
	if len(s) < 2 {
		return "", true
	}
	q := s[0]
	body := s[1 : len(s)-1]
	backslash := a.r.mysql || a.toks[i].start > 0 && (a.src[a.toks[i].start-1] == 'E' || a.src[a.toks[i].start-1] == 'e')
	if !strings.ContainsRune(body, rune(q)) && (!backslash || !strings.Contains(body, `\`)) {
		return body, true
	}
	var b strings.Builder
	for j := 0; j < len(body); j++ {
		c := body[j]
		switch {
		case c == q && j+1 < len(body) && body[j+1] == q:
			j++
		case c == '\\' && backslash && j+1 < len(body):
			j++
			c = body[j]
			switch c {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			case '0':
				c = 0
			}
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// stringAt returns the string literal at i or just after a one-letter
// prefix (N'…'), and the index after it.
func (a *analysis) stringAt(i int) (string, int, bool) {
	if a.kindAt(i) == kWord && len(a.text(i)) == 1 && a.kindAt(i+1) == kString && a.toks[i].end == a.toks[i+1].start {
		i++
	}
	s, ok := a.stringValue(i)
	return s, i + 1, ok
}

// spanText is the source text of toks[from:to].
func (a *analysis) spanText(from, to int) string {
	if from >= to || from < 0 || to > len(a.toks) {
		return ""
	}
	return a.src[a.toks[from].start:a.toks[to-1].end]
}
