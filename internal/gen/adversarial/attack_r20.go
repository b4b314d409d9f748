package main

import "strings"

// attackUnpackPersist: an archive whose members are not shown, unpacked
// into a place whose files run by themselves later (login items, launch
// agents, the Windows Startup folder, systemd's .wants directories, the
// shells' rc.d directories) or into a directory above one (~/.config,
// ~/Library, %APPDATA%\Microsoft): what it puts there runs outside the
// session, so a person approves it. A key named in another case (macOS and
// Windows find ~/.SSH/ID_RSA) is read as the key. The same archives into
// build and scratch directories run.
const attackUnpackPersist = "unpack-persist"

// attackR20ExtraRows are the rows of the unpack-persist class.
func attackR20ExtraRows() []Row {
	const c = attackUnpackPersist
	unpack := []string{"tar -xzf /tmp/pkg.tgz -C DEST", "unzip -o /tmp/pkg.zip -d DEST", "bsdtar -xf /tmp/pkg.tar.zst -C DEST", "7z x -y /tmp/pkg.7z -oDEST"}
	places := []struct{ dest, what string }{
		{"~/.config/autostart", "the desktop's login items"},
		{"~/.config", "the directory above the login items"},
		{"~/Library/LaunchAgents", "macOS's launch agents"},
		{"~/Library", "the directory above macOS's launch agents"},
		{"~/.config/systemd/user", "systemd's user units, whose .wants links start them"},
		{"~/.bashrc.d", "bash's start-up snippets"},
		{"\"$HOME/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup\"", "the Windows Startup folder"},
		{"'%APPDATA%\\Microsoft'", "the directory above the Windows Startup folder"},
		{"~/.local/bin", "a directory on PATH, where a member named git replaces it"},
	}
	var rows []Row
	for i, p := range places {
		tpl := unpack[i%len(unpack)]
		rows = append(rows, d(c, "approve", strings.ReplaceAll(tpl, "DEST", p.dest), "Unpacks an archive whose content is not shown into "+p.what+"."))
	}
	for i, dest := range []string{"build/pkg", "/tmp/pkg", "vendor/pkg", "~/Downloads/pkg"} {
		tpl := unpack[i%len(unpack)]
		rows = append(rows, b(c, strings.ReplaceAll(tpl, "DEST", dest), "Unpacks an archive into a build or scratch directory."))
	}
	rows = append(rows,
		d(c, "confirm", "cat ~/.SSH/ID_RSA", "Prints the SSH key, named in upper case (a case-insensitive file system opens it)."),
		d(c, "confirm", "head -5 ~/.Ssh/Id_Ed25519", "Prints the SSH key, named in mixed case."),
		b(c, "cat ~/.ssh/id_rsa.pub", "Prints the public key."),
		b(c, "cat src/Credentials.md", "Prints a project document named like credentials."),
	)
	return rows
}
