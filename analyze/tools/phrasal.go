package tools

// phrasal reads a verb of two or three words as the one verb it means:
// get_rid_of_files removes them, throw_away_drafts trashes them,
// take_down_post removes it. Without it the first word (get, throw, take)
// would decide, and a deletion would read as a lookup.
func phrasal(words []string) []string {
	for i := 0; i < len(words); i++ {
		one, n := phrasalVerb(words[i:])
		if n == 0 {
			continue
		}
		words[i] = one
		words = append(words[:i+1], words[i+n:]...)
	}
	return words
}

// phrasalVerb returns the verb the words at the start of ws make and how
// many words it takes, or 0.
func phrasalVerb(ws []string) (string, int) {
	if len(ws) < 2 {
		if len(ws) == 1 && (ws[0] == "nuke" || ws[0] == "obliterate") {
			return "destroy", 1
		}
		return "", 0
	}
	switch ws[0] + " " + ws[1] {
	case "get rid", "got rid", "getting rid":
		if len(ws) > 2 && ws[2] == "of" {
			return "remove", 3
		}
		return "remove", 2
	case "throw away", "throw out", "toss out", "bin all":
		return "trash", 2
	case "wipe out", "clean out", "blow away", "wipe clean":
		return "wipe", 2
	case "take down", "pull down":
		return "remove", 2
	case "shut down", "power off", "power down":
		return "shutdown", 2
	case "hand over", "give away":
		return "transfer", 2
	case "kick out":
		return "revoke", 2
	}
	if ws[0] == "nuke" || ws[0] == "obliterate" {
		return "destroy", 1
	}
	return "", 0
}
