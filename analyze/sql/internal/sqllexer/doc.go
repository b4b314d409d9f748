// Package sqllexer is the lexer of github.com/DataDog/go-sqllexer v0.2.6
// (MIT, LICENSE beside this file), the part package sql uses: New,
// WithDBMS, Lexer.Scan and the token types, unchanged in what they return.
//
// It is kept here for one difference: upstream builds its keyword trie
// (about 400 allocations, 100 KB) and an alias map when the process
// starts, in every process that links it, and the hook binary runs once
// per tool call. Here the trie is built on the first identifier scanned,
// so a call that never reaches a database client pays nothing for it.
// The normalizer and obfuscator are left out. TestSameTokensAsUpstream
// and FuzzSameTokensAsUpstream hold the tokens to upstream's.
package sqllexer
