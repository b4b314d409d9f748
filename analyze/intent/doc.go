// Package intent classifies a user's natural-language request (seed 000's
// intent detector): safe, cautious, privileged or dangerous.
//
// Entry points:
//
//   - Analyze normalises and tokenises a request (lower case, punctuation,
//     contractions, inflections), splits it into steps ("draft an email and
//     send it" has two), finds each step's main verb in seed 000's keyword
//     lists (extended with synonyms), applies the contextual rules (draft
//     vs send, "email about X", write vs run code, negation, hypotheticals,
//     questions, conditions, urgency, politeness, ambiguity, the
//     application) and scores each step on seed 000's table. The request's
//     class is its strictest step's. Requests matching one of seed 000's
//     DANGEROUS categories, or asking for a tool to do one (a keylogger, a
//     phishing page, ransomware, stalking, fraud), are dangerous whatever
//     else they say.
//   - ClassOf maps a score to a class with seed 000's thresholds.
//   - Rules returns the rules, sorted by id, each with the requests it must
//     and must not match.
//
// Scores compose the points of package rule (rule.PrivilegedKeyword…); a
// finding's Points say what it added. A conditional request is classified
// as if its condition held, and Result.Condition names the condition. An
// ambiguous change ("update my profile") is privileged and Result.Clarify
// holds the question to ask. Result.Anomalies holds seed 000's alerts: a
// confidence under 60% and a privileged keyword in a step that scores safe.
//
// Choices the seed leaves open: a dangerous request stays dangerous when
// negated or asked as a question ("how do I steal passwords"), unless it is
// defensive ("protect against phishing"); the user's context (new user,
// low trust) and the request's tone (urgency +15, confirmation -10) weigh
// only on steps that act, so a read stays safe for anyone; a step with no
// known verb is safe with 60% confidence. Input past MaxBytes is not read
// and makes the request at least privileged.
//
// Analysis is pure and safe for concurrent use; the keyword tables are
// built on first use.
package intent
