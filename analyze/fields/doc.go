// Package fields reads what a tool call carries as key → value pairs: JSON
// objects and arrays at any depth, JSON inside strings, form-encoded and
// multipart bodies, header objects and header lines, and a URL's user
// information and query. The outbound data guard judges each value with
// the key that names it, so that {"password": "…"} is a password whatever
// the value looks like, and {"username": "…"} is never where data goes.
//
// Entry points:
//
//   - Walk returns the fields of a decoded JSON value (a tool's input);
//     WalkText those of one string (a shell client's -d, -H or httpie item).
//     Each Field has its path, its key, its decoded value and a setter that
//     writes a masked value back in place: objects keep their keys and
//     shape, a JSON string stays JSON, a form stays a form.
//   - Classify names what a key says its value is (a password, a token, a
//     card number…), in snake_case, camelCase, kebab-case, UPPER case and
//     the common languages; IsDestination and IsIdentity say whether a key
//     names where data goes or who signs in.
//
// The walk is bounded by Limits (depth, count, bytes): hostile input ends
// the walk with Truncated set, never a panic or a hang, and a caller that
// must not let unread data through treats a truncated walk as unreadable.
// Nothing here keeps state; every function is safe for concurrent use.
package fields
