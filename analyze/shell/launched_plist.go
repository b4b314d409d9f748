package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A launchd property list read by hand: the keys, strings and arrays of
// its XML form, with XML's entities, character references, comments and
// CDATA sections. encoding/xml would do it too, at 18 KB of tables built
// when every hook process starts.

// plistCommand returns the command line a launchd property list runs:
// ProgramArguments (Program, when set, is the program and the arguments
// follow its first word). ok is false when the text is not an XML
// property list naming a program.
func plistCommand(text string) (line string, ok bool) {
	var program string
	var args []string
	key, inArgs := "", false
	for i, steps := 0, 0; i < len(text) && steps < 1<<16; steps++ {
		j := strings.IndexByte(text[i:], '<')
		if j < 0 {
			break
		}
		i += j
		if skip, ok := xmlSkip(text, i); ok {
			i = skip
			continue
		}
		end := strings.IndexByte(text[i:], '>')
		if end < 0 {
			break
		}
		name, closing := xmlTagName(text[i+1 : i+end])
		selfClosing := strings.HasSuffix(text[i:i+end], "/")
		i += end + 1
		switch {
		case closing && name == "array":
			inArgs = false
		case closing:
		case name == "array" && key == "ProgramArguments" && !selfClosing:
			inArgs = true
		case name == "key" || name == "string":
			var content string
			if !selfClosing {
				var next int
				content, next, ok = xmlElementText(text, i, name)
				if !ok {
					return "", false
				}
				i = next
			}
			switch {
			case name == "key":
				key = strings.TrimSpace(content)
			case inArgs && len(args) < maxLaunchArgs:
				args = append(args, content)
			case key == "Program":
				program = content
			}
		}
	}
	if program != "" {
		if len(args) == 0 {
			args = []string{program}
		} else {
			args[0] = program
		}
	}
	if len(args) == 0 {
		return "", false
	}
	return joinArgv(args), true
}

// xmlSkip passes over a comment, a processing instruction, a declaration
// (<!DOCTYPE …>) or a CDATA section outside an element's text at text[i]
// and returns where the text goes on.
func xmlSkip(text string, i int) (int, bool) {
	for _, p := range [...]struct{ open, close string }{{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}, {"<!", ">"}} {
		if strings.HasPrefix(text[i:], p.open) {
			k := strings.Index(text[i+len(p.open):], p.close)
			if k < 0 {
				return len(text), true
			}
			return i + len(p.open) + k + len(p.close), true
		}
	}
	return 0, false
}

// xmlTagName returns the name of the tag whose text (between < and >) is
// tag, and whether it closes an element.
func xmlTagName(tag string) (name string, closing bool) {
	tag, closing = strings.CutPrefix(tag, "/")
	tag = strings.TrimSuffix(tag, "/")
	if k := strings.IndexAny(tag, " \t\r\n/"); k >= 0 {
		tag = tag[:k]
	}
	if k := strings.IndexByte(tag, ':'); k >= 0 {
		tag = tag[k+1:] // a namespace prefix
	}
	return tag, closing
}

// xmlElementText returns the text of element name from text[i] up to its
// end tag, entities and character references decoded, CDATA sections and
// nested markup's text kept, comments dropped, and where the text goes on
// after the end tag. ok is false when the element does not end.
func xmlElementText(text string, i int, name string) (string, int, bool) {
	var b strings.Builder
	for i < len(text) {
		if b.Len() > maxFileBytes {
			return "", 0, false
		}
		j := strings.IndexAny(text[i:], "<&")
		if j < 0 {
			return "", 0, false
		}
		b.WriteString(text[i : i+j])
		i += j
		if text[i] == '&' {
			r, n := xmlEntity(text[i:])
			b.WriteString(r)
			i += n
			continue
		}
		switch {
		case strings.HasPrefix(text[i:], "<![CDATA["):
			k := strings.Index(text[i+9:], "]]>")
			if k < 0 {
				return "", 0, false
			}
			b.WriteString(text[i+9 : i+9+k])
			i += 9 + k + 3
			continue
		case strings.HasPrefix(text[i:], "<!--"):
			k := strings.Index(text[i+4:], "-->")
			if k < 0 {
				return "", 0, false
			}
			i += 4 + k + 3
			continue
		}
		end := strings.IndexByte(text[i:], '>')
		if end < 0 {
			return "", 0, false
		}
		if n, closing := xmlTagName(text[i+1 : i+end]); closing && n == name {
			return b.String(), i + end + 1, true
		}
		i += end + 1 // markup inside the text: its own text is kept
	}
	return "", 0, false
}

// xmlEntity decodes the entity or character reference at the start of s
// (&amp; &lt; &gt; &quot; &apos; &#NN; &#xNN;) and returns its text and
// length; an '&' that starts none is itself.
func xmlEntity(s string) (string, int) {
	end := strings.IndexByte(s, ';')
	if end < 2 || end > 12 {
		return "&", 1
	}
	ref := s[1:end]
	switch ref {
	case "amp":
		return "&", end + 1
	case "lt":
		return "<", end + 1
	case "gt":
		return ">", end + 1
	case "quot":
		return `"`, end + 1
	case "apos":
		return "'", end + 1
	}
	if num, ok := strings.CutPrefix(ref, "#"); ok {
		base := 10
		if h, ok := strings.CutPrefix(num, "x"); ok {
			num, base = h, 16
		}
		if n, err := strconv.ParseUint(num, base, 32); err == nil && utf8.ValidRune(rune(n)) {
			return string(rune(n)), end + 1
		}
	}
	return "&", 1
}

// plistXML is a property list whose job runs words.
func plistXML(words []string) string {
	var b strings.Builder
	b.WriteString("<plist><dict><key>ProgramArguments</key><array>")
	for _, w := range words {
		b.WriteString("<string>")
		xmlEscape(&b, w)
		b.WriteString("</string>")
	}
	b.WriteString("</array></dict></plist>\n")
	return b.String()
}

// xmlEscape writes s as XML text.
func xmlEscape(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&#34;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteByte(c)
		}
	}
}
