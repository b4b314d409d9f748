package main

import "strings"

// combinedFamily stacks the other classes: wrappers around wrappers around
// abbreviated options, a changed directory under a wrapper, data flow in a
// nested shell, run-time operands under sudo, git through all of them.
func combinedFamily() []Row {
	var rows []Row
	root := []string{"sudo", "sudo -u root", "doas", "sudo -E -H", "sudo -n --", "pkexec"}
	spellings := []string{"-rf", "--recur --forc", "-fR", "-r -f", "--recursive --force", "-Rfv", "-r --interactive=never", "--rec -f", "-fr --", "-R"}
	targets := []core{
		{"/", "block", "Deletes everything on the machine, under several wrappers."},
		{"/home/dev", "block", "Deletes the home directory, under several wrappers."},
		{"/etc", "block", "Deletes /etc, under several wrappers."},
		{"/home/dev/project", "approve", "Deletes the whole project, under several wrappers."},
		{"/home/dev/.ssh", "approve", "Deletes the SSH keys, under several wrappers."},
		{"/usr/share", "block", "Deletes /usr/share, under several wrappers."},
		{"/var/lib", "block", "Deletes /var/lib, under several wrappers."},
	}
	twins := []core{
		{"/home/dev/project/node_modules", "", "Deletes the project's node_modules, under several wrappers."},
		{"/home/dev/project/dist", "", "Deletes the project's build output, under several wrappers."},
		{"/home/dev/project/build", "", "Deletes the project's build directory, under several wrappers."},
		{"/home/dev/project/.pytest_cache", "", "Deletes pytest's cache, under several wrappers."},
	}
	for i, w := range combinedChains() {
		sp := pick(spellings, i)
		t := pick(targets, i)
		rows = append(rows, t.row(classCombined, w+" rm "+sp+" "+t.cmd))
		tw := pick(twins, i)
		rows = append(rows, tw.row(classCombined, w+" rm "+sp+" "+tw.cmd))
	}
	for i := 0; i < 12; i++ {
		w := pick(root, i) + " " + pick(combinedOuter, 5*i+2)
		t := pick(targets, i+3)
		rows = append(rows, t.row(classCombined, w+" rm "+pick(spellings, i+4)+" "+t.cmd))
		rows = append(rows, b(classCombined, w+" ls -la "+t.cmd, "Lists a directory as root, under several wrappers."))
	}

	// A wrapper that changes the directory, then a relative operand.
	chdirs := []string{"env -C / %c", "env --chdir=/ %c", "sudo -D / %c", "sudo --chdir=/ %c", "cd / && sudo %c",
		"(cd / && timeout 5 %c)", "pushd / >/dev/null && nice %c", "env -C/ nice -n 5 %c", "cd / && env -i %c",
		"sudo -u root env --chdir=/ %c", "cd /; xargs %c < /dev/null", "cd / && exec %c"}
	rel := []core{
		{"rm -rf etc", "block", "Deletes /etc: the wrapper moved to / first."},
		{"rm --recur --forc usr/lib", "block", "Deletes /usr/lib: the wrapper moved to / first."},
		{"rm -fr home/dev", "block", "Deletes the home directory: the wrapper moved to / first."},
		{"rm -rf home/dev/project", "approve", "Deletes the whole project: the wrapper moved to / first."},
		{"find home/dev -delete", "block", "Deletes the home directory: the wrapper moved to / first."},
		{"chmod -R 777 etc", "block", "Makes /etc writable by anyone: the wrapper moved to / first."},
	}
	relTwins := []core{
		{"ls etc", "", "Lists /etc."},
		{"du -sh usr", "", "Measures /usr."},
		{"rm -rf home/dev/project/node_modules", "", "Deletes the project's node_modules."},
		{"cat etc/hostname", "", "Prints the host name."},
	}
	for i, c := range chdirs {
		t := pick(rel, i)
		rows = append(rows, t.row(classCombined, strings.ReplaceAll(c, "%c", t.cmd)))
		tw := pick(relTwins, i)
		if strings.Contains(c, "sudo") && strings.HasPrefix(tw.cmd, "rm") {
			tw = relTwins[0]
		}
		rows = append(rows, tw.row(classCombined, strings.ReplaceAll(c, "%c", tw.cmd)))
	}

	// Data flow inside a nested shell.
	shells := []string{"bash -c {q}", "ssh host {q}", "sudo sh -c {q}", "timeout 9 bash -c {q}", "env -i bash --norc -c {q}",
		"nohup bash -c {q} &", "script -qc {q} /dev/null", "watch -n 600 {q}", "flock /tmp/l bash -c {q}", "nice bash -c {q}",
		"docker run --rm -v /:/host alpine sh -c {q}"}
	for i, sh := range shells {
		e := pick(encoders, 3*i+1)
		for e.hidden || e.show != nil {
			i++
			e = pick(encoders, 3*i+1)
		}
		c := pick(flowCores, i)
		w := wrapper{tmpl: sh}
		run := e.run(c.argv)
		if strings.HasPrefix(sh, "docker") {
			// The host's root is mounted at /host.
			run = strings.ReplaceAll(run, " /", " /host/")
		}
		rows = append(rows, c.core.row(classCombined, w.apply(run)))
		if strings.Contains(sh, "sudo") || strings.HasPrefix(sh, "docker") {
			continue
		}
		t := pick(flowTwins, i)
		rows = append(rows, t.core.row(classCombined, w.apply(e.run(t.argv))))
	}

	add := func(cs ...core) {
		for _, c := range cs {
			rows = append(rows, c.row(classCombined, c.cmd))
		}
	}
	add(
		core{"echo / | sudo xargs rm -rf", "block", "Deletes everything as root; the path arrives through the pipe."},
		core{`printf '%s\0' ~ | xargs -0 timeout 5 rm -rf`, "block", "Deletes the home directory; the path arrives through the pipe."},
		core{"find / -maxdepth 0 -print0 | sudo xargs -0 rm -rf", "block", "Deletes everything as root; the path comes from find."},
		core{"ls -d ~/.ssh | xargs -I{} sudo shred -u {}/id_rsa", "approve", "Shreds the SSH key as root; the path arrives through the pipe."},
		core{"echo ~ | env -i xargs nice rm --recur --forc", "block", "Deletes the home directory under wrappers; the path arrives through the pipe."},
		core{"cd .. && echo project | xargs rm -rf", "approve", "Deletes the whole project from its parent; the name arrives through the pipe."},
		core{"echo /etc | sudo xargs ls -la", "", "Lists /etc as root."},
		core{"echo build | xargs timeout 5 rm -rf", "", "Deletes the build directory."},
		core{"find . -name '*.pyc' -print0 | xargs -0 nice rm -f", "", "Deletes Python bytecode files."},
		core{"echo ~ | env -i xargs nice du -sh", "", "Measures the home directory."},
		core{"cd web && echo node_modules | xargs rm -rf", "", "Deletes the web app's node_modules."},

		core{`env GIT_SSH_COMMAND='sh -c "rm -rf ~"' git fetch`, "block", "Runs, as git's ssh, a command that deletes the home directory."},
		core{"timeout 60 git -C /home/dev/project push --mirror origin", "approve", "Makes the remote a mirror: its other branches and tags are deleted."},
		core{"sudo -u dev git -C /home/dev/project push -f origin main", "approve", "Force-pushes over main."},
		core{"cd /home/dev/project && git reset --har", "confirm", "Throws away every uncommitted change."},
		core{"bash -c 'git push -f origin HEAD:main'", "approve", "Force-pushes over main."},
		core{"ssh ci 'cd /srv/repo && git push --mirror origin'", "approve", "Makes the remote a mirror from a build machine."},
		core{"nice git -c alias.x='!rm -rf ~' x", "block", "Defines and runs an alias that deletes the home directory."},
		core{"b=main; git push origin +$b", "approve", "Force-pushes over main; the branch is in a variable."},
		core{"f=-f; git push $f origin main", "approve", "Force-pushes over main; the flag is in a variable."},
		core{"a=(push --force origin main); git \"${a[@]}\"", "approve", "Force-pushes over main; the arguments are in an array."},
		core{"cd ~ && git -C project clean -fdx", "confirm", "Deletes every untracked and ignored file of the project."},
		core{"timeout 60 git -C /home/dev/project push origin feature", "", "Pushes the feature branch."},
		core{"sudo -u dev git -C /home/dev/project status", "", "Shows the project's status as the user."},
		core{"cd /home/dev/project && git reset --soft HEAD~1", "", "Undoes the last commit, keeping its changes."},
		core{"bash -c 'git push origin HEAD:feature'", "", "Pushes to the feature branch."},
		core{"b=feature; git push origin $b", "", "Pushes the feature branch; the name is in a variable."},
		core{"f=-n; git clean $f -fdx", "", "A dry run of git clean; the flag is in a variable."},
		core{"a=(push origin feature); git \"${a[@]}\"", "", "Pushes the feature branch; the arguments are in an array."},
		core{"cd ~ && git -C project clean -n", "", "A dry run of git clean."},

		core{`echo 'import shutil; shutil.rmtree("/etc")' > x.py && sudo python3 x.py`, "block", "Writes a Python script that deletes /etc and runs it as root."},
		core{`cd / && python3 -c 'import shutil; shutil.rmtree("etc")'`, "block", "Deletes /etc with Python, after moving to /."},
		core{`env -C / perl -MFile::Path=rmtree -e 'rmtree("usr")'`, "block", "Deletes /usr with Perl, after moving to /."},
		core{`ssh prod 'cd / && rm -rf etc'`, "block", "Deletes /etc on a remote machine."},
		core{`ssh prod "bash -c 'a=(rm -rf ~); \"\${a[@]}\"'"`, "block", "Deletes the home directory on a remote machine, hidden in an array."},
		core{"sudo -u root env -i nice -n5 timeout 10 stdbuf -oL rm --recursive --force /var/lib", "block", "Deletes /var/lib as root, under five wrappers."},
		core{"nice -n 19 ionice -c3 find ~ -delete", "block", "Deletes the home directory under two wrappers."},
		core{"x=/; sudo -E bash -c \"rm -rf $x\"", "block", "Deletes everything as root; the path is in a variable."},
		core{"cd .. && tar -czf backup.tgz project && rm -rf project", "confirm", "Deletes the whole project after archiving it next to it."},
		core{"cd / && for d in etc usr var; do rm -rf \"$d\"; done", "block", "Deletes /etc, /usr and /var in a loop."},
		core{"for d in ~/.ssh ~/.aws; do shred -u \"$d\"/*; done", "approve", "Shreds the SSH keys and the cloud credentials in a loop."},
		core{"set -- -rf /; rm \"$@\"", "block", "Deletes everything; the options and path are the positional parameters."},
		core{"cd / && python3 -c 'import os; print(os.listdir(\"etc\"))'", "", "Lists /etc with Python."},
		core{"env -C / perl -e 'print -d \"usr\"'", "", "Checks that /usr is a directory."},
		core{"ssh prod 'cd / && ls etc'", "", "Lists /etc on a remote machine."},
		core{"nice -n 19 ionice -c3 find ~ -name '*.tmp' -print", "", "Lists temporary files in the home directory."},
		core{"cd web && for d in node_modules .next; do rm -rf \"$d\"; done", "", "Deletes two build outputs in a loop."},
		core{"set -- -rf dist; rm \"$@\"", "", "Deletes the build output; the options and path are the positional parameters."},
		core{"cd .. && tar -czf backup.tgz project", "", "Archives the project next to it."},
	)
	return rows
}

// combinedOuter and combinedInner are wrappers stacked two deep; the inner
// ones are programs (not shell builtins), since the outer ones exec them.
var (
	combinedOuter = []string{"timeout 5", "nice -n 5", "env -i", "stdbuf -oL", "ionice -c3", "setsid", "nohup", "command", "time",
		"taskset -c 0", "flock /tmp/l", "chrt -i 0", "env --", "timeout -s KILL 9", "nice -7", "exec", "env FOO=1", "setsid -f"}
	combinedInner = []string{"nice -n 19", "env", "timeout --signal=TERM 60", "stdbuf -o0", "ionice -c 2 -n 7", "env -C /tmp", "env -u TERM",
		"timeout -k 2 30", "unshare -r", "setpriv --no-new-privs"}
)

// combinedChains are the two-deep wrapper stacks the corpus uses.
func combinedChains() []string {
	var chains []string
	for i := 0; i < 24; i++ {
		chains = append(chains, pick(combinedOuter, i)+" "+pick(combinedInner, 3*i+1))
	}
	return chains
}
