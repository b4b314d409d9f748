package sql

// clause is a statement inside a statement: the statement itself, a DELETE
// in a CTE, the DROP after a T-SQL IF, each statement of a procedure body.
// Rules look at clauses, so that a DELETE is judged by its own WHERE and
// not by one in a subquery or a CTE.
type clause struct {
	verb   string // upper-cased: DELETE, UPDATE, DROP…
	first  int    // index of the verb
	end    int    // one past the last token
	depth  int    // parenthesis depth of the verb
	where  int    // index of the clause's own WHERE, -1 when it has none
	filter string // LIMIT, TOP or JOIN when one of them limits the rows instead of a WHERE
	stmt   span   // the statement the clause is part of
}

// clauses finds the clauses of the statement toks[first:end] in one pass.
// A clause ends at a ';', at the parenthesis that closes around it, or
// where a sibling clause starts at its depth. A WHERE belongs to the
// innermost open clause at its own depth, so that the WHERE of
// "WITH x AS (SELECT … WHERE …) DELETE FROM t" is the SELECT's.
func (a *analysis) clauses(first, end int) []clause {
	cs := a.clauseBuf[:0]
	open := a.openBuf[:0] // indices into cs, innermost last
	defer func() { a.clauseBuf, a.openBuf = cs[:0], open[:0] }()
	depth := 0
	closeFrom := func(d, at int) {
		for len(open) > 0 && cs[open[len(open)-1]].depth >= d {
			cs[open[len(open)-1]].end = at
			open = open[:len(open)-1]
		}
	}
	for i := first; i < end; i++ {
		t := a.toks[i]
		switch t.kind {
		case kSemi:
			closeFrom(0, i)
			continue
		case kOpen:
			depth++
			continue
		case kClose:
			if depth > 0 {
				depth--
			}
			closeFrom(depth+1, i)
			continue
		case kWord:
		default:
			continue
		}
		var top *clause
		if len(open) > 0 {
			top = &cs[open[len(open)-1]]
		}
		if v := a.startsClause(i, first, depth, top); v != "" {
			closeFrom(depth, i)
			cs = append(cs, clause{verb: v, first: i, depth: depth, where: -1, stmt: span{first, end}})
			open = append(open, len(cs)-1)
			continue
		}
		if top == nil || top.depth != depth {
			continue
		}
		switch t.kw() {
		case "WHERE":
			if top.where < 0 {
				top.where = i
			}
		case "LIMIT", "TOP":
			if top.filter == "" {
				top.filter = t.kw()
			}
		case "JOIN", "STRAIGHT_JOIN":
			// An inner join limits the rows a multi-table DELETE or UPDATE
			// touches; an outer or cross join does not.
			switch a.kwAt(i - 1) {
			case "LEFT", "RIGHT", "FULL", "OUTER", "CROSS":
			default:
				if top.filter == "" {
					top.filter = "JOIN"
				}
			}
		}
	}
	closeFrom(0, end)
	return cs
}

// excludedBefore are the words after which DELETE, UPDATE, INSERT, DROP
// and TRUNCATE are not statements: ON DELETE CASCADE, FOR UPDATE, ON
// DUPLICATE KEY UPDATE, AFTER INSERT OR DELETE, GRANT DELETE, INSERT OR
// REPLACE, BULK INSERT.
var excludedBefore = set(`ON FOR KEY OR BEFORE AFTER OF INSTEAD GRANT REVOKE BULK EACH`)

// continuesBefore are the words after which a word at the start of a line
// still belongs to the statement above it.
var continuesBefore = set(`AND OR NOT ON TO BY AS WITH FROM INTO TABLE IS IN SET WHERE SELECT WHEN GRANT REVOKE
DEFAULT OPTION FOR ALL OF USING JOIN UNION ADMIN`)

// startsClause returns the verb of the clause that the word at i starts,
// or "". Unmistakable commands (DELETE FROM, UPDATE t, INSERT INTO, DROP
// TABLE, TRUNCATE t) start a clause anywhere but after the words that make
// them part of something else (ON DELETE, FOR UPDATE); other verbs start
// one at a boundary (the statement's start, after ';', THEN, ELSE, BEGIN,
// LOOP, DO), after "(" or AS (CTEs, subqueries, procedure bodies), or, for
// T-SQL scripts without semicolons, at the start of a line.
func (a *analysis) startsClause(i, first, depth int, top *clause) string {
	t := a.toks[i]
	v := t.kw()
	if v == "" {
		return ""
	}
	hasPrev := i > first
	var p token
	if hasPrev {
		p = a.toks[i-1]
	}
	boundary := !hasPrev || p.kind == kSemi
	switch p.kw() {
	case "THEN", "ELSE", "LOOP", "BEGIN", "DO", "ATOMIC":
		boundary = true
	}
	open := hasPrev && (p.kind == kOpen || p.kw() == "AS" ||
		p.kind == kClose && top != nil && top.depth == depth && top.verb == "WITH")
	excluded := hasPrev && !boundary && (p.kind == kPunct || p.kind == kOp || excludedBefore.has(p.kw()))
	lineStart := hasPrev && t.flags&fNL != 0 && depth == 0 && !excluded && !continuesBefore.has(p.kw()) && p.kind != kOpen
	next := a.kwAt(i + 1)
	if i+1 >= len(a.toks) || a.toks[i+1].kind == kSemi || a.toks[i+1].kind == kSep {
		next = ";"
	}
	if excluded {
		return ""
	}
	switch v {
	case "DELETE":
		switch next {
		case "FROM", "TOP", "LOW_PRIORITY", "QUICK", "IGNORE":
			return v
		}
		if (boundary || open) && a.isName(i+1) {
			return v
		}
	case "UPDATE":
		switch next {
		case "ONLY", "LOW_PRIORITY", "IGNORE", "TOP":
			return v
		}
		if a.isName(i + 1) {
			return v
		}
	case "INSERT":
		switch next {
		case "INTO", "IGNORE", "LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY", "OVERWRITE", "OR":
			return v
		}
		if (boundary || open) && a.isName(i+1) {
			return v
		}
	case "REPLACE", "UPSERT":
		if next == "INTO" {
			return v
		}
	case "MERGE":
		if next == "INTO" || boundary && a.isName(i+1) {
			return v
		}
	case "DROP":
		if objectKinds()[next] == objNone {
			if boundary && (a.isName(i+1) || next != "") {
				return v // DROP of something this package does not list
			}
			return ""
		}
		if top != nil && top.verb == "ALTER" && top.depth == depth && !boundary && !lineStart {
			return "" // ALTER TABLE t DROP INDEX i; ALTER GROUP g DROP USER u
		}
		return v
	case "TRUNCATE":
		if next == "TABLE" || next == "ONLY" || a.isName(i+1) {
			return v
		}
	case "LOAD":
		if next == "DATA" || next == "XML" {
			return v
		}
	case "SELECT", "WITH", "VALUES":
		if boundary || open {
			return v
		}
	case "ALTER":
		if boundary || lineStart && (objectKinds()[next] != objNone || next == "SYSTEM" || next == "SESSION") {
			return v
		}
	case "GRANT", "REVOKE", "CREATE", "RENAME", "COPY", "EXEC", "EXECUTE", "CALL", "PREPARE", "BULK", "SHUTDOWN":
		if boundary || lineStart {
			return v
		}
	case "SET", "DO", "SHOW", "EXPLAIN", "DESCRIBE", "PRAGMA", "TABLE":
		if boundary {
			return v
		}
	}
	return ""
}

// clauseText is the text of a clause.
func (a *analysis) clauseText(c *clause) string {
	return a.spanText(c.first, c.end)
}

// checkClause reports what one clause does.
func (a *analysis) checkClause(c *clause) {
	switch c.verb {
	case "DELETE":
		a.checkDelete(c)
	case "UPDATE":
		a.checkUpdate(c)
	case "INSERT", "REPLACE", "UPSERT":
		a.checkInsert(c)
	case "MERGE":
		a.checkMerge(c)
	case "DROP":
		a.checkDrop(c)
	case "TRUNCATE":
		a.checkTruncate(c)
	case "ALTER":
		a.checkAlter(c)
	case "CREATE":
		a.checkCreate(c)
	case "RENAME":
		a.checkRename(c)
	case "GRANT", "REVOKE":
		a.checkGrant(c)
	case "COPY":
		a.checkCopy(c)
	case "LOAD":
		a.checkLoad(c)
	case "BULK":
		a.checkBulk(c)
	case "SET":
		a.checkSet(c)
	case "EXEC", "EXECUTE", "PREPARE":
		a.checkDynamic(c)
	case "DO":
		a.bodies(c)
	case "SHUTDOWN":
		a.checkShutdown(c)
	}
}
