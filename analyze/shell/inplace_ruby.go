package shell

// rubyInPlaceHandler: ruby -i (with -p or -n and -e code) rewrites the
// files it names in place, as sed -i and perl -i do: a write of each.
func rubyInPlaceHandler(c *Cmd, r *report) {
	got, ok := scanClusters(c.Args, rubySwitches)
	if !ok || !got.seen['i'] || !(got.seen['p'] || got.seen['n']) || !got.code {
		return // ruby FILE runs a script, not -e code
	}
	r.mutates()
	for _, f := range got.files {
		writeTarget(c, r, f, writeEdit)
	}
}

// rubySwitches: -e is code; -r, -I, -C and -E take a value, in the word
// or the next; the others of the list take the rest of their word.
var rubySwitches = clusterSyntax{code: "e", rest: "rICEFKTx0W", restOrNext: "rICE", longWords: true}

// atk9Handlers are the handlers added for the attack round of issue 17.
func atk9Handlers() map[string][]handler {
	return map[string][]handler{
		"start-stop-daemon": {startStopDaemonHandler},
	}
}
