package main

import (
	"io"
	"os"
)

// optionTags gives the tags of options whose value the analysis must know
// about: a secret to redact, a destination, a payload sent, a file read or
// written, code that runs, the working directory. Keyed by block ("prog
// curl", "sub git push"), then by any spelling of the option. Only options
// the help text lists get a tag; the tag is written on the option's line.
var optionTags = map[string]map[string]string{
	"prog git": {"-C": "cwd", "--git-dir": "file", "--work-tree": "cwd", "--exec-path": "exec"},
	"sub git push": {
		"--receive-pack": "exec", "--exec": "exec", "--repo": "dest", "-o": "data",
	},
	"sub git fetch":      {"--upload-pack": "exec"},
	"sub git pull":       {"--upload-pack": "exec"},
	"sub git clone":      {"--upload-pack": "exec", "--template": "file"},
	"sub git ls-remote":  {"--upload-pack": "exec"},
	"sub git archive":    {"--exec": "exec", "--remote": "dest", "-o": "file"},
	"sub git rebase":     {"-x": "exec", "--exec": "exec"},
	"sub git commit":     {"-F": "file"},
	"sub git tag":        {"-F": "file"},
	"sub git config":     {"-f": "file"},
	"sub git send-pack":  {"--receive-pack": "exec", "--exec": "exec"},
	"sub git fetch-pack": {"--upload-pack": "exec", "--exec": "exec"},

	"prog curl": {
		"-d": "data", "--data-ascii": "data", "--data-binary": "data", "--data-raw": "data",
		"--data-urlencode": "data", "--json": "data", "-F": "data", "--form-string": "data",
		"-T": "file", "-o": "file", "-K": "file", "-c": "file",
		"-u": "secret", "-U": "secret", "--oauth2-bearer": "secret", "--proxy-pass": "secret",
		"--pass": "secret", "-E": "secret", "--proxy-cert": "secret",
		"-x": "dest", "--url": "dest", "--connect-to": "dest", "--resolve": "dest",
	},
	"prog wget": {
		"--password": "secret", "--http-password": "secret", "--ftp-password": "secret", "--proxy-password": "secret",
		"-O": "file", "-o": "file", "-a": "file", "-i": "file", "-P": "cwd",
		"--post-data": "data", "--body-data": "data", "--post-file": "file", "--body-file": "file",
		"-e": "exec",
	},
	"prog ssh":  {"-i": "file", "-F": "file", "-E": "file", "-J": "dest", "-S": "file"},
	"prog scp":  {"-i": "file", "-F": "file", "-J": "dest", "-S": "exec"},
	"prog sftp": {"-i": "file", "-F": "file", "-J": "dest", "-S": "exec", "-b": "file", "-D": "exec"},
	"prog psql": {
		"-c": "exec", "-f": "file", "-h": "dest", "-d": "dest", "-o": "file", "-L": "file",
	},
	"prog sqlite3": {"-cmd": "exec", "-init": "file"},
	"prog python3": {"-c": "exec", "-m": "exec"},
	"prog perl":    {"-e": "exec", "-E": "exec", "-M": "exec", "-m": "exec"},
	"prog node":    {"-e": "exec", "-r": "exec", "--import": "exec"},
	"prog php":     {"-r": "exec", "-f": "file"},
	"prog ruby":    {"-e": "exec"},
	"prog env":     {"-C": "cwd", "-S": "exec"},
	"prog su":      {"-c": "exec", "--session-command": "exec"},
	"prog runuser": {"-c": "exec", "--session-command": "exec"},
	"prog flock":   {"-c": "exec"},
	"prog xargs":   {"-a": "file"},
	"prog sed":     {"-e": "exec", "-f": "file"},
	"prog mawk":    {"-f": "file"},
	"prog grep":    {"-f": "file"},
	"prog find":    {"-fprint": "file", "-fprint0": "file", "-fls": "file", "-files0-from": "file"},
	"prog tar": {
		"-f": "file", "-C": "cwd", "--to-command": "exec", "-I": "exec", "--checkpoint-action": "exec",
		"--rsh-command": "exec", "-F": "exec", "--rmt-command": "exec", "-T": "file", "-X": "file",
	},
	"prog cp":         {"-t": "file"},
	"prog mv":         {"-t": "file"},
	"prog ln":         {"-t": "file"},
	"prog install":    {"-t": "file"},
	"prog unshare":    {"-w": "cwd", "--wd": "cwd"},
	"prog useradd":    {"-p": "secret"},
	"prog usermod":    {"-p": "secret"},
	"prog systemctl":  {"-H": "dest"},
	"prog journalctl": {"-D": "file", "--file": "file"},
	"prog mysql":      {"-p": "secret", "-e": "exec", "-h": "dest"},
	"prog redis-cli":  {"-a": "secret", "-h": "dest"},
	"prog rsync":      {"-e": "exec", "--rsync-path": "exec", "--password-file": "file"},
	"prog sudo":       {"-D": "cwd", "--chdir": "cwd"},
	"prog dpkg":       {"--admindir": "file", "--root": "file", "--instdir": "file"},
}

// tagOpts writes the tags of optionTags on b's option lines.
func tagOpts(b *Block) {
	tags := optionTags[b.key()]
	if len(tags) == 0 {
		return
	}
	for i := range b.Opts {
		o := &b.Opts[i]
		if o.Value == NoValue {
			continue // a tag is about a value
		}
		for _, s := range o.Spellings {
			if t, ok := tags[s]; ok {
				o.Tag = t
				break
			}
		}
	}
}

// readSmall reads at most n bytes of the file at path.
func readSmall(path string, n int64) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, n))
	return string(b), err
}
