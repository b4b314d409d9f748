package guard

import (
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/actionguard/actionguard/analyze/shell"
	"github.com/actionguard/actionguard/analyze/tools"
)

// Kind says what an action is. When an Action arrives without one, Check
// infers it from the tool name and the input (see InferKind).
type Kind string

// Kinds of action.
const (
	KindShell   Kind = "shell"
	KindSQL     Kind = "sql"
	KindFile    Kind = "file"
	KindHTTP    Kind = "http"
	KindEmail   Kind = "email"
	KindMessage Kind = "message"
	KindPost    Kind = "post"
	KindPayment Kind = "payment"
	KindIntent  Kind = "intent"
	KindTool    Kind = "tool"
)

// Action is one thing an agent is about to do. Its JSON form is public: it is
// one line of `actionguard check --jsonl` and the body of POST /v1/check.
type Action struct {
	ID      string         `json:"id,omitempty"`
	Tool    string         `json:"tool,omitempty"`
	Input   map[string]any `json:"input,omitempty"`
	Kind    Kind           `json:"kind,omitempty"`
	Text    string         `json:"text,omitempty"`
	Context Context        `json:"context,omitempty"`
	// Schema is the JSON Schema of the tool's input, when the tool
	// published one (an MCP server's tools/list): it tells the role of
	// arguments whose names say nothing (a path, a URL, a command). It
	// adds roles, never removes one.
	Schema map[string]any `json:"schema,omitempty"`
}

// Context is what is known about the circumstances of an action. Every field
// is optional; missing information never makes an action look safer.
type Context struct {
	// Application selects the profile: "coding-agent" (the default), "assistant", …
	Application  string   `json:"application,omitempty"`
	Cwd          string   `json:"cwd,omitempty"`
	Home         string   `json:"home,omitempty"` // the user's home directory, when it is not the analyzing process's
	GitBranch    string   `json:"git_branch,omitempty"`
	GitDirty     bool     `json:"git_dirty,omitempty"`
	Environment  string   `json:"environment,omitempty"` // "production", "staging", "development", …
	UserMessages []string `json:"user_messages,omitempty"`
	// UserFingerprints stand for the personal data and secrets in the
	// user's messages where those are kept redacted (see Step.Fingerprints).
	UserFingerprints []string `json:"user_fingerprints,omitempty"`
	History          []Step   `json:"history,omitempty"`
	SessionID        string   `json:"session_id,omitempty"`
	Agent            string   `json:"agent,omitempty"`
	User             *User    `json:"user,omitempty"`
	// Signals set by the learning layer (seed 002's context modifiers).
	PreviouslyApproved bool `json:"previously_approved,omitempty"`
	RecentMistake      bool `json:"recent_mistake,omitempty"`
	// Approvals is what the user approved before of commands like this one
	// in this project (seed 002's progressive trust), when known.
	Approvals *Approvals `json:"approvals,omitempty"`
	// Anomalies are what the learning layer found unusual about this moment
	// (an hour outside the user's working hours, for one): each raises the
	// action's risk and is recorded with its decision.
	Anomalies []string `json:"anomalies,omitempty"`
}

// Approvals is the trust a command's pattern has earned in a project.
type Approvals struct {
	// Pattern is the command normalised (program, subcommand, flags;
	// arguments generalised), as `actionguard trust list` shows it.
	Pattern string `json:"pattern"`
	// Count is how many times a person approved the pattern here.
	Count int `json:"count"`
	// Trusted reports that the pattern is trusted: approved more than the
	// policy's trust.after times, not expired, not revoked. A trusted
	// action that would wait for a person runs with a notice instead —
	// never a DANGEROUS one, never an always-review command.
	Trusted bool `json:"trusted,omitempty"`
}

// Step is one earlier tool call of the same session.
type Step struct {
	// ID is the agent's id of the call (Claude Code's tool_use_id), when known.
	ID          string         `json:"id,omitempty"`
	Tool        string         `json:"tool,omitempty"`
	Input       map[string]any `json:"input,omitempty"`
	Observation string         `json:"observation,omitempty"`
	// Fingerprints stand for the personal data and secrets the observation
	// held before it was redacted (privacy.Fingerprint under the guard's
	// fingerprint key): a value sent later is recognised as the tool's.
	Fingerprints []string `json:"fingerprints,omitempty"`
	// Outcome is what became of the call: "" (it ran), "failed" (it ran
	// and failed), "blocked" (actionguard refused it), "declined" (it was
	// held for a person and never ran), "pending" (held, no answer yet).
	Outcome string `json:"outcome,omitempty"`
	// Level is the level actionguard gave the call, when it was checked.
	Level Level `json:"level,omitempty"`
	// Time is when the call was made, when known.
	Time time.Time `json:"time,omitzero"`
	// Anomalies are the anomalies its decision raised; they raise the risk
	// of what follows in the session.
	Anomalies []string `json:"anomalies,omitempty"`
}

// Outcomes of a step.
const (
	OutcomeFailed   = "failed"
	OutcomeBlocked  = "blocked"
	OutcomeDeclined = "declined"
	OutcomePending  = "pending"
)

// Ran reports whether the step's call ran (successfully or not).
func (s *Step) Ran() bool { return s.Outcome == "" || s.Outcome == OutcomeFailed }

// User is who the agent acts for.
type User struct {
	ID  string `json:"id,omitempty"`
	New bool   `json:"new,omitempty"`
	// Trust is a learned score from 0 to 1; below 0.5 is seed 000's "low trust".
	Trust *float64 `json:"trust,omitempty"`
}

// Applications with a built-in profile.
const (
	AppCodingAgent = "coding-agent"
	AppAssistant   = "assistant"
)

// Command returns the shell command of a shell action, or "".
func (a *Action) Command() string {
	if c := a.inputString("command", "cmd", "script", "commandLine"); c != "" {
		return c
	}
	if c := a.argvCommand("command", "cmd"); c != "" {
		return c
	}
	switch strings.ToLower(a.Tool) {
	case "write_stdin", "write_bash":
		return a.inputString("chars", "input")
	}
	return ""
}

// argvCommand returns a command given as a list of words
// (["bash", "-lc", "…"], as Codex's shell and exec tools take it) as one
// command line, each word quoted: it runs as that line would.
func (a *Action) argvCommand(keys ...string) string {
	for _, k := range keys {
		list, ok := a.Input[k].([]any)
		if !ok || len(list) == 0 {
			continue
		}
		words := make([]string, 0, len(list))
		for _, w := range list {
			s, ok := w.(string)
			if !ok {
				return ""
			}
			words = append(words, shellWord(s))
		}
		return strings.Join(words, " ")
	}
	return ""
}

// editorVerb reports an input whose command is one word next to a path
// (Anthropic's text editor tool and the MCP servers that copy it:
// {"command": "str_replace", "path": …}): a verb on a file, not a shell
// command line.
func (a *Action) editorVerb() bool {
	c := a.inputString("command")
	if c == "" || strings.ContainsAny(c, " \t\n;|&<>$`()") {
		return false
	}
	for _, k := range []string{"path", "file_path", "file", "filename", "target", "notebook_path"} {
		if s, ok := a.Input[k].(string); ok && s != "" {
			return true
		}
	}
	return false
}

// AgentInternal reports whether the tool is one of a coding agent's own
// tools that act only inside the agent: plans and to-do lists, questions
// to the user, sub-agents (whose own tool calls are checked one by one),
// the output of a shell it started. They run without a finding.
func AgentInternal(tool string) bool { return agentInternal[strings.ToLower(tool)] }

var agentInternal = map[string]bool{
	// Claude Code
	"agent": true, "task": true, "todowrite": true, "todoread": true, "exitplanmode": true, "enterplanmode": true,
	"askuserquestion": true, "bashoutput": true, "taskoutput": true, "killshell": true, "killbash": true, "taskstop": true,
	"skill": true, "slashcommand": true, "listmcpresourcestool": true, "readmcpresourcetool": true,
	// Codex
	"update_plan": true, "view_image": true,
	// Gemini CLI
	"write_todos": true, "save_memory": true,
	// Copilot CLI
	"report_intent": true, "think": true, "update_todo": true, "read_bash": true, "stop_bash": true,
}

// Query returns the SQL of an sql action, or "".
func (a *Action) Query() string {
	if q := a.inputString("query", "sql", "statement"); q != "" {
		return q
	}
	return a.sqlArgument()
}

// sqlArgument is the SQL a database tool (a name with db, sql, query,
// postgres…) is given under a key of its own choosing ({"q": "DROP TABLE
// users"}, {"stmt": …}): the first string argument, by key, that reads as
// SQL. Other tools' arguments are not read so: an e-mail about a DELETE is
// an e-mail.
func (a *Action) sqlArgument() string {
	if len(a.Input) == 0 || len(a.Input) > 16 || !hasWord(SplitName(a.Tool), "db", "database", "sql", "query", "postgres", "postgresql", "mysql", "sqlite", "mssql", "duckdb") {
		return ""
	}
	keys := make([]string, 0, len(a.Input))
	for k := range a.Input {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if s, ok := a.Input[k].(string); ok && LooksLikeSQL(s) {
			return s
		}
	}
	return ""
}

func (a *Action) inputString(keys ...string) string {
	for _, k := range keys {
		if s, ok := a.Input[k].(string); ok {
			return s
		}
	}
	return ""
}

// ShellDialect returns the shell a shell action's command is written for,
// from the tool's name: Claude Code's PowerShell tool and any tool named
// for PowerShell (pwsh) run PowerShell, a tool named for cmd.exe runs
// cmd.exe; every other one a POSIX shell.
func (a *Action) ShellDialect() shell.Dialect {
	name := lowerToolName(a.Tool)
	if strings.Contains(name, "powershell") || strings.Contains(name, "pwsh") {
		return shell.DialectPowerShell
	}
	if name == "cmd" || strings.Contains(name, "cmd.exe") || strings.Contains(name, "cmdexe") {
		return shell.DialectCmd
	}
	// (The words of the name are pieces of it: "PowerShell_run" and
	// "run-pwsh" were found above.)
	return ""
}

// InferKind returns the action's kind: the explicit one, else one inferred
// from the tool's name and the input's fields. Names of real agents' tools
// are known (Bash, run_shell_command, Read, Write, …); other names are split
// into words (camelCase and snake_case) and read as verbs and objects.
func (a *Action) InferKind() Kind {
	if a.Kind != "" {
		return a.Kind
	}
	if a.Tool == "" && a.Text != "" && len(a.Input) == 0 {
		return KindIntent
	}
	switch lowerToolName(a.Tool) {
	case "bash", "shell", "sh", "zsh", "powershell", "pwsh", "cmd", "run_shell_command", "exec_command", "execute_command",
		"run_command", "terminal", "local_shell", "container.exec", "shell_command":
		return KindShell
	case "read", "write", "edit", "multiedit", "notebookedit", "notebookread", "glob", "grep", "ls", "apply_patch",
		"read_file", "write_file", "edit_file", "replace", "create_file", "delete_file", "list_directory",
		"view", "create", "str_replace", "str_replace_editor", "str_replace_based_edit_tool", "text_editor", "insert", "delete",
		"read_many_files", "search_file_content":
		return KindFile
	case "write_stdin", "write_bash":
		// Keys typed into a running shell are commands too.
		return KindShell
	case "webfetch", "websearch", "web_fetch", "fetch", "http_request", "http", "curl":
		return KindHTTP
	case "sql", "query", "run_sql", "execute_sql", "sql_query", "db_query":
		return KindSQL
	}
	if a.Command() != "" && len(a.Input) <= 4 && !a.editorVerb() {
		if _, ok := a.Input["command"]; ok {
			return KindShell
		}
	}
	if q := a.Query(); q != "" && LooksLikeSQL(q) {
		// A search box's query ("weather in Paris") is not SQL.
		return KindSQL
	}
	words := SplitName(a.Tool)
	// A name that begins with a read (GetSmsMessages, list_payments) reads
	// whatever it names: it sends, posts and pays nothing. (Asked only of
	// a name with such a word.)
	leads := 0
	reads := func() bool {
		if leads == 0 {
			leads = 2
			if tools.LeadingRead(a.Tool) {
				leads = 1
			}
		}
		return leads == 1
	}
	for _, w := range words {
		switch w {
		case "sql", "postgres", "mysql", "sqlite":
			if a.Query() != "" {
				return KindSQL
			}
		case "query":
			if q := a.Query(); q != "" && LooksLikeSQL(q) {
				return KindSQL
			}
		case "shell", "bash", "terminal", "command":
			if a.Command() != "" {
				return KindShell
			}
		case "email", "gmail", "mail", "outlook":
			if !reads() {
				return KindEmail
			}
		case "pay", "payment", "transfer", "withdraw", "purchase", "buy", "invoice", "refund", "charge":
			if !reads() {
				return KindPayment
			}
		case "tweet", "post", "publish", "x", "linkedin", "facebook", "instagram", "mastodon", "bluesky":
			if !reads() {
				return KindPost
			}
		case "slack", "message", "sms", "whatsapp", "telegram", "discord", "teams", "chat":
			if !reads() {
				return KindMessage
			}
		case "http", "url":
			return KindHTTP
		case "fetch", "request", "browse", "navigate":
			// CreateTransferRequest is not a web request: only a call
			// that names a web address is one (a file:// URL or a path
			// is a file it reads).
			if u := a.inputString("url", "uri", "href", "endpoint"); u != "" && !tools.IsLocalPath(u) {
				return KindHTTP
			}
		}
	}
	if a.Tool == "" && a.Text != "" {
		return KindIntent
	}
	return KindTool
}

// SplitName splits a tool name such as "GmailSendEmail", "send_email" or
// "mcp__github__create_issue" into lower-case words.
func SplitName(name string) []string {
	for i := 0; i < len(name); i++ {
		if name[i] >= utf8.RuneSelf {
			return splitNameRunes(name)
		}
	}
	// Tool names are ASCII: the words are slices of the name, lowered
	// only when they hold a capital.
	words := make([]string, 0, 4)
	start := -1
	flush := func(end int) {
		if start >= 0 {
			words = append(words, strings.ToLower(name[start:end]))
			start = -1
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case !asciiLower(c) && !asciiUpper(c) && !asciiDigit(c):
			flush(i)
			continue
		case asciiUpper(c):
			if i > 0 && (asciiLower(name[i-1]) || asciiDigit(name[i-1]) ||
				(asciiUpper(name[i-1]) && i+1 < len(name) && asciiLower(name[i+1]))) {
				flush(i)
			}
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(name))
	if len(words) == 0 {
		return nil
	}
	return words
}

func asciiLower(c byte) bool { return c >= 'a' && c <= 'z' }
func asciiUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func asciiDigit(c byte) bool { return c >= '0' && c <= '9' }

// splitNameRunes is SplitName for a name with letters beyond ASCII.
func splitNameRunes(name string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r):
			// A new word starts at an upper-case letter that follows a lower-case
			// one, or that precedes a lower-case one inside an acronym ("HTTPRequest").
			if i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]) ||
				(unicode.IsUpper(rs[i-1]) && i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
				flush()
			}
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return words
}

// lowerToolName is strings.ToLower(name), without an allocation for the
// capitalised names agents' tools mostly have.
func lowerToolName(name string) string {
	switch name {
	case "Bash":
		return "bash"
	case "Read":
		return "read"
	case "Write":
		return "write"
	case "Edit":
		return "edit"
	case "MultiEdit":
		return "multiedit"
	case "Glob":
		return "glob"
	case "Grep":
		return "grep"
	case "WebFetch":
		return "webfetch"
	case "PowerShell":
		return "powershell"
	}
	return strings.ToLower(name)
}

// LooksLikeSQL reports text written as an SQL statement: its first
// keyword (after blanks, comments and parentheses) with the words that
// statement needs (SELECT … FROM, INSERT INTO, UPDATE … SET, DELETE FROM,
// DROP TABLE, GRANT … ON…). The query argument of a tool is SQL only
// then: "weather in Paris", "select the best laptop" and "delete old
// e-mails from bob" are searches. (The SQL analyzer reads any text, so
// it cannot tell.)
func LooksLikeSQL(q string) bool {
	if len(q) > 64<<10 {
		q = q[:64<<10]
	}
	for {
		q = strings.TrimLeft(q, " \t\r\n(;")
		switch {
		case strings.HasPrefix(q, "--"), strings.HasPrefix(q, "#"):
			_, rest, ok := strings.Cut(q, "\n")
			if !ok {
				return false
			}
			q = rest
			continue
		case strings.HasPrefix(q, "/*"):
			_, rest, ok := strings.Cut(q[2:], "*/")
			if !ok {
				return false
			}
			q = rest
			continue
		}
		break
	}
	ws := strings.FieldsFunc(strings.ToUpper(q), func(r rune) bool {
		return unicode.IsSpace(r) || r == '(' || r == ')' || r == ';' || r == ','
	})
	if len(ws) == 0 {
		return false
	}
	has := func(kws ...string) bool {
		for _, w := range ws[1:] {
			for _, k := range kws {
				if w == k {
					return true
				}
			}
		}
		return false
	}
	next := ""
	if len(ws) > 1 {
		next = ws[1]
	}
	at := func(i int) string {
		if i < len(ws) {
			return ws[i]
		}
		return ""
	}
	switch ws[0] {
	case "SELECT":
		return selectList(q) || len(ws) == 2 && strings.ContainsAny(q, "0123456789(@'")
	case "INSERT", "MERGE", "UPSERT", "REPLACE":
		// INSERT INTO t (…) VALUES …, INSERT INTO t SELECT …
		i := slices.Index(ws, "INTO")
		return i > 0 && i <= 3 && (strings.Contains(q, "(") || slices.Contains([]string{"VALUES", "SELECT", "SET", "DEFAULT", "USING"}, at(i+2)))
	case "UPDATE":
		// UPDATE t SET …, UPDATE t AS x SET …
		return at(2) == "SET" || at(3) == "SET" || at(4) == "SET" && at(2) == "AS"
	case "DELETE":
		// DELETE FROM t, DELETE t1 FROM t1 JOIN …
		return next == "FROM" || at(2) == "FROM"
	case "WITH":
		return has("AS") && has("SELECT", "INSERT", "UPDATE", "DELETE")
	case "CREATE", "DROP", "ALTER":
		return sqlObjects[next] || next == "OR" || next == "IF" || next == "UNIQUE" || next == "TEMP" || next == "TEMPORARY" || next == "MATERIALIZED" || next == "GLOBAL"
	case "TRUNCATE":
		// TRUNCATE [TABLE] [ONLY] t [, …] [RESTART IDENTITY] [CASCADE]
		return next == "TABLE" || next == "ONLY" || len(ws) == 2 || has("CASCADE", "RESTRICT", "IDENTITY")
	case "GRANT", "REVOKE":
		return has("ON") || has("TO", "FROM") && has("ROLE", "USER", "ALL", "SELECT", "INSERT", "UPDATE", "DELETE", "USAGE", "SUPERUSER")
	case "EXPLAIN":
		return has("SELECT", "INSERT", "UPDATE", "DELETE", "WITH")
	case "SHOW":
		return len(ws) <= 4 && (sqlObjects[next] || next == "TABLES" || next == "DATABASES" || next == "COLUMNS" || next == "GRANTS" || next == "SCHEMAS" || next == "PROCESSLIST" || next == "VARIABLES" || next == "CREATE")
	case "PRAGMA", "VACUUM":
		return true
	case "DESCRIBE", "DESC":
		return len(ws) == 2
	case "BEGIN", "COMMIT", "ROLLBACK":
		return len(ws) == 1 || len(ws) == 2 && (next == "TRANSACTION" || next == "WORK")
	case "SET":
		return strings.Contains(q, "=")
	}
	return false
}

// selectList reports a SELECT whose list (up to FROM) is columns or
// expressions: items of at most three words (expr AS alias), or an
// operator, a star or a call; "select the best laptop from amazon" is words.
func selectList(q string) bool {
	up := strings.ToUpper(q)
	i := strings.Index(up, "SELECT")
	j := strings.Index(up, " FROM ")
	if i < 0 || j < i {
		return false
	}
	list := strings.TrimSpace(q[i+6 : j])
	if list == "" {
		return false
	}
	if strings.ContainsAny(list, "*()=+-/'\"`.[") {
		return true
	}
	for _, item := range strings.Split(list, ",") {
		f := strings.Fields(item)
		switch {
		case len(f) == 0 || len(f) > 3:
			return false
		case len(f) == 3 && !strings.EqualFold(f[1], "AS"):
			return false
		case len(f) == 2 && !strings.EqualFold(f[0], "DISTINCT") && strings.Contains(list, " "):
			// expr alias: fine only when the list is a list
			if !strings.Contains(list, ",") {
				return false
			}
		}
	}
	return true
}

// sqlObjects are what CREATE, DROP and ALTER act on.
var sqlObjects = map[string]bool{"TABLE": true, "DATABASE": true, "SCHEMA": true, "INDEX": true, "VIEW": true, "USER": true, "ROLE": true,
	"FUNCTION": true, "PROCEDURE": true, "TRIGGER": true, "SEQUENCE": true, "EXTENSION": true, "TYPE": true, "COLUMN": true, "POLICY": true, "TABLESPACE": true}
