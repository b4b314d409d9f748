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
//     else they say. So are requests in one of the harm categories
//     (harm.go): disinformation and impersonation, hate and harassment,
//     sexual content (with a minor, always), drugs and weapons, piracy
//     and plagiarism, scams and money laundering, attacks on others'
//     systems, stalking and doxxing, self-harm. Their benign twins are
//     read alike in every category: a protective or studying word before
//     the harm, a negated verb, or a question about what something is.
//   - A request is folded before it is read (fold.go): accents, case
//     and width, invisible characters, combining marks and look-alike
//     Cyrillic or Greek letters inside Latin words do not change what it
//     says. The harm categories are also read in Spanish, French, German,
//     Portuguese, Italian, Russian, Chinese and Japanese (foreign.go): a
//     doing word near a harmful object in one sentence, with the same
//     benign twins (a protective word, a negation, a question about what
//     something is); Chinese and Japanese by their characters.
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
// Questions about an action ask for nothing: a question word first ("how
// do I delete a branch?"), a yes/no question not addressed to the
// assistant ("would deleting the cache free space?", "can I send it
// later?"), or one embedded before the verb ("walk me through how to set
// up SSH keys", "I wonder if I should delete my account"). A request
// addressed to the assistant is a request however it is phrased ("can you
// delete my old files?", "would it be possible to…"). "Go ahead and…"
// confirms an action already named ("go ahead and send it"), not a new one.
// Creating something in a hosted service ("a new Google Doc") is a write;
// writing text or code for the user is not. Changing a password, a key or a
// firewall needs approval; signing or submitting binds the user.
//
// Choices the seed leaves open: a dangerous request stays dangerous when
// negated or asked as a question ("how do I steal passwords"), unless it is
// defensive ("protect against phishing", "how do attackers steal
// tokens?"); a request that weighs the risk of an escalation or a mass
// deletion ("what would happen if I drop the production database?") is a
// question, not the act. Bulk deletion needs a scope (all, every,
// production) that no qualifier narrows to routine data ("all temporary
// files", "all emails from bob"); the user's context (new user,
// low trust) and the request's tone (urgency +15, confirmation -10) weigh
// only on steps that act, so a read stays safe for anyone; a step with no
// known verb is safe with 60% confidence. Input past MaxBytes is not read
// and makes the request at least privileged.
//
// Analysis is pure and safe for concurrent use; the keyword tables are
// built on first use.
package intent
