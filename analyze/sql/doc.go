// Package sql analyses SQL text an agent is about to run: for actions of
// kind sql, and for SQL the shell analyzer finds inside commands (psql -c,
// mysql -e, heredocs into a client).
//
// Entry points:
//
//   - Analyze (and AnalyzeDialect) splits a text into statements and reports
//     Findings: DROP, TRUNCATE, DELETE and UPDATE without a WHERE (or with
//     one that is always true), privileges and accounts, the database
//     reaching outside itself (COPY … PROGRAM, xp_cmdshell, server files,
//     other hosts) and SQL-injection signatures.
//   - Split (and SplitDialect) returns the statements only.
//   - Rules returns the rules, sorted by id, each with the examples it must
//     and must not match.
//   - ApexHasDML tells whether Salesforce anonymous Apex changes data.
//
// Text is tokenized by go-sqllexer's lexer (kept in internal/sqllexer, its
// keyword trie built on first use rather than at start), with this package
// handling what differs between dialects (nested and MySQL comments,
// backtick and [bracket] names, $$ bodies, psql backslash commands, T-SQL
// GO, the mysql client's DELIMITER). Generic text on which dialects
// disagree (a backslash in a string, '#', "/*!", "--x") is read both the
// standard and the MySQL way, and what either reading finds is reported:
// one database's string or comment cannot hide another's DROP. The price
// is the odd finding only one dialect would earn (T-SQL's #temp tables read
// as MySQL comments); a caller that knows the database passes its Dialect.
// Statements inside statements (a DELETE in a CTE, the body of a procedure
// or a DO block, the text given to EXECUTE or psql's \gexec) are judged on
// their own.
//
// Input is bounded: text over MaxBytes is not read (ErrTooLarge), and the
// work spent looking inside clauses is capped at a multiple of the text's
// length (ErrTooComplex), so no input makes Analyze slow. A Result whose
// Err is set could not be analysed to the end: the caller must treat it as
// "cannot tell", never as safe. Analysis is pure and safe for concurrent
// use.
package sql
