package guard

import (
	"path"
	"strings"
	"sync"

	"github.com/actionguard/actionguard/analyze/privacy"
	"github.com/actionguard/actionguard/analyze/tools"
)

// "Reply to the landlord": a recipient the user named by the message an
// earlier tool result showed (analyze/privacy.Refers). Only the results of
// tools that read messages or contacts count — a mailbox, a chat, an
// address book, a mail file — not a web page or a command's output, whose
// text anyone may have written to look like a message's headers.

// maxReferResults is how many of the session's latest results are read.
const maxReferResults = 8

// referredTest returns, once per evaluation, the test of whether an
// address is the sender of a message the user asked to reply to, or nil.
func (e *evaluation) referredTest() func(string) bool {
	if e.referredDone {
		return e.referred
	}
	e.referredDone = true
	msgs := e.a.Context.UserMessages
	h := e.a.Context.History
	if len(msgs) > privacy.MaxUserMessages {
		msgs = msgs[len(msgs)-privacy.MaxUserMessages:]
	}
	if len(h) == 0 || !privacy.MayRefer(msgs) {
		return nil
	}
	asks, _ := tools.Requests(msgs)
	var results []privacy.Result
	for i := len(h) - 1; i >= 0 && len(results) < maxReferResults; i-- {
		s := &h[i]
		if s.Observation == "" || !s.Ran() || !readsMessages(s) {
			continue
		}
		results = append(results, privacy.Result{Text: s.Observation, Fingerprints: s.Fingerprints})
	}
	if len(results) == 0 {
		return nil
	}
	// Oldest first, as privacy.Refers reads them.
	for i, j := 0, len(results)-1; i < j; i, j = i+1, j-1 {
		results[i], results[j] = results[j], results[i]
	}
	e.referred = privacy.Refers(asks, results, e.g.fpKey)
	return e.referred
}

// messageWords are the words of a tool's name that say it reads messages
// or contacts.
var messageWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"mail": true, "email": true, "emails": true, "gmail": true, "inbox": true, "mailbox": true,
		"message": true, "messages": true, "msg": true, "outlook": true, "imap": true, "thread": true, "threads": true,
		"conversation": true, "conversations": true, "contact": true, "contacts": true, "people": true, "sms": true, "chat": true,
		"slack": true, "teams": true, "discord": true, "telegram": true, "whatsapp": true, "mattermost": true, "zulip": true}
})

// mailPrograms read a mailbox from a shell.
var mailPrograms = []string{"himalaya", "mutt", "neomutt", "notmuch", "aerc", "mailx", "mu", "gmail", "gog", "mblaze", "mshow"}

// readsMessages reports whether a step's tool reads messages or contacts:
// its name says so, or it reads a mail file, or a shell runs a mail client.
func readsMessages(s *Step) bool {
	for _, w := range SplitName(s.Tool) {
		if messageWords()[w] {
			return true
		}
	}
	switch strings.ToLower(s.Tool) {
	case "read", "read_file", "view":
		p, _ := s.Input["file_path"].(string)
		if p == "" {
			p, _ = s.Input["path"].(string)
		}
		switch strings.ToLower(path.Ext(p)) {
		case ".eml", ".mbox", ".msg", ".vcf":
			return true
		}
	case "bash", "shell", "run_shell_command", "exec_command":
		cmd, _ := s.Input["command"].(string)
		if f := strings.Fields(cmd); len(f) > 0 {
			prog := path.Base(f[0])
			for _, m := range mailPrograms {
				if prog == m {
					return true
				}
			}
		}
	}
	return false
}
