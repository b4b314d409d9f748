// Package server is actionguard's HTTP service: the check API agents call
// before a tool runs, the approval queue and the audit log over HTTP, a live
// event stream, Prometheus metrics, and the approval page people use
// (embedded: HTML, CSS and JavaScript, nothing fetched from elsewhere).
//
// Entry points:
//
//   - New builds a Server over a store.Store and a Checker (a *guard.Guard);
//     it starts the audit writer, the approval event poller and the expiry
//     sweep. A Server is an http.Handler.
//   - (*Server).Serve runs it on a listener until its context ends, then
//     shuts down gracefully: it stops accepting, ends the event streams and
//     waits for the requests in flight (DrainTimeout at most).
//   - (*Server).Close stops the background work and flushes the audit
//     writer; the caller then closes the store.
//   - CheckListen refuses an address other machines can reach unless that is
//     asked for; NewToken and HashToken make and hash API tokens.
//
// # Endpoints
//
// POST /v1/check decides on an Action and answers with the Decision (the
// public contract of guard.Decision), after internal/gate applied the
// approval queue and after the decision is in the audit log: an answered
// check is a recorded one. Concurrent checks share one audit transaction
// (group commit). GET /v1/approvals, GET /v1/approvals/{id} and POST
// /v1/approvals/{id}/approve|reject are the queue; GET /v1/audit and GET
// /v1/rules/hits read the log; GET /v1/events streams approval changes as
// server-sent events; /healthz and /metrics are for operators. docs/server.md
// has the details and curl examples.
//
// # Several replicas
//
// Every piece of shared state is in the store: approvals, the audit log and
// the tokens. Each server polls the store for changed approvals (one
// goroutine, every PollInterval) and fans them out to its event
// subscribers, so replicas behind a load balancer on one PostgreSQL database
// behave as one service. Page sessions are signed cookies that any replica
// can verify. Caches (tokens) live for seconds: a revoked token stops
// working everywhere within TokenCacheTTL.
//
// # Security
//
// /v1/* and /metrics need a bearer token (Authorization: Bearer agt_…) or,
// for the page, a session cookie obtained by posting a token to
// /v1/session; the cookie is HttpOnly and SameSite=Strict, and every state
// change made with it must carry the session's CSRF token and come from the
// same origin. Responses carry a strict Content-Security-Policy and
// X-Frame-Options: DENY. Bodies are capped (MaxBody), every error is JSON,
// and a panic in a handler becomes a 500.
package server
