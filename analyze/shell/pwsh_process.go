package shell

import "strings"

// psGetProcess reads Get-Process (gps): the processes it names by their
// wildcard names are what pgrep finds by the same pattern, so that
// Get-Process actionguard* | Stop-Process and Stop-Process -Id
// (Get-Process *guard*).Id are judged as pgrep … | xargs kill.
func psGetProcess(t *psTr, b *psBound) string {
	var out []string
	for _, v := range b.vals["name"] {
		for _, n := range strings.Split(v.text, ",") {
			if n = strings.TrimSpace(n); n != "" {
				out = append(out, "pgrep "+shWord(psProcessPattern(n)))
			}
		}
	}
	for _, id := range t.words(b.vals["id"], false) {
		out = append(out, "ps -p "+id)
	}
	if len(out) == 0 {
		return "ps"
	}
	return strings.Join(out, "; ")
}

// psProcessPattern writes a process name with PowerShell's wildcards (*,
// ?, [a-z]) as the anchored regular expression pgrep matches; a part known
// only when it runs matches anything.
func psProcessPattern(name string) string {
	var b strings.Builder
	b.WriteByte('^')
	for i := 0; i < len(name); i++ {
		switch c := name[i]; c {
		case '*', psUnknown[0]:
			b.WriteString(".*")
		case '?':
			b.WriteByte('.')
		case '[':
			if j := strings.IndexByte(name[i:], ']'); j > 1 {
				b.WriteString(name[i : i+j+1])
				i += j
				continue
			}
			b.WriteString(`\[`)
		case '.', '+', '(', ')', '{', '}', '|', '^', '$', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('$')
	return b.String()
}
