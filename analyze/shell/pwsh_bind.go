package shell

import "strings"

// psSpec is what PowerShell knows of a cmdlet's parameters, and how the
// cmdlet is written as a POSIX command.
type psSpec struct {
	params   []string          // names, lower case; an ambiguous prefix takes the first of them
	switches map[string]bool   // parameters that take no value
	pos      []string          // the positional parameters in order
	aliases  map[string]string // documented parameter aliases
	// posixAlias are the cmdlet's aliases named like POSIX programs (rm,
	// cp, ls…): given options that are not the cmdlet's, they are read as
	// the program.
	posixAlias map[string]bool
	tr         func(t *psTr, b *psBound) string
}

// psBound are a command's parameters bound as PowerShell binds them.
type psBound struct {
	vals    map[string][]psWord
	on      map[string]bool // switches given (and not -Switch:$false)
	foreign []psWord        // parameters the cmdlet does not have
	piped   bool            // the command reads the previous command's output
	splat   bool            // @args: parameters only known when it runs
}

// text returns the first value of a parameter, or "".
func (b *psBound) text(name string) string {
	if v := b.vals[name]; len(v) > 0 {
		return v[0].text
	}
	return ""
}

// psCommon are the parameters every cmdlet has.
var psCommon = []string{"whatif", "confirm", "verbose", "debug", "erroraction", "warningaction", "informationaction", "errorvariable",
	"warningvariable", "informationvariable", "outvariable", "outbuffer", "pipelinevariable", "progressaction"}

var psCommonSwitch = map[string]bool{"whatif": true, "confirm": true, "verbose": true, "debug": true}

var psCommonAlias = map[string]string{"wi": "whatif", "cf": "confirm", "vb": "verbose", "db": "debug", "ea": "erroraction", "wa": "warningaction",
	"infa": "informationaction", "ev": "errorvariable", "wv": "warningvariable", "iv": "informationvariable", "ov": "outvariable", "ob": "outbuffer",
	"pv": "pipelinevariable", "proga": "progressaction"}

// resolve returns the parameter a name (or a prefix of it) selects.
func (s *psSpec) resolve(n string) (string, bool) {
	n = strings.ToLower(n)
	if a, ok := s.aliases[n]; ok {
		return a, true
	}
	if a, ok := psCommonAlias[n]; ok {
		return a, true
	}
	var found string
	for _, list := range [][]string{s.params, psCommon} {
		for _, p := range list {
			if p == n {
				return p, true
			}
			if found == "" && strings.HasPrefix(p, n) {
				// PowerShell refuses an ambiguous prefix; the first in
				// the list (the one that does most) is taken, to err
				// on the safe side.
				found = p
			}
		}
	}
	return found, found != ""
}

// bind binds a command's words to the cmdlet's parameters.
func (t *psTr) bind(s *psSpec, words []psWord, piped bool) *psBound {
	b := &psBound{vals: map[string][]psWord{}, on: map[string]bool{}, piped: piped}
	next := 0
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w.kind == psOpt {
			name, ok := s.resolve(w.text)
			if !ok {
				b.foreign = append(b.foreign, w)
				continue
			}
			if s.switches[name] || psCommonSwitch[name] {
				on := true
				if w.value != nil {
					v := strings.ToLower(w.value.text)
					on = v != "false" && v != "0" && v != ""
				}
				b.on[name] = on
				continue
			}
			switch {
			case w.value != nil:
				b.vals[name] = append(b.vals[name], *w.value)
			case i+1 < len(words):
				i++
				b.vals[name] = append(b.vals[name], words[i])
			}
			continue
		}
		if w.kind == psExpr && strings.HasPrefix(w.raw, "@") && !strings.HasPrefix(w.raw, "@(") && !strings.HasPrefix(w.raw, "@'") && !strings.HasPrefix(w.raw, `@"`) {
			b.splat = true
			continue
		}
		for next < len(s.pos) && len(b.vals[s.pos[next]]) > 0 {
			next++
		}
		if next < len(s.pos) {
			b.vals[s.pos[next]] = append(b.vals[s.pos[next]], w)
			next++
			continue
		}
		// More values than positions: the last takes them (an array).
		if len(s.pos) > 0 {
			last := s.pos[len(s.pos)-1]
			b.vals[last] = append(b.vals[last], w)
		}
	}
	return b
}

// psSwitches builds a set.
func psSet(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
