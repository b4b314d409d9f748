package shell

import "strings"

// clusterSyntax is how an interpreter that edits files in place (perl,
// ruby) reads its words of clustered one-letter switches, such as
// -i.bak -pe CODE. The letter i is -i everywhere: the rest of its word is
// the backup suffix.
type clusterSyntax struct {
	code       string // letters whose value is program text: the rest of the word, or the next word
	rest       string // letters that take the rest of the word as their value
	restOrNext string // the letters of rest that take the next word when the rest is empty
	longWords  bool   // --name is a long option with no operand (ruby), not a cluster
}

// clusterArgs is what a scan of an interpreter's arguments found.
type clusterArgs struct {
	seen    [256]bool // the switch letters given
	code    bool      // a code letter was given
	scripts []string  // the program text of each code switch
	files   []string  // the operands after the code: the files it reads or edits
}

// scanClusters reads args as syn says. It reports false when a plain
// word comes before any code: the interpreter runs that file as its
// script, and no -e code is there to judge.
func scanClusters(args []string, syn clusterSyntax) (clusterArgs, bool) {
	var got clusterArgs
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			got.files = append(got.files, args[i+1:]...)
			break
		}
		if syn.longWords && len(a) >= 2 && a[0] == '-' && a[1] == '-' {
			continue // --long options take no operand here
		}
		if len(a) < 2 || a[0] != '-' {
			if !got.code {
				return got, false
			}
			got.files = append(got.files, a)
			continue
		}
		i = scanCluster(args, i, syn, &got)
	}
	return got, true
}

// scanCluster reads the switch word args[i] into got and returns the index
// of the last word it used (i, or i+1 when a switch took the next word).
func scanCluster(args []string, i int, syn clusterSyntax, got *clusterArgs) int {
	a := args[i]
	for j := 1; j < len(a); j++ {
		letter := a[j]
		got.seen[letter] = true
		switch {
		case letter == 'i':
			return i // the rest is the backup suffix
		case strings.IndexByte(syn.code, letter) >= 0:
			got.code = true
			if j+1 < len(a) {
				got.scripts = append(got.scripts, a[j+1:])
			} else if i+1 < len(args) {
				i++ // the code is the next word
				got.scripts = append(got.scripts, args[i])
			}
			return i
		case strings.IndexByte(syn.rest, letter) >= 0:
			if j+1 == len(a) && strings.IndexByte(syn.restOrNext, letter) >= 0 {
				i++
			}
			return i // takes the rest of the word
		}
	}
	return i
}
