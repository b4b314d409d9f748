package chain

import "sync"

// The word lists. They are plain slices (laid out by the linker); the sets
// made of them are built on first use, so that a process that never checks a
// chain pays nothing for them at start-up.
var (
	// shellToolsList are the agents' shell tools.
	shellToolsList = []string{"bash", "shell", "sh", "zsh", "powershell", "run_shell_command", "exec_command", "execute_command",
		"run_command", "terminal", "local_shell", "container.exec", "shell_command", "write_stdin", "write_bash"}
	// readToolsList are file tools that read a file's content into the agent's context.
	readToolsList = []string{"read", "read_file", "view", "notebookread", "read_many_files", "grep", "search_file_content",
		"read_notebook"}
	// webToolsList are tools whose request leaves the machine.
	webToolsList = []string{"webfetch", "web_fetch", "fetch", "websearch", "web_search", "google_web_search", "http_request",
		"http", "curl"}
	// localToolsList are the agents' tools that write files, list them or act inside the agent.
	localToolsList = []string{"write", "edit", "multiedit", "notebookedit", "glob", "ls", "apply_patch", "write_file", "edit_file",
		"replace", "create_file", "delete_file", "list_directory", "create", "str_replace", "str_replace_editor", "insert", "delete",
		"agent", "task", "todowrite", "todoread", "exitplanmode", "enterplanmode", "askuserquestion", "bashoutput", "taskoutput",
		"killshell", "killbash", "update_plan", "view_image", "write_todos", "save_memory", "update_todo", "think", "report_intent"}
	// searchToolsList are web search tools: their query leaves the machine.
	searchToolsList = []string{"websearch", "web_search", "google_web_search"}
	// fetchersList are programs that download from the network.
	fetchersList = []string{"curl", "wget", "aria2c", "fetch", "http", "https", "xh", "httpie", "lwp-request"}
	// scriptRunnersList are programs that run a script file or what is piped into them.
	scriptRunnersList = []string{"bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "python", "perl", "ruby", "node",
		"nodejs", "php", "pwsh", "powershell", "lua", "tclsh", "rscript", "source", ".", "deno", "bun"}
	// secretPrintersList are programs that print the environment or a stored secret: their output holding a secret means the agent saw it.
	secretPrintersList = []string{"env", "printenv", "set", "export", "declare", "typeset", "heroku", "vercel", "netlify", "aws",
		"gcloud", "az", "kubectl", "vault", "op", "doppler", "gh", "security", "pass", "gopass", "bw", "lpass", "keepassxc-cli",
		"sops", "chamber", "berglas", "infisical", "secret-tool"}
	// contentPrintersList are programs that print what they read, so that a file's content reaches the agent's context.
	contentPrintersList = []string{"cat", "less", "more", "head", "tail", "bat", "batcat", "strings", "xxd", "od", "hexdump",
		"base64", "grep", "egrep", "rg", "awk", "sed", "jq", "yq", "cut", "sort", "tac", "nl", "diff", "view", "column"}
	// publicFilesList are public facts about the machine, not the user's data.
	publicFilesList = []string{"/etc/os-release", "/usr/lib/os-release", "/etc/lsb-release", "/etc/debian_version",
		"/etc/redhat-release", "/etc/alpine-release", "/etc/issue", "/etc/hostname", "/etc/timezone", "/etc/localtime", "/etc/shells"}
	// escalatorsList are programs that raise privileges or change who may do what.
	escalatorsList = []string{"sudo", "doas", "su", "pkexec", "run0", "chmod", "chown", "setcap", "usermod", "useradd", "gpasswd",
		"adduser", "visudo", "install"}
)

// installVerbs are package managers' subcommands that fetch and install
// packages from the network.
var installVerbsList = [][]string{
	{"apt", "install", "reinstall"},
	{"apt-get", "install", "reinstall"},
	{"aptitude", "install"},
	{"yum", "install", "reinstall"},
	{"dnf", "install", "reinstall"},
	{"zypper", "install", "in"},
	{"apk", "add"},
	{"brew", "install", "reinstall"},
	{"snap", "install"},
	{"port", "install"},
	{"flatpak", "install"},
	{"pip", "install"},
	{"pipx", "install"},
	{"uv", "add", "pip", "tool"},
	{"poetry", "add"},
	{"pdm", "add"},
	{"npm", "install", "i", "add"},
	{"pnpm", "add", "install", "i"},
	{"yarn", "add", "global"},
	{"bun", "add", "install", "i"},
	{"gem", "install"},
	{"cargo", "install"},
	{"go", "install", "get"},
	{"conda", "install"},
	{"mamba", "install"},
	{"micromamba", "install"},
	{"choco", "install"},
	{"winget", "install"},
	{"scoop", "install"},
	{"composer", "require"},
	{"deno", "install"},
	{"nix-env", "-i", "--install"},
}

// tables are the sets built from the lists.
type tables struct {
	shellTools, readTools, webTools, localTools, searchTools                          set
	fetchers, scriptRunners, escalators, secretPrinters, contentPrinters, publicFiles set
	installVerbs                                                                      map[string][]string
	// hints are the credential hints by their first byte.
	hints [256][]string
}

type set map[string]bool

func setOf(ws []string) set {
	s := make(set, len(ws))
	for _, w := range ws {
		s[w] = true
	}
	return s
}

// tab returns the tables, built once; safe for concurrent use.
var tab = sync.OnceValue(func() *tables {
	t := &tables{
		shellTools: setOf(shellToolsList), readTools: setOf(readToolsList), webTools: setOf(webToolsList),
		localTools: setOf(localToolsList), searchTools: setOf(searchToolsList), fetchers: setOf(fetchersList),
		scriptRunners: setOf(scriptRunnersList), escalators: setOf(escalatorsList), secretPrinters: setOf(secretPrintersList),
		contentPrinters: setOf(contentPrintersList), publicFiles: setOf(publicFilesList),
		installVerbs: make(map[string][]string, len(installVerbsList)),
	}
	for _, l := range installVerbsList {
		t.installVerbs[l[0]] = l[1:]
	}
	for _, h := range credentialHints {
		t.hints[h[0]] = append(t.hints[h[0]], h)
	}
	return t
})
