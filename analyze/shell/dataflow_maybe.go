package shell

import (
	"mvdan.cc/sh/v3/syntax"
)

// Values a variable may hold. Where branches meet (the two sides of && or
// ||, the arms of an if or a case, a loop body that runs zero or more
// times) a variable assigned on only some paths is unknown there, but not
// unconstrained: "cd / && x=usr; rm -rf "$x"" deletes /usr whenever the
// cd succeeded. The merged variable keeps the known values of its paths
// (shVar.maybe), and a command that uses it is judged again with each of
// them: a destructive operand that may be /usr is judged as /usr.

// maxMaybe bounds the values one variable may hold and the commands judged
// again for one simple command.
const maxMaybe = 4

// maybeValues returns the known values name has in the states (a known
// scalar, or the values it may hold), without duplicates, at most
// maxMaybe; nil when none is known.
func maybeValues(name string, states []*shState) []string {
	var out []string
	add := func(s string) {
		for _, o := range out {
			if o == s {
				return
			}
		}
		if len(out) < maxMaybe {
			out = append(out, s)
		}
	}
	for _, s := range states {
		if s == nil {
			continue
		}
		v, ok := s.vars[name]
		if !ok || v.array || v.assoc || v.ref != "" || v.unset {
			continue
		}
		if !v.dyn && len(v.vals) == 1 {
			add(v.vals[0])
			continue
		}
		for _, m := range v.maybe {
			add(m)
		}
	}
	return out
}

// setUnknown makes name a variable whose value is only known at run time,
// which may be one of maybe.
func (st *shState) setUnknown(name string, maybe []string) {
	st.setVar(name, shVar{vals: []string{"$" + name}, dyn: true, maybe: maybe})
	if len(maybe) > 0 && st.work != nil {
		st.work.maybes = true
	}
}

// keepMaybe records, for each variable a loop made unknown (see
// loopUnknowns), the values it had before the loop and after a walk of its
// body: after the loop it may hold either.
func (st *shState) keepMaybe(before, body *shState) {
	for k, v := range st.vars {
		if !v.dyn || len(v.maybe) > 0 || v.array {
			continue
		}
		if m := maybeValues(k, []*shState{before, body}); len(m) > 0 {
			st.setUnknown(k, m)
		}
	}
}

// maybeJudge judges c again for each value a variable its words use may
// hold (see shState.merge): the handlers of its program report what it
// does with that value, in each directory it may run in. Words with
// substitutions are not expanded again (they would run twice).
func (w *walker) maybeJudge(ce *syntax.CallExpr, argv []string, c *Cmd) {
	if c == nil || len(c.Args) >= len(argv) {
		return
	}
	if len(handlers()[c.Name]) == 0 && !dynamicName(c) {
		return
	}
	choices := w.maybeChoices(ce.Args)
	if len(choices) == 0 {
		return
	}
	// c's words are the last of argv (the wrappers before it took the
	// first); a command built otherwise (env -S, xargs) is left alone.
	at := len(argv) - len(c.Args)
	for i, a := range c.Args {
		if argv[at+i] != a {
			return
		}
	}
	for _, ch := range choices {
		saved := w.st
		w.st = saved.clone()
		w.st.setScalar(ch.name, ch.val, false)
		w.activate()
		var alt []string
		var altDyn []bool
		for _, word := range ce.Args {
			fields, d, _ := w.wordFields(word)
			for _, f := range fields {
				alt = append(alt, f)
				altDyn = append(altDyn, d)
			}
		}
		w.st = saved
		w.activate()
		if dynamicName(c) {
			// c="rm -rf /"; $c (or eval "$c"): with this value the words
			// name a program; judge the command they make.
			if len(alt) > 0 && !altDyn[0] {
				w.r.commandWords(alt, altDyn, w.parent, "judged again with $"+ch.name+" = "+truncateText(ch.val, 60))
				w.activate()
			}
			continue
		}
		if len(alt) != len(argv) || alt[at-1] != argv[at-1] {
			continue // the value changed the words' number or the program
		}
		a := *c
		a.Args, a.Dynamic, a.argv = alt[at:], altDyn[at:], nil
		w.r.trace("judged again with $" + ch.name + " = " + truncateText(ch.val, 60))
		for _, h := range handlers()[c.Name] {
			h(&a, w.r)
		}
		w.altJudge(&a)
	}
}

// maybeChoice is one value a variable may hold.
type maybeChoice struct{ name, val string }

// maybeChoices lists the values the variables words use may hold (at most
// maxMaybe); none when a word holds a substitution, which would run again
// if the words were expanded again.
func (w *walker) maybeChoices(words []*syntax.Word) []maybeChoice {
	st := w.state()
	var choices []maybeChoice
	pure := true
	for _, word := range words {
		syntax.Walk(word, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
				pure = false
				return false
			case *syntax.ParamExp:
				if x.Param == nil {
					return true
				}
				v, ok := st.lookup(x.Param.Value)
				if !ok || !v.dyn || len(v.maybe) == 0 {
					return true
				}
				for _, m := range v.maybe {
					if len(choices) < maxMaybe {
						choices = append(choices, maybeChoice{st.refTarget(x.Param.Value), m})
					}
				}
			}
			return true
		})
	}
	if !pure {
		return nil
	}
	return choices
}

// maybeOfWord returns the known values word may expand to, one for each
// value a variable it uses may hold (y="$x/lib" after x was set on some
// paths only).
func (w *walker) maybeOfWord(word *syntax.Word) []string {
	choices := w.maybeChoices([]*syntax.Word{word})
	var out []string
	for _, ch := range choices {
		saved := w.st
		w.st = saved.clone()
		w.st.setScalar(ch.name, ch.val, false)
		w.activate()
		v, dyn := w.wordString(word, false)
		w.st = saved
		w.activate()
		if !dyn {
			out = append(out, v)
		}
	}
	return out
}
