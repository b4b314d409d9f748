package shell

import "strings"

// Secrets a spec cannot list one by one, read from their shape:
//
//   - a long option or a NAME=value whose name says it holds a secret
//     (--webdav-pass, --s3-secret-access-key, -storepass, GITHUB_TOKEN=…,
//     -e DB_PASSWORD=…, --set db.password=…, password=… in git credential's
//     input or vault login's arguments): secretName;
//   - an option value written pass:PW (openssl's -pass, -passin, -passout),
//     where env:, file:, fd: and stdin name where the password is instead;
//   - the data a command reads as a secret from its standard input (echo PW |
//     docker login --password-stdin, gh auth login --with-token <<< T,
//     vault login -, chpasswd): readsSecretStdin;
//   - operands that are a secret by position (vault login TOKEN, rclone
//     obscure PW, aws configure set aws_secret_access_key V, rclone config
//     create NAME TYPE pass PW): secretOperands.

// secretWords are the words of a name that make it a secret's.
var secretWords = map[string]bool{
	"password": true, "passwd": true, "passphrase": true, "secret": true, "token": true, "apikey": true,
	"storepass": true, "keypass": true, "srcstorepass": true, "deststorepass": true, "srckeypass": true, "destkeypass": true,
	"passin": true, "passout": true, "bearer": true, "credential": true, "credentials": true,
}

// secretLastWords are secret only as a name's last word (DB_PASS, --rc-pass,
// -pw): elsewhere they are part of another word's meaning.
var secretLastWords = map[string]bool{"pass": true, "pw": true}

// notSecretLast are last words that make the name about a secret, not the
// secret: where it is (--password-file, TOKEN_URL), how it is read
// (--password-stdin, --password-command), what it is called.
var notSecretLast = map[string]bool{
	"file": true, "files": true, "path": true, "dir": true, "command": true, "cmd": true, "stdin": true, "fd": true, "env": true,
	"name": true, "names": true, "type": true, "url": true, "uri": true, "length": true, "len": true, "ttl": true, "method": true,
	"mode": true, "policy": true, "arn": true, "ref": true, "prompt": true, "helper": true, "id": true, "store": true, "backend": true,
	"version": true, "format": true, "header": true, "expiry": true, "expires": true, "hash": true, "algorithm": true, "min": true, "max": true,
}

// notSecretFirst are first words of flags that take no secret (--no-password,
// --ask-password, --show-token).
var notSecretFirst = map[string]bool{"no": true, "ask": true, "prompt": true, "show": true, "print": true, "generate": true, "random": true, "require": true, "allow": true}

// secretName reports whether an option's or a variable's name says that its
// value is a password, a token or a key: its words (split at - _ . and
// case changes are not read) hold one of secretWords, or end in one of
// secretLastWords, and it does not end in a word of where or how the secret
// is kept (notSecretLast).
func secretName(name string) bool {
	name = strings.TrimLeft(name, "-")
	if len(name) < 2 || len(name) > 64 {
		return false
	}
	var words []string
	start := 0
	for i := 0; i <= len(name); i++ {
		if i == len(name) || name[i] == '-' || name[i] == '_' || name[i] == '.' {
			if i > start {
				words = append(words, strings.ToLower(strings.TrimRight(name[start:i], "0123456789")))
			}
			start = i + 1
			continue
		}
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	if len(words) == 0 {
		return false
	}
	last := words[len(words)-1]
	if notSecretLast[last] || notSecretFirst[words[0]] && len(words) > 1 {
		return false
	}
	if secretLastWords[last] {
		return true
	}
	for i, w := range words {
		if secretWords[w] {
			return true
		}
		// api-key, api_key, private-key, access-key (the AWS secret's
		// other name), client-key.
		if w == "key" && i > 0 && (words[i-1] == "api" || words[i-1] == "private" || words[i-1] == "client" || words[i-1] == "master" || words[i-1] == "encryption") {
			return true
		}
	}
	return false
}

// passValue returns the password of an option value in openssl's pass
// phrase shapes: PW of pass:PW, "" for env:, file:, fd: and stdin (the
// password is elsewhere), and the value itself for anything else.
func passValue(v string) string {
	switch {
	case strings.HasPrefix(v, "pass:"):
		return v[len("pass:"):]
	case strings.HasPrefix(v, "env:"), strings.HasPrefix(v, "file:"), strings.HasPrefix(v, "fd:"), v == "stdin":
		return ""
	}
	return v
}

// assignedSecrets returns the values of the NAME=value runs in s whose
// NAME is a secret's (secretName): an environment assignment, export, an
// option value (-e, --env, --set, --build-arg), a line of git credential's
// input, a key=value argument. A value ends at a blank, a quote, a shell
// operator, or a written "\n" (printf's line break).
func assignedSecrets(s string) []string {
	var out []string
	for i := strings.IndexByte(s, '='); i >= 0; {
		k := i
		for k > 0 && isNameByte(s[k-1]) {
			k--
		}
		if k > 0 && s[k-1] == '\\' && k < i && (s[k] == 'n' || s[k] == 't') {
			k++ // printf's written line break or tab before the name
		}
		j := i + 1
		quote := byte(0)
		if j < len(s) && (s[j] == '"' || s[j] == '\'') {
			quote = s[j]
			j++
		}
		vs := j
		for j < len(s) {
			c := s[j]
			if quote != 0 && c == quote || quote == 0 && (c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == ')' || c == '<' || c == '>' || c == '"' || c == '\'' || c == '`') {
				break
			}
			if c == '\\' && j+1 < len(s) && (s[j+1] == 'n' || s[j+1] == 't') {
				break
			}
			j++
		}
		if k < i && secretName(s[k:i]) {
			out = append(out, s[vs:j])
		}
		next := strings.IndexByte(s[i+1:], '=')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return out
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// readsSecretStdin reports whether c reads a password or token from its
// standard input: an option that says so (--password-stdin,
// --passphrase-stdin, gh's --with-token), a program that reads one there
// (chpasswd, passwd --stdin, htpasswd -i, vault login -, docker secret
// create NAME -), or openssl's -pass stdin.
func readsSecretStdin(c *Cmd) bool {
	av := c.Argv()
	for _, o := range av.Opts {
		name := strings.TrimLeft(o.Spelled, "-")
		if o.Name != "" && !o.Unknown {
			name = strings.TrimLeft(o.Name, "-")
		}
		switch {
		case strings.HasSuffix(name, "-stdin") && secretName(strings.TrimSuffix(name, "-stdin")):
			return true
		case name == "with-token" && (c.Name == "gh" || c.Name == "glab"):
			return true
		}
		if v, ok := optionValue(av, &o); ok && (v == "stdin" && (name == "pass" || name == "passin" || name == "passout" || name == "k") ||
			name == "passphrase-fd" && (v == "0" || v == "/dev/stdin")) {
			return true
		}
	}
	switch c.Name {
	case "chpasswd", "chgpasswd":
		return true
	case "passwd":
		return c.Has("--stdin")
	case "htpasswd":
		return c.Has("-i")
	case "vault", "bao":
		return len(av.Operands) >= 2 && av.Operands[0] == "login" && av.Operands[len(av.Operands)-1] == "-"
	case "docker", "podman", "nerdctl":
		path := append(append([]string{}, av.Sub...), av.Operands...)
		return len(path) >= 4 && path[0] == "secret" && path[1] == "create" && path[len(path)-1] == "-"
	}
	return false
}

// stdinSecrets are the secrets in the known data fed to a command that
// reads one from its standard input: each line, or its part after the
// user (chpasswd's user:password).
func stdinSecrets(c *Cmd) []string {
	if c.Stdin == "" || len(c.Stdin) > 64<<10 || !readsSecretStdin(c) {
		return nil
	}
	var out []string
	for _, line := range strings.Split(c.Stdin, "\n") {
		line = strings.TrimSpace(line)
		if c.Name == "chpasswd" || c.Name == "chgpasswd" {
			if _, pw, ok := strings.Cut(line, ":"); ok {
				line = pw
			}
		}
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// secretOperands are the operands of c that are a secret by position.
func secretOperands(c *Cmd) []string {
	av := c.Argv()
	ops := av.Operands
	path := append(append([]string{}, av.Sub...), ops...)
	var out []string
	switch c.Name {
	case "vault", "bao":
		// vault login TOKEN; key=value arguments are read by shape.
		if len(path) >= 2 && path[0] == "login" && path[1] != "-" && !strings.Contains(path[1], "=") {
			out = append(out, path[1])
		}
	case "rclone":
		switch {
		case len(path) >= 2 && path[0] == "obscure":
			out = append(out, path[1])
		case len(path) >= 3 && path[0] == "config" && (path[1] == "create" || path[1] == "update" || path[1] == "password"):
			// rclone config create NAME TYPE key value…; update and
			// password have no TYPE.
			rest := path[3:]
			if path[1] == "create" && len(rest) > 0 {
				rest = rest[1:]
			}
			for i := 0; i+1 < len(rest); i += 2 {
				if strings.Contains(rest[i], "=") {
					i-- // key=value takes one word
					continue
				}
				if secretName(rest[i]) {
					out = append(out, rest[i+1])
				}
			}
		}
	case "aws":
		// aws configure set [profile.]aws_secret_access_key VALUE
		if len(path) >= 4 && path[0] == "configure" && path[1] == "set" {
			key := path[2]
			if i := strings.LastIndexByte(key, '.'); i >= 0 {
				key = key[i+1:]
			}
			if secretName(key) {
				out = append(out, path[3])
			}
		}
	}
	return out
}

// mayCarryShapedSecret is the cheap test for the shapes above: a word of a
// secret's name, an openssl pass phrase, or a program that reads one by
// position or from its standard input.
func mayCarryShapedSecret(src string) bool {
	for _, w := range []string{"pass", "PASS", "Pass", "token", "TOKEN", "Token", "secret", "SECRET", "Secret", "_key", "_KEY", "-key", "bearer", "credential", "obscure", "vault", "bao ", "chpasswd", "chgpasswd"} {
		if strings.Contains(src, w) {
			return true
		}
	}
	return false
}

// shapedOptionValue returns the value of an option no spec tags secret
// whose long name says it holds one (--webdav-pass, -storepass,
// --client-secret): its attached or known value, or, for an option no spec
// lists, the word after it. A flag a spec lists without a value has none.
func shapedOptionValue(av *Argv, o *Opt) (string, bool) {
	sp := o.Spelled
	if strings.Contains(sp, "=") {
		sp = sp[:strings.IndexByte(sp, '=')]
	}
	if !strings.HasPrefix(sp, "--") && len(sp) <= 2 || !secretName(sp) {
		return "", false
	}
	if v, ok := optionValue(av, o); ok {
		return passValue(v), true
	}
	return "", false
}

// optionValue returns an option's value: the one the spec reads, or, for
// an option no spec lists, the word after it when that word is an operand.
func optionValue(av *Argv, o *Opt) (string, bool) {
	if o.HasValue {
		return o.Value, true
	}
	if !o.Unknown {
		return "", false
	}
	for i, at := range av.OperandArg {
		if at == o.Arg+1 {
			return av.Operands[i], true
		}
	}
	return "", false
}
