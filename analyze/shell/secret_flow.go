package shell

import (
	"net/url"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Secrets that never touch a file: an environment variable whose name says
// it holds a secret, or a command that prints a token, flowing into what a
// network command sends (its URL, body, headers, or a host name it looks
// up). Sending one to the service it belongs to is its ordinary use; to any
// other host it is exfiltration.

// secretVarPrefix marks a stream's cred as an environment variable.
const secretVarPrefix = "secret in $"

// secretVarName reports whether an environment variable's name says it
// holds a secret: GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, DB_PASSWORD,
// OPENAI_API_KEY…
func secretVarName(name string) bool {
	n := strings.ToUpper(name)
	if n != name {
		return false // lower-case names are shell variables of the script, not the environment
	}
	for _, w := range []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "CREDENTIAL", "AUTH_KEY", "SESSION_KEY", "CLIENT_KEY"} {
		if strings.Contains(n, w) {
			return !strings.HasSuffix(n, "_FILE") && !strings.HasSuffix(n, "_PATH") && !strings.HasSuffix(n, "_URL") && !strings.HasSuffix(n, "_NAME") && !strings.HasSuffix(n, "_ID")
		}
	}
	return strings.HasPrefix(n, "AWS_SESSION") || n == "AWS_SECRET_ACCESS_KEY"
}

// secretVarIn returns the secret of the first secret-named variable the
// word expands (secretVarPrefix and its name), also inside command
// substitutions ($(echo $GITHUB_TOKEN | head -c 60)), unless the script
// itself gave it a known value; or the secret a variable of the script
// holds because a token printer set it (t=$(gh auth token); … $t).
func (w *walker) secretVarIn(word *syntax.Word) string {
	if quotedLiteral(word) {
		return "" // no parameter to expand: nothing to walk
	}
	found := ""
	syntax.Walk(word, func(n syntax.Node) bool {
		if found != "" {
			return false
		}
		if p, ok := n.(*syntax.ParamExp); ok && p.Param != nil {
			if p.Length || p.Exp != nil && (p.Exp.Op == syntax.AlternateUnset || p.Exp.Op == syntax.AlternateUnsetOrNull) {
				return true // ${#TOKEN}, ${TOKEN:+set}: its length or a word of the script's, not the secret
			}
			v, known := w.baseValue(p.Param.Value)
			switch {
			case known && v.cred != "":
				found = v.cred
			case !secretVarName(p.Param.Value):
			case known && !v.dyn && !v.unset:
			default:
				found = secretVarPrefix + p.Param.Value
			}
		}
		return true
	})
	return found
}

// secretCarriers are the commands whose arguments go to the network as
// they are: a URL, a body, a header, a host name to look up.
var secretCarriers = map[string]bool{
	"curl": true, "wget": true, "http": true, "https": true, "xh": true, "nc": true, "ncat": true, "netcat": true, "socat": true,
	"telnet": true, "nslookup": true, "dig": true, "host": true, "drill": true, "ping": true, "ping6": true, "traceroute": true,
	"ftp": true, "tftp": true, "lftp": true, "aria2c": true, "httpie": true, "openssl": true,
}

// tokenProducer says which secret a command prints: gh auth token, git
// credential fill, gcloud auth print-access-token… The second value is
// the service the secret belongs to, in secretServices' terms.
func tokenProducer(c *Cmd) (cred string) {
	switch c.Name {
	case "gh":
		if c.ArgIs("auth", "token") {
			return "GitHub token"
		}
	case "glab":
		if c.ArgIs("auth", "token") || c.ArgIs("config", "get", "token") {
			return "GitLab token"
		}
	case "git":
		if c.ArgIs("credential", "fill") || c.ArgIs("credential-store", "get") || c.ArgIs("credential-cache", "get") {
			return "Git credentials"
		}
	case "aws":
		if c.ArgIs("configure", "export-credentials") || c.ArgIs("sts", "get-session-token") || c.ArgIs("ecr", "get-login-password") ||
			c.ArgIs("configure", "get") && strings.Contains(strings.ToLower(strings.Join(c.Positional(), " ")), "secret") {
			return "AWS credentials"
		}
	case "gcloud":
		if c.ArgIs("auth", "print-access-token") || c.ArgIs("auth", "print-identity-token") || c.ArgIs("auth", "application-default", "print-access-token") {
			return "Google Cloud token"
		}
	case "az":
		if c.ArgIs("account", "get-access-token") {
			return "Azure token"
		}
	case "op":
		if c.ArgIs("read") || c.ArgIs("item", "get") {
			return "1Password secret"
		}
	case "vault":
		if c.ArgIs("kv", "get") || c.ArgIs("read") || c.ArgIs("print", "token") {
			return "Vault secret"
		}
	case "security":
		if (c.ArgIs("find-generic-password") || c.ArgIs("find-internet-password")) && c.Has("-w", "-g") {
			return "macOS keychain password"
		}
	case "pass", "gopass":
		if p := c.Positional(); len(p) > 0 && (p[0] == "show" || len(p) == 1 && p[0] != "ls" && p[0] != "list") {
			return "password store entry"
		}
	case "kubectl", "oc":
		if (c.ArgIs("get", "secret") || c.ArgIs("get", "secrets")) && !onlyNames(c) {
			return "Kubernetes secrets"
		}
		if c.ArgIs("create", "token") || c.ArgIs("config", "view") && c.Has("--raw") {
			return "Kubernetes credentials"
		}
	case "heroku":
		if c.ArgIs("auth:token") {
			return "Heroku token"
		}
	case "npm":
		if c.ArgIs("token", "create") {
			return "npm token"
		}
	}
	return ""
}

// onlyNames reports whether kubectl get lists names only (the default
// table, -o name): no secret values are printed.
func onlyNames(c *Cmd) bool {
	o, ok := c.Flag("-o", "--output")
	if !ok {
		return true
	}
	o = strings.ToLower(o)
	return o == "name" || o == "wide" || strings.HasPrefix(o, "custom-columns") && !strings.Contains(o, ".data")
}

// secretServices maps a secret to the hosts of the service it belongs to:
// a GitHub token sent to api.github.com is its ordinary use.
func secretServices(cred string) []string {
	name := strings.TrimPrefix(cred, secretVarPrefix)
	switch {
	case cred == "GitHub token" || strings.HasPrefix(name, "GITHUB_") || strings.HasPrefix(name, "GH_"):
		return []string{"github.com", "githubusercontent.com", "ghcr.io"}
	case cred == "GitLab token" || strings.HasPrefix(name, "GITLAB_") || strings.HasPrefix(name, "CI_JOB_TOKEN"):
		return []string{"gitlab.com"}
	case cred == "Google Cloud token" || strings.HasPrefix(name, "GOOGLE_") || strings.HasPrefix(name, "GCP_"):
		return []string{"googleapis.com"}
	case cred == "Azure token" || strings.HasPrefix(name, "AZURE_"):
		return []string{"azure.com", "windows.net", "microsoft.com", "microsoftonline.com"}
	case strings.HasPrefix(name, "AWS_"):
		return []string{"amazonaws.com"}
	case strings.HasPrefix(name, "OPENAI_"):
		return []string{"openai.com"}
	case strings.HasPrefix(name, "ANTHROPIC_"):
		return []string{"anthropic.com"}
	case strings.HasPrefix(name, "NPM_"):
		return []string{"npmjs.org", "npmjs.com"}
	case strings.HasPrefix(name, "HF_") || strings.HasPrefix(name, "HUGGING"):
		return []string{"huggingface.co"}
	case strings.HasPrefix(name, "SLACK_"):
		return []string{"slack.com"}
	case strings.HasPrefix(name, "STRIPE_"):
		return []string{"stripe.com"}
	}
	return nil
}

// toOwnService reports whether every place c sends to is a host of the
// secret's own service, and the secret is not written into a host name.
func toOwnService(c *Cmd, cred string) bool {
	own := secretServices(cred)
	if len(own) == 0 {
		return false
	}
	if c.Name == "gh" || c.Name == "glab" {
		return true // they talk to their own service
	}
	if !secretCarriers[c.Name] || c.Name != "curl" && c.Name != "wget" && c.Name != "http" && c.Name != "https" && c.Name != "xh" {
		return false
	}
	av := c.Argv()
	words := append([]string(nil), av.Operands...)
	for _, o := range av.Opts {
		if o.Name == "--url" {
			words = append(words, o.Value)
		}
	}
	hosts := 0
	for _, a := range words {
		if !strings.Contains(a, "://") {
			if (c.Name == "http" || c.Name == "https" || c.Name == "xh") && !strings.HasPrefix(a, "-") && looksLikeHost(a) && !strings.ContainsAny(a, "=:@") {
				a = "https://" + a
			} else {
				continue
			}
		}
		u, err := url.Parse(a)
		if err != nil || u.Hostname() == "" || strings.Contains(u.Host, "$") || strings.Contains(u.Host, "\u2026") {
			return false
		}
		if !ownHost(u.Hostname(), own) {
			return false
		}
		hosts++
	}
	return hosts > 0
}

// describeFlowSecret names a secret for the user.
func describeFlowSecret(cred string) string {
	if name, ok := strings.CutPrefix(cred, secretVarPrefix); ok {
		return "the secret in $" + name
	}
	if cred == "environment variables" {
		return "every environment variable (tokens and keys among them)"
	}
	return "your " + cred
}

// producedCreds are the secrets tokenProducer names.
var producedCreds = map[string]bool{
	"GitHub token": true, "GitLab token": true, "Git credentials": true, "AWS credentials": false, "Google Cloud token": true, "Azure token": true,
	"1Password secret": true, "Vault secret": true, "macOS keychain password": true, "password store entry": true,
	"Kubernetes secrets": true, "Kubernetes credentials": false, "Heroku token": true, "npm token": true,
}

// ownHost reports whether host is one of the domains own, or below one.
func ownHost(host string, own []string) bool {
	h := strings.ToLower(host)
	for _, d := range own {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return false
}

// flowSecret reports whether cred is a secret that never touched a file:
// an environment variable or a token a command printed.
func flowSecret(cred string) bool {
	return strings.HasPrefix(cred, secretVarPrefix) || producedCreds[cred]
}

// secretOutput is what a command that prints its arguments (echo,
// printf) outputs when one of them is a secret variable: the secret.
func secretOutput(c *Cmd, secret string, out stream) stream {
	if c == nil || !strings.HasPrefix(secret, secretVarPrefix) || out.kind == streamSecret {
		return out
	}
	switch c.Name {
	case "echo", "printf", "print":
		return stream{kind: streamSecret, cred: secret, what: "the output of " + c.Name}
	}
	return out
}

// quotedLiteral reports a word made only of literal text, bare or in single
// quotes: it expands no parameter.
func quotedLiteral(word *syntax.Word) bool {
	for _, p := range word.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			return false
		}
	}
	return true
}
