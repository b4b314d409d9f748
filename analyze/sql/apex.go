package sql

import "strings"

// apexDML are Apex's DML statement keywords. They are reserved words, so a
// bare one outside strings, comments and SOQL can only be a DML statement.
var apexDML = []string{"insert", "update", "delete", "upsert", "merge", "undelete"}

// ApexHasDML reports whether Salesforce anonymous Apex code changes data:
// a DML statement (insert acc; delete [SELECT …]; upsert …; merge …;
// undelete …) or a Database.insert/update/delete/upsert/merge/undelete
// (and their …Async/…Immediate forms), Database.emptyRecycleBin or
// Database.convertLead call. Strings, comments and [SOQL] are skipped, so
// "SELECT … FOR UPDATE" or System.debug('delete') do not count. Code over
// MaxBytes cannot be read and counts as DML.
func ApexHasDML(code string) bool {
	if len(code) > MaxBytes {
		return true
	}
	s := code
	prev := byte(0) // the last character that is not a blank
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			i = skipTo(s, i+2, "\n")
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			i = skipTo(s, i+2, "*/")
		case c == '\'':
			i = skipApexString(s, i)
			prev = '\''
		case c == '[':
			i = skipSOQL(s, i)
			prev = ']'
		case isApexIdent(c) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(s) && isApexIdent(s[j]) {
				j++
			}
			w := s[i:j]
			if prev != '.' && isAny(w, apexDML) && (j == len(s) || !isApexIdent(s[j])) {
				k := skipBlanks(s, j)
				if k < len(s) && (isApexIdent(s[k]) || s[k] == '[' || s[k] == '(') {
					return true
				}
			}
			if strings.EqualFold(w, "database") && prev != '.' {
				k := skipBlanks(s, j)
				if k < len(s) && s[k] == '.' {
					m := skipBlanks(s, k+1)
					e := m
					for e < len(s) && isApexIdent(s[e]) {
						e++
					}
					if databaseDML(s[m:e]) && skipBlanks(s, e) < len(s) && s[skipBlanks(s, e)] == '(' {
						return true
					}
				}
			}
			prev = 'a'
			i = j
		default:
			if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
				prev = c
			}
			i++
		}
	}
	return false
}

// databaseDML reports whether m is a Database method that changes data.
func databaseDML(m string) bool {
	l := strings.ToLower(m)
	if l == "emptyrecyclebin" || l == "convertlead" {
		return true
	}
	for _, d := range apexDML {
		if strings.HasPrefix(l, d) {
			rest := l[len(d):]
			return rest == "" || rest == "async" || rest == "immediate"
		}
	}
	return false
}

func isAny(w string, list []string) bool {
	for _, x := range list {
		if strings.EqualFold(w, x) {
			return true
		}
	}
	return false
}

func isApexIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// skipTo returns the index after the next end at or after i, or len(s).
func skipTo(s string, i int, end string) int {
	if k := strings.Index(s[i:], end); k >= 0 {
		return i + k + len(end)
	}
	return len(s)
}

// skipApexString skips the string literal starting at i ('…', \ escapes).
func skipApexString(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\'':
			return j + 1
		}
	}
	return len(s)
}

// skipSOQL skips an inline [SOQL or SOSL] query starting at i, with the
// brackets and strings inside it.
func skipSOQL(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\'':
			j = skipApexString(s, j) - 1
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(s)
}
