package shell

import (
	"cmp"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Object storage clients other than the clouds' own CLIs: MinIO's mc,
// azcopy, s3cmd and s5cmd.

var (
	storageDelete = &rule.Rule{
		ID:          "shell.storage.delete",
		Summary:     "Deletes objects in bulk or whole buckets, or mirrors with deletion at the destination.",
		Points:      infraDestroy,
		Category:    rule.Destructive,
		Alternative: "List what would go first (`mc ls -r`, `s3cmd ls -r`) and use --dry-run where the tool has it; turn on bucket versioning.",
		Match: []string{
			"mc rm --recursive --force myminio/bucket", "mc rb --force myminio/bucket", "mc mirror --remove ./site myminio/www",
			"azcopy remove 'https://acct.blob.core.windows.net/c?sv=x' --recursive", "azcopy sync ./dist 'https://acct.blob.core.windows.net/$web' --delete-destination=true",
			"s3cmd del --recursive --force s3://bucket/logs/", "s3cmd rb --recursive --force s3://bucket", "s3cmd sync --delete-removed ./site s3://www",
			"s5cmd rm 's3://bucket/logs/*'",
		},
		NoMatch: []string{"mc ls myminio/bucket", "mc rm --recursive --force --dry-run myminio/bucket", "azcopy list https://acct.blob.core.windows.net/c", "s3cmd ls s3://bucket", "s3cmd sync --dry-run --delete-removed ./site s3://www"},
	}
	storageRemove = &rule.Rule{
		ID:          "shell.storage.remove",
		Summary:     "Deletes an object or an empty bucket, moves objects, or sets rules that will delete or stop keeping versions.",
		Points:      infraRemove,
		Category:    rule.Destructive,
		Alternative: "Copy instead of moving, and check the object first (`mc stat`, `s3cmd info`).",
		Match:       []string{"mc rm myminio/bucket/file.txt", "mc mv myminio/a/x myminio/b/x", "s3cmd del s3://bucket/file.txt", "mc ilm rule add --expire-days 1 myminio/bucket", "mc version suspend myminio/bucket", "azcopy rm https://acct.blob.core.windows.net/c/file.txt"},
		NoMatch:     []string{"mc stat myminio/bucket/file.txt", "mc cp myminio/bucket/file.txt ."},
	}
	storagePublic = &rule.Rule{
		ID:          "shell.storage.public",
		Summary:     "Makes a bucket or objects readable (or writable) by anyone.",
		Points:      infraDestroy,
		Category:    rule.Permissions,
		Alternative: "Share with presigned URLs (`mc share download`, `s3cmd signurl`) instead.",
		Match:       []string{"mc anonymous set public myminio/bucket", "mc anonymous set download myminio/bucket", "mc policy set public myminio/bucket", "s3cmd setacl --acl-public --recursive s3://bucket"},
		NoMatch:     []string{"mc anonymous get myminio/bucket", "mc anonymous set none myminio/bucket"},
	}
	storageChange = &rule.Rule{
		ID:          "shell.storage.change",
		Summary:     "Changes an object store's server, users, policies or settings (mc admin, bucket policies).",
		Points:      infraChange,
		Category:    rule.Infrastructure,
		Alternative: "",
		Match:       []string{"mc admin user add myminio bob secret123", "mc admin service restart myminio", "s3cmd setpolicy policy.json s3://bucket"},
		NoMatch:     []string{"mc admin info myminio", "mc admin user list myminio"},
	}
	storageUpload = &rule.Rule{
		ID:          "shell.storage.upload",
		Summary:     "Uploads files to object storage.",
		Points:      infraSmall,
		Category:    rule.Routine,
		Alternative: "",
		Match:       []string{"mc cp ./report.pdf myminio/bucket/", "s3cmd put report.pdf s3://bucket/", "azcopy copy ./dist 'https://acct.blob.core.windows.net/c' --recursive", "mc mirror ./site myminio/www"},
		NoMatch:     []string{"s3cmd get s3://bucket/report.pdf"},
	}
)

var storageRules = []*rule.Rule{storageDelete, storageRemove, storagePublic, storageChange, storageUpload}

func storageHandlers() map[string]handler {
	return map[string]handler{"mc": mcHandler, "mcli": mcHandler, "azcopy": azcopyHandler, "s3cmd": s3cmdHandler, "s5cmd": s5cmdHandler}
}

// storageRemote reports a path that names an object store rather than a
// local file: s3://…, gs://…, https://… or a configured alias ("myminio/b").
func storageRemote(p string, aliasStyle bool) bool {
	if strings.Contains(p, "://") {
		return true
	}
	if !aliasStyle || strings.HasPrefix(p, "/") || strings.HasPrefix(p, ".") || strings.HasPrefix(p, "~") {
		return false
	}
	// mc aliases: "alias/bucket/…"; a bare relative path could be either.
	return strings.Contains(p, "/")
}

// storageSyncWords say what a tool's sync does: its verb when it deletes
// ("Syncs" when empty), its verb when it only copies (the same when
// empty), what it deletes at the destination, and whether the destination
// may be an alias (storageRemote's aliasStyle).
type storageSyncWords struct {
	deleting, copying, deleted string
	aliasStyle                 bool
}

// storageSync reports a sync of args' first word to its last: a deletion
// of what the destination has beyond the source when deletes, else an
// upload when the destination is remote.
func storageSync(c *Cmd, r *report, args []string, w storageSyncWords, deletes bool) {
	r.mutates()
	src, dst := firstOf(args), lastOf(args)
	deleting := cmp.Or(w.deleting, "Syncs")
	if deletes {
		r.add(c.find(storageDelete, deleting+" "+src+" to "+dst+" and deletes "+w.deleted+".", dst))
		return
	}
	if storageRemote(dst, w.aliasStyle) {
		r.add(c.find(storageUpload, cmp.Or(w.copying, deleting)+" "+src+" to "+dst+".", dst))
	}
}

func mcHandler(c *Cmd, r *report) {
	cmd, args, ok := infraSubcommand(c)
	if !ok {
		return
	}
	if c.Has("--dry-run", "--fake") {
		return
	}
	t := infraTargets(args...)
	switch cmd {
	case "ls", "cat", "head", "stat", "du", "find", "diff", "tree", "ping", "ready", "share", "sql", "watch", "license", "support", "od":
		return
	case "rm":
		r.mutates()
		switch {
		case c.Has("--dangerous"):
			r.add(c.find(storageDelete, "Deletes every object of every bucket on "+infraList(args)+".", t...).WithPoints(infraAdmin))
		case c.Has("--recursive", "-r") || c.Has("--versions") && c.Has("--force"):
			r.add(c.find(storageDelete, "Deletes every object under "+infraList(args)+".", t...))
		default:
			r.add(c.find(storageRemove, "Deletes the object "+infraList(args)+".", t...))
		}
	case "rb":
		r.mutates()
		if c.Has("--force") {
			r.add(c.find(storageDelete, "Deletes the bucket "+infraList(args)+" and every object in it.", t...))
			return
		}
		r.add(c.find(storageRemove, "Deletes the empty bucket "+infraList(args)+".", t...))
	case "mirror":
		storageSync(c, r, args, storageSyncWords{"Mirrors", "Copies", "every object there that is not in the source", true}, c.Has("--remove"))
	case "mv":
		r.mutates()
		r.add(c.find(storageRemove, "Moves "+firstOf(args)+" to "+lastOf(args)+"; the source is deleted.", t...))
	case "cp", "put":
		r.mutates()
		if len(args) > 1 && storageRemote(lastOf(args), true) {
			r.add(c.find(storageUpload, "Copies "+infraList(args[:len(args)-1])+" to "+lastOf(args)+".", lastOf(args)))
		}
	case "anonymous", "policy":
		if firstOf(args) != "set" && firstOf(args) != "set-json" {
			return
		}
		r.mutates()
		level := ""
		if len(args) > 1 {
			level = args[1]
		}
		switch level {
		case "none", "private":
			r.add(c.find(storageChange, "Removes anonymous access to "+lastOf(args)+".", lastOf(args)))
		default:
			r.add(c.find(storagePublic, "Gives anonymous "+infraOr(level, "")+" access to "+lastOf(args)+": anyone can reach it.", lastOf(args)))
		}
	case "ilm", "version", "retention", "legalhold", "replicate", "encrypt", "event", "undo", "batch", "quota", "tag", "idp", "mb", "alias", "pipe", "cors":
		switch firstOf(args) {
		case "ls", "list", "info", "get", "status", "export":
			return
		}
		r.mutates()
		switch {
		case cmd == "ilm" && (c.Has("--expire-days", "--expiry-days", "--noncurrent-expire-days", "--expire-delete-marker") || firstOf(args) == "import"),
			cmd == "version" && firstOf(args) == "suspend", cmd == "replicate" && firstOf(args) == "rm", cmd == "undo":
			r.add(c.find(storageRemove, "Changes "+lastOf(args)+" so that objects or their versions are deleted or no longer kept ("+cmd+" "+firstOf(args)+").", t...))
		case cmd == "mb" || cmd == "alias" || cmd == "pipe" || cmd == "tag":
			// creating a bucket, a local alias, an upload from stdin, tags: routine
		default:
			r.add(c.find(storageChange, "Changes the "+cmd+" settings of "+lastOf(args)+".", t...))
		}
	case "admin":
		sub := firstOf(args)
		verb := ""
		if len(args) > 1 {
			verb = args[1]
		}
		switch {
		case sub == "info" || sub == "trace" || sub == "top" || sub == "logs" || sub == "scanner" || sub == "prometheus" ||
			verb == "list" || verb == "ls" || verb == "info" || verb == "status" || verb == "get":
			return
		}
		r.mutates()
		msg := "Changes the MinIO server " + lastOf(args) + " (admin " + strings.TrimSpace(sub+" "+verb) + ")."
		f := c.find(storageChange, msg, t...)
		if sub == "service" && (verb == "stop" || verb == "restart") || verb == "remove" || verb == "rm" || sub == "decommission" {
			f = f.WithPoints(infraRemove)
		}
		r.add(f)
	default:
		r.mutates()
	}
}

func azcopyHandler(c *Cmd, r *report) {
	if infraHelp(c) || c.Has("--dry-run") {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	cmd, args := words[0], words[1:]
	t := infraTargets(args...)
	switch cmd {
	case "list", "ls", "env", "jobs", "login", "logout", "doc", "completion", "help":
		if cmd == "jobs" && (firstOf(args) == "clean" || firstOf(args) == "rm" || firstOf(args) == "remove" || firstOf(args) == "resume") || cmd == "login" || cmd == "logout" {
			r.mutates()
		}
		return
	case "remove", "rm":
		r.mutates()
		if c.Has("--recursive") || strings.Contains(firstOf(args), "*") {
			r.add(c.find(storageDelete, "Deletes every blob or file under "+infraList(args)+".", t...))
			return
		}
		r.add(c.find(storageRemove, "Deletes "+infraList(args)+".", t...))
	case "sync":
		v, ok := c.Flag("--delete-destination")
		storageSync(c, r, args, storageSyncWords{deleted: "what is at the destination but not in the source"}, ok && strings.EqualFold(v, "true"))
	case "copy", "cp":
		r.mutates()
		if len(args) > 1 && storageRemote(lastOf(args), false) {
			r.add(c.find(storageUpload, "Copies "+firstOf(args)+" to "+lastOf(args)+".", lastOf(args)))
		}
	default:
		r.mutates() // make, set-properties, bench…
	}
}

func s3cmdHandler(c *Cmd, r *report) {
	if infraHelp(c) || c.Has("--dry-run", "-n") {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	cmd, args := words[0], words[1:]
	t := infraTargets(args...)
	recursive := c.Has("--recursive", "-r")
	switch cmd {
	case "ls", "la", "du", "info", "get", "signurl", "--version", "accesslog", "ws-info", "cflist", "cfinfo", "multipart", "listmp", "payer":
		if cmd == "get" {
			r.mutates() // writes local files
		}
		return
	case "del", "rm":
		r.mutates()
		if recursive || strings.ContainsAny(firstOf(args), "*?") {
			r.add(c.find(storageDelete, "Deletes every object under "+infraList(args)+".", t...))
			return
		}
		r.add(c.find(storageRemove, "Deletes the object "+infraList(args)+".", t...))
	case "rb":
		r.mutates()
		if recursive || c.Has("--force", "-f") {
			r.add(c.find(storageDelete, "Deletes the bucket "+infraList(args)+" and every object in it.", t...))
			return
		}
		r.add(c.find(storageRemove, "Deletes the empty bucket "+infraList(args)+".", t...))
	case "sync":
		storageSync(c, r, args, storageSyncWords{deleted: "what the source no longer has"}, c.Has("--delete-removed", "--delete-after"))
	case "put", "cp", "modify", "restore":
		r.mutates()
		if c.Has("--acl-public", "-P") {
			r.add(c.find(storagePublic, "Uploads "+firstOf(args)+" readable by anyone.", t...))
			return
		}
		if cmd == "put" || cmd == "cp" {
			r.add(c.find(storageUpload, "Uploads "+infraList(args[:max(len(args)-1, min(len(args), 1))])+" to "+lastOf(args)+".", lastOf(args)))
		}
	case "mv":
		r.mutates()
		r.add(c.find(storageRemove, "Moves "+firstOf(args)+" to "+lastOf(args)+"; the source is deleted.", t...))
	case "setacl":
		r.mutates()
		if c.Has("--acl-public") || strings.Contains(strings.Join(infraFlagValues(c, "--acl-grant"), " "), "AllUsers") {
			r.add(c.find(storagePublic, "Makes "+infraList(args)+" readable by anyone.", t...))
			return
		}
		r.add(c.find(storageChange, "Changes who may access "+infraList(args)+".", t...))
	case "setpolicy", "delpolicy", "setcors", "delcors", "setlifecycle", "dellifecycle", "expire", "setversioning", "setownership", "setblockpublicaccess", "ws-create", "ws-delete", "cfcreate", "cfdelete", "cfmodify", "fixbucket":
		r.mutates()
		if cmd == "expire" || cmd == "setlifecycle" {
			r.add(c.find(storageRemove, "Sets rules on "+lastOf(args)+" that delete objects after a time.", t...))
			return
		}
		r.add(c.find(storageChange, "Changes "+lastOf(args)+" ("+cmd+").", t...))
	default:
		r.mutates() // mb, --configure…
	}
}

func s5cmdHandler(c *Cmd, r *report) {
	if infraHelp(c) || c.Has("--dry-run") {
		return
	}
	words := c.Positional()
	if len(words) == 0 {
		return
	}
	cmd, args := words[0], words[1:]
	t := infraTargets(args...)
	switch cmd {
	case "ls", "cat", "du", "version", "head", "presign":
		return
	case "rm":
		r.mutates()
		if strings.ContainsAny(strings.Join(args, " "), "*?") || len(args) > 1 {
			r.add(c.find(storageDelete, "Deletes every object matching "+infraList(args)+".", t...))
			return
		}
		r.add(c.find(storageRemove, "Deletes the object "+infraList(args)+".", t...))
	case "rb":
		r.mutates()
		r.add(c.find(storageRemove, "Deletes the bucket "+infraList(args)+".", t...))
	case "sync":
		storageSync(c, r, args, storageSyncWords{deleted: "what the source does not have"}, c.Has("--delete"))
	case "mv":
		r.mutates()
		r.add(c.find(storageRemove, "Moves "+firstOf(args)+" to "+lastOf(args)+"; the source is deleted.", t...))
	case "cp":
		r.mutates()
		if acl, _ := c.Flag("--acl"); acl == "public-read" || acl == "public-read-write" {
			r.add(c.find(storagePublic, "Uploads "+firstOf(args)+" readable by anyone.", t...))
			return
		}
		if storageRemote(lastOf(args), false) {
			r.add(c.find(storageUpload, "Copies "+firstOf(args)+" to "+lastOf(args)+".", lastOf(args)))
		}
	default:
		r.mutates() // mb, run (commands from a file), select…
	}
}
