package shell

// nodeTakesValue reports whether node's long option opt takes its value in
// the next argument when not given with "=": node's spec says so (the
// inline-code reader walks node's argv itself, for -e/-p code and -pe).
// An option the spec does not list takes none, as node reads an option it
// does not know (it refuses to start).
func nodeTakesValue(opt string) bool {
	opts, _ := SpecFor("node").findLong(opt)
	for _, o := range opts {
		if o.valueOf(opt) == valueRequired || o.valueOf(opt) == valueMulti {
			return true
		}
	}
	return false
}
