// Package tools judges generic tool calls an agent is about to make (a
// function name and its arguments, such as GmailSendEmail, BankManagerTransferFunds,
// AugustSmartLockUnlockDoor, delete_repository, post_on_x or
// mcp__github__create_issue) by what the name and the arguments say they do.
//
// Entry points:
//
//   - Analyze splits the tool name into verbs and objects (camelCase,
//     acronyms, snake_case, kebab-case, mcp__server__tool with the server
//     name dropped, vendor prefixes ignored), reads the arguments
//     (recipients, amounts with currency, URLs, paths, queries, code,
//     destructive flags) and scores the call on the risk points table: reads are
//     safe, writes cautious, grants, unlocks, deletions and runs
//     privileged; messages, posts and payments follow the approval guard's grades (below). A
//     verb it does not know is never safe. The user's recent messages (Options) lower
//     an action the user asked for by the "user confirmation" rule and make
//     a consequential action nobody asked for need approval. They are read
//     clause by clause: what the user said not to do ("don't send anything
//     to bob") needs approval whatever its effect, and a question about an
//     action ("how do I send an email?"), a hypothesis ("what would it cost
//     to transfer $100?") or a draft ("write a tweet but don't post it")
//     asks for nothing. The session's earlier calls (Options.History) tell a
//     known payee from a new one (an approval) when they hold a
//     payment or a list of transactions.
//   - Seed 003's grades of consequential actions (see
//     docs/consequential.md): money in any notation and currency, converted
//     to dollars with a small fixed table (over $500 or a first payment to a
//     new payee: high; $50–$500: medium; under $50 to a known payee: low),
//     messages to contacts (fewer than 5 earlier interactions: a new
//     contact, medium; 5 or more: low), public posts (medium), and what they
//     say (legal, medical, emotional content, contract changes and
//     terminations: high; conflict, negotiation, complaints: medium).
//     Missing information (no recipient, no amount, no payee, nothing to
//     post) is high. Result.Grade, Summary and Why say it in a person's words.
//   - Prepare reads a call without judging it, so that a caller can look up
//     Prepared.Contacts (recipients and payees) in a contact book and pass
//     the counts to Judge (Options.Interactions). PrepareRequest reads an
//     HTTP request to a known payment, messaging or social API
//     (api.stripe.com, api.twilio.com, api.x.com…) and PrepareCommand a
//     shell command (stripe, mail, sendmail, curl to those APIs…) as the
//     call they make.
//   - Arguments classifies every argument by role (a path or a list of
//     paths, a URL, a recipient, an amount, a query, code, content, a
//     name) from its name, its value and the tool's input schema
//     (PrepareSchema: an MCP server publishes one in tools/list; it only
//     adds roles). Paths lists the paths on this machine with what the
//     call does to each (read, written, both); FileTool reports a tool that
//     acts on files here (an MCP filesystem server's read_text_file,
//     write_file, move_file…), whose paths the caller judges with the file
//     rules of the agents' own Read, Write and Edit.
//   - The name is read verb first: a leading read (Get, List, Read,
//     Search…) reads whatever it names; a name without a verb by its nouns
//     (summary, forecast: reads; purge, shutdown, transfer: effects); a name
//     or purpose argument stating a harm (phishing, malware, tampering with
//     evidence, fraud, surveillance of a person) is blocked or held.
//   - Rules returns the rules, sorted by id, each with examples written as
//     `ToolName {"arg": …}` (optionally followed by ` contacts: <n>` and
//     ` user: <message>`) or `$ command line`.
//
// The package is standalone: it does not know the guard's Decision type
// nor the contact book's storage. Analysis is pure, allocates little and is
// safe for concurrent use (a Prepared is judged once); the package has no
// init-time work (the content terms are indexed on first use).
package tools
