package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// paramVals expands a parameter as the shell would: vals holds its value,
// or one value per element for the array forms ("${a[@]}", "$@", and their
// * spellings, which set star). dyn reports that the value is only known
// when the script runs; vals then hold it as written ("$X") or as much of
// it as is known.
func (w *walker) paramVals(p *syntax.ParamExp) (vals []string, multi, star, dyn bool) {
	if p.Param == nil || p.NestedParam != nil || p.Flags != nil || p.Width || p.IsSet || len(p.Modifiers) > 0 {
		return []string{"$…"}, false, false, true
	}
	name := p.Param.Value
	if p.Excl && p.Names == 0 && p.Index == nil {
		// ${!n}: the variable whose name n holds.
		if target, ok := w.indirectName(name); ok {
			name = target
		} else {
			return []string{"$" + name}, false, false, true
		}
	} else if p.Excl || p.Names != 0 {
		// ${!x} and ${!prefix*}: indirection is not followed.
		return []string{"$" + name}, false, false, true
	}
	st := w.state()
	// Substitutions in a subscript or a slice run too: ${a[$(cmd)]}.
	if p.Index != nil {
		w.walkSubst(p.Index)
	}
	if p.Slice != nil {
		if p.Slice.Offset != nil {
			w.walkSubst(p.Slice.Offset)
		}
		if p.Slice.Length != nil {
			w.walkSubst(p.Slice.Length)
		}
	}
	v, known := w.baseValue(name)
	if name == "@" || name == "*" {
		multi, star = true, name == "*"
	}
	if p.Index != nil {
		switch all := indexAll(p.Index); {
		case all != "":
			multi, star = true, all == "*"
		case known && v.assoc && !v.dyn:
			k, ok := w.assocKey(p.Index)
			if !ok {
				known = false
				break
			}
			nv := shVar{unset: true}
			for i, x := range v.keys {
				if x == k {
					nv = shVar{vals: []string{v.vals[i]}}
				}
			}
			v = nv
		case known && !v.dyn:
			i, ok := w.arithIndex(p.Index)
			if !ok {
				known = false
				break
			}
			if i < 0 {
				i += len(v.vals)
			}
			if i >= 0 && i < len(v.vals) && !v.unset {
				v = shVar{vals: []string{v.vals[i]}}
			} else {
				v = shVar{unset: true}
			}
		default:
			known = false
		}
	} else if !multi && known && len(v.vals) > 1 {
		v.vals = v.vals[:1] // $a of an array is its first element
	}
	if p.Length {
		if !known || v.dyn {
			return []string{"0"}, false, false, true
		}
		if multi {
			return []string{itoa(len(v.vals))}, false, false, false
		}
		n := 0
		if !v.unset && len(v.vals) > 0 {
			n = len([]rune(v.vals[0]))
		}
		return []string{itoa(n)}, false, false, false
	}
	if known && v.unset {
		v.vals = nil
	}
	if known && p.Slice != nil {
		off, ok1 := arithLit(p.Slice.Offset)
		n, ok2 := -1, true
		if p.Slice.Length != nil {
			n, ok2 = arithLit(p.Slice.Length)
		}
		if !ok1 || !ok2 || n < -1 {
			return []string{"$" + name}, multi, star, true
		}
		if multi {
			elems := v.vals
			if name == "@" || name == "*" {
				off-- // ${@:1} starts at $1
				if off < 0 {
					return []string{"$" + name}, multi, star, true
				}
			} else if off < 0 {
				off += len(elems)
			}
			off = max(0, min(off, len(elems)))
			elems = elems[off:]
			if n >= 0 && n < len(elems) {
				elems = elems[:n]
			}
			v.vals = elems
		} else if len(v.vals) > 0 {
			s := v.vals[0]
			if off < 0 {
				off += len(s)
			}
			off = max(0, min(off, len(s)))
			s = s[off:]
			if n >= 0 && n < len(s) {
				s = s[:n]
			}
			v.vals = []string{s}
		}
	}
	if p.Exp != nil {
		word, wdyn := "", false
		if p.Exp.Word != nil {
			word, wdyn = w.wordString(p.Exp.Word, false)
		}
		empty := !known || v.unset || len(v.vals) == 0 || len(v.vals) == 1 && v.vals[0] == ""
		unsetOnly := !known || v.unset
		switch p.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
			use := unsetOnly
			if p.Exp.Op == syntax.DefaultUnsetOrNull || p.Exp.Op == syntax.AssignUnsetOrNull {
				use = empty
			}
			if known && v.dyn {
				return v.vals, multi, star, true
			}
			if !known {
				if w.r.unsetDefaults {
					// x's own value: with the colon forms it is not empty
					// (an empty x takes the default).
					return unknownParam(name, p.Exp.Op == syntax.DefaultUnsetOrNull || p.Exp.Op == syntax.AssignUnsetOrNull)
				}
				w.r.sawDefault = true
			}
			if use {
				if p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull {
					st.setScalar(name, word, wdyn)
				}
				return []string{word}, false, false, wdyn
			}
		case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			if known && v.dyn {
				return []string{word}, false, false, true
			}
			if !known {
				if w.r.unsetDefaults {
					return []string{word}, false, false, wdyn
				}
				w.r.sawDefault = true
			}
			use := !unsetOnly
			if p.Exp.Op == syntax.AlternateUnsetOrNull {
				use = !empty
			}
			if use {
				return []string{word}, false, false, wdyn
			}
			return nil, false, false, false
		case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
			if !known {
				return []string{"${" + name + ":?}"}, false, false, true
			}
		case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
			if !known || v.dyn || wdyn {
				return []string{"$" + name}, multi, star, true
			}
			prefix := p.Exp.Op == syntax.RemSmallPrefix || p.Exp.Op == syntax.RemLargePrefix
			longest := p.Exp.Op == syntax.RemLargePrefix || p.Exp.Op == syntax.RemLargeSuffix
			out := make([]string, len(v.vals))
			for i, s := range v.vals {
				if !w.r.fl().budget.matchWork((len(s) + 1) * (len(s) + len(word) + 1)) {
					return []string{"$" + name}, multi, star, true
				}
				t, ok := trimPattern(s, word, prefix, longest)
				if !ok {
					return []string{"$" + name}, multi, star, true
				}
				out[i] = t
			}
			return out, multi, star, false
		case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
			if !known || v.dyn {
				return []string{"$" + name}, multi, star, true
			}
			out := make([]string, len(v.vals))
			for i, s := range v.vals {
				out[i] = changeCase(s, p.Exp.Op)
			}
			return out, multi, star, false
		default:
			return []string{"$" + name}, multi, star, true
		}
	}
	if p.Repl != nil {
		if !known || v.dyn {
			return []string{"$" + name}, multi, star, true
		}
		pat, d1 := w.wordString(p.Repl.Orig, false)
		with, d2 := w.wordString(p.Repl.With, false)
		if d1 || d2 {
			return []string{"$" + name}, multi, star, true
		}
		out := make([]string, len(v.vals))
		for i, s := range v.vals {
			cost := len(s) + len(pat) + 1
			if strings.ContainsAny(pat, "*?[\\#%") {
				cost *= (len(s) + 1) * (len(s) + 1)
			}
			if !w.r.fl().budget.matchWork(cost) {
				return []string{"$" + name}, multi, star, true
			}
			t, ok := replacePattern(s, pat, with, p.Repl.All)
			if !ok {
				return []string{"$" + name}, multi, star, true
			}
			out[i] = t
		}
		return out, multi, star, false
	}
	if !known {
		if name == "HOME" || name == "TMPDIR" {
			return []string{"$" + name}, false, false, false
		}
		return []string{"$" + name}, multi, star, true
	}
	return v.vals, multi, star, v.dyn
}

// unknownParam is a variable not known, as paramVals gives it: HOME and
// TMPDIR stay symbolic, any other is only known when the command runs
// (written ${x:?} when it cannot be empty).
func unknownParam(name string, notEmpty bool) (vals []string, multi, star, dyn bool) {
	switch {
	case name == "HOME" || name == "TMPDIR":
		return []string{"$" + name}, false, false, false
	case notEmpty:
		return []string{"${" + name + ":?}"}, false, false, true
	}
	return []string{"$" + name}, false, false, true
}

// baseValue is what the parameter name holds before any operator.
func (w *walker) baseValue(name string) (shVar, bool) {
	st := w.state()
	if t := st.refTarget(name); t != name {
		if _, set := st.vars[t]; !set {
			// A nameref to a variable the line does not set (declare -n
			// r=HOME): what that variable holds.
			return w.baseValue(t)
		}
	}
	switch {
	case name == "@" || name == "*":
		if st.posKnown {
			return shVar{vals: st.pos, array: true, dyn: anyTrue(st.posDyn)}, true
		}
		return shVar{}, false
	case name == "#":
		if st.posKnown {
			return shVar{vals: []string{itoa(len(st.pos))}}, true
		}
		return shVar{}, false
	case name == "0" && st.zeroKnown:
		return shVar{vals: []string{st.zero}, dyn: st.zeroDyn}, true
	case isDigits(name):
		n, err := strconv.Atoi(name)
		if err != nil || n == 0 || !st.posKnown {
			return shVar{}, false
		}
		if n > len(st.pos) {
			return shVar{unset: true}, true
		}
		return shVar{vals: []string{st.pos[n-1]}, dyn: n-1 < len(st.posDyn) && st.posDyn[n-1]}, true
	case name == "IFS":
		ifs, ok := st.ifs()
		return shVar{vals: []string{ifs}, dyn: !ok}, true
	}
	if v, ok := st.lookup(name); ok {
		return v, true
	}
	switch name {
	case "HOME":
		return shVar{vals: []string{"$HOME"}}, true
	case "TMPDIR":
		return shVar{vals: []string{"$TMPDIR"}}, true
	case "PWD":
		if st.env.dir == "" && st.env.cwd == "" {
			return shVar{}, false
		}
		if d := st.env.absDir(); d != "" {
			return shVar{vals: []string{d}}, true
		}
		return shVar{}, false
	case "OLDPWD":
		if st.oldDir != "" {
			return shVar{vals: []string{st.oldDir}}, true
		}
	}
	return shVar{}, false
}

// indexAll returns "@" or "*" for the subscripts that take every element.
func indexAll(e syntax.ArithmExpr) string {
	if wd, ok := e.(*syntax.Word); ok {
		switch wd.Lit() {
		case "@", "*":
			return wd.Lit()
		}
	}
	return ""
}

func changeCase(s string, op syntax.ParExpOperator) string {
	if s == "" {
		return s
	}
	switch op {
	case syntax.UpperAll:
		return strings.ToUpper(s)
	case syntax.LowerAll:
		return strings.ToLower(s)
	case syntax.UpperFirst:
		return strings.ToUpper(s[:1]) + s[1:]
	case syntax.LowerFirst:
		return strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

// assocKey is the key a subscript names in an associative array: its
// text, expanded; ok is false when it is only known at run time.
func (w *walker) assocKey(e syntax.ArithmExpr) (string, bool) {
	wd, ok := e.(*syntax.Word)
	if !ok {
		return "", false
	}
	k, dyn := w.wordString(wd, false)
	return k, !dyn
}

// assignAssoc records an assignment to an associative array: m=([k]=v …),
// m+=([k]=v), m[k]=v, or a bare declare -A m.
func (w *walker) assignAssoc(a *syntax.Assign) {
	st := w.state()
	name := st.refTarget(a.Name.Value)
	old, had := st.lookup(name)
	v := shVar{array: true, assoc: true}
	if had && old.assoc && (a.Append || a.Index != nil || a.Naked) {
		v = shVar{array: true, assoc: true, dyn: old.dyn, keys: append([]string(nil), old.keys...), vals: append([]string(nil), old.vals...)}
	}
	set := func(k, val string, dyn bool) {
		v.dyn = v.dyn || dyn
		for i, x := range v.keys {
			if x == k {
				v.vals[i] = val
				return
			}
		}
		if len(v.keys) < 4096 {
			v.keys = append(v.keys, k)
			v.vals = append(v.vals, val)
		}
	}
	switch {
	case a.Naked:
	case a.Index != nil:
		w.walkSubst(a.Index)
		k, ok := w.assocKey(a.Index)
		val, dyn := "", false
		if a.Value != nil {
			val, dyn = w.wordString(a.Value, false)
		}
		if !ok {
			v.dyn = true
			break
		}
		set(k, val, dyn)
	case a.Array != nil:
		for _, e := range a.Array.Elems {
			if e.Value == nil {
				continue
			}
			val, dyn := w.wordString(e.Value, false)
			if e.Index == nil {
				v.dyn = true // a key only bash 5.1's pairs form names
				continue
			}
			w.walkSubst(e.Index)
			k, ok := w.assocKey(e.Index)
			if !ok {
				v.dyn = true
				continue
			}
			set(k, val, dyn)
		}
	default:
		// m=v sets the element with key 0.
		val, dyn := "", false
		if a.Value != nil {
			val, dyn = w.wordString(a.Value, false)
		}
		set("0", val, dyn)
	}
	st.setVar(name, v)
}

// indirectName is the variable ${!n} names: the value of n when that is a
// known variable name.
func (w *walker) indirectName(n string) (string, bool) {
	v, ok := w.baseValue(n)
	if !ok || v.dyn || v.unset || len(v.vals) != 1 || !isName(v.vals[0]) {
		return "", false
	}
	return v.vals[0], true
}

// arithIndex is the value of a subscript: a number, or a variable (a[n],
// a[$n]) holding one.
func (w *walker) arithIndex(e syntax.ArithmExpr) (int, bool) {
	if i, ok := arithLit(e); ok {
		return i, true
	}
	wd, ok := e.(*syntax.Word)
	if !ok {
		return 0, false
	}
	name := wd.Lit()
	if name == "" && len(wd.Parts) == 1 {
		if pe, ok := wd.Parts[0].(*syntax.ParamExp); ok && pe.Short && pe.Param != nil {
			name = pe.Param.Value
		}
	}
	if !isName(name) {
		return 0, false
	}
	v, ok := w.baseValue(name)
	if !ok || v.dyn || v.unset || len(v.vals) != 1 {
		return 0, false
	}
	n, ok := atoiSmall(strings.TrimSpace(v.vals[0]))
	return n, ok
}

// arithAssign records what an arithmetic expression assigns: n=3 a known
// number, n+=1, n++ and the like a value only known at run time.
func (w *walker) arithAssign(e syntax.ArithmExpr) {
	var x syntax.ArithmExpr
	known, val := false, 0
	switch a := e.(type) {
	case *syntax.BinaryArithm:
		switch a.Op {
		case syntax.Assgn:
			val, known = arithLit(a.Y)
		case syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
			syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		default:
			return
		}
		x = a.X
	case *syntax.UnaryArithm:
		if a.Op != syntax.Inc && a.Op != syntax.Dec {
			return
		}
		x = a.X
	default:
		return
	}
	wd, ok := x.(*syntax.Word)
	if !ok {
		return
	}
	name := wd.Lit()
	if i := strings.IndexByte(name, '['); i > 0 {
		name = name[:i]
		known = false
	}
	if !isName(name) {
		return
	}
	st := w.state()
	name = st.refTarget(name)
	if known {
		st.setScalar(name, itoa(val), false)
		return
	}
	st.setVar(name, shVar{vals: []string{"$" + name}, dyn: true})
}
