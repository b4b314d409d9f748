package privacy

import (
	"testing"
)

// keyedText writes "key: value" and the Keyed for the value.
func keyedText(key, value string) (string, []Keyed) {
	text := key + ": " + value
	return text, []Keyed{{Key: key, Start: len(key) + 2, End: len(text)}}
}

// TestDetectKeyed: the key names the value (positives), and keys about a
// secret, placeholders and values of the wrong shape do not (near misses).
func TestDetectKeyed(t *testing.T) {
	for _, c := range []struct {
		key, value string
		want       Type // "" for no finding on the value
		found      string
	}{
		{"password", "hunter", Password, "hunter"},
		{"userPassword", "a b c d", Password, "a b c d"},
		{"passwort", "Geheim!", Password, "Geheim!"},
		{"contraseña", "clave123", Password, "clave123"},
		{"пароль", "секрет12", Password, "секрет12"},
		{"pin", "4821", Password, "4821"},
		{"cvv", "123", Password, "123"},
		{"client_secret", "abcdefgh12", APIKey, "abcdefgh12"},
		{"X-Api-Key", "k-8a7f6e5d", APIKey, "k-8a7f6e5d"},
		{"refresh_token", "rt.abcdefgh", Token, "rt.abcdefgh"},
		{"Authorization", "Basic bWU6TXlQYXNzMTIz", Password, "bWU6TXlQYXNzMTIz"},
		{"Authorization", "Bearer abc.def.ghi", Token, "abc.def.ghi"},
		{"Cookie", "SID=31d4d96e407aad42", Cookie, "SID=31d4d96e407aad42"},
		{"otp", "492817", OTP, "492817"},
		{"card_number", "4111 1111 1111 1111", Card, "4111 1111 1111 1111"},
		{"cardNumber", "5500-0000-0000-0004", Card, "5500-0000-0000-0004"},
		{"account_number", "12345678", BankAccount, "12345678"},
		{"ssn", "078-05-1120", TaxID, "078-05-1120"},
		{"iban", "DE89 3704 0044 0532 0130 00", IBAN, "DE89 3704 0044 0532 0130 00"},
		{"phone", "+1 (415) 555-0134", Phone, "+1 (415) 555-0134"},
		// Near misses.
		{"password", "", "", ""},
		{"password", "${PASSWORD}", "", ""},
		{"password", "<password>", "", ""},
		{"password", "********", "", ""},
		{"password", "password", "", ""},
		{"api_key", "YOUR_API_KEY", "", ""},
		{"token", "$TOKEN", "", ""},
		{"token", "short", "", ""},
		{"Authorization", "Bearer x", "", ""},
		{"Authorization", "Bearer {{token}}", "", ""},
		{"password_hint", "my dog", "", ""},
		{"show_password", "yes!", "", ""},
		{"max_tokens", "4096", "", ""},
		{"csrf_token", "a8f9e0c1d2b3a4f5", "", ""},
		{"card_number", "1234", "", ""},
		{"card_number", "4111 1111 1111 111a", "", ""},
		{"phone", "call me", "", ""},
		{"account_number", "12", "", ""},
		{"note", "hello there", "", ""},
	} {
		text, keyed := keyedText(c.key, c.value)
		fs := DetectKeyed(text, keyed)
		var got Finding
		for _, f := range fs {
			if f.Start >= keyed[0].Start {
				got = f
			}
		}
		if got.Type != c.want || c.want != "" && text[got.Start:got.End] != c.found {
			t.Errorf("%s=%q: %s %q, want %s %q", c.key, c.value, got.Type, text[got.Start:got.End], c.want, c.found)
		}
	}
}

func TestStatedCredentials(t *testing.T) {
	got := StatedCredentials([]string{"Log into Gmail, password is MyPass123", "thanks"})
	if len(got) != 1 || got[0] != "MyPass123" {
		t.Fatalf("stated %q", got)
	}
	text := `{"q": "MyPass123", "r": "xMyPass123x"}`
	fs := DetectKeyed(text, nil, got...)
	n := 0
	for _, f := range fs {
		if f.Type == Password && text[f.Start:f.End] == "MyPass123" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d of 2 places found: %v", n, fs)
	}
}

// FuzzDetectKeyed: any key and value give findings inside the text, in
// order and without overlaps, and never a panic.
func FuzzDetectKeyed(f *testing.F) {
	for _, s := range [][2]string{{"password", "MyPass123"}, {"Authorization", "Basic  "}, {"card", "4111111111111111"}, {"iban", "DE89370400440532013000"},
		{"token", "${"}, {"", ""}, {"Authorization", "Bearer"}, {"x", "\xff\xfe"}} {
		f.Add(s[0], s[1], "MyPass123")
	}
	f.Fuzz(func(t *testing.T, key, value, known string) {
		text, keyed := keyedText(key, value)
		keyed = append(keyed, Keyed{Key: key, Start: len(text), End: len(text) + 5}, Keyed{Key: key, Start: -1, End: 2})
		fs := DetectKeyed(text, keyed, known)
		end := 0
		for _, f := range fs {
			if f.Start < end || f.End > len(text) || f.Start >= f.End {
				t.Fatalf("finding %+v out of order or of the text (%d bytes)", f, len(text))
			}
			end = f.End
		}
	})
}
