package shell

import (
	"path"
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Filesystem rules: deleting, overwriting and wiping files and disks.
var (
	ruleRmRoot = &rule.Rule{
		ID: "shell.fs.rm-root", Category: rule.MassDestruction, Points: 120, AlwaysReview: true,
		Summary: "Deletes everything on the machine, starting from /.",
		Match: []string{"rm -rf /", "rm -rf /*", "rm -rf --no-preserve-root /", `r''m -rf /`, "rm${IFS}-rf${IFS}/", "$(echo rm) -rf /", "x=rm; $x -rf /",
			"find / -delete", "{rm,-rf,/}", `\rm -rf /`, "echo cm0gLXJmIC8= | base64 -d | sh", "rm -rf /tmp/../"},
		NoMatch: []string{"rm -rf /tmp/x", "echo 'rm -rf /'", `git commit -m "rm -rf /"`, `grep -r "rm -rf /" .`},
	}
	ruleRmHome = &rule.Rule{
		ID: "shell.fs.rm-home", Category: rule.MassDestruction, Points: 120,
		Summary: "Deletes your whole home directory.",
		Match:   []string{"rm -rf ~", "rm -rf ~/", "rm -rf $HOME", `rm -rf "$HOME/"*`, "rm -rf /home/dev", "find ~ -delete"},
		NoMatch: []string{"rm -rf ~/project/tmp/x", "rm -rf ./home"},
	}
	ruleRmSystem = &rule.Rule{
		ID: "shell.fs.rm-system", Category: rule.MassDestruction, Points: 110,
		Summary: "Deletes a system directory (under /etc, /usr, /bin, /var, /home…): the machine or other users lose what they need.",
		Match:   []string{"rm -rf /etc", "rm -rf /usr/lib", "rm -rf /home", "rm -rf /tmp/../etc", "rm -rf $TMPDIR/../etc", "sudo rm -rf /var", "find /usr -exec rm -rf {} +", "mv /etc /dev/null"},
		NoMatch: []string{"rm -rf /tmp/cache", "rm -rf /var/tmp/x", "rm /etc/motd.bak"},
	}
	ruleRmSystemFile = &rule.Rule{
		ID: "shell.fs.rm-system-file", Category: rule.Destructive, Points: 85,
		Summary:     "Deletes files under a system directory.",
		Alternative: "move the file aside first (sudo mv file file.bak) so it can be put back",
		Match:       []string{"rm /etc/hosts", "sudo rm -f /usr/local/bin/tool", "find /var/log -name '*.gz' -delete"},
		NoMatch:     []string{"rm ./etc/hosts", "rm /tmp/x.log"},
	}
	ruleRmOutside = &rule.Rule{
		ID: "shell.fs.rm-outside-workspace", Category: rule.Destructive, Points: 80,
		Summary:     "Deletes a directory tree outside the project you are working in.",
		Alternative: "check the path, or delete with rm -ri / a trash command so it can be recovered",
		Match:       []string{"rm -rf ~/Documents", "rm -rf ../other-project", "rm -r /home/dev/old-project", "rm -rf /data/backups", "mv ~/Documents /tmp/"},
		NoMatch:     []string{"rm -rf ./build", "rm -rf /tmp/build", "rm -ri ~/Documents/old", "mv ./build /tmp/old-build", "mv /tmp/a /tmp/b"},
	}
	ruleRmWorkspace = &rule.Rule{
		ID: "shell.fs.rm-workspace", Category: rule.Destructive, Points: 85,
		Summary:     "Deletes the whole project directory (or every file in it).",
		Alternative: "delete only what you mean (rm -rf build dist), or use git clean -n to see what would go",
		Match:       []string{"rm -rf .", "rm -rf *", "rm -rf ./*", "rm -rf .* *", "rm -rf /home/dev/project", "find . -delete", "ls | xargs rm -rf"},
		NoMatch:     []string{"rm -rf ./build", "rm *.log"},
	}
	ruleRmGit = &rule.Rule{
		ID: "shell.fs.rm-git", Category: rule.History, Points: 85,
		Summary:     "Deletes the repository's history (.git): commits that were never pushed are gone for good.",
		Alternative: "make a copy first: cp -r .git ../repo-git-backup",
		Match:       []string{"rm -rf .git", "rm -rf ./.git/", "rm -rf .git/objects"},
		NoMatch:     []string{"rm -rf .github/old", "rm .gitignore.bak"},
	}
	ruleRmRecursive = &rule.Rule{
		ID: "shell.fs.rm-recursive", Category: rule.Destructive, Points: 50,
		Summary:     "Deletes a directory tree in the project; files that are not committed cannot be recovered.",
		Alternative: "rm -ri to confirm each file, or move it to the trash (gio trash, trash-put)",
		Match:       []string{"rm -rf src", "rm -rf ./lib/*", "rm -fr docs tests"},
		NoMatch:     []string{"rm -rf build", "rm -rf node_modules", "rm -r directory", "rm -rf /tmp/test-dir", "rm -i -r src"},
	}
	ruleRmMatching = &rule.Rule{
		ID: "shell.fs.rm-matching", Category: rule.Destructive, Points: 20,
		Summary:     "Deletes the files and directories of the project that match a pattern (find … -delete, find | xargs rm -rf).",
		Alternative: "run the same find with -print first to see what would go",
		Match:       []string{"find . -name .svn -exec rm -rf {} +", "find . -name '*.orig' | xargs rm -rf", "find src -type d -name old -exec rm -rf {} +"},
		NoMatch:     []string{"find . -delete", "find . -name '*' -exec rm -rf {} +", "find . -name __pycache__ -exec rm -rf {} +"},
	}
	ruleLocalSystem = &rule.Rule{
		ID: "shell.fs.write-local-system", Category: rule.System, Points: 60,
		Summary:     "Installs or changes files under /usr/local or /opt, shared by every user of the machine.",
		Alternative: "install under your home (~/.local/bin) or in the project",
		Match:       []string{"sudo cp mytool /usr/local/bin/", "cp -v build/mvim /usr/local/bin", "sudo chown -R dev /usr/local"},
		NoMatch:     []string{"cp mytool ~/.local/bin/", "ls /usr/local/bin"},
	}
	ruleRmTree = &rule.Rule{
		ID: "shell.fs.rm-tree", Category: rule.Destructive, Points: 20,
		Summary:     "Deletes a directory tree in the project (rm -r stops to ask about write-protected files).",
		Alternative: "rm -ri to confirm each file",
		Match:       []string{"rm -r directory", "rm -R old"},
		NoMatch:     []string{"rm -r build", "rm file.txt"},
	}
	ruleRmUnsetVar = &rule.Rule{
		ID: "shell.fs.rm-unset-variable", Category: rule.Destructive, Points: 90, AlwaysReview: true,
		Summary:     "Deletes a path built from a variable: if the variable is empty or unset, the command deletes from /.",
		Alternative: `guard the variable: rm -rf "${DIR:?}/"*`,
		Match:       []string{`rm -rf "$DIR/"*`, "rm -rf $PREFIX/", `rm -rf "$STEAMROOT/"*`},
		NoMatch:     []string{`rm -rf "${DIR:?}/"*`, "rm -rf $TMPDIR/test", "rm -rf ./$DIR"},
	}
	ruleRmBuildOutput = &rule.Rule{
		ID: "shell.fs.rm-build-output", Category: rule.Routine, Points: 0,
		Summary: "Deletes build or cache output that the project's tools regenerate.",
		Match:   []string{"rm -rf build", "rm -rf node_modules", "rm -rf dist target", "rm -rf ./__pycache__", "find . -name __pycache__ -exec rm -rf {} +"},
		NoMatch: []string{"rm -rf src"},
	}
	ruleRmFile = &rule.Rule{
		ID: "shell.fs.rm-file", Category: rule.Destructive, Points: 10,
		Summary:     "Deletes files in the project.",
		Alternative: "rm -i, or move the files to the trash",
		Match:       []string{"rm file.txt", "rm -f a.o b.o", "find . -name '*.pyc' -delete", "unlink old.txt"},
		NoMatch:     []string{"rm -i file.txt", "rm /tmp/x", "rmdir emptydir"},
	}
	ruleRmHomeFile = &rule.Rule{
		ID: "shell.fs.rm-outside-file", Category: rule.Destructive, Points: 40,
		Summary:     "Deletes files outside the project you are working in.",
		Alternative: "check the path, or move the files to the trash",
		Match:       []string{"rm ~/notes.txt", "rm -f /home/dev/other/config.yml"},
		NoMatch:     []string{"rm notes.txt", "rm /tmp/notes.txt"},
	}
	ruleRmDynamic = &rule.Rule{
		ID: "shell.fs.rm-dynamic", Category: rule.Destructive, Points: 50,
		Summary:     "Deletes recursively files whose names are only known when the command runs.",
		Alternative: "print the list first (… | xargs echo rm -rf), then delete",
		Match:       []string{"cat dirs.txt | xargs rm -rf", "rm -rf $(cat dirs.txt)", "git ls-files -o | xargs rm -rf"},
		NoMatch:     []string{"find . -name '*.bak' | xargs rm", "rm -rf ./build", "find . -name '*.bak' | xargs rm -rf"},
	}
	ruleDiskWipe = &rule.Rule{
		ID: "shell.fs.disk-wipe", Category: rule.MassDestruction, Points: 120,
		Summary: "Overwrites or reformats a whole disk or partition: everything on it is lost.",
		Match: []string{"dd if=/dev/zero of=/dev/sda bs=1M", "mkfs.ext4 /dev/sdb1", "wipefs -a /dev/nvme0n1", "shred -n 3 /dev/sda", "cat /dev/urandom > /dev/sda",
			"fdisk /dev/sda", "parted /dev/sdb mklabel gpt", "sgdisk --zap-all /dev/sda", "mkswap /dev/sda2", "diskutil eraseDisk APFS X disk2", "zpool destroy tank"},
		NoMatch: []string{"dd if=/dev/zero of=./disk.img bs=1M count=10", "fdisk -l", "parted -l", "mkfs.ext4 ./disk.img", "lsblk"},
	}
	ruleShred = &rule.Rule{
		ID: "shell.fs.shred", Category: rule.Destructive, Points: 60,
		Summary:     "Overwrites files so that they can never be recovered.",
		Alternative: "delete normally (rm) unless the data really must be unrecoverable",
		Match:       []string{"shred -u secrets.txt", "srm -r old/", "wipe -rf data"},
		NoMatch:     []string{"rm secrets.txt"},
	}
	ruleRmData = &rule.Rule{
		ID: "shell.fs.rm-data-file", Category: rule.Destructive, Points: 50,
		Summary:     "Deletes or destroys the content of a data file (a database, a document, a spreadsheet, a private key, a wallet): no tool can make it again.",
		Alternative: "copy it aside first (cp app.db app.db.bak), or move it to the trash",
		Match: []string{"rm app.db", "rm -f data/users.sqlite3", "shred -u app.db", "truncate -s 0 app.db", "truncate --size=0 prod.sqlite", "> app.db", ": > app.db",
			"cp /dev/null app.db", "dd if=/dev/zero of=app.db", "echo x > report.docx", "shred ~/Documents/budget.xlsx", "truncate -s0 server.key", "> .git/index", "rm ~/.bitcoin/wallet.dat"},
		NoMatch: []string{"rm notes.txt", "rm -i app.db", "sqlite3 app.db .dump", "cp app.db app.db.bak", "rm /tmp/test.db", "echo x >> app.db", "rm .git/index.lock", "rm report.pdf", "find . -name Thumbs.db -delete"},
	}
	ruleTruncate = &rule.Rule{
		ID: "shell.fs.truncate", Category: rule.Destructive, Points: 30,
		Summary:     "Empties a file: its content is gone.",
		Alternative: "copy it aside first (cp file file.bak)",
		Match:       []string{"> important.txt", "truncate -s 0 data.txt", ": > notes.txt", "cp /dev/null notes.md", "truncate --size=0 out.csv", "truncate -s0K out.json", "truncate -r /dev/null README.md"},
		NoMatch:     []string{"echo hi > out.txt", "truncate -s 10M disk.img", "> /dev/null", ": > app.log", "truncate -s 0 build/report.txt", "cp /dev/null build/.keep"},
	}
	ruleOverwriteSystem = &rule.Rule{
		ID: "shell.fs.write-system", Category: rule.Destructive, Points: 85,
		Summary:     "Writes over files in a system directory.",
		Alternative: "keep a backup of the original (sudo cp file file.bak) and edit it with sudoedit",
		Match:       []string{"echo 127.0.0.1 x >> /etc/hosts", "sudo cp my.conf /etc/nginx/nginx.conf", "sudo tee /etc/apt/sources.list < list", "mv tool /usr/bin/git", "sed -i s/a/b/ /etc/fstab", "ln -sf /tmp/x /usr/bin/python3"},
		NoMatch:     []string{"echo hi > ./etc/hosts", "cp /etc/hosts ./hosts.copy", "sed -i s/a/b/ config.yml"},
	}
	ruleWriteAuth = &rule.Rule{
		ID: "shell.fs.write-auth", Category: rule.PrivilegeEscalation, Points: 120,
		Summary: "Changes who may log in or become root (sudoers, passwd, shadow, group).",
		Match:   []string{`echo "dev ALL=(ALL) NOPASSWD: ALL" >> /etc/sudoers`, "sudo tee /etc/sudoers.d/dev < rule", "echo 'x::0:0::/:/bin/sh' >> /etc/passwd"},
		NoMatch: []string{"cat /etc/passwd", "sudo visudo -c"},
	}
	ruleWriteStartup = &rule.Rule{
		ID: "shell.fs.write-startup", Category: rule.Configuration, Points: 75,
		Summary:     "Changes a shell start-up file: whatever it adds runs in every new shell.",
		Alternative: "show the line to add and let the user add it",
		Match:       []string{"echo 'export PATH=$PATH:/opt/x' >> ~/.bashrc", "cat alias.sh >> ~/.zshrc", "cp profile ~/.profile", "sed -i '/foo/d' ~/.bash_profile"},
		NoMatch:     []string{"cat ~/.bashrc", "echo hi >> ./notes.bashrc.txt"},
	}
	ruleWriteCredential = &rule.Rule{
		ID: "shell.fs.write-credential", Category: rule.Credentials, Points: 90,
		Summary:     "Changes a credential file (SSH keys, authorized_keys, cloud credentials): it can lock you out or let someone in.",
		Alternative: "show the change and let the user make it",
		Match:       []string{"echo 'ssh-ed25519 AAAA… x' >> ~/.ssh/authorized_keys", "cp key ~/.ssh/id_rsa", "echo '[default]' > ~/.aws/credentials"},
		NoMatch:     []string{"cat ~/.ssh/authorized_keys", "ssh-keygen -t ed25519 -f ./deploy_key -N ''"},
	}
	ruleWriteGitHooks = &rule.Rule{
		ID: "shell.fs.write-git-hooks", Category: rule.Configuration, Points: 75,
		Summary:     "Installs or changes a git hook: it will run on every commit, checkout or push.",
		Alternative: "commit the hook under a tracked directory and let the user enable it",
		Match:       []string{"echo 'curl x | sh' > .git/hooks/pre-commit", "cp hook.sh .git/hooks/post-checkout", "git config core.hooksPath /tmp/hooks", "git -c core.hooksPath=/tmp/h commit -m x"},
		NoMatch:     []string{"ls .git/hooks", "cat .git/hooks/pre-commit.sample"},
	}
	ruleWriteCI = &rule.Rule{
		ID: "shell.fs.write-ci", Category: rule.Configuration, Points: 75,
		Summary:     "Changes a CI pipeline definition: what it adds runs with the pipeline's secrets.",
		Alternative: "propose the change as a diff for review",
		Match:       []string{"echo 'run: curl x' >> .github/workflows/ci.yml", "cp new.yml .gitlab-ci.yml", "sed -i s/a/b/ .circleci/config.yml"},
		NoMatch:     []string{"cat .github/workflows/ci.yml"},
	}
	ruleWriteAgentSettings = &rule.Rule{
		ID: "shell.fs.write-agent-settings", Category: rule.Configuration, Points: 90, AlwaysReview: true,
		Summary:     "Changes the coding agent's own settings or hooks (or actionguard's policy): it can switch off the safety checks.",
		Alternative: "ask the user to change the settings themselves",
		Match:       []string{"rm ~/.claude/settings.json", "echo '{}' > ~/.vscode/actionguard/settings.json"},
		NoMatch:     []string{"cat .claude/settings.json"},
	}
	ruleWriteOutside = &rule.Rule{
		ID: "shell.fs.write-outside", Category: rule.Destructive, Points: 20,
		Summary: "Writes a file outside the project you are working in.",
		Match:   []string{"echo hi > ~/notes.txt", "cp report.pdf ~/Desktop/"},
		NoMatch: []string{"echo hi > notes.txt", "cp a /tmp/b"},
	}
	ruleWorldWritable = &rule.Rule{
		ID: "shell.perm.world-writable", Category: rule.Permissions, Points: 40,
		Summary:     "Lets every user on the machine read, change and run the files (chmod 777).",
		Alternative: "give only what is needed: chmod 755 for programs, 644 for files, u+x to make a script runnable",
		Match:       []string{"chmod 777 script.sh", "chmod a+rwx run.sh", "chmod o+w data.txt"},
		NoMatch:     []string{"chmod +x script.sh", "chmod 755 bin/tool", "chmod 600 ~/.ssh/id_rsa", "chmod -R u+w src"},
	}
	ruleWorldWritableRecursive = &rule.Rule{
		ID: "shell.perm.world-writable-recursive", Category: rule.Permissions, Points: 80, AlwaysReview: true,
		Summary:     "Lets every user change every file of a directory tree (chmod -R 777, an always-review command).",
		Alternative: "chmod -R u+rwX,go+rX for readable trees; fix the one file that needs it",
		Match:       []string{"chmod -R 777 .", "chmod -R 777 ./uploads", "chmod -R a+w src"},
		NoMatch:     []string{"chmod -R 755 bin", "chmod 777 x.sh"},
	}
	ruleOpenSystem = &rule.Rule{
		ID: "shell.perm.open-system", Category: rule.SecurityBypass, Points: 120,
		Summary: "Makes system files (or everything) writable by every user: any program can then take over the machine.",
		Match:   []string{"chmod -R 777 /", "chmod 777 /etc/passwd", "chmod -R 777 /usr", "chmod -R a+w ~", "chmod 666 /etc/shadow"},
		NoMatch: []string{"chmod 644 /etc/myapp.conf", "chmod -R 777 ./tmp"},
	}
	ruleSetuid = &rule.Rule{
		ID: "shell.perm.setuid", Category: rule.PrivilegeEscalation, Points: 110,
		Summary: "Makes a program run as its owner (setuid) or gives it root capabilities: anyone can then use it to become root.",
		Match:   []string{"chmod u+s ./tool", "chmod 4755 /usr/local/bin/x", "install -m 4755 mybin /usr/local/bin/", "setcap cap_setuid+ep ./x", "chmod +s bash"},
		NoMatch: []string{"chmod 755 ./tool", "chmod g+s shared-dir", "install -m 755 mybin /usr/local/bin/"},
	}
	ruleChownSystem = &rule.Rule{
		ID: "shell.perm.chown-system", Category: rule.Permissions, Points: 85,
		Summary:     "Changes the owner or permissions of system files or of your home: programs and logins may break.",
		Alternative: "change only the files that need it",
		Match:       []string{"sudo chown -R dev /usr", "chown -R nobody ~", "chmod -R 700 /etc", "sudo chgrp -R staff /var"},
		NoMatch:     []string{"chown -R dev:dev ./data", "chmod 644 ./a"},
	}
	ruleCredentialExposed = &rule.Rule{
		ID: "shell.perm.credential-exposed", Category: rule.Credentials, Points: 60,
		Summary:     "Makes a credential file readable by other users.",
		Alternative: "keep keys private: chmod 600",
		Match:       []string{"chmod 644 ~/.ssh/id_rsa", "chmod 755 ~/.aws/credentials", "chmod o+r .env"},
		NoMatch:     []string{"chmod 600 ~/.ssh/id_rsa", "chmod 644 ~/.ssh/id_rsa.pub"},
	}
	ruleChattr = &rule.Rule{
		ID: "shell.perm.chattr", Category: rule.Permissions, Points: 60,
		Summary:     "Changes the immutable or append-only flags of files outside the project.",
		Alternative: "leave file attributes alone unless you know why they are set",
		Match:       []string{"sudo chattr -i /etc/resolv.conf", "chattr +i /etc/passwd"},
		NoMatch:     []string{"lsattr /etc/resolv.conf", "chattr +i ./lock"},
	}
)

// rmHandler judges rm, unlink, shred and friends by what they delete.
func rmHandler(c *Cmd, r *report) {
	r.mutates()
	recursive := c.Has("-r", "-R", "--recursive") || c.Name == "srm" && c.Has("-r") || c.Name == "wipe" && c.Has("-r")
	force := c.Has("-f", "--force")
	interactive := rmAsks(c)
	if c.Has("--no-preserve-root") && recursive {
		// Only a root operand is what the option unlocks; other operands are judged as they are.
		for _, t := range c.Positional() {
			if cl := c.Class(t); cl.Root || !cl.Known && (strings.HasPrefix(t, "/") || strings.HasPrefix(t, "$")) {
				r.add(c.find(ruleRmRoot, "Deletes everything on the machine (--no-preserve-root switches off rm's last safeguard).", "/"))
				return
			}
		}
	}
	targets := c.Positional()
	if c.Name == "shred" {
		targets = c.Positional("-n", "-s", "--iterations", "--size", "--random-source")
	}
	if len(targets) == 0 {
		return
	}
	shred := c.Name == "shred" || c.Name == "srm" || c.Name == "wipe"
	if c.Name == "shred" {
		// shred keeps the file unless -u/--remove; it is never recursive.
		recursive = false
	}
	for i, t := range targets {
		dyn := false
		for j, a := range c.Args {
			if a == t && j < len(c.Dynamic) && c.Dynamic[j] {
				dyn = true
			}
		}
		_ = i
		judgeDelete(c, r, t, dyn, recursive, force, interactive, shred)
	}
}

// rmAsks reports whether rm stops to ask before each file it deletes, as
// GNU rm decides: the last of -f, -i, -I and --interactive[=WHEN] wins;
// --interactive=never and -f do not ask; -I and --interactive=once ask one
// question for the whole deletion, which one "y" answers, so they are no
// protection. An rm whose standard input is fed (yes | rm -i, <<< y) has
// its answers already given.
func rmAsks(c *Cmd) bool {
	if c.Name != "rm" && c.Name != "srm" && c.Name != "unlink" {
		return c.Has("-i", "--interactive")
	}
	asks := false
	for _, o := range c.Argv().Opts {
		switch o.Name {
		case "--force":
			asks = false
		case "-i":
			asks = true
		case "-I":
			asks = false
		case "--interactive":
			// rm takes any unambiguous prefix of always, yes, never, no,
			// none, once; anything else it refuses, so judge it as asking
			// nothing.
			v := o.Value
			asks = v == "" || strings.HasPrefix("always", v) || strings.HasPrefix("yes", v)
		}
	}
	return asks && c.Stdin == ""
}

// judgeDelete reports what deleting target does. shred is true for the
// programs that overwrite before deleting (shred, srm, wipe): the content
// is destroyed even where the file stays.
func judgeDelete(c *Cmd, r *report, t string, dyn, recursive, force, interactive, shred bool) {
	// A deletion takes a link in the last component, not what it names,
	// unless the name ends in a slash; shred writes through it.
	cl := c.env.in(c.Cwd).classifyOnDisk(t, shred || strings.HasSuffix(t, "/") || strings.HasSuffix(t, "/."))
	base := path.Base(cl.Abs)
	name := showPath(t)
	verb := "Deletes "
	lost := "; what is not committed cannot be recovered"
	if shred {
		verb = "Destroys the content of "
		lost = "; it can never be recovered"
	}
	if isHistoryFile(cl.Abs) {
		r.add(c.find(ruleHistoryWipe, verb+"the shell history ("+name+").", t))
		return
	}
	// rm without -r of a directory fails when the directory is written
	// out; one that is not written in the command comes from a find that
	// lists every file under it (find . -type f | xargs rm), which deletes
	// the tree's content.
	// A name only known at run time counts when it is what a find in a
	// substitution prints (rm -f $(find / -type f)).
	if !recursive && !shred && cl.Known && !cl.Wildcard && (findSubstitution(c.Text) || !dyn && !containsWord(strings.Fields(c.Text), t)) &&
		(cl.WorkspaceRoot || cl.Home || cl.HoldsWorkspace || cl.System && wholeSystemTree(cl.Abs)) {
		recursive = true
	}
	switch {
	case cl.Device:
		if shred {
			r.add(c.find(ruleDiskWipe, "Overwrites the disk "+name+": everything on it is lost.", t))
		}
		return
	case cl.Root && (recursive || shred || strings.HasSuffix(cl.Abs, "*")):
		r.add(c.find(ruleRmRoot, "", "/"))
		return
	case cl.Root:
		return // rm / without -r fails
	case cl.Home && cl.Known && (recursive || strings.HasSuffix(t, "*")):
		r.add(c.find(ruleRmHome, "Deletes your whole home directory ("+name+").", t))
		return
	}
	if dyn || !cl.Known {
		if recursive && judgeEmptyTail(c, r, t) {
			return
		}
		// A path that starts with an unknown variable followed by "/" is the
		// classic "$DIR/" bug: an empty variable turns it into "/…".
		if recursive && unsetVarPrefix(t) {
			r.add(c.find(ruleRmUnsetVar, "Deletes "+name+": if "+varName(t)+" is empty or unset this deletes from /.", t))
			return
		}
		if recursive && !interactive {
			if cl.Temp {
				return
			}
			r.add(c.find(ruleRmDynamic, "Deletes recursively "+name+", whose value is only known when the command runs.", t))
			return
		}
		if !recursive && !interactive {
			r.add(c.find(ruleRmFile, verb+name+" (known only when the command runs).", t))
		}
		return
	}
	if cl.AgentSettings {
		r.add(c.find(ruleWriteAgentSettings, verb+name+", part of the agent's or actionguard's own settings.", t))
		return
	}
	if judgeDeleteScope(c, r, t, cl, recursive, interactive, shred, verb) {
		return
	}
	switch {
	case cl.System && recursive && strings.HasSuffix(cl.Abs, "/*") && strings.Count(cl.Abs, "/") == 2:
		// rm -rf /etc/*: everything in a top-level system directory.
		r.add(c.find(ruleRmSystem, "Deletes everything in the system directory "+strings.TrimSuffix(cl.Abs, "/*")+".", t))
	case cl.System && recursive:
		if !wholeSystemTree(cl.Abs) {
			r.add(c.find(ruleRmSystemFile, verb+name+" under a system directory.", t))
			return
		}
		r.add(c.find(ruleRmSystem, "Deletes the system directory "+cl.Abs+" and everything in it.", t))
	case cl.System:
		r.add(c.find(ruleRmSystemFile, verb+name+" under a system directory.", t))
	case cl.HoldsWorkspace && (recursive || shred) && !interactive:
		if name != cl.Abs && !cl.Wildcard {
			name += " (" + cl.Abs + ")"
		}
		r.add(c.find(ruleRmWorkspace, verb+name+", which holds the project you are working in ("+c.env.cwd+"): every file of it goes"+lost+".", t))
	case cl.Temp:
		// Scratch files are meant to be deleted.
	case cl.TempRoot && (recursive || shred):
		what := "the shared temporary directory " + name
		if cl.Wildcard {
			what = "everything in the shared temporary directory (" + name + ")"
		}
		r.add(c.find(ruleRmOutside, verb+what+": other programs keep files there.", t))
	case cl.TempRoot:
	case cl.GitInternals && (base == ".git" || strings.HasSuffix(cl.Abs, "/.git") || strings.Contains(cl.Abs, "/.git/objects") || strings.Contains(cl.Abs, "/.git/refs")) && (recursive || shred):
		r.add(c.find(ruleRmGit, verb+name+", the repository's history: commits that were never pushed are gone for good.", t))
	case cl.Workspace && cl.WorkspaceRoot && (recursive || strings.ContainsAny(base, "*")) && !interactive:
		if recursive {
			r.add(c.find(ruleRmWorkspace, verb+"every file of the project ("+name+").", t))
		} else {
			r.add(c.find(ruleRmFile, verb+"every file (not directories) at the top of the project ("+name+").", t))
		}
	case cl.Workspace && cl.BuildOutput && !shred:
		r.add(c.find(ruleRmBuildOutput, "Deletes "+name+": output that the project's tools regenerate.", t))
	case cl.DataFile != "" && !interactive && (shred || cl.DataFile != "document" && cl.DataFile != "spreadsheet"):
		// Deleting a document is everyday tidying (exports, generated
		// PDFs); destroying its content in place is not.
		judgeDataLoss(c, r, t, cl, verb)
	case cl.Workspace && strings.Contains(cl.Abs, "\x00found") && !interactive && (recursive || shred):
		r.add(c.find(ruleRmMatching, verb+name+" in the project, directories included.", t))
	case cl.Workspace && recursive && interactive:
		// rm -ri asks before each file: the suggested safe form.
	case cl.Workspace && recursive && (force || shred):
		if shred {
			r.add(c.find(ruleShred, "Overwrites every file under "+name+" so that it can never be recovered.", t))
			return
		}
		what := "the directory " + name + " and everything in it"
		if cl.Wildcard {
			what = "everything matching " + name + ", directories included"
		}
		f := c.find(ruleRmRecursive, "Deletes "+what+"; what is not committed cannot be recovered.", t)
		if cl.Wildcard {
			f.Alternative = globAlternative(t)
		}
		r.add(f)
	case cl.Workspace && recursive:
		r.add(c.find(ruleRmTree, "Deletes the directory "+name+" and everything in it.", t))
	case cl.Workspace && interactive:
	case cl.Workspace:
		if shred {
			r.add(c.find(ruleShred, "Overwrites "+name+" so that it can never be recovered.", t))
			return
		}
		if cl.Credential != "" {
			r.add(c.find(ruleRmHomeFile, "Deletes your "+cl.Credential+" ("+name+").", t))
			return
		}
		r.add(c.find(ruleRmFile, "Deletes "+name+".", t))
	case recursive && !interactive:
		r.add(c.find(ruleRmOutside, verb+name+" and everything in it, outside the project.", t))
	case interactive:
	case everyFileInHome(cl, c.env.home): // launder.go
		dir, _ := everyFileIn(cl.Abs)
		r.add(c.find(ruleRmOutside, verb+"every file in "+showPath(dir)+", outside the project.", t))
	default:
		if cl.Credential != "" || cl.Startup {
			r.add(c.find(ruleRmHomeFile, verb+name+", a file your tools rely on.", t))
			return
		}
		r.add(c.find(ruleRmHomeFile, verb+name+", outside the project.", t))
	}
}

// judgeDataLoss reports destroying a data file (see PathClass.DataFile):
// deleting it, or emptying or overwriting its content, which is the same
// loss. verb says how ("Deletes ", "Empties ", "Destroys the content of ").
func judgeDataLoss(c *Cmd, r *report, t string, cl PathClass, verb string) {
	f := dataLoss(t, cl, verb)
	fd := f.rule.Find(c.Text, f.message, t)
	fd.Cmd = c.index
	r.add(fd)
}

func dataLoss(t string, cl PathClass, verb string) writeJudgement {
	name := showPath(t)
	where := ""
	if !cl.Workspace {
		where = ", outside the project"
	}
	if cl.DataFile == "the repository's history" {
		if strings.Contains(cl.Abs, "/.git/objects") || strings.Contains(cl.Abs, "/.git/refs") || path.Base(cl.Abs) == "packed-refs" || strings.HasPrefix(cl.Abs, ".git/objects") || strings.HasPrefix(cl.Abs, ".git/refs") {
			return writeJudgement{ruleRmGit, verb + name + ", part of the repository's history: commits that were never pushed can be lost for good."}
		}
		return writeJudgement{ruleRmData, verb + name + ", a file git needs: the repository breaks until it is repaired."}
	}
	if cl.DataFile == "infrastructure state" {
		return writeJudgement{ruleRmInfraState, verb + name + ", the state of the infrastructure" + where + ": Terraform forgets what it created unless there is a backup."}
	}
	if strings.Contains(t, "\x00found") {
		return writeJudgement{ruleRmData, verb + name + " (" + cl.DataFile + "s)" + where + ": the data in them is gone unless there is a backup."}
	}
	if cl.Wildcard {
		return writeJudgement{ruleRmData, verb + "the " + cl.DataFile + "s matching " + name + where + ": the data in them is gone unless there is a backup."}
	}
	return writeJudgement{ruleRmData, verb + name + ", a " + cl.DataFile + where + ": the data in it is gone unless there is a backup."}
}

// showPath is how a path argument reads in a message: the placeholder for
// what find lists ("/\x00found/*.log") reads "the files named *.log that
// find lists under /", a word read from standard input reads as such.
func showPath(t string) string {
	if t == "$(stdin)" {
		return "the names read from standard input"
	}
	i := strings.Index(t, "\x00found")
	if i < 0 {
		return strings.ReplaceAll(t, "\x00", "")
	}
	root := strings.TrimSuffix(t[:i], "/")
	switch root {
	case "":
		root = "/"
	case ".":
		root = "the current directory"
	}
	rest := strings.ReplaceAll(strings.TrimPrefix(t[i+len("\x00found"):], "/"), "\x00", "")
	if rest == "" {
		return "every file find lists under " + root
	}
	return "the files named " + rest + " that find lists under " + root
}

// wholeSystemTree reports whether deleting abs recursively takes a whole
// part of the system with it: a top-level directory (/etc, /usr, /home), a
// main tree under /usr or /var (/usr/lib, /var/lib), or another user's home.
// Deeper directories (/etc/nginx, /var/lib/app) are serious, not machine-wide.
func wholeSystemTree(abs string) bool {
	if strings.Contains(abs, "\x00") && !strings.HasSuffix(abs, "\x00unknown") {
		return false
	}
	segs := strings.Split(strings.Trim(abs, "/"), "/")
	switch len(segs) {
	case 1:
		return true
	case 2:
		switch segs[0] {
		case "usr", "var":
			switch segs[1] {
			case "lib", "lib64", "lib32", "bin", "sbin", "share", "include", "local", "log", "cache", "spool", "mail", "opt", "db", "backups", "\x00unknown":
				return true
			}
		case "home", "Users", "System", "Library":
			return true
		}
	}
	return false
}

// isLocalSystem reports whether abs is under /usr/local or /opt, where
// software is installed by hand: system-wide, but not the system itself.
func isLocalSystem(abs string) bool {
	for _, d := range []string{"/usr/local", "/opt"} {
		if strings.HasPrefix(abs, d+"/") {
			return true
		}
	}
	return abs == "/usr/local" || abs == "/opt"
}

func isHistoryFile(abs string) bool {
	b := path.Base(abs)
	return b == ".bash_history" || b == ".zsh_history" || b == ".history" || b == ".sh_history" || b == "fish_history" || b == ".python_history" || b == ".psql_history" || b == ".mysql_history" || b == ".node_repl_history"
}

// unsetVarPrefix reports whether t starts with an unguarded variable
// followed by a slash: "$DIR/…", "${DIR}/…" (not "${DIR:?}/…").
func unsetVarPrefix(t string) bool {
	if !strings.HasPrefix(t, "$") || strings.HasPrefix(t, "$HOME") || strings.HasPrefix(t, "${HOME}") || strings.HasPrefix(t, "$TMPDIR") || strings.HasPrefix(t, "${TMPDIR}") || strings.HasPrefix(t, "$(") {
		return false
	}
	name := varName(t)
	if strings.Contains(name, ":?") || strings.Contains(name, ":-") {
		return false
	}
	rest := t[len(name):]
	return strings.HasPrefix(rest, "/")
}

func varName(t string) string {
	if strings.HasPrefix(t, "${") {
		if i := strings.IndexByte(t, '}'); i > 0 {
			return t[:i+1]
		}
		return t
	}
	i := 1
	for i < len(t) && (t[i] == '_' || t[i] >= 'a' && t[i] <= 'z' || t[i] >= 'A' && t[i] <= 'Z' || t[i] >= '0' && t[i] <= '9') {
		i++
	}
	return t[:i]
}

// findQuery is what a find command looks at: its roots, its expression,
// and whether the expression filters what it finds (by name, age, size…).
// filtered and name describe the paths the implicit -print lists; an
// action's own branch of the expression is read by scope.
type findQuery struct {
	roots    []string
	expr     []string
	filtered bool
	name     string // the -name pattern, if any
}

func parseFind(c *Cmd) findQuery {
	var q findQuery
	i := 0
	// Options before the roots: -H -L -P -D debugopts -Olevel.
	for i < len(c.Args) && (c.Args[i] == "-H" || c.Args[i] == "-L" || c.Args[i] == "-P" || strings.HasPrefix(c.Args[i], "-O") || c.Args[i] == "-D") {
		if c.Args[i] == "-D" {
			i++
		}
		i++
	}
	for i < len(c.Args) && !strings.HasPrefix(c.Args[i], "-") && c.Args[i] != "(" && c.Args[i] != "!" {
		q.roots = append(q.roots, c.Args[i])
		i++
	}
	if len(q.roots) == 0 {
		q.roots = []string{"."}
	}
	if i < len(c.Args) {
		q.expr = c.Args[i:]
	}
	// What the implicit -print lists: every branch of the expression; it
	// is filtered only when each branch is.
	q.filtered = true
	for _, b := range findBranches(q.expr) {
		f, name := findFilter(q.expr[b[0]:b[1]])
		if !f {
			q.filtered, q.name = false, ""
			break
		}
		if q.name == "" {
			q.name = name
		}
	}
	return q
}

// scope is what the action at expr[at] acts on: the filter of its own
// branch of the expression (the words between the top-level -o around it).
// find . -name .git -prune -o -type f -exec rm {} + deletes every file but
// .git's: the -prune branch only keeps find out of .git.
func (q findQuery) scope(at int) findQuery {
	for _, b := range findBranches(q.expr) {
		if at >= b[0] && at < b[1] {
			s := q
			s.filtered, s.name = findFilter(q.expr[b[0]:b[1]])
			return s
		}
	}
	return q
}

// findBranches splits a find expression at its top-level -o (outside
// parentheses) into [start, end) ranges.
func findBranches(expr []string) [][2]int {
	var out [][2]int
	depth, start := 0, 0
	for i, w := range expr {
		switch w {
		case "(", `\(`:
			depth++
		case ")", `\)`:
			if depth > 0 {
				depth--
			}
		case "-o", "-or":
			if depth == 0 {
				out = append(out, [2]int{start, i})
				start = i + 1
			}
		}
	}
	return append(out, [2]int{start, len(expr)})
}

// findFilter reports whether a branch of a find expression keeps only some
// of the paths (by name, age, size, owner…), and the -name pattern it
// keeps. The file type (-type f) is no filter: every file of a tree is the
// tree's content. A negated name (! -name ., -not -path './.git/*') takes
// everything but one name, no filter either, and neither does a pattern
// that matches every name (-name '*').
func findFilter(expr []string) (bool, string) {
	filtered, name := false, ""
	for j := 0; j < len(expr); j++ {
		negated := j > 0 && (expr[j-1] == "!" || expr[j-1] == "-not" || expr[j-1] == `\!`)
		switch expr[j] {
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname":
			v := ""
			if j+1 < len(expr) {
				v = expr[j+1]
			}
			if negated || findMatchesAll(expr[j], v) {
				j++
				continue
			}
			filtered = true
			if (expr[j] == "-name" || expr[j] == "-iname") && name == "" {
				name = v
			}
			j++
		case "-newer", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-user", "-group", "-perm", "-empty", "-links", "-inum", "-samefile", "-uid", "-gid", "-nouser", "-nogroup",
			"-newermt", "-newerct", "-newerat", "-newerbt", "-used", "-fstype", "-context", "-readable", "-writable", "-executable":
			filtered = true
		}
	}
	return filtered, name
}

// findMatchesAll reports whether a name or path test keeps every path.
func findMatchesAll(test, v string) bool {
	switch test {
	case "-name", "-iname", "-lname", "-ilname":
		return v == "*" || v == "*.*"
	case "-path", "-ipath", "-wholename", "-iwholename":
		return v == "*" || v == "./*"
	default: // -regex
		return v == ".*" || v == "./.*" || v == ".*/.*"
	}
}

// target is the path standing for what find finds under root: the root
// itself when nothing filters, else something below it.
func (q findQuery) target(root string) string {
	if !q.filtered {
		return root
	}
	t := strings.TrimRight(root, "/") + "/\x00found"
	if q.name != "" && !strings.Contains(q.name, "/") {
		t += "/" + q.name
	}
	return t
}

// findItem is what a path printed by find stands for.
func findItem(c *Cmd) string {
	q := parseFind(c)
	printed := false
	for j, w := range q.expr {
		if w == "-print" || w == "-print0" || w == "-printf" || w == "-ls" {
			q = q.scope(j)
			printed = true
			break
		}
	}
	if !printed {
		for _, w := range q.expr {
			if w == "-exec" || w == "-execdir" || w == "-ok" || w == "-okdir" || w == "-delete" || w == "-quit" {
				// With an action and no -print, what comes out is what
				// the action prints (find -exec grep -l … {} \;): some
				// of the paths, not all.
				q.filtered = true
				break
			}
		}
	}
	return q.target(q.roots[0])
}

// findDeleters are the programs that delete what find -exec hands them.
var findDeleters = map[string]bool{"rm": true, "unlink": true, "shred": true, "srm": true, "wipe": true, "rmdir": false}

// findHandler: find … -delete and find … -exec cmd {} are deletions or
// commands over what find finds under its roots.
func findHandler(c *Cmd, r *report) {
	q := parseFind(c)
	expr := q.expr
	for j := 0; j < len(expr); j++ {
		s := q.scope(j)
		switch expr[j] {
		case "-delete":
			r.mutates()
			for _, root := range s.roots {
				tc := *c
				judgeDelete(&tc, r, s.target(root), false, !s.filtered, true, false, false)
			}
		case "-exec", "-execdir", "-ok", "-okdir":
			var inner []string
			k := j + 1
			for ; k < len(expr); k++ {
				if expr[k] == ";" || expr[k] == "+" || expr[k] == `\;` {
					break
				}
				inner = append(inner, expr[k])
			}
			if len(inner) == 0 {
				continue
			}
			// -ok and -okdir ask on standard input before each command,
			// and the agent gives that input (yes |, < file, <<< y, or
			// whatever its tool passes): they are judged as -exec is.
			for _, root := range s.roots {
				// Every path of an unfiltered find handed to a deleting
				// program is the whole tree, however the program is
				// spelled (rm {} without -r still deletes every file).
				if prog := baseName(inner[0]); findDeleters[prog] && !s.filtered && containsWord(inner[1:], "{}") {
					r.mutates()
					tc := *c
					judgeDelete(&tc, r, root, false, true, true, false, prog == "shred" || prog == "srm" || prog == "wipe")
					continue
				}
				argv := make([]string, len(inner))
				for x, a := range inner {
					argv[x] = strings.ReplaceAll(a, "{}", s.target(root))
				}
				r.command(argv, c, "find "+expr[j]+" runs")
				if every := findEveryFile(inner, root, s.filtered); every != nil { // launder.go
					r.command(every, c, "find "+expr[j]+" runs")
				}
			}
			j = k
		case "-fprint", "-fprintf", "-fls", "-fprint0":
			// The file is created or emptied before find prints into it.
			r.mutates()
			if j+1 < len(expr) {
				writeTarget(c, r, expr[j+1], writeDestroy)
				j++
			}
		}
	}
}

func containsWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// ddHandler: dd of=… writes a disk or a file.
func ddHandler(c *Cmd, r *report) {
	for _, a := range c.Args {
		if strings.HasPrefix(a, "of=") {
			r.mutates()
			writeTarget(c, r, a[3:], writeDestroy)
		}
	}
}

// diskHandler: mkfs, wipefs, fdisk, parted… on a device.
func diskHandler(c *Cmd, r *report) {
	name := c.Name
	if name == "fdisk" || name == "sfdisk" || name == "gdisk" || name == "cfdisk" {
		if c.Has("-l", "--list", "-s", "--show-size", "-d", "--dump", "-V", "--verify") {
			return
		}
	}
	if diskReadOnly(c) {
		return
	}
	if name == "parted" && (c.Has("-l", "--list") || c.Contains("print", "p")) && !c.Contains("mklabel", "mkpart", "rm", "resizepart", "mktable") {
		return
	}
	if name == "diskutil" {
		sub := c.Sub(0)
		if sub == "apfs" || sub == "ap" {
			diskutilAPFS(c, r)
			return
		}
		if !strings.HasPrefix(sub, "erase") && sub != "partitionDisk" && sub != "zeroDisk" && sub != "randomDisk" && sub != "secureErase" && sub != "reformat" {
			return
		}
		r.mutates()
		r.add(c.find(ruleDiskWipe, "Erases a disk with diskutil "+sub+".", c.Sub(len(c.Positional())-1)))
		return
	}
	if name == "zpool" || name == "zfs" {
		if c.ArgIs("destroy") || c.ArgIs("labelclear") {
			r.mutates()
			r.add(c.find(ruleDiskWipe, "Destroys the ZFS "+name+" "+c.Sub(1)+" and all its data.", c.Sub(1)))
		}
		return
	}
	if name == "lvremove" || name == "vgremove" || name == "pvremove" {
		r.mutates()
		r.add(c.find(ruleDiskWipe, "Removes a logical volume or volume group and the data on it.", c.Positional()...))
		return
	}
	operands := c.Positional("-t", "-L", "-O", "-b", "-c", "-N", "-o", "--type", "--label")
	if name == "sgdisk" {
		// sgdisk's letters mean other things (-o clears the table and
		// takes no value): the device is any word naming one.
		operands = c.Args
	}
	for _, a := range operands {
		cl := c.Class(a)
		if cl.Device || strings.HasPrefix(a, "/dev/disk") || strings.HasPrefix(a, "/dev/") && !cl.Known {
			r.mutates()
			r.add(c.find(ruleDiskWipe, "Formats or repartitions "+a+": everything on it is lost.", a))
			return
		}
	}
	r.mutates()
}

// truncateHandler: truncate -s 0 file empties it.
func truncateHandler(c *Cmd, r *report) {
	r.mutates()
	size, hasSize := c.Flag("-s", "--size")
	ref, hasRef := c.Flag("-r", "--reference")
	// -s 0, -s0, --size=0K… empty the file; -s -10M, <, / and % shrink it;
	// -r /dev/null takes the size of an empty file.
	empties := hasSize && zeroSize(size) || hasRef && ref == "/dev/null"
	shrinks := hasSize && size != "" && strings.ContainsAny(size[:1], "-</%")
	if !empties && !shrinks {
		return
	}
	for _, t := range c.Positional("-s", "--size", "-r", "--reference") {
		writeTarget(c, r, t, writeTruncate)
	}
}

// fallocateHandler: fallocate --punch-hole, --collapse-range and
// --zero-range throw away the data in the range they are given (the whole
// file when the range covers it); --dig-holes and plain allocation keep it.
func fallocateHandler(c *Cmd, r *report) {
	r.mutates()
	if !c.Has("-p", "--punch-hole", "-c", "--collapse-range", "-z", "--zero-range") {
		return
	}
	for _, t := range c.Positional() {
		writeTarget(c, r, t, writeDestroy)
	}
}

// spongeHandler: sponge FILE replaces FILE with its standard input once
// the input ends (sponge -a appends).
func spongeHandler(c *Cmd, r *report) {
	r.mutates()
	mode := writeDestroy
	if c.Has("-a") {
		mode = writeAppend
	}
	for _, t := range c.Positional() {
		writeTarget(c, r, t, mode)
	}
}

// yqInPlaceHandler: yq -i (--inplace) replaces each file it reads with
// the result of its expression; without it yq only prints.
func yqInPlaceHandler(c *Cmd, r *report) {
	if !c.Has("-i", "--inplace") {
		return
	}
	r.mutates()
	p := c.Positional()
	if _, ok := c.Flag("--expression"); !ok && len(p) > 0 {
		p = p[1:] // the first operand is the expression
	}
	for _, t := range p {
		writeTarget(c, r, t, writeEdit)
	}
}

// awkInPlaceHandler: gawk's inplace extension (-i inplace, --include=
// inplace) replaces each file the program reads with what it prints;
// without it awk only reads.
func awkInPlaceHandler(c *Cmd, r *report) {
	if !awkInPlace(c) {
		return
	}
	r.mutates()
	pos := c.Positional()
	if !c.Has("-f", "--file", "-e", "--source", "-E", "--exec") && len(pos) > 0 {
		pos = pos[1:] // the program text
	}
	for _, t := range pos {
		if strings.Contains(t, "=") && !strings.Contains(t, "/") {
			continue // var=value is an assignment, not a file
		}
		writeTarget(c, r, t, writeEdit)
	}
}

// awkInPlace reports whether awk loads the inplace extension. gawk's spec
// reads -i; an awk that is gawk under its POSIX name is read here.
func awkInPlace(c *Cmd) bool {
	inplace := func(v string) bool {
		return v == "inplace" || v == "inplace.awk" || strings.HasSuffix(v, "/inplace.awk")
	}
	if c.Name == "gawk" {
		for _, v := range c.FlagAll("-i", "--include") {
			if inplace(v) {
				return true
			}
		}
		return false
	}
	for i, a := range c.Args {
		switch {
		case a == "--":
			return false
		case (a == "-i" || a == "--include") && i+1 < len(c.Args) && inplace(c.Args[i+1]):
			return true
		case strings.HasPrefix(a, "-i") && inplace(a[2:]), strings.HasPrefix(a, "--include=") && inplace(a[len("--include="):]):
			return true
		}
	}
	return false
}

// zeroSize reports whether a truncate size is zero, with or without a
// unit (0, 00, 0K, 0KiB, 0MB, =0).
func zeroSize(s string) bool {
	s = strings.TrimPrefix(s, "=")
	i := 0
	for i < len(s) && s[i] == '0' {
		i++
	}
	if i == 0 {
		return false
	}
	unit := s[i:]
	for j := 0; j < len(unit); j++ {
		if !(unit[j] >= 'a' && unit[j] <= 'z' || unit[j] >= 'A' && unit[j] <= 'Z') {
			return false
		}
	}
	return len(unit) <= 3
}

// copyHandler: cp, mv, install, ln, rsync-like local copies write their
// destination; mv also removes its sources.
func copyHandler(c *Cmd, r *report) {
	r.mutates()
	pos := c.Positional() // the specs say which options take a value
	dest, hasT := c.Flag("-t", "--target-directory")
	if !hasT {
		if len(pos) < 2 {
			if c.Name == "install" && c.Has("-d", "--directory") {
				for _, p := range pos {
					writeTarget(c, r, p, writeCreate)
				}
			}
			return
		}
		dest = pos[len(pos)-1]
		pos = pos[:len(pos)-1]
	}
	if c.Name == "install" {
		if m, ok := c.Flag("-m", "--mode"); ok && isSetuidMode(m) {
			r.add(c.find(ruleSetuid, "Installs "+dest+" as a setuid program ("+m+"): anyone can use it to act as its owner.", dest))
		}
	}
	var moved map[string]bool
	if c.Name == "mv" || c.Name == "gmv" {
		if dest == "/dev/null" {
			for _, s := range pos {
				judgeDelete(c, r, s, false, true, true, false, false)
			}
			return
		}
		for _, s := range pos {
			cl := c.Class(s)
			if !cl.Known {
				continue
			}
			if cl.Root || cl.Home && cl.Known || cl.System && strings.Count(strings.Trim(cl.Abs, "/"), "/") == 0 {
				judgeDelete(c, r, s, false, true, true, false, false)
			} else if cl.GitInternals && path.Base(cl.Abs) == ".git" {
				r.add(c.find(ruleRmGit, "Moves the repository's history (.git) away.", s))
			} else if cl.System {
				r.add(c.find(ruleRmSystemFile, "Moves "+s+" out of a system directory.", s))
			} else if isHistoryFile(cl.Abs) {
				r.add(c.find(ruleHistoryWipe, "Moves the shell history away.", s))
			}
		}
		moved = judgeMoveSources(c, r, pos, dest, hasT)
		judgeMoveToScratch(c, r, pos, dest)
	}
	if (c.Name == "cp" || c.Name == "install" || c.Name == "ln" && c.Has("-f", "--force")) && len(pos) == 1 {
		switch pos[0] {
		case "/dev/null":
			writeTarget(c, r, dest, writeTruncate)
			return
		case "/dev/zero", "/dev/urandom", "/dev/random":
			writeTarget(c, r, dest, writeDestroy)
			return
		}
	}
	mode := writeOverwrite
	if c.Name == "ln" {
		if !c.Has("-f", "--force") {
			// ln without -f refuses to replace a file, but makes the new
			// names it is given (a hook, a start-up file not there yet).
			writeTarget(c, r, dest, writeCreate)
			judgeCopyWrites(c, r, dest, writeCreate)
			return
		}
	}
	if c.Name == "cp" || c.Name == "install" || c.Name == "rsync" {
		// Copying *into* a directory creates files; judge the destination.
		if strings.HasSuffix(dest, "/") {
			mode = writeCreate
		}
	}
	if c.Name != "ln" && c.Name != "rsync" && overwritesData(c, dest, len(pos), hasT) {
		mode = writeDestroy
	}
	writeTarget(c, r, dest, replaceMode(c, dest, mode))
	if moved != nil {
		judgeMoveWrites(c, r, dest, mode, moved)
		return
	}
	judgeCopyWrites(c, r, dest, mode)
}

func isSetuidMode(m string) bool {
	if len(m) == 4 && isOctal(m) && (m[0] == '4' || m[0] == '6') {
		return true
	}
	return strings.Contains(m, "u+s") || strings.Contains(m, "+s") && !strings.Contains(m, "g+s") && !strings.Contains(m, "o+s")
}

func isOctal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return s != ""
}

// teeHandler: tee writes each file it is given.
func teeHandler(c *Cmd, r *report) {
	if len(c.Positional()) == 0 {
		return
	}
	r.mutates()
	mode := writeDestroy // tee replaces what the files held
	if c.Has("-a", "--append") {
		mode = writeAppend
	}
	for _, t := range c.Positional() {
		writeTarget(c, r, t, mode)
	}
}

// sedHandler: sed -i edits files in place.
func sedHandler(c *Cmd, r *report) {
	// The spec reads every spelling: -i, -i.bak, -ni, --in-place=.bak and
	// its abbreviations (--in, --in-pl=.bak).
	if !c.Has("-i", "--in-place") {
		return
	}
	r.mutates()
	pos := c.Positional("-e", "-f", "--expression", "--file", "-l", "--line-length")
	scripts := c.FlagAll("-e", "--expression")
	if !c.Has("-e", "-f", "--expression", "--file") && len(pos) > 0 {
		scripts = []string{pos[0]}
		pos = pos[1:]
	}
	if len(scripts) > 0 && (sedEmpties(strings.Join(scripts, "\n")) || c.Has("-n", "--quiet", "--silent") && sedPrintsNothing(strings.Join(scripts, "\n"))) {
		emptiesInPlace(c, r, pos)
		return
	}
	for _, t := range pos {
		writeTarget(c, r, t, writeEdit)
	}
}

// chmodHandler judges permission changes.
func chmodHandler(c *Cmd, r *report) {
	r.mutates()
	pos := c.Positional("--reference")
	if len(pos) < 2 && c.Name != "setcap" && c.Name != "chattr" {
		return
	}
	recursive := c.Has("-R", "--recursive")
	if c.Name == "setcap" {
		if len(pos) >= 1 && (strings.Contains(pos[0], "cap_setuid") || strings.Contains(pos[0], "cap_sys_admin") || strings.Contains(pos[0], "cap_dac_override") || strings.Contains(pos[0], "cap_sys_ptrace")) {
			r.add(c.find(ruleSetuid, "Gives "+strings.Join(pos[1:], " ")+" root capabilities ("+pos[0]+").", pos[1:]...))
		}
		return
	}
	if c.Name == "chattr" {
		var files []string
		attrs := ""
		for _, a := range c.Args {
			if len(a) > 1 && (a[0] == '+' || a[0] == '-' || a[0] == '=') && strings.Trim(a[1:], "aAcCdDeFijmPsStTux") == "" {
				attrs = a
				continue
			}
			if strings.HasPrefix(a, "-") {
				continue
			}
			files = append(files, a)
		}
		for _, t := range files {
			cl := c.Class(t)
			if !cl.Workspace && !cl.Temp {
				r.add(c.find(ruleChattr, "Changes the attributes ("+attrs+") of "+t+".", t))
				return
			}
		}
		return
	}
	mode := pos[0]
	files := pos[1:]
	if c.Name == "chown" || c.Name == "chgrp" {
		for _, t := range files {
			cl := c.Class(t)
			if (cl.System || cl.Root || cl.Home && cl.Known) && (recursive || cl.Root) {
				if cl.Root && recursive {
					r.add(c.find(ruleChownRoot, "Gives every file on the machine to "+mode+": system programs and logins stop working.", t))
					return
				}
				if isLocalSystem(cl.Abs) {
					r.add(c.find(ruleLocalSystem, "Changes the owner of "+t+" and everything in it.", t))
					return
				}
				r.add(c.find(ruleChownSystem, "Changes the owner of "+t+(map[bool]string{true: " and everything in it", false: ""}[recursive])+".", t))
				return
			}
			if f := chownCredential(c, mode, t, cl); f != "" {
				r.add(c.find(ruleCredentialExposed, f, t))
				return
			}
		}
		return
	}
	worldW := worldWritable(mode)
	for _, t := range files {
		cl := c.Class(t)
		switch {
		case isSetuidMode(mode) && !strings.Contains(mode, "g+s"):
			r.add(c.find(ruleSetuid, "Makes "+t+" a setuid program ("+mode+").", t))
		case worldW && (cl.Root || cl.System || cl.Home && cl.Known || cl.Credential != "" && !cl.Workspace):
			r.add(c.find(ruleOpenSystem, "Makes "+t+" writable by every user ("+mode+").", t))
		case cl.Credential != "" && (worldW || worldReadable(mode)):
			r.add(c.find(ruleCredentialExposed, "Lets other users read your "+cl.Credential+" ("+t+", "+mode+").", t))
		case worldW && recursive:
			r.add(c.find(ruleWorldWritableRecursive, "Lets every user change every file under "+t+" ("+mode+").", t))
		case worldW:
			r.add(c.find(ruleWorldWritable, "Lets every user change "+t+" ("+mode+").", t))
		case cl.Root && recursive:
			r.add(c.find(ruleChownRoot, "Changes the permissions of every file on the machine ("+mode+"): system programs and logins stop working.", t))
		case (cl.System || cl.Root) && recursive:
			r.add(c.find(ruleChownSystem, "Changes the permissions of "+t+" and everything in it.", t))
		default:
			continue
		}
		return
	}
}

// worldWritable reports whether a chmod mode gives write to others.
func worldWritable(m string) bool {
	if isOctal(m) && len(m) >= 3 {
		o := m[len(m)-1]
		return o == '2' || o == '3' || o == '6' || o == '7'
	}
	for _, part := range strings.Split(m, ",") {
		who, perms, ok := cutAny(part, "+=")
		if !ok {
			continue
		}
		if (who == "" || strings.ContainsAny(who, "oa")) && strings.Contains(perms, "w") {
			return true
		}
	}
	return false
}

func worldReadable(m string) bool {
	if isOctal(m) && len(m) >= 3 {
		o, g := m[len(m)-1], m[len(m)-2]
		return o >= '4' || g >= '4'
	}
	for _, part := range strings.Split(m, ",") {
		who, perms, ok := cutAny(part, "+=")
		if ok && (who == "" || strings.ContainsAny(who, "oag")) && strings.Contains(perms, "r") {
			return true
		}
	}
	return false
}

func cutAny(s, seps string) (string, string, bool) {
	if i := strings.IndexAny(s, seps); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// replaceMode is how cp, mv and install write the destination dest
// they name: onto a data file of the user's (a document, a database)
// outside the project, the copy replaces it whole and its data is lost,
// as with > file. Into a directory (dest/) they make new names.
func replaceMode(c *Cmd, dest string, mode writeMode) writeMode {
	if mode != writeOverwrite || strings.HasSuffix(dest, "/") || c.Name != "cp" && c.Name != "mv" && c.Name != "install" ||
		c.Has("-n", "--no-clobber", "-i", "--interactive", "-b", "--backup") {
		return mode // the old content is kept, or asked about
	}
	if cl := c.env.classify(dest); cl.DataFile != "" && cl.InHome && !cl.Workspace {
		return writeDestroy
	}
	return mode
}

type writeMode int

const (
	writeOverwrite writeMode = iota
	writeAppend
	writeTruncate
	writeEdit
	writeCreate
	writeDestroy // overwrites the whole content (dd of=, > file): a data file's content is lost
)

// writeTarget judges a write to path t by what the path is.
func writeTarget(c *Cmd, r *report, t string, mode writeMode) {
	if mode == writeEdit {
		editedInPlace(c, r, t)
	}
	f, ok := judgeWrite(c.env, t, mode)
	if !ok {
		return
	}
	fd := f.rule.Find(c.Text, f.message, t)
	fd.Cmd = c.index
	r.add(fd)
}

// editedInPlace records that an in-place edit (sed -i, perl -pi, ruby
// -pi, awk -i inplace) changed t: what the file holds afterwards is only
// known when the edit runs, so a later command of the line that runs it
// or reads it as a manifest (bash x.sh, make, npm test) runs text nobody
// saw, as after inline code that writes a file.
func editedInPlace(c *Cmd, r *report, t string) {
	if t == "" || t == "-" {
		return
	}
	if abs, ok := c.Resolve(t); ok && strings.HasPrefix(abs, "/") {
		fc := fileContent{kind: streamUnknown, what: c.Name + "'s in-place edit of " + showPath(t)}
		insertedByEdit(c, &fc) // filter_insert.go
		r.fl().setFile(abs, fc)
	}
}

type writeJudgement struct {
	rule    *rule.Rule
	message string
}

func judgeWrite(env *analysis, t string, mode writeMode) (writeJudgement, bool) {
	if t == "" || t == "-" {
		return writeJudgement{}, false
	}
	if j, ok := judgeSelfWrite(env, t); ok {
		return j, true
	}
	verb := "Overwrites "
	destroy := mode == writeTruncate || mode == writeDestroy
	if mode == writeTruncate {
		verb = "Empties "
	}
	if mode == writeDestroy {
		mode = writeOverwrite
	}
	cl := env.classify(t)
	abs := cl.Abs
	raw := t
	t = showPath(t)
	switch {
	case strings.HasPrefix(t, "/dev/tcp/") || strings.HasPrefix(t, "/dev/udp/"):
		return writeJudgement{ruleDevTCP, "Sends data to " + t + "."}, true
	case cl.Device:
		return writeJudgement{ruleDiskWipe, "Writes over the disk " + t + ": everything on it is lost."}, true
	case isHistoryFile(abs) && (mode == writeTruncate || mode == writeOverwrite):
		return writeJudgement{ruleHistoryWipe, "Empties the shell history (" + t + ")."}, true
	case abs == "/etc/sudoers" || strings.HasPrefix(abs, "/etc/sudoers.d/") || abs == "/etc/passwd" || abs == "/etc/shadow" || abs == "/etc/group" || abs == "/etc/gshadow" || strings.HasPrefix(abs, "/etc/pam.d/"):
		return writeJudgement{ruleWriteAuth, "Changes " + abs + ", which decides who may log in or become root."}, true
	case cl.AgentSettings:
		return writeJudgement{ruleWriteAgentSettings, "Changes " + t + ", part of the agent's or actionguard's own settings."}, true
	case cl.Credential != "" && !cl.Workspace || strings.HasSuffix(abs, "/.ssh/authorized_keys") || strings.Contains(abs, "/.ssh/"):
		if cl.Credential == "" && !strings.Contains(abs, "/.ssh/") {
			break
		}
		if destroy && cl.Credential != "" {
			return writeJudgement{ruleWriteCredential, verb + t + ", your " + cl.Credential + ": it is lost unless there is a backup."}, true
		}
		return writeJudgement{ruleWriteCredential, "Changes " + t + ", a credential file."}, true
	case cl.Startup:
		return writeJudgement{ruleWriteStartup, "Changes " + t + ": what it adds runs in every new shell."}, true
	case cl.Autorun != "" && !cl.ProjectAutorun:
		return writeJudgement{ruleWriteAutorun, "Writes " + t + ": " + cl.Autorun + ", outside this session."}, true
	case cl.GitInternals && strings.Contains(abs, "/.git/hooks/") || strings.HasPrefix(abs, ".git/hooks/"):
		return writeJudgement{ruleWriteGitHooks, "Writes the git hook " + path.Base(abs) + ": it runs on every matching git command."}, true
	case cl.CIConfig:
		return writeJudgement{ruleWriteCI, "Changes the CI pipeline " + t + "."}, true
	case cl.ProjectAutorun:
		return writeJudgement{ruleWriteProjectAutorun, "Writes " + t + ": " + cl.Autorun + "."}, true
	case isGitConfigFile(abs) && !(cl.Workspace && path.Base(abs) == ".gitconfig" && path.Dir(abs) != env.home):
		// git reads ~/.gitconfig; one among a project's files is a copy.
		return writeJudgement{ruleWriteGitHooks, "Changes git's configuration (" + t + "): settings there can make git run programs (hooks path, fsmonitor, pager, aliases)."}, true
	case cl.Temp || cl.TempRoot:
		return writeJudgement{}, false
	case cl.System || cl.Root:
		if strings.HasPrefix(abs, "/dev/") || abs == "/dev" {
			return writeJudgement{}, false
		}
		if isLocalSystem(abs) {
			return writeJudgement{ruleLocalSystem, "Writes " + showPath(abs) + ", shared by every user of the machine."}, true
		}
		return writeJudgement{ruleOverwriteSystem, "Writes over " + showPath(abs) + ", in a system directory."}, true
	}
	if !cl.Known {
		return writeJudgement{}, false
	}
	if destroy && cl.DataFile != "" {
		return dataLoss(raw, cl, verb), true
	}
	if mode == writeTruncate && cl.Workspace {
		if cl.BuildOutput || isLogFile(abs) {
			return writeJudgement{}, false // a log or a build output is emptied routinely
		}
		return writeJudgement{ruleTruncate, "Empties " + t + ": its content is gone."}, true
	}
	if dir, every := everyFileIn(abs); every && destroy && everyFileInHome(cl, env.home) { // launder.go
		return writeJudgement{ruleRmOutside, "Empties every file in " + showPath(dir) + ", outside the project: their content is gone."}, true
	}
	if (cl.InHome || cl.Home || !cl.Workspace && strings.HasPrefix(abs, "/")) && mode != writeAppend {
		return writeJudgement{ruleWriteOutside, "Writes " + t + ", outside the project."}, true
	}
	if mode == writeTruncate {
		return writeJudgement{ruleTruncate, "Empties " + t + ": its content is gone."}, true
	}
	return writeJudgement{}, false
}

// redirect judges an output redirection of a statement. bare is true when
// the statement has no command (> file), which empties the file.
func (w *walker) redirect(t redirTarget, bare bool, _ any) {
	if t.dynamic {
		w.r.mutates()
		// > ~/.claude/settings${s}.json: a name known only at run time is
		// still judged against the control plane (self_unknown.go).
		if j, ok := judgeSelfWrite(w.r.env, t.name); ok {
			w.r.add(j.rule.Find("> "+t.name, j.message, t.name))
		}
		dynamicAutorunWrite(w.r, t.name) // persist_more.go
		return
	}
	switch t.name {
	case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "&1", "&2", "1", "2", "-":
		return
	}
	if strings.HasPrefix(t.name, "/dev/fd/") {
		return
	}
	w.r.mutates()
	w.r.shadowPlaced(t.name) // self_shadow.go
	mode := writeDestroy
	if t.appendTo {
		mode = writeAppend
	}
	if bare && !t.appendTo {
		mode = writeTruncate
	}
	if strings.HasPrefix(t.name, "/dev/tcp/") || strings.HasPrefix(t.name, "/dev/udp/") {
		// A shell whose input and output go to a socket is a reverse shell.
		if n := len(w.r.res.Commands); n > 0 && shells[w.r.res.Commands[n-1].Name] {
			last := w.r.res.Commands[n-1]
			w.r.add(last.find(ruleReverseShell, "Connects "+last.Name+" to "+t.name+": whoever listens there controls this machine.", t.name))
			return
		}
		if loopbackDev(t.name) {
			return // talking to a service of this machine
		}
	}
	ev := ""
	idx := 0
	if n := len(w.r.res.Commands); n > 0 && !bare {
		ev = w.r.res.Commands[n-1].Text + " > " + t.name
		idx = n
	} else {
		ev = "> " + t.name
	}
	if w.r.redirectLinked(t.name, idx) {
		return // a write through a link made earlier on the line
	}
	abs, known := w.r.env.resolve(t.name)
	if known {
		w.pkgConfigWrite(ev, idx, t.name, abs)
	}
	if known && dotenvFile(t.name) {
		if fc, ok := w.r.fl().files[abs]; ok && (fc.kind == streamLiteral || fc.kind == streamDecoded) && w.dotenvWrite(t.name, fc.text, ev, idx) {
			return
		}
	}
	j, ok := judgeWrite(w.r.env, t.name, mode)
	if !ok {
		return
	}
	f := j.rule.Find(ev, j.message, t.name)
	if known {
		// A file that runs later is judged by what it will run.
		if pts, note := w.autorunContent(abs, t.name, j, ev, idx); pts > 0 {
			f = f.WithPoints(pts)
			f.Message += note
		}
	}
	f.Cmd = idx
	w.r.add(f)
}

// globAlternative is seed 002's safer form of rm -rf dir/*pattern*: list
// the files that match (files only, not whole directories) and delete
// those, once seen.
func globAlternative(target string) string {
	dir, base := ".", target
	if i := strings.LastIndexByte(target, '/'); i >= 0 {
		dir, base = target[:i], target[i+1:]
		if dir == "" {
			dir = "/"
		}
	}
	if strings.ContainsAny(dir, "*?[") {
		return ruleRmRecursive.Alternative
	}
	q := "'" + strings.ReplaceAll(base, "'", `'\''`) + "'"
	return "find " + dir + " -name " + q + " -type f to see what matches (files only), then the same with -delete"
}

// isGitConfigFile reports whether abs is a git configuration file: a
// repository's .git/config, ~/.gitconfig, ~/.config/git/config or
// /etc/gitconfig.
func isGitConfigFile(abs string) bool {
	return abs == ".git/config" || strings.HasSuffix(abs, "/.git/config") || path.Base(abs) == ".gitconfig" ||
		strings.HasSuffix(abs, "/.config/git/config") || abs == "/etc/gitconfig"
}

// findSubstitution reports a command line that takes words from find's
// output through a command substitution.
func findSubstitution(text string) bool {
	for _, p := range []string{"$(find ", "`find ", "$( find ", "$(command find "} {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

// diskutilAPFS: diskutil apfs deleteVolume, deleteContainer,
// eraseVolume and deleteVolumeGroup destroy what they name;
// deleteSnapshot deletes a snapshot Time Machine keeps.
func diskutilAPFS(c *Cmd, r *report) {
	verb, target := c.Sub(1), c.Sub(2)
	switch verb {
	case "deleteVolume", "deleteContainer", "eraseVolume", "deleteVolumeGroup":
		r.mutates()
		r.add(c.find(ruleDiskWipe, "Destroys the APFS "+strings.TrimPrefix(strings.TrimPrefix(verb, "delete"), "erase")+" "+target+" and everything on it (diskutil apfs "+verb+").", target))
	case "deleteSnapshot":
		r.mutates()
		r.add(c.find(macBackupDelete, "Deletes an APFS snapshot of "+target+": the earlier version it kept is gone.", target))
	}
}
