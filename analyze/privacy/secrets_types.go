package privacy

import "strings"

// secretRuleType is the type of a gitleaks rule's secret: the exceptions
// first, then tokens by name (JWTs, *-token, personal access tokens),
// then API key.
func secretRuleType(id string) Type {
	switch id {
	case "private-key", "age-secret-key":
		return PrivateKey
	case "hashicorp-tf-password", "nuget-config-password", "planetscale-password",
		"curl-auth-user",        // curl -u user:password
		"sidekiq-sensitive-url": // https://user:password@gems.contribsys.com
		return Password
	case "gitlab-session-cookie":
		return Cookie
	case "curl-auth-header", // curl -H "Authorization: …"
		"gitlab-rrt", "gitlab-ptt", // runner registration, pipeline trigger tokens
		"slack-webhook-url", "microsoft-teams-webhook":
		return Token
	}
	switch {
	case strings.HasPrefix(id, "jwt"),
		strings.HasSuffix(id, "-token"),
		strings.HasSuffix(id, "-pat"),
		strings.Contains(id, "-pat-"),
		strings.Contains(id, "bearer"):
		return Token
	}
	return APIKey
}

// secretRuleConfidence: the generic rule guesses from a key name and an
// entropy floor; client ids identify more than they authenticate.
func secretRuleConfidence(id string) float64 {
	switch {
	case strings.HasPrefix(id, "generic-"):
		return 0.6
	case strings.HasSuffix(id, "-id"):
		return 0.5
	}
	return 0.9
}
