package sql

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// charCall spells s as char(n, …).
func charCall(s string) string {
	var parts []string
	for _, r := range s {
		parts = append(parts, itoa(int(r)))
	}
	return "char(" + strings.Join(parts, ",") + ")"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// foldSpellings spells the text s in every way the folder evaluates.
func foldSpellings(s string) []string {
	mid := len(s) / 2
	a, b := s[:mid], s[mid:]
	q := func(x string) string { return "'" + strings.ReplaceAll(x, "'", "''") + "'" }
	hex := func(x string) string {
		const digits = "0123456789abcdef"
		var h []byte
		for i := 0; i < len(x); i++ {
			h = append(h, digits[x[i]>>4], digits[x[i]&15])
		}
		return string(h)
	}
	return []string{
		q(s), q(a) + " || " + q(b), "(" + q(a) + ")||(" + q(b) + ")",
		"replace(" + q(a+"@@") + ", '@@', " + q(b) + ")",
		charCall(s), charCall(a) + " || " + q(b),
		"printf('%s%s', " + q(a) + ", " + q(b) + ")", "format('%s' || '%s', " + q(a) + ", " + q(b) + ")",
		"lower(" + q(strings.ToUpper(s)) + ")", "concat(" + q(a) + ", " + q(b) + ")", "concat_ws('', " + q(a) + ", " + q(b) + ")",
		"substr(" + q("xx"+s) + ", 3)", "trim(" + q("  "+s+"  ") + ")", "cast(x'" + hex(s) + "' as text)", "unhex('" + hex(s) + "')",
		"CAST(" + q(a) + " || " + charCall(b) + " AS TEXT)", "@p", "replace(replace(" + q("Z"+a+"Y") + ", 'Z', ''), 'Y', " + q(b) + ")",
	}
}

// TestFoldStringSpellings: every spelling of a name folds to the name.
func TestFoldStringSpellings(t *testing.T) {
	names := []string{"/home/dev/.local/state/actionguard/actionguard.db", "C:\\Users\\dev\\AppData\\Local\\actionguard\\actionguard.db", "app.db", "it's.db"}
	for _, name := range names {
		for _, e := range foldSpellings(name) {
			if strings.Contains(strings.ToLower(name), "c:\\users") && strings.HasPrefix(e, "lower(") {
				continue // lower changes the name itself
			}
			got, ok := FoldString(e, map[string]string{"@p": name})
			if !ok || got != name {
				t.Errorf("FoldString(%s) = %q, %v; want %q", e, got, ok, name)
			}
		}
	}
}

// TestFoldStringUnknown: what is not all literals is not folded.
func TestFoldStringUnknown(t *testing.T) {
	for _, e := range []string{"x", "?", "@q", "(select name from t)", "a || 'b'", "random()", "printf('%5s', 'a')", "replace('a','b')",
		"char(-1)", "'a' || ", "substr('abc', 'x')", "cast('a' as integer)", "unhex('zz')", "'a' 'b'", "", "printf('%s')"} {
		if got, ok := FoldString(e, nil); ok {
			t.Errorf("FoldString(%q) = %q, ok; want not folded", e, got)
		}
	}
}

// TestSQLiteOpens: ATTACH and VACUUM INTO names, folded where literal.
func TestSQLiteOpens(t *testing.T) {
	const p = "/h/.local/state/actionguard/actionguard.db"
	for _, e := range foldSpellings(p) {
		for _, tmpl := range []string{"ATTACH E AS a; delete from a.audit", "attach database E as x", "VACUUM INTO E", "vacuum main into E;", "select 1; ATTACH E KEY 'k' AS a"} {
			script := strings.Replace(tmpl, "E", e, 1)
			got := SQLiteOpens(script, map[string]string{"@p": p})
			if len(got) != 1 || !got[0].Known || got[0].Name != p {
				t.Errorf("SQLiteOpens(%q) = %+v; want %s", script, got, p)
			}
		}
	}
	for _, script := range []string{"ATTACH ? AS a", "attach (select x from t) as a", "ATTACH name || 'x' AS a", "ATTACH [a] || 'b' AS a", "VACUUM INTO @nope"} {
		got := SQLiteOpens(script, nil)
		if len(got) != 1 || got[0].Known {
			t.Errorf("SQLiteOpens(%q) = %+v; want one unknown name", script, got)
		}
	}
	if got := SQLiteOpens("select 'ATTACH x' from t; insert into t values ('VACUUM INTO y')", nil); len(got) != 0 {
		t.Errorf("words inside strings are not statements: %+v", got)
	}
}

// quotedSpellings spells s with SQLite's identifier quotes, which an
// ATTACH name alone (and "…" anywhere) reads as a string.
func quotedSpellings(s string) []string {
	mid := len(s) / 2
	a, b := s[:mid], s[mid:]
	dq := func(x string) string { return `"` + strings.ReplaceAll(x, `"`, `""`) + `"` }
	sq := func(x string) string { return "'" + strings.ReplaceAll(x, "'", "''") + "'" }
	out := []string{dq(s), dq(a) + " || " + sq(b), sq(a) + "||" + dq(b), dq(a) + " || " + dq(b), "replace(" + dq(a+"@@") + ", '@@', " + dq(b) + ")", "(" + dq(s) + ")"}
	if !strings.ContainsAny(s, `]'"`) { // the lexer's [name] holds no quote
		out = append(out, "["+s+"]")
	}
	return append(out, "`"+strings.ReplaceAll(s, "`", "``")+"`")
}

// TestSQLiteOpensQuotedNames: SQLite's identifier quotes around an ATTACH
// name, and "…" joined with strings, fold to the text they spell.
func TestSQLiteOpensQuotedNames(t *testing.T) {
	for _, name := range []string{"/home/u/.local/share/actionguard/x.db", "/h/.local/state/actionguard/actionguard.db", "it's`x.db", "C:\\Users\\u\\AppData\\Local\\actionguard\\a.db"} {
		for _, e := range quotedSpellings(name) {
			for _, tmpl := range []string{"attach %E% as a; delete from a.approvals", "ATTACH DATABASE %E% AS x", "VACUUM INTO %E%"} {
				script := strings.Replace(tmpl, "%E%", e, 1)
				got := SQLiteOpens(script, nil)
				if len(got) != 1 || !got[0].Known || got[0].Name != name {
					t.Errorf("SQLiteOpens(%q) = %+v; want %q", script, got, name)
				}
			}
		}
	}
	if got := SQLiteOpens("ATTACH app AS a", nil); len(got) != 1 || got[0].Name != "app" || !got[0].Known {
		t.Errorf("a bare word alone is the file of that name: %+v", got)
	}
}

func TestSQLiteWrites(t *testing.T) {
	for _, s := range []string{"update t set a=1", "INSERT INTO t VALUES(1)", "select 1; delete from t", "vacuum into 'x'", "create table t(x)", "select 'it"} {
		if !SQLiteWrites(s) {
			t.Errorf("SQLiteWrites(%q) = false", s)
		}
	}
	for _, s := range []string{"select * from t", "select 'delete' from t", ".tables", "pragma table_info(t)"} {
		if SQLiteWrites(s) {
			t.Errorf("SQLiteWrites(%q) = true", s)
		}
	}
}

// FuzzFoldString: folding never panics, stays within its bounds, and a
// folded string literal round-trips.
func FuzzFoldString(f *testing.F) {
	for _, e := range foldSpellings("/h/.local/state/actionguard/actionguard.db") {
		f.Add(e)
	}
	f.Add("replace(replace('aaaa','a','aaaa'),'a','aaaa')")
	for _, e := range quotedSpellings("/h/.local/state/actionguard/actionguard.db") {
		f.Add("ATTACH " + e + " AS a")
	}
	f.Add("char(1114112)")
	f.Add("substr('abc', -5, 2)")
	f.Fuzz(func(t *testing.T, e string) {
		v, ok := FoldString(e, map[string]string{"@p": "x"})
		if ok && len(v) > foldMaxLen*4 {
			t.Fatalf("FoldString(%q): %d bytes", e, len(v))
		}
		SQLiteOpens(e, nil)
		SQLiteWrites(e)
		if utf8.ValidString(e) && !strings.Contains(e, "'") && !strings.ContainsFunc(e, func(r rune) bool { return r < ' ' }) {
			if got, ok := FoldString("'"+e+"'", nil); !ok || got != e {
				t.Fatalf("literal '%s' folded to %q, %v", e, got, ok)
			}
		}
	})
}
