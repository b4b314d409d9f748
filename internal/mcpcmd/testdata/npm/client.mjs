// A real MCP client (the reference TypeScript SDK) for the mcp-proxy
// round-trip test: it starts the command given as JSON in argv[2] over
// stdio, calls one tool, prints one JSON line with the result, and exits.
//
//   node client.mjs '["actionguard","mcp-proxy","--","node","server.js","/dir"]' write_file '{"path":"…"}' [--progress] [--timeout MS]
//
// With --progress the call carries a progress token, counts the progress
// notifications it receives, and resets its timeout on each (as clients
// that keep long calls alive do). --timeout is the request timeout (the
// SDK's default is 60 s). The line printed is
// {"isError":…,"text":"…","progress":N,"error":"…"}.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, tool, argsJSON, ...rest] = process.argv.slice(2);
const argv = JSON.parse(command);
const progress = rest.includes("--progress");
const t = rest.indexOf("--timeout");
const timeout = t >= 0 ? Number(rest[t + 1]) : undefined;

const transport = new StdioClientTransport({ command: argv[0], args: argv.slice(1), env: process.env, stderr: "inherit" });
const client = new Client({ name: "roundtrip-client", version: "1.0.0" });
let notes = 0;
const out = { isError: false, text: "", progress: 0 };
try {
  await client.connect(transport);
  const opts = {};
  if (timeout !== undefined) opts.timeout = timeout;
  if (progress) {
    opts.onprogress = () => { notes++; };
    opts.resetTimeoutOnProgress = true;
  }
  const res = await client.callTool({ name: tool, arguments: JSON.parse(argsJSON) }, undefined, opts);
  out.isError = Boolean(res.isError);
  out.text = (res.content || []).filter((c) => c.type === "text").map((c) => c.text).join("");
} catch (e) {
  out.error = String(e && e.message ? e.message : e);
}
out.progress = notes;
process.stdout.write(JSON.stringify(out) + "\n");
await client.close().catch(() => {});
process.exit(0);
