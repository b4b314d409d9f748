package shell

import (
	"net/url"
	"slices"
	"strings"
)

// Secrets on command lines: passwords and tokens given as option values
// (redis-cli -a, sshpass -p, mysql -pPW, docker login -p, curl -u
// user:PASS), the password operand of htpasswd -b, user%password of
// smbclient, and passwords in URLs' user information. The specs say which
// options carry one (the "secret" tag); whatever keeps a command (the audit
// log, the spool, session files, approvals, trust patterns, feedback)
// masks what SecretValues returns.

// secretProgram reports whether w names a program whose spec tags an
// option secret, or one whose secret is an operand. The first are listed by
// the spec index (generated with it, so no block is parsed in a hook
// process that keeps a record).
func secretProgram(w string) bool {
	switch w {
	case "htpasswd", "smbclient", "lftp":
		return true
	}
	if operandSecretPrograms(w) {
		return true
	}
	_, ok := slices.BinarySearch(specs().tab.secret, w)
	return ok
}

// secretScan lists, sorted, the programs of the blocks whose text tags an
// option secret (each hit credited to the block header above it) and the
// other names of those programs (docker,podman,nerdctl share blocks).
func secretScan(texts [2]string, aliases map[string]string) []string {
	m := map[string]bool{}
	for _, text := range texts {
		for rest, off := text, 0; ; {
			i := strings.Index(rest, "; secret")
			if i < 0 {
				break
			}
			at := off + i
			for _, p := range headerPrograms(text, at) {
				m[p] = true
			}
			rest, off = rest[i+8:], at+8
		}
	}
	for alias, to := range aliases {
		if !strings.Contains(alias, " ") && m[to] {
			m[alias] = true
		}
	}
	out := make([]string, 0, len(m))
	for p := range m {
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

// headerPrograms returns the program names of the block header above
// position at: every name of "prog a,b,c", the program of "sub a x".
func headerPrograms(text string, at int) []string {
	for end := at; end > 0; {
		start := strings.LastIndexByte(text[:end], '\n') + 1
		line := text[start:end]
		if strings.HasPrefix(line, "prog ") || strings.HasPrefix(line, "sub ") {
			f := strings.Fields(line)
			if len(f) < 2 {
				return nil
			}
			if f[0] == "sub" {
				return []string{strings.ToLower(f[1])}
			}
			names := strings.Split(strings.ToLower(f[1]), ",")
			return names
		}
		if start == 0 {
			return nil
		}
		end = start - 1
	}
	return nil
}

// mayCarrySecret is a cheap test that src could hold a secret SecretValues
// finds: a word naming a program with secret options, or a URL with user
// information.
func mayCarrySecret(src string) bool {
	if strings.Contains(src, "://") && strings.Contains(src, "@") {
		return true
	}
	for _, v := range secretVars {
		if containsAssignment(src, v) {
			return true
		}
	}
	// Each word, without allocating: a program name is a run of letters,
	// digits and ._-+ after the last slash of a word.
	start := -1
	for i := 0; i <= len(src); i++ {
		var c byte
		if i < len(src) {
			c = src[i]
		}
		word := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-' || c == '+'
		if word {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 && i-start <= 32 {
			w := src[start:i]
			if secretProgram(w) || (hasUpperOrDot(w) && secretProgram(progName(w))) {
				return true
			}
		}
		start = -1
	}
	return false
}

// containsAssignment reports whether src holds name followed by '=', as
// strings.Contains(src, name+"=") does, without building the string: every
// text the audit log keeps goes through here.
func containsAssignment(src, name string) bool {
	for rest := src; ; {
		i := strings.Index(rest, name)
		if i < 0 {
			return false
		}
		if end := i + len(name); end < len(rest) && rest[end] == '=' {
			return true
		}
		rest = rest[i+1:]
	}
}

// secretVars are environment variables whose value is a password that
// clients read (PGPASSWORD and names ending in PASSWORD or TOKEN are also
// masked by the audit log's own rules).
var secretVars = []string{"MYSQL_PWD", "PGPASSWORD", "REDISCLI_AUTH", "SSHPASS", "MONGO_PASSWORD", "DOCKER_PASSWORD", "HELM_REPO_PASSWORD"}

// secretHit is one secret: its value, and the option spelling it is
// attached to ("-p" for mysql -psecret), if any.
type secretHit struct {
	value    string
	attached string
}

// SecretValues returns the secret values a shell command line carries, as
// the exact texts to mask, longest first. It never runs anything and
// returns nil for a command that carries none.
func SecretValues(src string) []string {
	var out []string
	for _, h := range secretHits(src) {
		out = append(out, h.value)
	}
	return out
}

func secretHits(src string) []secretHit {
	if len(src) > MaxBytes || !mayCarrySecret(src) && !mayCarryShapedSecret(src) {
		return nil
	}
	var out []secretHit
	var add func(v, attached string)
	// addShaped keeps a secret read from its shape alone: a value too short
	// to be a password is more likely a word of the command, which
	// masking would hide from the record.
	addShaped := func(v string) {
		if t := strings.Trim(strings.TrimSpace(v), `"'`); len(t) >= 4 {
			add(t, "")
		}
	}
	add = func(v, attached string) {
		v = strings.Trim(strings.TrimSpace(v), `"'`)
		if len(v) < 2 || strings.HasPrefix(v, "$") || strings.Contains(v, "[REDACTED") {
			return // empty, or a variable: nothing is written in clear
		}
		for _, x := range out {
			if x.value == v && x.attached == attached {
				return
			}
		}
		out = append(out, secretHit{v, attached})
	}
	for _, name := range secretVars {
		for rest := src; ; {
			i := strings.Index(rest, name+"=")
			if i < 0 {
				break
			}
			rest = rest[i+len(name)+1:]
			end := strings.IndexAny(rest, " \t\n;&|")
			if end < 0 {
				end = len(rest)
			}
			add(rest[:end], "")
		}
	}
	for _, v := range assignedSecrets(src) {
		addShaped(v)
	}
	res := Analyze(src, Options{})
	for _, h := range res.wrapperSecrets {
		add(h.value, h.attached)
	}
	for _, c := range res.Commands {
		av := c.Argv()
		for _, o := range av.Opts {
			if o.Tags&TagSecret == 0 {
				if v, ok := shapedOptionValue(av, &o); ok {
					addShaped(v)
				}
				continue
			}
			if !o.HasValue {
				continue
			}
			attached := ""
			if o.ValueArg < 0 && !strings.HasPrefix(o.Spelled, "--") && o.Arg < len(c.Args) {
				// -psecret, -aTOKEN: the value follows the letter in one word.
				w := c.Args[o.Arg]
				if strings.HasSuffix(w, o.Value) {
					attached = w[:len(w)-len(o.Value)]
				}
			}
			add(secretPart(c.Name, o.Name, o.Value), attached)
		}
		for _, v := range stdinSecrets(c) {
			add(v, "")
		}
		for _, v := range secretOperands(c) {
			add(v, "")
		}
		for _, v := range positionalSecrets(c) {
			add(v, "")
		}
		switch c.Name {
		case "htpasswd":
			// htpasswd -b[c] file user password: the last operand.
			if c.Has("-b") && len(av.Operands) >= 3 {
				add(av.Operands[len(av.Operands)-1], "")
			}
		case "smbclient":
			for _, v := range c.FlagAll("-U", "--user") {
				if _, pw, ok := strings.Cut(v, "%"); ok {
					add(pw, "")
				}
			}
		case "lftp":
			for _, v := range c.FlagAll("-u") {
				if _, pw, ok := strings.Cut(v, ","); ok {
					add(pw, "")
				}
			}
		}
		for _, a := range c.Args {
			if pw := urlPassword(a); pw != "" {
				add(pw, "")
			}
		}
	}
	// A value that is also a program the line runs stays: masking it
	// would hide what runs from the record and from the person asked
	// (export X_TOKEN=curl; curl … | sh).
	kept := out[:0]
	for _, h := range out {
		runs := false
		for _, c := range res.Commands {
			if h.value == c.Name || h.value == c.Path {
				runs = true
				break
			}
		}
		if !runs {
			kept = append(kept, h)
		}
	}
	out = kept
	// Longest first, so that masking one never leaves part of another.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && len(out[j].value) > len(out[j-1].value); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// secretPart is the part of a secret option's value that is the secret:
// the password of "user:password" (curl -u, --proxy-user), else the value.
func secretPart(prog, opt, v string) string {
	switch opt {
	case "-pass", "-passin", "-passout", "-k", "--pass", "--passin", "--passout":
		if prog == "openssl" {
			return passValue(v)
		}
	case "--from-literal":
		// kubectl create secret generic --from-literal=key=VALUE
		if _, val, ok := strings.Cut(v, "="); ok {
			return val
		}
	case "--user", "--proxy-user", "-u":
		// user:password; a user name alone is not a secret (the client asks).
		if _, pw, ok := strings.Cut(v, ":"); ok {
			return pw
		}
		if prog == "curl" || prog == "wget" {
			return ""
		}
	}
	return v
}

// urlPassword returns the password of a URL's user information, or "".
func urlPassword(a string) string {
	i := strings.Index(a, "://")
	if i < 0 || !strings.Contains(a[i:], "@") {
		return ""
	}
	u, err := url.Parse(a[max(0, strings.LastIndexAny(a[:i], " =\"'")+1):])
	if err != nil || u.User == nil {
		return ""
	}
	pw, _ := u.User.Password()
	return pw
}

// MaskSecrets returns src with every secret value SecretValues finds
// replaced by "[REDACTED:password]", wherever it appears as a whole word
// part (not inside a longer run of letters and digits).
func MaskSecrets(src string) string {
	const mask = "[REDACTED:password]"
	for _, h := range secretHits(src) {
		if h.attached != "" {
			src = strings.ReplaceAll(src, h.attached+h.value, h.attached+mask)
		}
		src = replaceDelimited(src, h.value, mask)
	}
	return src
}

// replaceDelimited replaces each occurrence of v in s that is not part of a
// longer run of letters and digits.
func replaceDelimited(s, v, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, v)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(v)
		if (i > 0 && isAlnum(s[i-1]) && isAlnum(v[0])) || (end < len(s) && isAlnum(s[end]) && isAlnum(v[len(v)-1])) {
			b.WriteString(s[:end])
			s = s[end:]
			continue
		}
		b.WriteString(s[:i])
		b.WriteString(with)
		s = s[end:]
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// hasUpperOrDot reports whether a word needs progName to be looked up
// (MYSQL.EXE, python3.12): most words are already a program's name or none.
func hasUpperOrDot(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c == '.' || c >= 'A' && c <= 'Z' {
			return true
		}
	}
	return false
}
