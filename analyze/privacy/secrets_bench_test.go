package privacy

import (
	"fmt"

	ahocorasick "github.com/BobuSumisu/aho-corasick"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// secretBenchCorpus is ~512 KiB of ordinary text an agent sends: prose,
// logs, JSON, code and Markdown, with a dozen secrets in it. It is built
// deterministically (fixed seed), so runs compare.
var secretBenchCorpus = sync.OnceValue(func() string { return secretCorpus(512 << 10) })

var secretCorpusProse = []string{
	"The team reviewed the quarterly survey results and they agreed that the journey from prototype to production took longer than expected.",
	"Authentication is handled by the gateway; each service only checks that the access token is present and has not expired.",
	"If you forgot your password, use the password reset link on the login page and follow the instructions in the email.",
	"Money spent on monitoring pays for itself the first time an incident is caught before customers notice it.",
	"The key insight is that caching the session on the edge removes a round trip for every request.",
	"We rotated the signing key last week, so tokens issued before Monday are rejected with a clear error message.",
	"Please enter your password to confirm the change; the password field is required and must be at least twelve characters.",
	"Our API returns paginated results; pass the cursor from the previous response to fetch the next page.",
	"Secrets belong in the vault, never in the repository, and the CI job reads them at run time.",
	"They bypassed the cache for admin users, which explains why the dashboard felt slow on Tuesday.",
	"The verification step compares the checksum of the downloaded archive with the published one.",
	"Access to the staging environment requires the VPN and a hardware key registered with the security team.",
	"The monkey test found three crashes in the settings screen, all caused by an empty display name.",
	"A cookie banner is shown once; the choice is stored for a year and can be changed in the footer.",
	"Error code 1234 means the disk is full; the status code 507 is returned to the client in that case.",
	"The code review is scheduled for Thursday, and the release notes will be published in March 2024.",
	"Key metrics include latency, error rate and saturation, broken down by region and by customer tier.",
	"When the token bucket is empty, requests wait until a new token is added at the configured rate.",
	"The secret to a good on-call rotation is a runbook that a tired person can follow at three in the morning.",
	"Credentials for the test database are generated per run and thrown away when the job finishes.",
	"The survey asked users which authentication method they prefer: passkeys, passwords or single sign-on.",
	"Journey maps help the design team see where customers drop off between sign-up and the first purchase.",
	"Each API key is scoped to one project and can be revoked from the console without affecting the others.",
	"Remember to update the changelog, bump the version, and tag the release before announcing it.",
	"The new parser handles heredocs, command substitution and arithmetic expansion without a single regular expression.",
	"Budget approval for the migration is expected next quarter; until then we keep both clusters running.",
}

var secretCorpusCode = []string{
	"func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {\n\ttoken := r.Header.Get(\"Authorization\")\n\tif token == \"\" {\n\t\thttp.Error(w, \"missing token\", http.StatusUnauthorized)\n\t\treturn\n\t}\n\tsession, err := s.sessions.Lookup(r.Context(), strings.TrimPrefix(token, \"Bearer \"))\n\tif err != nil {\n\t\treturn\n\t}\n\t_ = session\n}\n",
	"def get_user(session, user_id):\n    \"\"\"Return the user or None; the caller checks access.\"\"\"\n    row = session.execute(select(User).where(User.id == user_id)).first()\n    return row[0] if row else None\n",
	"const apiKey = process.env.API_KEY;\nconst client = new Client({ apiKey, timeout: 5000, retries: 3 });\nexport async function fetchOrders(customerId) {\n  const res = await client.get(`/customers/${customerId}/orders`);\n  return res.data.items;\n}\n",
	"if err := validateToken(ctx, token); err != nil {\n\treturn fmt.Errorf(\"validating token for %s: %w\", userID, err)\n}\n",
	"class PasswordPolicy:\n    min_length = 12\n    require_digit = True\n\n    def check(self, password: str) -> bool:\n        return len(password) >= self.min_length and any(c.isdigit() for c in password)\n",
	"for key, value := range headers {\n\treq.Header.Set(key, value)\n}\nresp, err := http.DefaultClient.Do(req)\n",
	"SELECT id, email, created_at FROM users WHERE last_login < now() - interval '90 days' ORDER BY id LIMIT 100;\n",
	"password = request.form['password']\nif not check_password_hash(user.password_hash, password):\n    abort(401)\n",
}

var secretCorpusSecrets = []string{
	"export GITHUB_TOKEN=ghp_R4nd0mL00kingT0kenV4lue1234567890abc\n",
	"aws_access_key_id = AKIAQ7XJ2B5NZRS4TUWY\n",
	"DB_PASSWORD=Tr0ub4dor-and-3\n",
	"curl -H \"Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U\" https://api.example.com/v1/me\n",
	"Cookie: theme=dark; sessionid=8f14e45fceea167a5a36dedd4bea2543; lang=en\n",
	"Your verification code is 483920.\n",
	"postgres://app:s3cretPw9@db.internal:5432/app\n",
	"my password is MyPass123\n",
	"slack_webhook: https://hooks.slack.com/services/T01ABCDEF/B02GHIJKL/abcdefghijklmnopqrstuvwx\n",
	"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAwJv9yXU0q8mC3Jp8Lh0S7kZg4Vq1Xb2Nc3Md4Oe5Pf6Qg7Rh8Si9Tj0Uk1Vl2Wm\n3Xn4Yo5Zp6Aq7Br8Cs9Dt0Eu1Fv2Gw3Hx4Iy5Jz6Ka7Lb8Mc9Nd0Oe1Pf2Qg3Rh4Si5Tj6Uk7Vl8Wm9Xn\n-----END RSA PRIVATE KEY-----\n",
	"stripe_key: sk_live_51H8xYzAbCdEfGhIjKlMnOpQr\n",
	"OPENAI_API_KEY=sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zT3BlbkFJAb3dEf6hIj9kLm2nOp5qRs\n",
}

// secretCorpus builds about size bytes of the benchmark corpus.
func secretCorpus(size int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	levels := []string{"INFO", "DEBUG", "WARN", "ERROR"}
	paths := []string{"/api/v1/users", "/api/v1/orders", "/healthz", "/api/v2/search", "/login", "/static/app.js"}
	secretEvery := size / (len(secretCorpusSecrets) + 1)
	nextSecret, secretIdx := secretEvery, 0
	for b.Len() < size {
		if b.Len() >= nextSecret && secretIdx < len(secretCorpusSecrets) {
			b.WriteString(secretCorpusSecrets[secretIdx])
			secretIdx++
			nextSecret += secretEvery
		}
		switch rng.IntN(6) {
		case 0, 1: // a paragraph
			for i, n := 0, 2+rng.IntN(4); i < n; i++ {
				b.WriteString(secretCorpusProse[rng.IntN(len(secretCorpusProse))])
				b.WriteByte(' ')
			}
			b.WriteString("\n\n")
		case 2: // log lines
			for i, n := 0, 5+rng.IntN(20); i < n; i++ {
				fmt.Fprintf(&b, "2024-05-%02dT%02d:%02d:%02d.%03dZ %s [req=%08x-%04x] %s %s/%d %d %.1fms ip=10.0.%d.%d user_id=%d\n",
					1+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60), rng.IntN(1000),
					levels[rng.IntN(len(levels))], rng.Uint32(), rng.IntN(1<<16),
					[]string{"GET", "POST", "PUT"}[rng.IntN(3)], paths[rng.IntN(len(paths))], rng.IntN(100000),
					[]int{200, 200, 200, 201, 304, 404, 500}[rng.IntN(7)], rng.Float64()*300, rng.IntN(256), rng.IntN(256), rng.IntN(1000000))
				if rng.IntN(8) == 0 {
					fmt.Fprintf(&b, "2024-05-%02dT12:00:00Z WARN auth: token expired for session of user %d, refreshing access\n", 1+rng.IntN(28), rng.IntN(100000))
				}
			}
		case 3: // JSON
			fmt.Fprintf(&b, `{"id": %d, "name": "User %d", "email": "user%d@example.com", "created_at": "2024-0%d-1%dT03:04:05Z", "roles": ["admin", "dev"], "access_level": %d, "api_version": "v2", "settings": {"theme": "dark", "notifications": true, "language": "en-US"}, "last_order": {"total": %d.%02d, "currency": "EUR", "items": %d}}`+"\n",
				rng.IntN(1000000), rng.IntN(1000), rng.IntN(1000), 1+rng.IntN(9), rng.IntN(10), rng.IntN(5), rng.IntN(10000), rng.IntN(100), 1+rng.IntN(20))
		case 4: // code
			b.WriteString(secretCorpusCode[rng.IntN(len(secretCorpusCode))])
			b.WriteByte('\n')
		case 5: // Markdown
			fmt.Fprintf(&b, "## Step %d: configure the client\n\n- Set `timeout` to %d seconds.\n- Keep the API key in the environment, not in the code.\n- Run `make test` before pushing.\n\n", rng.IntN(20), 5+rng.IntN(55))
		}
	}
	return b.String()
}

func BenchmarkDetectSecrets(b *testing.B) {
	text := secretBenchCorpus()
	detectSecrets(text) // the first call builds the rules
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	var n int
	for b.Loop() {
		n = len(detectSecrets(text))
	}
	b.ReportMetric(float64(n), "findings")
}

// BenchmarkDetectSecretsProse is the pure-prose part: the densest in
// keywords such as "key", "token", "password".
func BenchmarkDetectSecretsProse(b *testing.B) {
	text := strings.Repeat(strings.Join(secretCorpusProse, " ")+"\n", 64)
	detectSecrets(text)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		detectSecrets(text)
	}
}

// BenchmarkSecretEngineLoad is the cold start a hook process pays once:
// finding the rules in rules.json and building the keyword automaton.
func BenchmarkSecretEngineLoad(b *testing.B) {
	for b.Loop() {
		if _, err := loadSecretEngine(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDetectSecretsFirstCall is a hook's first call on a typical
// action: the cold start plus decoding and compiling the rules that the
// text's keywords wake.
func BenchmarkDetectSecretsFirstCall(b *testing.B) {
	text := `curl -X POST https://api.example.com/v1/messages -H "Content-Type: application/json" -d '{"to": "bob@example.com", "text": "the deploy key is rotated; see the token docs"}'`
	for b.Loop() {
		e, err := loadSecretEngine()
		if err != nil {
			b.Fatal(err)
		}
		s := newSecretScan(e, text)
		s.scan()
		s.result()
		s.release()
	}
}

// BenchmarkSecretKeywords compares the keyword scans on the corpus: the
// bigram index detectSecrets uses, and the Aho-Corasick automaton it
// replaced (over the same keywords), with what each costs to build.
func BenchmarkSecretKeywords(b *testing.B) {
	text := secretBenchCorpus()
	e, err := secretEngineOnce()
	if err != nil {
		b.Fatal(err)
	}
	s := newSecretScan(e, text)
	defer s.release()
	b.Run("index", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			n := 0
			e.scanKeywords(s.lower, func(*secretKeyword, int) { n++ })
		}
	})
	words := secretKeywordList(e)
	b.Run("automaton", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		t := ahocorasick.NewTrieBuilder().AddStrings(words).Build()
		for b.Loop() {
			n := 0
			t.Walk(s.lower, func(end, n_, p int64) bool { n++; return true })
		}
	})
	b.Run("automaton-build", func(b *testing.B) {
		for b.Loop() {
			ahocorasick.NewTrieBuilder().AddStrings(words).Build()
		}
	})
}
