package fields

import (
	"strings"
	"testing"
)

// spellings writes words in every case convention a key uses.
func spellings(words ...string) []string {
	title := func(w string) string { return strings.ToUpper(w[:1]) + w[1:] }
	camel := words[0]
	pascal := ""
	for i, w := range words {
		if i > 0 {
			camel += title(w)
		}
		pascal += title(w)
	}
	upper := make([]string, len(words))
	for i, w := range words {
		upper[i] = strings.ToUpper(w)
	}
	return []string{strings.Join(words, "_"), strings.Join(words, "-"), strings.Join(words, "."), camel, pascal,
		strings.Join(upper, "_"), strings.Join(upper, "-"), "x-" + strings.Join(words, "-"), "user[" + strings.Join(words, "_") + "]"}
}

// TestClassifySpellings: every spelling of a key names the same thing.
func TestClassifySpellings(t *testing.T) {
	for _, c := range []struct {
		words []string
		kind  Kind
	}{
		{[]string{"password"}, Password}, {[]string{"user", "password"}, Password}, {[]string{"new", "password"}, Password},
		{[]string{"password", "confirmation"}, Password}, {[]string{"db", "pass"}, Password}, {[]string{"passwd"}, Password},
		{[]string{"pwd"}, Password}, {[]string{"passphrase"}, Password}, {[]string{"passwort"}, Password}, {[]string{"mot", "de", "passe"}, Password},
		{[]string{"senha"}, Password}, {[]string{"contrasena"}, Password}, {[]string{"kennwort"}, Password},
		{[]string{"client", "secret"}, Secret}, {[]string{"secret"}, Secret},
		{[]string{"api", "key"}, APIKey}, {[]string{"apikey"}, APIKey}, {[]string{"access", "key"}, APIKey},
		{[]string{"secret", "access", "key"}, APIKey}, {[]string{"aws", "secret", "access", "key"}, APIKey},
		{[]string{"token"}, Token}, {[]string{"access", "token"}, Token}, {[]string{"refresh", "token"}, Token}, {[]string{"auth", "token"}, Token},
		{[]string{"authorization"}, Authorization}, {[]string{"proxy", "authorization"}, Authorization},
		{[]string{"cookie"}, Cookie}, {[]string{"set", "cookie"}, Cookie}, {[]string{"session", "id"}, Cookie}, {[]string{"session"}, Cookie},
		{[]string{"private", "key"}, PrivateKey}, {[]string{"otp"}, OTP}, {[]string{"mfa", "code"}, OTP}, {[]string{"verification", "code"}, OTP},
		{[]string{"cvv"}, CardCode}, {[]string{"card", "number"}, CardNumber}, {[]string{"credit", "card", "number"}, CardNumber},
		{[]string{"iban"}, IBAN}, {[]string{"account", "number"}, BankAccount}, {[]string{"ssn"}, TaxID},
		{[]string{"social", "security", "number"}, TaxID}, {[]string{"tax", "id"}, TaxID},
		// About a secret, not one.
		{[]string{"password", "hint"}, None}, {[]string{"min", "password", "length"}, None}, {[]string{"show", "password"}, None},
		{[]string{"token", "type"}, None}, {[]string{"max", "tokens"}, None}, {[]string{"csrf", "token"}, None},
		{[]string{"next", "page", "token"}, None}, {[]string{"access", "key", "id"}, None}, {[]string{"password", "policy"}, None},
		{[]string{"token", "url"}, None}, {[]string{"key"}, None}, {[]string{"code"}, None}, {[]string{"username"}, None},
		{[]string{"card", "holder", "name"}, None}, {[]string{"session", "timeout"}, None}, {[]string{"token", "count"}, None},
	} {
		for _, k := range spellings(c.words...) {
			if got := Classify(k); got != c.kind {
				t.Errorf("Classify(%q) = %s, want %s", k, got, c.kind)
			}
		}
	}
	for _, k := range []string{"пароль", "密码", "パスワード", "비밀번호", "contraseña", "mot_de_passe", "Passwort", "wachtwoord", "hasło"} {
		if Classify(k) != Password {
			t.Errorf("Classify(%q) = %s, want password", k, Classify(k))
		}
	}
	if Classify(strings.Repeat("password", 100)) != None {
		t.Error("a key longer than MaxKeyBytes is classified")
	}
}

func TestDestinationAndIdentity(t *testing.T) {
	for _, words := range [][]string{{"to"}, {"cc"}, {"bcc"}, {"recipient"}, {"url"}, {"endpoint"}, {"webhook", "url"}, {"channel"}, {"channel", "id"}, {"host"}, {"to", "email"}} {
		for _, k := range spellings(words...) {
			if strings.HasPrefix(k, "x-") || strings.HasPrefix(k, "user[") {
				continue
			}
			if !IsDestination(k) {
				t.Errorf("IsDestination(%q) = false", k)
			}
		}
	}
	for _, words := range [][]string{{"username"}, {"user", "name"}, {"user"}, {"login"}, {"login", "id"}, {"account"}} {
		for _, k := range spellings(words...) {
			if strings.HasPrefix(k, "x-") || strings.HasPrefix(k, "user[") {
				continue
			}
			if IsDestination(k) {
				t.Errorf("IsDestination(%q): a user name is never a destination", k)
			}
			if !IsIdentity(k) {
				t.Errorf("IsIdentity(%q) = false", k)
			}
		}
	}
}

// TestNormalizeIsWords: the fast reading of a key has Words' words.
func TestNormalizeIsWords(t *testing.T) {
	for _, k := range []string{"X-API-Key", "clientSecret", "user[password]", "APIKey", "mot_de_passe", "HTTPServerURL", "a1B2", "__x__", "", "ABC", "aB", "v2Token"} {
		var buf [MaxKeyBytes * 2]byte
		norm, at := normalize(k, buf[:0], nil)
		ws := Words(k)
		var got []string
		for i, s := range at {
			e := len(norm)
			if i+1 < len(at) {
				e = at[i+1]
			}
			got = append(got, string(norm[s:e]))
		}
		if strings.Join(got, " ") != strings.Join(ws, " ") {
			t.Errorf("%q: normalize %q, Words %q", k, got, ws)
		}
	}
}

func BenchmarkClassify(b *testing.B) {
	keys := []string{"password", "X-Api-Key", "userName", "body", "Authorization", "max_tokens", "client_secret", "to", "note", "пароль"}
	for b.Loop() {
		for _, k := range keys {
			Classify(k)
			IsDestination(k)
		}
	}
}

// TestClassifyLookalikes: a key spelled with letters of another script
// that look Latin, or in full-width forms, is the key it imitates; a word
// wholly in another script keeps its meaning.
func TestClassifyLookalikes(t *testing.T) {
	for _, k := range []string{"pаssword", "passwоrd", "PАSSWORD", "ｐａｓｓｗｏｒｄ", "api_kеy", "tоken", "Аuthorization"} {
		if !Classify(k).Credential() {
			t.Errorf("Classify(%q) = %s", k, Classify(k))
		}
	}
	for _, k := range []string{"пароль", "токен"} {
		if !Classify(k).Credential() {
			t.Errorf("Classify(%q) = %s", k, Classify(k))
		}
	}
	for _, k := range []string{"сор", "рор", "ԁata"} {
		if Classify(k) != None {
			t.Errorf("Classify(%q) = %s", k, Classify(k))
		}
	}
}
