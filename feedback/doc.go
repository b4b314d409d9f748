// Package feedback is what actionguard learns from people: a person says
// what a recorded decision should have been (`actionguard feedback d-…
// --should-be allow`), and the rules that were too strict or too lenient
// get their points adjusted.
//
// Entry points:
//
//   - New makes an Entry from an audit record and the person's verdict;
//     store.SQLite keeps entries next to the audit log (AddFeedback,
//     Feedback).
//   - Entry.Outcome says whether the decision was a false positive
//     (actionguard stricter than it should have been), a false negative
//     (more lenient) or right.
//   - Learn turns every entry into per-rule point adjustments, the input of
//     guard.WithLearned. It is pure: the same entries give the same
//     adjustments.
//   - Summarize builds the report of `actionguard feedback report`.
//   - SaveLearned and LoadLearned write and read the adjustments file next
//     to the database (LearnedPath), which the command line and the hooks
//     load for every check.
//
// Seed 000's strategy decides the rules of learning: a false negative is
// never outweighed (better ten unnecessary approvals than one false
// negative), a rule in a DANGEROUS category is never lowered, and every
// false negative is flagged for security review.
package feedback
