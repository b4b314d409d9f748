package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Backups and sync: rclone, restic, borg, velero, rsync. Backups are the
// last copy of something: deleting or pruning them weighs more than the
// routine backup, list and check commands, which are not reported.

var (
	rcloneSync = &rule.Rule{
		ID:          "shell.rclone.sync",
		Summary:     "Makes the destination identical to the source: files at the destination that are not in the source are deleted.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "Run it with --dry-run first, or use `rclone copy` (which deletes nothing) or --backup-dir to keep what would be deleted.",
		Match:       []string{"rclone sync /empty remote:important-bucket", "rclone sync /src remote:bucket --delete-after", "rclone bisync /src remote:bucket --resync"},
		NoMatch:     []string{"rclone sync /src remote:bucket --dry-run", "rclone copy /src remote:bucket", "rclone sync -n /src remote:bucket"},
	}
	rcloneDelete = &rule.Rule{
		ID:          "shell.rclone.delete",
		Summary:     "Deletes files on an rclone remote (delete, deletefile, purge, cleanup, dedupe).",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`rclone ls REMOTE:PATH` shows what is there; add --dry-run to see what would go.",
		Match:       []string{"rclone delete remote:important-bucket/path", "rclone deletefile remote:bucket/file.txt", "rclone purge remote:important-bucket", "rclone cleanup remote:bucket", "rclone dedupe --dedupe-mode newest remote:dir"},
		NoMatch:     []string{"rclone ls remote:important-bucket", "rclone delete remote:bucket/path --dry-run", "rclone dedupe --dedupe-mode list remote:dir"},
	}
	rcloneMove = &rule.Rule{
		ID:          "shell.rclone.move",
		Summary:     "Moves files with rclone: the source copies are deleted once transferred.",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "`rclone copy`, then `rclone check`, then delete the source.",
		Match:       []string{"rclone move /src remote:important-bucket", "rclone moveto remote:a/file remote:b/file"},
		NoMatch:     []string{"rclone copyto remote:a/file remote:b/file"},
	}
	rcloneRmdir = &rule.Rule{
		ID:          "shell.rclone.rmdir",
		Summary:     "Removes empty directories on an rclone remote.",
		Points:      infraCreate,
		Category:    rule.Destructive,
		Alternative: "`rclone lsd REMOTE:PATH` shows the directories first; rmdir only removes empty ones.",
		Match:       []string{"rclone rmdir remote:important-bucket/old", "rclone rmdirs remote:bucket/tmp"},
		NoMatch:     []string{"rclone lsd remote:", "rclone mkdir remote:bucket/new"},
	}

	resticForget = &rule.Rule{
		ID:          "shell.restic.forget",
		Summary:     "Removes restic snapshots (or a repository key): the backups they point to can no longer be restored.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "Run with --dry-run to list what would be removed; keep a generous --keep-* policy.",
		Match:       []string{"restic forget bdbd3439", "restic forget --keep-last 3", "restic key remove 5c657874", "restic repair snapshots --forget"},
		NoMatch:     []string{"restic snapshots", "restic forget --keep-last 3 --dry-run", "restic key list"},
	}
	resticPrune = &rule.Rule{
		ID:          "shell.restic.prune",
		Summary:     "Deletes restic backup data that no snapshot references, for good.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`restic prune --dry-run` shows what would be deleted; check the snapshots you keep first.",
		Match:       []string{"restic prune", "restic forget --keep-last 1 --prune", "restic prune --max-unused 0"},
		NoMatch:     []string{"restic prune --dry-run", "restic check", "restic stats"},
	}
	resticRemoveAll = &rule.Rule{
		ID:          "shell.restic.remove-all",
		Summary:     "Lets restic remove every snapshot of the repository (--unsafe-allow-remove-all).",
		Points:      infraAdmin,
		Category:    rule.Destructive,
		Alternative: "Keep at least one snapshot (--keep-last 1) and run with --dry-run first.",
		Match:       []string{"restic forget --tag prod --unsafe-allow-remove-all"},
		NoMatch:     []string{"restic forget --tag prod --keep-last 1"},
	}
	resticRewrite = &rule.Rule{
		ID:          "shell.restic.rewrite",
		Summary:     "Rewrites restic snapshots or repairs the repository's index or data.",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "Run with --dry-run first where the command offers it.",
		Match:       []string{"restic rewrite --exclude secrets.txt", "restic repair index", "restic migrate upgrade_repo_v2"},
		NoMatch:     []string{"restic rewrite --exclude secrets.txt --dry-run", "restic backup /srv/data"},
	}

	borgDelete = &rule.Rule{
		ID:          "shell.borg.delete",
		Summary:     "Deletes borg archives, or a whole borg repository.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`borg delete --dry-run --list` shows what would go; `borg list` shows what exists.",
		Match:       []string{"borg delete repo::archive", "borg delete ::archive-2024-01-01", "borg delete -a 'sh:host-*'", "borg delete /backups/repo", "borg repo-delete", "borg rdelete", "borg delete --cache-only"},
		NoMatch:     []string{"borg list repo", "borg delete --dry-run repo::archive", "borg info repo::archive"},
	}
	borgPrune = &rule.Rule{
		ID:          "shell.borg.prune",
		Summary:     "Deletes every borg archive that the --keep-* rules do not keep.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "`borg prune --dry-run --list …` shows what would be deleted.",
		Match:       []string{"borg prune --keep-last 1 --keep-daily 7", "borg prune --keep-weekly 4 --keep-monthly 6 repo"},
		NoMatch:     []string{"borg prune --dry-run --keep-last 1 --list", "borg check repo"},
	}
	borgCompact = &rule.Rule{
		ID:          "shell.borg.compact",
		Summary:     "Frees the space of deleted borg archives for good, or rewrites archives (recreate).",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "`borg recreate --dry-run` shows what a recreate would change.",
		Match:       []string{"borg compact", "borg compact repo", "borg recreate repo::archive --exclude '*.tmp'"},
		NoMatch:     []string{"borg recreate --dry-run repo::archive --exclude '*.tmp'", "borg create repo::archive /srv/data"},
	}
	backupRestore = &rule.Rule{
		ID:          "shell.backup.restore",
		Summary:     "Restores files from a backup over what is on disk.",
		Points:      infraSmall,
		Category:    rule.Routine,
		Alternative: "Restore into an empty directory first and compare.",
		Match:       []string{"borg extract repo::archive", "restic restore latest --target /srv/restore"},
		NoMatch:     []string{"borg extract --dry-run repo::archive", "restic dump latest /etc/hosts"},
	}

	veleroDelete = &rule.Rule{
		ID:          "shell.velero.delete",
		Summary:     "Deletes Velero backups (the backup data and volume snapshots) or uninstalls Velero.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "`velero backup describe NAME` first; let expiry (--ttl) remove old backups.",
		Match:       []string{"velero backup delete daily-backup", "velero backup delete --all --confirm", "velero backup delete --selector env=prod --confirm", "velero snapshot delete --name snap-01", "velero delete backup nightly-1", "velero uninstall --force"},
		NoMatch:     []string{"velero backup get", "velero backup describe daily-backup", "velero get backups"},
	}
	veleroRemove = &rule.Rule{
		ID:          "shell.velero.remove",
		Summary:     "Deletes or pauses a Velero schedule, restore or storage location: future backups or their records are lost.",
		Points:      infraRemove,
		Category:    rule.Infrastructure,
		Alternative: "`velero schedule pause` can be undone with `unpause`; describe the object first.",
		Match:       []string{"velero schedule delete nightly", "velero restore delete restore-2025-01-01 --confirm", "velero backup-location delete aws", "velero schedule pause nightly"},
		NoMatch:     []string{"velero schedule get", "velero restore describe restore-2025-01-01"},
	}
	veleroRestore = &rule.Rule{
		ID:          "shell.velero.restore",
		Summary:     "Restores Kubernetes resources from a Velero backup into the cluster (heavier when it overwrites existing resources).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "Restore into a new namespace first (--namespace-mappings).",
		Match:       []string{"velero restore create --from-backup daily-backup", "velero create restore r1 --from-backup b1 --existing-resource-policy update"},
		NoMatch:     []string{"velero restore get"},
	}

	rsyncDelete = &rule.Rule{
		ID:          "shell.rsync.delete",
		Summary:     "Deletes files at the rsync destination that are not in the source (--delete and friends).",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "Run it with --dry-run (-n) first, or add --backup --backup-dir=… to keep what would be deleted.",
		Match: []string{
			"rsync -a --delete /src/ /dest/", "rsync -a --delete-after /src/ /dest/", "rsync -a --delete-excluded /src/ /dest/",
			"rsync -a --delete /src/ user@host:/dest/", "rsync -av --del src/ backup/",
		},
		NoMatch: []string{"rsync -a /src/ /dest/", "rsync -n -a --delete /src/ /dest/", "rsync -avn --delete src/ dst/", "rsync -a --delete --dry-run /src/ /dest/"},
	}
	rsyncRemoveSource = &rule.Rule{
		ID:          "shell.rsync.remove-source",
		Summary:     "Deletes the source files once rsync has transferred them.",
		Points:      infraChange,
		Category:    rule.Destructive,
		Alternative: "Copy first, check the copy, then delete the source yourself.",
		Match:       []string{"rsync -a --remove-source-files /src/ /dest/"},
		NoMatch:     []string{"rsync -a /src/ /dest/", "rsync -a --list-only user@host:/dest/"},
	}
)

var backupRules = []*rule.Rule{
	rcloneSync, rcloneDelete, rcloneMove, rcloneRmdir, resticForget, resticPrune, resticRemoveAll, resticRewrite,
	borgDelete, borgPrune, borgCompact, backupRestore, veleroDelete, veleroRemove, veleroRestore, rsyncDelete, rsyncRemoveSource,
}

func backupHandlers() map[string]handler {
	return map[string]handler{
		"rclone": rcloneHandler,
		"restic": resticHandler,
		"borg":   borgHandler,
		"borg2":  borgHandler,
		"velero": veleroHandler,
		"rsync":  rsyncHandler,
	}
}

func rcloneHandler(c *Cmd, r *report) {
	cmd, paths, ok := infraSubcommand(c)
	if !ok {
		return
	}
	if c.Has("--dry-run", "-n") {
		return
	}
	src, dst := firstOf(paths), lastOf(paths)
	switch cmd {
	case "sync", "bisync":
		r.mutates()
		msg := "Makes " + dst + " identical to " + src + ": every file in " + dst + " that is not in " + src + " is deleted."
		if cmd == "bisync" {
			msg = "Syncs " + src + " and " + dst + " both ways: deletions on either side are repeated on the other."
		}
		f := c.find(rcloneSync, msg, dst)
		if bd, ok := c.Flag("--backup-dir"); ok && bd != "" {
			f = f.WithPoints(infraCreate)
			f.Message += " They are moved to " + bd + " rather than deleted."
		}
		r.add(f)
	case "delete":
		r.mutates()
		r.add(c.find(rcloneDelete, "Deletes every file under "+infraList(paths)+".", paths...))
	case "deletefile":
		r.mutates()
		r.add(c.find(rcloneDelete, "Deletes the file "+infraList(paths)+".", paths...).WithPoints(infraRemove))
	case "purge":
		r.mutates()
		r.add(c.find(rcloneDelete, "Deletes "+infraList(paths)+" and everything in it, whatever the filters say.", paths...))
	case "cleanup":
		r.mutates()
		r.add(c.find(rcloneDelete, "Empties the trash and old file versions of "+infraList(paths)+": they cannot be recovered.", paths...).WithPoints(infraRemove))
	case "dedupe":
		mode, _ := c.Flag("--dedupe-mode")
		switch mode {
		case "list", "interactive", "skip":
			return
		}
		r.mutates()
		r.add(c.find(rcloneDelete, "Deletes duplicate files in "+infraList(paths)+" (keeping one of each).", paths...).WithPoints(infraRemove))
	case "move", "moveto":
		r.mutates()
		r.add(c.find(rcloneMove, "Moves "+src+" to "+dst+": the source files are deleted once copied.", src, dst))
	case "rmdir", "rmdirs":
		r.mutates()
		r.add(c.find(rcloneRmdir, "Removes the empty directories "+infraList(paths)+".", paths...))
	case "ls", "lsd", "lsl", "lsf", "lsjson", "size", "check", "cryptcheck", "cat", "about", "md5sum", "sha1sum", "hashsum",
		"tree", "ncdu", "version", "listremotes", "obscure", "reveal", "authorize", "gendocs", "checksum", "cryptdecode", "help":
		// reads
	case "config":
		if len(paths) > 0 && (paths[0] == "show" || paths[0] == "file" || paths[0] == "paths" || paths[0] == "providers" || paths[0] == "dump" || paths[0] == "redacted") {
			return
		}
		r.mutates()
	default:
		r.mutates() // copy, copyto, copyurl, mkdir, touch, rcat, mount, serve, link…
	}
}

func resticHandler(c *Cmd, r *report) {
	cmd, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	repo, _ := c.Flag("-r", "--repo")
	tags := infraFlagValues(c, "--tag", "--host", "--path")
	t := infraTargets(append(append([]string{repo}, tags...), args...)...)
	if c.Has("--dry-run", "-n") && cmd != "backup" {
		return
	}
	in := ""
	if repo != "" {
		in = " in repository " + repo
	}
	switch cmd {
	case "forget":
		r.mutates()
		what := "the snapshots " + infraList(args)
		if len(args) == 0 {
			what = "every snapshot that the --keep-* rules do not keep"
			if len(tags) > 0 {
				what += " (among " + infraList(tags) + ")"
			}
		}
		switch {
		case c.Has("--unsafe-allow-remove-all"):
			r.add(c.find(resticRemoveAll, "Removes "+what+in+", even if that is every snapshot.", t...))
		case c.Has("--prune"):
			r.add(c.find(resticPrune, "Removes "+what+in+" and deletes their data for good.", t...))
		default:
			r.add(c.find(resticForget, "Removes "+what+in+"; their data goes at the next prune.", t...))
		}
	case "prune":
		r.mutates()
		r.add(c.find(resticPrune, "Deletes the backup data no snapshot references"+in+", for good.", t...))
	case "key":
		switch firstOf(args) {
		case "remove", "rm":
			r.mutates()
			r.add(c.find(resticForget, "Removes the key "+infraList(args[1:])+in+": whoever uses it can no longer open the repository.", t...))
		case "add", "passwd":
			r.mutates()
		}
	case "repair":
		r.mutates()
		if firstOf(args) == "snapshots" && c.Has("--forget") {
			r.add(c.find(resticForget, "Repairs damaged snapshots and removes the originals"+in+".", t...))
			return
		}
		r.add(c.find(resticRewrite, "Repairs the repository's "+infraOr(firstOf(args), "data")+in+".", t...))
	case "rewrite":
		r.mutates()
		if c.Has("--forget") {
			r.add(c.find(resticForget, "Rewrites snapshots and removes the originals"+in+".", t...))
			return
		}
		r.add(c.find(resticRewrite, "Rewrites snapshots"+in+".", t...))
	case "migrate":
		if len(args) == 0 {
			return // lists the migrations
		}
		r.mutates()
		r.add(c.find(resticRewrite, "Migrates the repository"+in+" ("+infraList(args)+").", t...))
	case "restore":
		r.mutates()
		target, _ := c.Flag("-t", "--target")
		f := c.find(backupRestore, "Restores snapshot "+infraOr(firstOf(args), "")+" into "+infraOr(target, "the target directory")+", over what is there.", infraTargets(target)...)
		if pc := c.Class(target); target != "" && (pc.Root || pc.System) {
			f = f.WithPoints(infraRemove)
			f.Message = "Restores snapshot " + infraOr(firstOf(args), "") + " over the system directory " + target + "."
		}
		r.add(f)
	case "unlock":
		r.mutates()
		if c.Has("--remove-all") {
			r.add(c.find(resticRewrite, "Removes every lock of the repository"+in+", even those of operations still running.", t...).WithPoints(infraCreate))
		}
	case "backup", "init", "copy", "tag", "cache", "self-update", "recover", "generate":
		r.mutates()
	}
	// snapshots, check, stats, ls, find, dump, mount, cat, diff, list, version: reads.
}

func borgHandler(c *Cmd, r *report) {
	cmd, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	repo, _ := c.Flag("-r", "--repo")
	match := c.FlagAll("-a", "--match-archives", "--glob-archives", "-P", "--prefix")
	t := infraTargets(append(append([]string{repo}, args...), match...)...)
	if c.Has("--dry-run", "-n") {
		return
	}
	switch cmd {
	case "delete":
		r.mutates()
		switch {
		case c.Has("--cache-only"):
			r.add(c.find(borgDelete, "Deletes the local cache of the borg repository; it is rebuilt, slowly, on next use.", t...).WithPoints(infraCreate))
		case len(match) > 0:
			r.add(c.find(borgDelete, "Deletes every borg archive matching "+infraList(match)+".", t...))
		case len(args) > 0 && (repo != "" || strings.Contains(args[0], "::")):
			r.add(c.find(borgDelete, "Deletes the borg archive "+infraList(args)+".", t...))
		default:
			r.add(c.find(borgDelete, "Deletes the whole borg repository "+infraOr(infraList(args), "$BORG_REPO")+" with every archive in it.", t...).WithPoints(infraAdmin))
		}
	case "repo-delete", "rdelete":
		r.mutates()
		r.add(c.find(borgDelete, "Deletes the whole borg repository "+infraOr(repo, "$BORG_REPO")+" with every archive in it.", t...).WithPoints(infraAdmin))
	case "prune":
		r.mutates()
		r.add(c.find(borgPrune, "Deletes every borg archive"+infraAfterWord(" of", infraList(args))+" that the --keep-* rules do not keep.", t...))
	case "compact":
		r.mutates()
		r.add(c.find(borgCompact, "Frees the space of deleted borg archives for good.", t...))
	case "recreate":
		r.mutates()
		r.add(c.find(borgCompact, "Rewrites the borg archives "+infraOr(infraList(args), "of the repository")+"; what the new options exclude is dropped.", t...))
	case "extract":
		r.mutates()
		r.add(c.find(backupRestore, "Extracts "+infraOr(infraList(args), "the archive")+" into the current directory, over what is there.", t...))
	case "create", "init", "rcreate", "repo-create", "rename", "key", "break-lock", "upgrade", "transfer", "undelete",
		"import-tar", "with-lock", "serve", "check", "tag", "repo-compress", "benchmark", "umount", "mount", "config":
		if cmd == "check" && !c.Has("--repair") || cmd == "mount" || cmd == "umount" || cmd == "benchmark" {
			return
		}
		r.mutates()
	}
	// list, info, diff, mount, version, export-tar, repo-info, repo-list, repo-space: reads.
}

// veleroResources are the objects of velero's verb-first syntax (velero delete backup x).
var veleroResources = infraSet("backup", "backups", "restore", "restores", "schedule", "schedules", "backup-location",
	"backup-locations", "snapshot-location", "snapshot-locations", "plugin", "plugins", "snapshot", "snapshots", "repo", "repos")

func veleroHandler(c *Cmd, r *report) {
	if infraHelp(c) {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	group, verb := words[0], ""
	if len(words) > 1 {
		verb = words[1]
	}
	// Old syntax: velero delete backup NAME.
	if veleroResources[verb] && !veleroResources[group] {
		group, verb = verb, group
	}
	group = strings.TrimSuffix(group, "s")
	args := words[min(2, len(words)):]
	sel, _ := c.Flag("--selector", "-l")
	name, _ := c.Flag("--name")
	t := infraTargets(append(append([]string(nil), args...), sel, name)...)
	what := infraOr(infraList(args), infraOr(name, ""))
	if sel != "" {
		what = "every " + group + " matching " + sel
	}
	if c.Has("--all") {
		what = "every " + group
	}
	switch {
	case verb == "delete" && (group == "backup" || group == "snapshot"):
		r.mutates()
		f := c.find(veleroDelete, "Deletes the Velero "+group+" "+what+" with its stored data and volume snapshots.", t...)
		if c.Has("--all") {
			f = f.WithPoints(infraAdmin)
		}
		r.add(f)
	case group == "uninstall":
		r.mutates()
		r.add(c.find(veleroDelete, "Uninstalls Velero from the cluster: scheduled backups stop.", t...))
	case verb == "delete":
		r.mutates()
		r.add(c.find(veleroRemove, "Deletes the Velero "+group+" "+what+".", t...))
	case group == "schedule" && verb == "pause":
		r.mutates()
		r.add(c.find(veleroRemove, "Pauses the Velero schedule "+what+": no backups are taken until it is unpaused.", t...))
	case group == "restore" && verb == "create":
		r.mutates()
		from, _ := c.Flag("--from-backup", "--from-schedule")
		msg := "Restores the resources of backup " + infraOr(from, "(unnamed)") + " into the cluster; existing resources are kept as they are."
		f := c.find(veleroRestore, msg, t...).WithPoints(infraSmall)
		if p, _ := c.Flag("--existing-resource-policy"); p == "update" {
			f = c.find(veleroRestore, "Restores the resources of backup "+infraOr(from, "(unnamed)")+" into the cluster, overwriting resources that already exist.", t...)
		}
		r.add(f)
	case verb == "create" || verb == "set" || verb == "unpause" || verb == "add" || group == "install" || verb == "download":
		r.mutates()
	}
	// get, describe, logs, version, plugin get: reads.
}

func rsyncHandler(c *Cmd, r *report) {
	if infraHelp(c) || c.Has("--list-only") || c.Has("-n", "--dry-run") {
		return
	}
	paths := c.Positional()
	r.mutates()
	if len(paths) == 0 {
		return
	}
	dst := lastOf(paths)
	src := infraList(paths[:max(len(paths)-1, 1)])
	remote := rsyncRemote(dst)
	if len(paths) == 1 {
		return // rsync with one path lists it
	}
	if !remote {
		judgeCopyWrites(c, r, "", writeOverwrite) // rsync x ~/ writes ~/x
	}
	if c.Has("--delete", "--del", "--delete-before", "--delete-during", "--delete-after", "--delete-delay",
		"--delete-excluded", "--delete-missing-args") {
		f := c.find(rsyncDelete, "Deletes every file in "+dst+" that is not in "+src+".", dst)
		dc := c.Class(dst)
		switch {
		case !remote && dc.Temp && dc.Known:
			// A mirror into scratch space (a preview, a copy to test):
			// what it deletes there was a copy too.
			f = rule.Finding{}
		case !remote && dc.Known && dc.Workspace && dc.BuildOutput && !dc.WorkspaceRoot:
			// A mirror into the project's build output (rsync --delete
			// build/ dist/): what it deletes there the build makes again.
			f = rule.Finding{}
		case !remote && rsyncScratchSource(c, paths[:len(paths)-1]) && (dc.Root || dc.Home || dc.System || dc.HoldsWorkspace || dc.WorkspaceRoot):
			// Syncing an empty or scratch directory onto a tree with
			// --delete empties the tree: judged as deleting it.
			r.mutates()
			judgeDelete(c, r, dst, false, true, true, false, false)
			f = rule.Finding{}
		case c.Has("-b", "--backup") || c.Has("--backup-dir"):
			f = f.WithPoints(infraCreate)
			f.Message = "Deletes every file in " + dst + " that is not in " + src + ", keeping a backup of each."
		case remote:
			f = f.WithPoints(infraRemove)
			f.Message = "Deletes every file in " + dst + " (on another machine) that is not in " + src + "."
		default:
			if pc := c.Class(dst); pc.Root || pc.Home || pc.System && !pc.Temp && rsyncCoreSystem(pc.Abs) {
				f = f.WithPoints(infraDestroy)
				f.Message = "Deletes every file in " + dst + " that is not in " + src + ": " + dst + " holds the system or your home directory."
			}
		}
		if f.Rule != "" {
			r.add(f)
		}
	}
	if c.Has("--remove-source-files", "--remove-sent-files") {
		r.add(c.find(rsyncRemoveSource, "Deletes "+src+" once the files are copied to "+dst+".", paths[:max(len(paths)-1, 1)]...))
	}
}

// rsyncScratchSource reports whether every rsync source is scratch space
// (a directory under /tmp, just made empty) or nothing at all (/dev/null,
// an empty directory named so).
func rsyncScratchSource(c *Cmd, srcs []string) bool {
	for _, s := range srcs {
		cl := c.Class(s)
		b := path.Base(strings.TrimRight(s, "/"))
		if !(cl.Known && (cl.Temp || cl.TempRoot) || s == "/dev/null" || b == "empty" || b == "void" || b == "blank" || b == "nothing") {
			return false
		}
	}
	return len(srcs) > 0
}

// rsyncRemote reports an rsync destination on another machine.
func rsyncRemote(p string) bool {
	if strings.HasPrefix(p, "rsync://") {
		return true
	}
	i := strings.IndexByte(p, ':')
	return i > 0 && !strings.Contains(p[:i], "/")
}

// rsyncCoreSystem reports the directories whose loss breaks the machine.
func rsyncCoreSystem(p string) bool {
	for _, d := range []string{"/etc", "/usr", "/bin", "/sbin", "/boot", "/lib", "/lib64", "/var", "/root", "/opt", "/srv", "/home", "/Users", "/System", "/Library"} {
		if p == d || strings.HasPrefix(p, d+"/") && (d == "/etc" || d == "/usr" || d == "/boot" || d == "/bin" || d == "/sbin" || d == "/lib") {
			return true
		}
	}
	return false
}
