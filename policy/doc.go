// Package policy is the user's say in decisions: the mode (learning,
// adaptive, flow, paranoid), the security level 1–9, anchored allow and deny
// lists, custom rules written as expressions, and the fallback verdicts for
// input that cannot be checked.
//
// Entry points:
//
//   - Load reads the user's actionguard.yaml and the project's and merges
//     them; Default is the built-in policy.
//   - CheckFile reports every problem of one file (actionguard policy check);
//     Policy.Describe summarizes a policy (actionguard policy show).
//   - Policy.AllowsCommand, DeniesCommand, AllowsTool and DeniesTool look an
//     action up in the lists; Policy.EvalRules runs the custom rules.
//   - Policy.ShellWrappers hands the declared wrappers to the shell
//     analysis (shell.Options.Wrappers).
//   - Policy.Thresholds and Policy.AdjustVerdict apply the level and the mode
//     to the scorer's result.
//   - Policy.ForbiddenPatterns and SensitivePatterns are the evaluation
//     section: the patterns the offline evaluator (actionguard eval) adds
//     to its own. This package only checks them; it never matches them.
//
// Verdicts are plain strings here ("allow", "notify", "confirm", "approve",
// "block", from the loosest to the strictest) so that this package does not
// depend on the guard that uses it.
//
// # The file
//
//	mode: adaptive            # learning | adaptive | flow | paranoid
//	security_level: 5         # 1 (relaxed) … 9 (strict)
//	on_unparseable: confirm   # notify | confirm | approve | block — never allow
//	on_error: confirm         # the same, for an internal error or a timeout
//	allow:
//	  - command: "git push --force origin feature/*"
//	  - command: "make **"                        # ** last: any further arguments
//	  - command: "re:terraform plan( -out=\\S+)?"  # RE2 over the words joined by spaces, anchored
//	  - tool: "mcp__github__get_*"
//	    reason: "read-only GitHub calls"
//	deny:
//	  - command: "terraform apply **"
//	    verdict: approve      # confirm | approve | block (the default)
//	    reason: "infrastructure changes go through review"
//	rules:
//	  - id: custom.prod-deploy
//	    when: 'kind == "shell" && "kubectl" in programs && context.environment == "production"'
//	    verdict: approve      # notify | confirm | approve | block
//	    message: "Production cluster changes need a second pair of eyes."
//	disable: [shell.git.reset-hard]
//	evaluation:               # actionguard eval; RE2 over lower-cased text
//	  forbidden_patterns: ['\btruncate\s+table\b']
//	  sensitive_patterns: ['\bssn\s*[:=]\s*\d{3}-\d{2}-\d{4}']
//	learning_days: 7          # a new installation's learning period; 0: none
//	working_hours: "09:00-18:00 mon-fri"   # else learned from activity
//	trust:                    # progressive trust (seed 002)
//	  after: 3                # trusted when approved more than 3 times
//	  expires: 30d
//	undo:                     # rm of workspace files goes to actionguard's trash
//	  enabled: true
//	  buffer: 60s             # actionguard undo brings the last batch back
//	  retention: 7d
//	wrappers:                 # launchers that run the command after them
//	  - name: with-vpn
//	    options: ["-r= --region="]   # the spec syntax of docs/program-specs.md
//	    skip: 0               # words before the command
//	strict_durability: false  # true: fsync every audit record, not only blocked and held ones
//
// Unknown keys, wrong types and out-of-range values are errors; each one is
// reported at its file:line:col with a hint (a "did you mean" for a
// misspelled key). Patterns and expressions are compiled when the file is
// read, so that their errors are located in the file too. docs/policy.md is
// the user's guide to the format.
//
// # Anchoring
//
// A command entry matches one whole simple command: "git push" does not
// match "git push --force", and the caller looks every simple command of a
// shell action up on its own, so an entry for "git status" never allows
// "git status && rm -rf ~". Each pattern word is a glob over one word (* may
// match slashes); ** as the last word matches any further words.
//
// # Merging
//
// The user's file says what the user accepts; a project's file (found from
// the working directory up to the repository root) can only tighten it. A
// project may raise the mode and the level, make the fallbacks stricter, add
// deny entries, custom rules and evaluation patterns. Its allow entries, its
// disable list and anything looser are dropped with a warning. Strictness of
// modes: flow < learning < adaptive < paranoid. A project may also shorten the
// learning period, ask for more approvals before trust or shorten it, and
// turn undo on, and declare wrappers (a wrapper only reveals the command it
// runs; one both files declare keeps the user's reading); working hours are
// the user's alone.
//
// # Custom rules
//
// Rules are expressions over Env, compiled once against its types by the
// Compiler the binary supplies (UseCompiler; package policy/rulexpr is
// github.com/expr-lang/expr's), so that this package links no compiler: an
// unknown name is an error at load time. They see no clock and may not nest
// predicates, so a rule runs in time linear in the size of the action. A
// process without a compiler checks only a rule's bounds, reports
// NeedsCompiler and fails every evaluation (ErrNoCompiler); the lean hook
// hands such a policy's calls to `actionguard hook`.
//
// A Policy is safe for concurrent use once built.
package policy
