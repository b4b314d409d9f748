package shell

import "strings"

// Passwords that are an operand, or part of one, by the program's own
// grammar: sqlplus user/PASSWORD@db, rabbitmqctl add_user NAME PASSWORD,
// net use \\host\share PASSWORD, mc alias set NAME URL KEY SECRET, nmcli
// … password PASSWORD, wpa_passphrase SSID PASSPHRASE, xfreerdp /p:PASSWORD,
// npm config set //registry/:_authToken TOKEN.

// operandSecretPrograms are the programs positionalSecrets reads.
func operandSecretPrograms(k string) bool {
	switch k {
	case "sqlplus", "rabbitmqctl", "net", "mc", "mcli", "nmcli", "wpa_passphrase", "xfreerdp", "xfreerdp3",
		"wlfreerdp", "sdl-freerdp", "npm", "pnpm", "yarn":
		return true
	}
	return false
}

// positionalSecrets are the operands of c, or their parts, that are a
// password by position.
func positionalSecrets(c *Cmd) []string {
	if !operandSecretPrograms(c.Name) {
		return nil
	}
	av := c.Argv()
	path := append(append([]string{}, av.Sub...), av.Operands...)
	at := func(i int) string {
		if i >= 0 && i < len(path) {
			return path[i]
		}
		return ""
	}
	var out []string
	switch c.Name {
	case "sqlplus":
		// sqlplus [-s] user/password[@connect] [@script]
		for _, p := range path {
			if strings.HasPrefix(p, "@") || strings.HasPrefix(p, "/") {
				continue
			}
			if _, rest, ok := strings.Cut(p, "/"); ok {
				pw, _, _ := strings.Cut(rest, "@")
				out = append(out, pw)
				break
			}
		}
	case "rabbitmqctl":
		// add_user NAME PASSWORD, change_password NAME PASSWORD,
		// authenticate_user NAME PASSWORD.
		for i, p := range path {
			if p == "add_user" || p == "change_password" || p == "authenticate_user" {
				out = append(out, at(i+2))
				break
			}
		}
	case "net":
		// net use DEVICE \\host\share PASSWORD, net user NAME PASSWORD /add.
		switch strings.ToLower(at(0)) {
		case "use":
			for i := 1; i < len(path); i++ {
				if strings.HasPrefix(path[i], `\`) || strings.HasPrefix(path[i], "//") {
					if pw := at(i + 1); pw != "" && pw != "*" && !strings.HasPrefix(pw, "/") {
						out = append(out, pw)
					}
					break
				}
			}
		case "user":
			if pw := at(2); pw != "" && pw != "*" && !strings.HasPrefix(pw, "/") {
				out = append(out, pw)
			}
		}
	case "mc", "mcli":
		// mc alias set NAME URL ACCESS-KEY SECRET-KEY (and the older mc config host add).
		if at(0) == "alias" && (at(1) == "set" || at(1) == "add") || at(0) == "config" && at(1) == "host" && at(2) == "add" {
			n := 5
			if at(0) == "config" {
				n = 6
			}
			if s := at(n); s != "" {
				out = append(out, s)
			}
		}
	case "nmcli":
		for i, p := range path {
			if (p == "password" || strings.HasSuffix(p, ".psk") || strings.HasSuffix(p, ".password") || strings.HasSuffix(p, "-password")) && at(i+1) != "" {
				out = append(out, at(i+1))
			}
		}
	case "wpa_passphrase":
		if pw := at(1); pw != "" {
			out = append(out, pw)
		}
	case "xfreerdp", "xfreerdp3", "wlfreerdp", "sdl-freerdp":
		// FreeRDP's own syntax: /p:PASSWORD, /password:PASSWORD, /gp:…, /gatewaypassword:…
		for _, a := range c.Argv().Opts {
			out = appendFreeRDP(out, a.Spelled)
		}
		for _, a := range path {
			out = appendFreeRDP(out, a)
		}
	case "npm", "pnpm", "yarn":
		// npm config set //registry.npmjs.org/:_authToken TOKEN (or KEY=VALUE).
		for i, p := range path {
			if p != "set" || i == 0 || at(i-1) != "config" {
				continue
			}
			key, val := at(i+1), at(i+2)
			if k, v, ok := strings.Cut(key, "="); ok {
				key, val = k, v
			}
			if k := key[strings.LastIndexByte(key, ':')+1:]; secretName(strings.TrimPrefix(k, "_")) || strings.EqualFold(k, "_auth") || strings.EqualFold(k, "_authToken") {
				out = append(out, val)
			}
			break
		}
	}
	return out
}

// appendFreeRDP adds the password of a FreeRDP argument /p:PW.
func appendFreeRDP(out []string, a string) []string {
	for _, pre := range []string{"/p:", "/password:", "/gp:", "/gatewaypassword:", "-p:"} {
		if v, ok := strings.CutPrefix(a, pre); ok && v != "" {
			return append(out, v)
		}
	}
	return out
}
