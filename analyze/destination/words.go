package destination

// phishWords are the words phishing domains put around a brand
// ("paypal-login.com", "secure-paypal.com", "gmail-com.net"). A brand token
// next to nothing but these words (and digits) is an imitation; next to any
// other word it is not (github-readme-stats, apple-pie-recipes).
var phishWords = [...]string{
	// signing in
	"login", "logon", "signin", "signon", "sign", "log", "auth", "oauth", "sso", "mfa", "2fa", "otp", "session",
	"password", "passwords", "passcode", "access", "unlock", "unlocked", "id", "user", "users", "my",
	// the account
	"account", "accounts", "acount", "member", "members", "customer", "customers", "client", "profile", "portal",
	"verify", "verified", "verification", "validate", "validation", "confirm", "confirmation", "update", "updates",
	"secure", "security", "safe", "safety", "protect", "protection", "official", "recovery", "recover", "restore",
	"reset", "review", "limited", "suspended", "locked", "alert", "alerts", "notice", "notification", "resolution",
	"resolve", "help", "helpdesk", "support", "service", "services",
	// money and parcels
	"billing", "invoice", "payment", "payments", "refund", "refunds", "wallet", "claim", "bonus", "reward", "rewards",
	"gift", "giftcard", "airdrop", "tax", "fee", "fees", "delivery", "redelivery", "track", "tracking", "parcel",
	"package", "shipment", "shipping", "customs",
	// web words and top-level domains spelt into a label
	"www", "web", "online", "info", "net", "com", "org", "co", "io", "us", "uk", "me", "de", "fr", "ru", "eu",
	"jp", "cn", "br", "au", "ca", "es", "nl", "ch", "pl", "ai", "tv", "dev", "biz",
}

// contextWords near a common-word service name in a task show the name is
// meant ("log into my chase account", not "chase the bug").
var contextWords = [...]string{
	"log", "login", "logon", "logged", "signin", "sign", "signed", "account", "accounts", "password", "passwords",
	"passcode", "credentials", "credential", "token", "tokens", "key", "keys", "apikey", "2fa", "otp", "auth",
	"oauth", "username", "bank", "banking", "wallet", "card", "portal", "dashboard", "console", "balance",
	"statement", "transfer", "deposit", "withdraw", "payment", "parcel", "package", "delivery", "tracking",
	"inbox", "email", "mail", "subscription", "order",
}
