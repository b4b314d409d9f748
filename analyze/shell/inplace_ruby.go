package shell

// rubyInPlaceHandler: ruby -i (with -p or -n and -e code) rewrites the
// files it names in place, as sed -i and perl -i do: a write of each.
func rubyInPlaceHandler(c *Cmd, r *report) {
	inPlace, loop, code := false, false, false
	var files []string
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if a == "--" {
			files = append(files, c.Args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			if len(a) >= 2 && a[1] == '-' {
				continue // --long options take no operand here
			}
			if !code {
				return // ruby FILE: a script, not -e
			}
			files = append(files, a)
			continue
		}
	cluster:
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'i':
				inPlace = true
				break cluster // the rest is the backup suffix
			case 'p', 'n':
				loop = true
			case 'e':
				code = true
				if j+1 == len(a) {
					i++ // the code is the next word
				}
				break cluster
			case 'r', 'I', 'C', 'E', 'F', 'K', 'T', 'x', '0', 'W':
				if j+1 == len(a) && (a[j] == 'r' || a[j] == 'I' || a[j] == 'C' || a[j] == 'E') {
					i++
				}
				break cluster // takes the rest of the word
			}
		}
	}
	if !inPlace || !loop || !code {
		return
	}
	r.mutates()
	for _, f := range files {
		writeTarget(c, r, f, writeEdit)
	}
}

// atk9Handlers are the handlers added for the attack round of issue 17.
func atk9Handlers() map[string][]handler {
	return map[string][]handler{
		"start-stop-daemon": {startStopDaemonHandler},
	}
}
