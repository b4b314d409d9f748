// Package chain finds risky sequences of tool calls across a session (seed
// 002's risky tool chains), where each call alone may be fine:
//
//   - chain.credential.send (dangerous): a credential read — a file tool or
//     cat, base64, cp… of an SSH key, .env, cloud credentials; the
//     environment or a secrets tool printed with a secret in its output —
//     and then anything sent to the network: WebFetch, WebSearch, curl,
//     wget, ssh, scp, nc, mail, git push to a URL, an upload to cloud
//     storage, an MCP tool with a URL or a recipient.
//   - chain.download.run, chain.download.run-root: a file downloaded (curl
//     -o/-O or redirected, wget, scp from a remote) and then run, as root
//     for the second.
//   - chain.outside.send, chain.outside.then-send: a file outside the
//     workspace read and then a send carrying one of its lines, or any send.
//   - chain.escalate.install: privileges raised (sudo, su, doas, setuid, a
//     privileged group) and then an install from the network.
//   - chain.production.delete: production named and then an MCP tool that
//     deletes.
//
// Each finding names both steps: the earlier one by its number in the
// history and its tool, and the call checked.
//
// Entry points: Analyze (a call and the session's earlier calls that ran,
// oldest first) and Rules (the rules, sorted, with example sessions).
//
// The package is pure: nothing is read from disk or the clock, and the
// redacted outputs of the earlier steps stand for what the agent saw (a
// "[REDACTED:<type>]" mark means a secret was there). It is cheap where
// it runs for every hook call: a call that cannot end a chain returns
// before the history is read, file tools are judged by their path, and an
// earlier shell command is parsed only when a quick look finds something
// a chain could start with; bounds on steps, bytes parsed and bytes
// compared hold whatever the input. Analyze is safe for concurrent use.
package chain
