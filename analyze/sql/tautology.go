package sql

import (
	"strconv"
	"strings"
)

// Conditions that are always true: "1=1", "'a'='a'", "TRUE", "id = id",
// "2 > 1", "x = 1 OR 1=1". Only comparisons of literals (and of a name
// with itself) are evaluated; anything else is "cannot tell", which never
// counts as true.

// maxCondition bounds the tokens a WHERE condition is evaluated over.
const maxCondition = 256

// maxParens bounds the parentheses a condition is evaluated through.
const maxParens = 16

// operand is one side of a comparison.
type operand struct {
	k   byte // 'n' number, 's' string, 'b' boolean, 'i' name, 'z' NULL; 0 none
	num float64
	str string
}

func (o operand) number() (float64, bool) {
	switch o.k {
	case 'n', 'b':
		return o.num, true
	case 's':
		f, err := strconv.ParseFloat(strings.TrimSpace(o.str), 64)
		return f, err == nil
	}
	return 0, false
}

// operandAt reads an operand at i and returns the index after it.
func (a *analysis) operandAt(i, end int) (operand, int) {
	if i >= end {
		return operand{}, i
	}
	t := a.toks[i]
	switch t.kind {
	case kNumber:
		f, err := strconv.ParseFloat(a.text(i), 64)
		if err != nil {
			return operand{k: 's', str: a.text(i)}, i + 1
		}
		return operand{k: 'n', num: f}, i + 1
	case kString, kDollar:
		s, next, _ := a.stringAt(i)
		return operand{k: 's', str: s}, next
	case kWord:
		switch t.kw() {
		case "TRUE":
			return operand{k: 'b', num: 1}, i + 1
		case "FALSE":
			return operand{k: 'b', num: 0}, i + 1
		case "NULL":
			return operand{k: 'z'}, i + 1
		}
		if len(a.text(i)) == 1 && a.kindAt(i+1) == kString && t.end == a.toks[i+1].start {
			s, next, _ := a.stringAt(i) // N'…', E'…'
			return operand{k: 's', str: s}, next
		}
		if t.kw() != "" || a.kindAt(i+1) == kOpen {
			return operand{}, i // a keyword or a function call
		}
		n, next := a.name(i, end)
		return operand{k: 'i', str: n}, next
	case kQuoted:
		n, next := a.name(i, end)
		return operand{k: 'i', str: n}, next
	}
	return operand{}, i
}

// compare evaluates x op y; ok is false when it cannot tell.
func compare(op string, x, y operand) (truth, ok bool) {
	if x.k == 0 || y.k == 0 || x.k == 'z' || y.k == 'z' {
		return false, false
	}
	if x.k == 'i' || y.k == 'i' {
		if x.k == 'i' && y.k == 'i' && strings.EqualFold(x.str, y.str) {
			switch op {
			case "=", "==", "<=>", ">=", "<=", "LIKE", "ILIKE":
				return true, true
			}
		}
		return false, false
	}
	var c int
	if xn, xok := x.number(); xok {
		yn, yok := y.number()
		if !yok {
			return false, false
		}
		switch {
		case xn < yn:
			c = -1
		case xn > yn:
			c = 1
		}
	} else if x.k == 's' && y.k == 's' {
		switch op {
		case "LIKE", "ILIKE":
			if y.str == "%" || op == "ILIKE" && strings.EqualFold(x.str, y.str) || x.str == y.str && !strings.ContainsAny(y.str, "%_") {
				return true, true
			}
			return false, true
		}
		c = strings.Compare(x.str, y.str)
	} else {
		return false, false
	}
	switch op {
	case "=", "==", "<=>", "LIKE", "ILIKE":
		return c == 0, true
	case "!=", "<>":
		return c != 0, true
	case "<":
		return c < 0, true
	case ">":
		return c > 0, true
	case "<=":
		return c <= 0, true
	case ">=":
		return c >= 0, true
	}
	return false, false
}

// comparisonOp returns the comparison operator at i, or "".
func (a *analysis) comparisonOp(i int) string {
	switch a.kindAt(i) {
	case kOp:
		switch op := a.text(i); op {
		case "=", "==", "<=>", "!=", "<>", "<", ">", "<=", ">=":
			return op
		}
	case kWord:
		if k := a.toks[i].kw(); k == "LIKE" || k == "ILIKE" {
			return k
		}
	}
	return ""
}

// truthAt evaluates the term that starts at i (NOT, a parenthesised
// condition, "x op y", or a lone literal) and returns the index after it.
func (a *analysis) truthAt(i, end, depth int) (next int, truth, ok bool) {
	neg := false
	for i < end && a.toks[i].kw() == "NOT" {
		neg = !neg
		i++
	}
	if i < end && a.toks[i].kind == kOpen {
		j := a.matchingClose(i, end)
		if j < 0 || depth >= maxParens {
			return i, false, false
		}
		t, ok := a.conditionTrue(i+1, j, depth+1)
		return j + 1, t != neg, ok
	}
	x, j := a.operandAt(i, end)
	if x.k == 0 {
		return i, false, false
	}
	if op := a.comparisonOp(j); op != "" {
		y, k := a.operandAt(j+1, end)
		t, ok := compare(op, x, y)
		return k, t != neg, ok
	}
	switch x.k {
	case 'n', 'b':
		return j, (x.num != 0) != neg, true
	}
	return j, false, false
}

// matchingClose returns the index of the ')' that closes the '(' at i.
func (a *analysis) matchingClose(i, end int) int {
	depth := 0
	for j, stop := i, a.scanEnd(i, min(end, i+maxCondition)); j < stop; j++ {
		switch a.toks[j].kind {
		case kOpen:
			depth++
		case kClose:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// conditionTrue reports whether the condition toks[from:to] is always
// true: one of its OR branches is made only of true terms.
func (a *analysis) conditionTrue(from, to, depth int) (truth, ok bool) {
	if from >= to {
		return false, false
	}
	if a.scanEnd(from, to) == from {
		return false, false
	}
	start, paren := from, 0
	for j := from; j <= to; j++ {
		if j < to {
			switch a.toks[j].kind {
			case kOpen:
				paren++
				continue
			case kClose:
				paren--
				continue
			}
			if paren != 0 || a.toks[j].kw() != "OR" {
				continue
			}
		}
		if a.conjunctionTrue(start, j, depth) {
			return true, true
		}
		start = j + 1
	}
	return false, true
}

// conjunctionTrue reports whether every AND term of toks[from:to] is true.
func (a *analysis) conjunctionTrue(from, to, depth int) bool {
	if from >= to {
		return false
	}
	i := from
	for {
		next, t, ok := a.truthAt(i, to, depth)
		if !ok || !t {
			return false
		}
		if next == to {
			return true
		}
		if a.kwAt(next) != "AND" {
			return false
		}
		i = next + 1
	}
}

// whereAlwaysTrue reports whether the WHERE whose keyword is at w, in a
// clause ending at end, holds for every row; it returns the condition.
func (a *analysis) whereAlwaysTrue(w, end int) (string, bool) {
	from := w + 1
	stop := a.scanEnd(from, min(end, from+maxCondition+1))
	to, paren := from, 0
loop:
	for ; to < end; to++ {
		if to >= stop {
			return "", false
		}
		t := a.toks[to]
		if paren == 0 {
			switch t.kw() {
			case "RETURNING", "ORDER", "LIMIT", "GROUP", "OPTION", "OUTPUT":
				break loop
			}
		}
		switch t.kind {
		case kOpen:
			paren++
		case kClose:
			if paren == 0 {
				break loop
			}
			paren--
		}
	}
	if t, ok := a.conditionTrue(from, to, 0); ok && t {
		return a.spanText(from, to), true
	}
	return "", false
}

// endsTerm reports whether a term that stops at i is complete: "OR 1=1"
// followed by the end, AND, ')' or a comment is; "OR 1=1+x" is not.
func (a *analysis) endsTerm(i, end int) bool {
	if i >= end {
		return true
	}
	switch a.toks[i].kind {
	case kOp, kPunct, kOpen, kNumber, kString, kQuoted, kDollar, kParam:
		return false
	}
	switch a.toks[i].kw() {
	case "IS", "IN", "BETWEEN", "LIKE", "ILIKE":
		return false
	}
	return true
}
