package shell

import (
	"encoding/xml"
	"io"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// plistCommandXML is the reading by encoding/xml that plistCommand
// replaced, kept as the reference of the differential test. It returns the command line a launchd property list runs:
// ProgramArguments (Program, when set, is the program and the arguments
// follow its first word). ok is false when the text is not an XML
// property list naming a program.
func plistCommandXML(text string) (line string, ok bool) {
	d := xml.NewDecoder(strings.NewReader(text))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	var program string
	var args []string
	key, inArgs, inString := "", false, false
	var cur strings.Builder
	for steps := 0; steps < 1<<16; steps++ {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			cur.Reset()
			inString = t.Name.Local == "string" || t.Name.Local == "key"
			if t.Name.Local == "array" && key == "ProgramArguments" {
				inArgs = true
			}
		case xml.CharData:
			if inString && cur.Len() < maxFileBytes {
				cur.Write(t)
			}
		case xml.EndElement:
			inString = false
			switch t.Name.Local {
			case "key":
				key = strings.TrimSpace(cur.String())
			case "string":
				switch {
				case inArgs && len(args) < maxLaunchArgs:
					args = append(args, cur.String())
				case key == "Program":
					program = cur.String()
				}
			case "array":
				inArgs = false
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

// TestPlistCommandAsEncodingXML: over generated well-formed property lists
// — words with every XML-special character, escaped as entities, as
// character references or in CDATA sections, with comments, a DOCTYPE, a
// declaration, whitespace, Program beside ProgramArguments and unrelated
// keys — the hand reader finds the command encoding/xml finds.
func TestPlistCommandAsEncodingXML(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	alphabet := []string{"a", "rm", "-rf", "~", " ", "&", "<", ">", "\"", "'", ";", "$(x)", "é", "\t", "]]", "--", "%", "\\"}
	word := func() string {
		var b strings.Builder
		for n := rng.Intn(5); n >= 0; n-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		return b.String()
	}
	escape := func(w string) string {
		switch rng.Intn(3) {
		case 0:
			var b strings.Builder
			xmlEscape(&b, w)
			return b.String()
		case 1:
			var b strings.Builder
			for _, r := range w {
				if r == '&' || r == '<' || r == '>' || rng.Intn(4) == 0 {
					b.WriteString("&#" + strconv.Itoa(int(r)) + ";")
				} else {
					b.WriteRune(r)
				}
			}
			return b.String()
		}
		if strings.Contains(w, "]]>") {
			var b strings.Builder
			xmlEscape(&b, w)
			return b.String()
		}
		return "<![CDATA[" + w + "]]>"
	}
	for n := 0; n < 3000; n++ {
		var b strings.Builder
		if rng.Intn(2) == 0 {
			b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
		}
		if rng.Intn(2) == 0 {
			b.WriteString(`<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">` + "\n")
		}
		b.WriteString(`<plist version="1.0">` + "\n<dict>\n")
		if rng.Intn(2) == 0 {
			b.WriteString("  <key>Label</key>\n  <string>" + escape(word()) + "</string>\n")
		}
		if rng.Intn(3) == 0 {
			b.WriteString("  <!-- " + strings.ReplaceAll(word(), "--", "") + " -->\n")
		}
		if rng.Intn(3) == 0 {
			b.WriteString("  <key>Program</key>\n  <string>" + escape(word()) + "</string>\n")
		}
		if rng.Intn(6) != 0 {
			b.WriteString("  <key>ProgramArguments</key>\n  <array>\n")
			for k := rng.Intn(5); k >= 0; k-- {
				b.WriteString("    <string>" + escape(word()) + "</string>\n")
			}
			b.WriteString("  </array>\n")
		}
		b.WriteString("  <key>RunAtLoad</key>\n  <true/>\n</dict>\n</plist>\n")
		text := b.String()
		want, wok := plistCommandXML(text)
		got, gok := plistCommand(text)
		if got != want || gok != wok {
			t.Fatalf("%s\nhand: %q %v\nencoding/xml: %q %v", text, got, gok, want, wok)
		}
	}
}

// TestPlistXMLReadsBack: a property list made by plistXML reads back as
// the words it was made of.
func TestPlistXMLReadsBack(t *testing.T) {
	for _, words := range [][]string{{"sh", "-c", "rm -rf ~"}, {"/bin/x", "a&b", "<c>", `"q"`, "'s'", "]]>"}, {"é", "\t"}} {
		got, ok := plistCommand(plistXML(words))
		if !ok || got != joinArgv(words) {
			t.Errorf("%q read back as %q (%v)", words, got, ok)
		}
	}
}
