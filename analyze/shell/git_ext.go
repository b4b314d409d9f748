package shell

import "strings"

// extShellWords is a second reading of an ext:: address's command, the
// one its author most likely meant when it escapes spaces with a
// backslash ("ext::sh -c rm\ -rf\ ~"): git only knows "% " as an escaped
// space, so it runs sh -c 'rm\' and fails, but the command is judged as
// written too, which can only be stricter. ok is false when the address
// has no backslash-escaped space.
func extShellWords(s string) (words []string, ok bool) {
	if !strings.Contains(s, `\ `) {
		return nil, false
	}
	words = extSplit(s, true)
	return words, len(words) > 0
}
