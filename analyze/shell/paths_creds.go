package shell

import "strings"

// credentialStoreOf names the secret held by the credential stores beyond
// the classic key files: the coding agents' own logins, package registry
// publish tokens, cloud tool configurations, password stores and
// keyrings, browser cookie and login databases, shell histories (tokens
// typed on the command line stay there) and a process's environment.
// p is the cleaned path, base its last element.
func credentialStoreOf(p, base string) string {
	in := func(dir string) bool { return containsDir(p, dir) || strings.HasSuffix(p, dir) }
	switch {
	case strings.HasPrefix(p, "/proc/") && base == "environ":
		return "environment variables"
	case in("/.claude") && (base == ".credentials.json" || base == "credentials.json"),
		in("/.codex") && base == "auth.json",
		in("/github-copilot") && (base == "apps.json" || base == "hosts.json"):
		return "coding agent login"
	case in("/.config/gh"), in("/.config/hub"):
		return "GitHub login"
	case in("/.cargo") && (base == "credentials.toml" || base == "credentials"),
		base == ".pypirc", in("/.gem") && base == "credentials",
		base == "credentials.tfrc.json", base == ".terraformrc",
		in("/.m2") && (base == "settings.xml" || base == "settings-security.xml"),
		in("/.gradle") && base == "gradle.properties",
		in("/.nuget") && base == "NuGet.Config",
		in("/.config/composer") && base == "auth.json", in("/.composer") && base == "auth.json":
		return "package registry token"
	case in("/.config/rclone") && base == "rclone.conf", base == ".s3cfg", base == ".boto",
		in("/.azure"), in("/.oci"), in("/.config/doctl"), in("/.config/hcloud"),
		in("/.terraform.d") && strings.HasPrefix(base, "credentials"):
		return "cloud credentials"
	case in("/.password-store"), in("/.local/share/keyrings"), in("/Library/Keychains"),
		in("/.local/share/kwalletd"), in("/.config/Bitwarden") && strings.HasSuffix(base, ".json"):
		return "password store"
	case browserProfile(p) && browserSecretFile(base):
		return "browser cookies and saved logins"
	case historyFile(base):
		return "shell history"
	}
	return ""
}

// browserProfile reports whether p lies in a web browser's profile
// directory (Firefox, Chrome, Chromium, Edge, Brave, Safari, on any OS).
func browserProfile(p string) bool {
	for _, d := range []string{"/.mozilla/firefox/", "/Firefox/Profiles/", "/.config/google-chrome", "/.config/chromium", "/.config/microsoft-edge",
		"/.config/BraveSoftware", "/Google/Chrome/", "/Microsoft/Edge/", "/BraveSoftware/", "/Chromium/", "/Library/Cookies", "/Library/Safari",
		"/snap/firefox/", "/snap/chromium/", "/.var/app/org.mozilla.firefox", "/.var/app/com.google.Chrome"} {
		if strings.Contains(p, d) {
			return true
		}
	}
	return false
}

func browserSecretFile(base string) bool {
	switch strings.ToLower(base) {
	case "cookies", "cookies.sqlite", "cookies.binarycookies", "login data", "login data for account", "logins.json", "key4.db", "key3.db",
		"web data", "local state", "signons.sqlite", "cert9.db":
		return true
	}
	return false
}

// historyFile reports whether base is a shell's or an interactive tool's
// command history.
func historyFile(base string) bool {
	switch base {
	case ".bash_history", ".zsh_history", ".zhistory", ".sh_history", ".history", ".histfile", ".python_history", ".psql_history",
		".mysql_history", ".sqlite_history", ".node_repl_history", ".rediscli_history", ".lesshst", "fish_history", "ConsoleHost_history.txt":
		return true
	}
	return false
}
