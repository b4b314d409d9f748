package shell

import (
	"net/url"
)

// Inline code reading a secret environment variable by name, in each
// language's spelling: os.environ["X"], os.environ.get("X"), os.getenv("X"),
// process.env.X, process.env["X"], ENV["X"], ENV.fetch("X"), $ENV{X},
// getenv("X"), $_ENV["X"], System.getenv("X"), Deno.env.get("X"),
// Sys.getenv("X"), $env:X.
var (
	reInlineEnvCall = lazyRegexp(`(?:\benviron(?:\.get)?|\bgetenv|\bENV(?:\.fetch)?|\$_ENV|\$_SERVER|\bprocess\.env|\bDeno\.env\.get|\bSys\.getenv|\bSystem\.getenv|\bGetEnvironmentVariable)\s*[\[(]\s*["']([A-Za-z_][A-Za-z0-9_]*)["']`)
	reInlineEnvName = lazyRegexp(`(?:\bprocess\.env\.|\$env:|\bENV\.)([A-Za-z_][A-Za-z0-9_]*)|\$ENV\{\s*["']?([A-Za-z_][A-Za-z0-9_]*)["']?\s*\}`)
	reInlineURL     = lazyRegexp(`https?://[^\s"'\\)+,;]+`)
	// reInlineFetch: a request of any method, or a host name looked up,
	// in any of the languages (a GET carries the secret in its URL).
	reInlineFetch = lazyRegexp(`\b(?:urlopen|urlretrieve|requests\.\w+|httpx\.\w+|HTTPS?Connection|fetch|https?\.get|axios(?:\.\w+)?|Net::HTTP(?:\.\w+)?|URI\.open|LWP::\w+|HTTP::Tiny|file_get_contents|curl_init|Invoke-WebRequest|Invoke-RestMethod|DownloadString|gethostbyname|getaddrinfo|dns\.\w+|Resolv\.\w+|socket\.\w+)\s*\(|\bget\s*\(\s*["']https?:|\bLWP::Simple\b|\bopen-uri\b`)
)

// inlineSecretEnv returns the first environment variable with a secret's
// name (secretVarName) the code reads, or "".
func inlineSecretEnv(code string) string {
	for _, m := range reInlineEnvCall.FindAllStringSubmatch(code, 32) {
		if secretVarName(m[1]) {
			return m[1]
		}
	}
	for _, m := range reInlineEnvName.FindAllStringSubmatch(code, 32) {
		for _, n := range m[1:] {
			if n != "" && secretVarName(n) {
				return n
			}
		}
	}
	return ""
}

// inlineToOwnService reports whether every URL the code names is a host of
// the secret's own service (a GitHub token sent to api.github.com), and
// there is at least one.
func inlineToOwnService(code, cred string) bool {
	own := secretServices(cred)
	urls := reInlineURL.FindAllString(code, 16)
	if len(own) == 0 || len(urls) == 0 {
		return false
	}
	for _, a := range urls {
		u, err := url.Parse(a)
		if err != nil || u.Hostname() == "" {
			return false
		}
		if !ownHost(u.Hostname(), own) {
			return false
		}
	}
	return true
}
