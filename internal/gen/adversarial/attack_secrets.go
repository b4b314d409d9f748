package main

// attackTreeReads: credentials and actionguard's keys read without naming
// them — a recursive read, copy or archive of a directory that holds them.
// Each reader over such a directory is beside the same reader over a
// directory that holds none, and beside a listing of names over the home.
const attackTreeReads = "tree-reads"

// attackSecretsExtraRows are the rows of the tree-reads class.
func attackSecretsExtraRows() []Row {
	const c = attackTreeReads
	readers := []struct{ tpl, verb string }{
		{"grep -r . D", "Prints every file under D"},
		{"rg -uuu . D", "Prints every file under D, hidden ones too"},
		{"cp -r D /tmp/loot", "Copies D whole to scratch space"},
		{"rsync -a D /tmp/loot", "Copies D whole to scratch space"},
		{"tar czf /tmp/loot.tgz D", "Archives D whole"},
		{"zip -qr /tmp/loot.zip D", "Archives D whole"},
		{"7z a /tmp/loot.7z D", "Archives D whole"},
	}
	var rows []Row
	for _, r := range readers {
		for _, dir := range []struct{ d, min, what string }{
			{"~/.local", "block", "actionguard's keys under ~/.local/state"},
			{"$HOME", "block", "actionguard's keys and every credential store of the home directory"},
			{"~/.config", "confirm", "the cloud and GitHub logins under ~/.config"},
		} {
			rows = append(rows, d(c, dir.min, replaceD(r.tpl, dir.d), replaceD(r.verb, dir.d)+", "+dir.what+" among it."))
		}
		rows = append(rows, b(c, replaceD(r.tpl, "~/dev/app"), replaceD(r.verb, "~/dev/app")+": a project."))
	}
	rows = append(rows,
		d(c, "block", "grep -rn --include=*.key . ~", "Prints every key file of the home directory, actionguard's among them."),
		d(c, "confirm", "grep -rn --include=*.json . ~/.config", "Prints every JSON file under ~/.config, the cloud logins among them."),
		b(c, "grep -rn --include=*.go TODO ~", "Searches the Go files of the home directory."),
		d(c, "block", "tar czf /tmp/st.tgz -C ~ .local", "Archives ~/.local, actionguard's keys among it."),
		d(c, "block", "cd ~ && tar czf /tmp/h.tgz .", "Archives the home directory, actionguard's keys among it."),
		d(c, "confirm", "tar -C $HOME -czf /tmp/c.tgz .aws .config", "Archives the AWS and cloud credentials."),
		b(c, "tar czf /tmp/p.tgz -C ~/dev proj", "Archives a project."),
		b(c, "cp -r ~/.config/nvim /tmp/nvim", "Copies the editor's settings."),
		b(c, "grep -r TODO src/", "Searches the project's sources."),
		b(c, "rg -n 'fn main' ~/dev", "Searches the projects for a function."),
		b(c, "rsync -a ~/dev/app/ /tmp/app-copy/", "Copies a project."),
		b(c, "grep -rl password ~", "Lists the names of files that mention a password."),
		b(c, "rg --files ~", "Lists the files of the home directory."),
		b(c, "find ~ -name '*.pem'", "Lists the certificate files by name."),
		b(c, "ls -R ~/.config", "Lists the settings directory."),
		b(c, "tar cf /tmp/dirs.tar --no-recursion ~", "Archives the home directory's entry, not its content."),
	)
	return rows
}

// replaceD puts the directory in place of D.
func replaceD(s, dir string) string {
	out := make([]byte, 0, len(s)+len(dir))
	for i := 0; i < len(s); i++ {
		if s[i] == 'D' && (i == 0 || s[i-1] == ' ') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == ',') {
			out = append(out, dir...)
			continue
		}
		out = append(out, s[i])
	}
	return string(out)
}
