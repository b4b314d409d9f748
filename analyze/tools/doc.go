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
//     destructive flags) and scores the call on seed 000's table: reads are
//     safe, writes cautious, sends, posts, payments, grants, unlocks and
//     deletions privileged. Payments follow seed 003's thresholds (over $500
//     or a new payee: approval; $50–$500: at least confirmation). A verb it
//     does not know is never safe. The user's recent messages (Options) lower
//     an action the user asked for by seed 000's "user confirmation" and make
//     a consequential action nobody asked for need approval. They are read
//     clause by clause: what the user said not to do ("don't send anything
//     to bob") needs approval whatever its effect, and a question about an
//     action ("how do I send an email?"), a hypothesis ("what would it cost
//     to transfer $100?") or a draft ("write a tweet but don't post it")
//     asks for nothing. The session's earlier calls (Options.History) tell a
//     known payee from a new one (seed 003: approval) when they hold a
//     payment or a list of transactions.
//   - Rules returns the rules, sorted by id, each with examples written as
//     `ToolName {"arg": …}` (optionally followed by ` user: <message>`).
//
// The package is standalone: it does not know the guard's Decision type.
// Analysis is pure, allocates little and is safe for concurrent use; the
// package has no init-time work.
package tools
