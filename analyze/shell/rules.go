package shell

import (
	"sort"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// coreRules are the rules of the core families (filesystem, git, execution,
// credentials, permissions), listed explicitly.
var coreRules = []*rule.Rule{
	ruleRmRoot, ruleRmHome, ruleRmSystem, ruleRmSystemFile, ruleRmOutside, ruleRmWorkspace, ruleRmGit, ruleRmRecursive, ruleRmTree, ruleRmMatching, ruleLocalSystem,
	ruleRmUnsetVar, ruleRmBuildOutput, ruleRmFile, ruleRmHomeFile, ruleRmDynamic, ruleRmData, ruleDiskWipe, ruleShred, ruleTruncate,
	ruleOverwriteSystem, ruleWriteAuth, ruleWriteStartup, ruleWriteAutorun, ruleWriteProjectAutorun, ruleWriteCredential, ruleWriteGitHooks, ruleWriteCI, ruleWriteAgentSettings, ruleWriteOutside,
	ruleWorldWritable, ruleWorldWritableRecursive, ruleOpenSystem, ruleSetuid, ruleChownSystem, ruleCredentialExposed, ruleChattr,
	ruleGitPushForceProtected, ruleGitPushDeleteProtected, ruleGitPushForce, ruleGitPushDelete, ruleGitResetHard, ruleGitResetMerge, ruleGitResetKeep, ruleGitClean, ruleGitDiscard,
	ruleGitBranchForceDelete, ruleGitMoveRef, ruleGitStashDrop, ruleGitRewriteHistory, ruleGitReflogExpire, ruleGitUpdateRefDelete, ruleGitNoVerify,
	ruleGitConfigExec, ruleGitWorktreeForce, ruleGitSubmoduleDeinit,
	ruleSudo, ruleSudoRead, ruleSudoRmRf, ruleRootShell, ruleRemoteExec, ruleRemoteExecRoot, rulePipeToShell, ruleObfuscated, ruleEvalDynamic,
	ruleDynamicCommand, ruleNestingTooDeep, ruleHistoryWipe, ruleForkBomb, rulePathHijack, rulePreload, ruleCredentialRead,
	ruleCredentialExfil, ruleReverseShell, ruleDevTCP, ruleInlineExec, ruleInlineDelete, ruleInlineDeleteTree, ruleInlineNetwork, ruleHistoryCommand,
}

// Rules returns every rule of the shell analyzer, sorted by id.
func Rules() []*rule.Rule {
	var all []*rule.Rule
	all = append(all, coreRules...)
	all = append(all, infraRules...)
	all = append(all, serviceRules...)
	all = append(all, selfRules...)
	all = append(all, schedRules...)
	all = append(all, ruleWinDownload, ruleWinRecoveryWipe, ruleSpelledPath)
	all = append(all, ruleFeedUnknown, ruleFeedNetwork, ruleTooComplex, ruleArriveUnseen, ruleGitPullSettings, ruleSelfLinkUnknown)
	all = append(all, ruleSelfDatabaseUnknown, ruleSelfServerUnknown) // self_feeds.go
	all = append(all, deleteScopeRules...)
	all = append(all, exposeRules...)
	all = append(all, exposeMachineRules...)
	all = append(all, persistMoreRules...)
	all = append(all, elsewhereRules...)
	all = append(all, secretStoreRules...)
	all = append(all, buildExecRules...)
	all = append(all, gitRedirectRules...)
	all = append(all, destRules...)
	all = append(all, repoOutRules...)
	all = append(all, execProgramRules...)
	all = append(all, ruleTLSOff)
	all = append(all, atk9Rules...)
	all = append(all, atk10Rules...)
	all = append(all, runsToldRules...)
	all = append(all, macRules...)
	all = append(all, ruleRunsElsewhere)
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}

// coreHandlers maps the core families' programs to their handlers.
func coreHandlers() map[string][]handler {
	m := map[string][]handler{
		"rimraf": {deleteToolHandler}, "del-cli": {deleteToolHandler}, "trash-cli": {deleteToolHandler}, "trash-put": {deleteToolHandler}, "trash": {deleteToolHandler}, "gio": {deleteToolHandler}, "gvfs-rm": {deleteToolHandler}, "gvfs-trash": {deleteToolHandler}, "tar": {deleteToolHandler, extractHandler}, "bsdtar": {deleteToolHandler, extractHandler}, "gtar": {deleteToolHandler, extractHandler}, "unzip": {extractHandler}, "zip": {deleteToolHandler},
		"rm": {rmHandler}, "unlink": {rmHandler}, "shred": {rmHandler}, "srm": {rmHandler}, "wipe": {rmHandler},
		"find": {findHandler}, "dd": {ddHandler, credentialHandler}, "truncate": {truncateHandler}, "fallocate": {fallocateHandler}, "sponge": {spongeHandler}, "yq": {yqInPlaceHandler},
		"awk": {awkInPlaceHandler}, "gawk": {awkInPlaceHandler},
		"cp": {copyHandler, credentialHandler}, "mv": {copyHandler}, "install": {copyHandler, credentialHandler}, "ln": {copyHandler}, "gcp": {copyHandler, credentialHandler}, "gmv": {copyHandler},
		"tee": {teeHandler}, "sed": {sedHandler, credentialHandler}, "uniq": {outputOperandHandler}, "xxd": {outputOperandHandler}, "openssl": {outputOperandHandler},
		"chmod": {chmodHandler}, "chown": {chmodHandler}, "chgrp": {chmodHandler}, "chattr": {chmodHandler}, "setcap": {chmodHandler},
		"git": {gitHandler}, "ssh": {sshHandler}, "history": {historyHandler}, "set": {setHandler}, "unset": {unsetHandler},
	}
	for _, d := range []string{"mkfs", "mke2fs", "mkswap", "wipefs", "fdisk", "sfdisk", "gdisk", "sgdisk", "cfdisk", "parted", "diskutil", "zpool", "zfs", "lvremove", "vgremove", "pvremove", "blkdiscard", "mkntfs", "mkdosfs", "mkfs.ext4", "mkfs.ext3", "mkfs.ext2", "mkfs.xfs", "mkfs.btrfs", "mkfs.vfat", "mkfs.fat", "mkfs.ntfs", "mkfs.exfat", "mkfs.f2fs"} {
		m[d] = append(m[d], diskHandler)
	}
	for _, d := range []string{"cryptsetup", "nvme", "hdparm", "btrfs"} {
		m[d] = append(m[d], diskEraseHandler)
	}
	for _, name := range treeReaders {
		m[name] = append(m[name], treeReadHandler)
	}
	for name, reads := range credentialReaders {
		if reads && name != "cp" && name != "dd" && name != "install" && name != "sed" {
			m[name] = append(m[name], credentialHandler)
		}
	}
	return m
}

var ruleHistoryCommand = &rule.Rule{
	ID: "shell.evasion.history-command", Category: rule.Obfuscation, Points: 90,
	Summary: "Clears or rewrites the shell's history list.",
	Match:   []string{"history -w /dev/null"},
	NoMatch: []string{"history", "history 20"},
}

func historyHandler(c *Cmd, r *report) {
	if c.Has("-c") {
		r.add(c.find(ruleHistoryWipe, "Clears the shell history."))
		r.mutates()
		return
	}
	if v, ok := c.Flag("-w"); ok && v == "/dev/null" {
		r.add(c.find(ruleHistoryCommand, "Overwrites the history file with nothing."))
		r.mutates()
	}
}

func setHandler(c *Cmd, r *report) {
	for i, a := range c.Args {
		if a == "+o" && i+1 < len(c.Args) && c.Args[i+1] == "history" {
			r.add(c.find(ruleHistoryWipe, "Switches off the shell history."))
		}
	}
}

func unsetHandler(c *Cmd, r *report) {
	for _, a := range c.Args {
		if a == "HISTFILE" {
			r.add(c.find(ruleHistoryWipe, "Switches off the shell history (unset HISTFILE)."))
		}
	}
}

// lexical is the fallback for input the parser rejects: it splits the text
// at command separators, removes quotes naively and analyses each piece, so
// that "rm -rf / 'unterminated" is still seen for what it is.
func (r *report) lexical(src string, parent *Cmd, depth int) {
	if len(src) > 64<<10 {
		src = src[:64<<10]
	}
	w := &walker{r: r, depth: depth, parent: parent, sudo: parent != nil && parent.Sudo}
	for _, seg := range splitSegments(src) {
		argv := lexWords(seg)
		if len(argv) == 0 {
			continue
		}
		// Leading assignments.
		for len(argv) > 0 && strings.Contains(argv[0], "=") && !strings.HasPrefix(argv[0], "-") && !strings.HasPrefix(argv[0], "=") {
			argv = argv[1:]
		}
		if len(argv) == 0 {
			continue
		}
		w.run(argv, make([]bool, len(argv)), make([]stream, len(argv)), stream{}, truncateText(strings.TrimSpace(seg), 200), "", nil)
	}
}

// splitSegments cuts text at ; & | newlines and parentheses outside quotes.
func splitSegments(s string) []string {
	var out []string
	var quote byte
	start := 0
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
			} else if ch == '\\' && quote == '"' {
				i++
			}
		case ch == '\'' || ch == '"':
			quote = ch
		case ch == '\\':
			i++
		case ch == ';' || ch == '&' || ch == '|' || ch == '\n' || ch == '(' || ch == ')' || ch == '`' || ch == '{' || ch == '}':
			out = append(out, s[start:i])
			start = i + 1
		}
		if len(out) > 512 {
			break
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// lexWords splits a segment into words, removing quotes and backslashes.
func lexWords(s string) []string {
	var w wordBuf
	var quote byte
	for i := 0; i < len(s) && len(w.words) <= 256; i++ {
		ch := s[i]
		switch {
		case quote != 0:
			if ch == quote {
				quote = 0
				continue
			}
			w.cur.WriteByte(ch)
		case ch == '\'' || ch == '"':
			quote = ch
			w.in = true
		case ch == '\\' && i+1 < len(s):
			i++
			w.add(s[i])
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '<' || ch == '>':
			w.end()
		case ch == '$' && strings.HasPrefix(s[i:], "$IFS"):
			w.end()
			i += 3
		case ch == '$' && strings.HasPrefix(s[i:], "${IFS}"):
			w.end()
			i += 5
		default:
			w.add(ch)
		}
	}
	w.end()
	return w.words
}

// wordBuf collects the words of a lexer a byte at a time; in says a word
// has begun (an empty pair of quotes begins one).
type wordBuf struct {
	words []string
	cur   strings.Builder
	in    bool
}

// add adds ch to the current word.
func (w *wordBuf) add(ch byte) {
	w.cur.WriteByte(ch)
	w.in = true
}

// end ends the current word, if one has begun.
func (w *wordBuf) end() {
	if w.in {
		w.words = append(w.words, w.cur.String())
		w.cur.Reset()
		w.in = false
	}
}
