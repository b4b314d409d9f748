package tools

import (
	"strings"
	"sync"
	"unicode"
)

// maxName bounds the part of a tool name that is read: names are short, and
// a longer one is judged on its beginning.
const maxName = 256

// splitName returns the lower-case words of a tool name. mcp__server__tool
// loses its server name, which says nothing about the effect.
func splitName(name string) []string {
	if len(name) > maxName {
		name = name[:maxName]
	}
	if rest, ok := strings.CutPrefix(name, "mcp__"); ok {
		if _, tool, ok := strings.Cut(rest, "__"); ok {
			name = tool
		} else {
			name = rest
		}
	}
	var words []string
	runes := []rune(strings.ToValidUTF8(name, " "))
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(string(runes[start:end])))
		}
		start = -1
	}
	for i, r := range runes {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		prev := runes[i-1]
		switch {
		case unicode.IsLower(prev) && unicode.IsUpper(r):
			flush(i)
			start = i
		case unicode.IsDigit(prev) != unicode.IsDigit(r):
			flush(i)
			start = i
		case unicode.IsUpper(prev) && unicode.IsUpper(r) && i+1 < len(runes) && unicode.IsLower(runes[i+1]):
			// HTTPRequest: the last capital of an acronym starts the next word.
			flush(i)
			start = i
		}
	}
	flush(len(runes))
	return words
}

// vendors are product and company names that prefix tool names; they are
// neither verbs nor objects.
var vendors = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"gmail": true, "google": true, "slack": true, "binance": true, "coinbase": true, "stripe": true, "august": true,
		"smart": true, "twitter": true, "x": true, "venmo": true, "paypal": true, "bank": true, "manager": true,
		"github": true, "gitlab": true, "git": true, "hub": true, "lab": true, "dropbox": true, "todoist": true, "shopify": true, "teladoc": true,
		"amazon": true, "terminal": true, "system": true, "outlook": true, "notion": true, "jira": true, "discord": true,
		"telegram": true, "whatsapp": true, "facebook": true, "instagram": true, "linkedin": true, "reddit": true,
		"zapier": true, "hubspot": true, "salesforce": true, "evernote": true, "trello": true, "asana": true,
		"tool": true, "mcp": true, "on": true, "to": true, "the": true, "a": true,
		"an": true, "for": true, "by": true, "of": true, "in": true, "from": true, "with": true, "and": true, "my": true,
		"v1": true, "v2": true, "expedia": true, "cisco": true, "umbrella": true, "ifttt": true, "twilio": true,
		"google_home": true, "indoor": true, "robot": true, "the23andme": true, "fedex": true,
		"spokeo": true, "epic": true, "fhir": true, "deepfake": true, "generator": true, "web": true,
		"nortonidentitysafe": true, "norton": true, "identity": true, "safe": true, "traffic": true,
		"investment": true, "tdameritrade": true, "inventory": true,
	}
})
