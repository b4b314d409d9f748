package fields

import (
	"bytes"
	"strings"
	"sync"
	"unicode"
)

// Kind is what a key says its value is.
type Kind uint8

// Kinds. The credentials come first; Kind.Credential reports them.
const (
	None          Kind = iota
	Password           // password, passwd, pwd, pass, pin, passwort, contraseña, пароль…
	Secret             // client_secret, api_secret, secret
	APIKey             // api_key, apiKey, X-API-Key, access_key, secret_access_key
	Token              // token, access_token, refresh_token, bearer, jwt
	Authorization      // authorization, proxy-authorization, auth: "Basic …", "Bearer …"
	Cookie             // cookie, set-cookie, session, session_id, sid
	PrivateKey         // private_key, privkey
	OTP                // otp, totp, mfa_code, verification_code
	CardCode           // cvv, cvc, csc, security_code
	CardNumber         // card, card_number, credit_card, cc_number, pan
	IBAN               // iban
	BankAccount        // account_number, bank_account
	TaxID              // ssn, social_security_number, tax_id, national_id, nino
	Phone              // phone, phone_number, mobile, tel
	Email              // email, email_address
	Address            // address, home_address, street_address

	notSensitive // a key that looks like one of the above and is not: csrf_token, page_token
)

var kindNames = [...]string{"none", "password", "secret", "api key", "token", "authorization", "cookie", "private key", "one-time code",
	"card security code", "card number", "IBAN", "bank account", "tax ID", "phone number", "e-mail address", "address", "none"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind"
}

// Credential reports whether the value is a credential: it has no useful
// masked form and must not go to a look-alike of the service it is for.
func (k Kind) Credential() bool { return k >= Password && k <= CardCode }

// MaxKeyBytes is the longest key classified; a longer one is no name.
const MaxKeyBytes = 128

// Words splits a key into its lower-case words: "X-API-Key" → x api key,
// "clientSecret" → client secret, "user[password]" → user password,
// "APIKey" → api key, "mot_de_passe" → mot de passe.
func Words(key string) []string {
	if len(key) > MaxKeyBytes {
		return nil
	}
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, foldLookalikes(strings.ToLower(string(cur))))
			cur = cur[:0]
		}
	}
	rs := []rune(key)
	for i, r := range rs {
		if r >= 0xFF01 && r <= 0xFF5E {
			rs[i] = r - 0xFEE0 // ｐａｓｓｗｏｒｄ: full-width forms are ASCII
		}
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Mc, r) {
			flush()
			continue
		}
		if i > 0 && unicode.IsDigit(r) && len(cur) > 0 && !unicode.IsDigit(rs[i-1]) {
			flush()
		}
		if i > 0 && unicode.IsUpper(r) {
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// Classify returns what a key says its value is, None when the key names
// nothing sensitive. The last words decide (user_password, apiKey,
// X-Auth-Token), trailing words such as _confirmation or _value do not
// count, and a key about a secret rather than holding one is None:
// password_hint, min_password_length, token_type, show_password, max_tokens.
func Classify(key string) Kind {
	// The words are read in a buffer on the stack: a map lookup of
	// string(b) does not copy b, so classifying a key allocates nothing.
	var buf [MaxKeyBytes * 2]byte
	var at [24]int
	norm, bounds := normalize(key, buf[:0], at[:0])
	n := len(bounds)
	word := func(i int) []byte {
		if i+1 < n {
			return norm[bounds[i]:bounds[i+1]]
		}
		return norm[bounds[i]:]
	}
	for n > 1 && (trailingNeutral()[string(word(n-1))] || allDigits(word(n-1))) {
		norm = norm[:bounds[n-1]]
		n--
	}
	if n == 0 {
		return None
	}
	for k := min(4, n); k >= 1; k-- {
		kind, ok := keyKinds()[string(norm[bounds[n-k]:])]
		if !ok {
			continue
		}
		if kind == notSensitive {
			return None
		}
		for i := 0; i < n-k; i++ {
			if leadingNotValue()[string(word(i))] {
				return None
			}
		}
		return kind
	}
	// One word run together: "userpassword", "dbpasswd", "smtppass".
	last := word(n - 1)
	for _, suf := range []string{"password", "passwd", "passphrase", "passcode", "passwort", "apikey", "accesstoken", "secretkey"} {
		if bytes.HasSuffix(last, []byte(suf)) && len(last) > len(suf) {
			return keyKinds()[suf]
		}
	}
	return None
}

// foldLookalikes writes the Cyrillic and Greek letters that look like
// Latin ones as those, in a word that mixes them with Latin letters
// ("pаssword" with a Cyrillic а): a word in one script (пароль) is kept.
func foldLookalikes(w string) string {
	latin, other := false, false
	for _, r := range w {
		switch {
		case r < 0x80 && unicode.IsLetter(r):
			latin = true
		case r >= 0x80:
			other = true
		}
	}
	if !latin || !other {
		return w
	}
	return lookalikes().Replace(w)
}

var lookalikes = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("а", "a", "е", "e", "о", "o", "р", "p", "с", "c", "у", "y", "х", "x", "і", "i", "ѕ", "s",
		"ј", "j", "ԁ", "d", "һ", "h", "к", "k", "м", "m", "т", "t", "в", "b", "н", "h", "α", "a", "ο", "o", "ρ", "p", "τ", "t", "κ", "k",
		"ν", "v", "ι", "i", "ѡ", "w", "ԝ", "w", "ɑ", "a")
})

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func allDigits[T string | []byte](s T) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return len(s) > 0
}

// normalize writes a key's words, lower case, run together into buf, and
// where each word starts into at; the words are Words(key)'s.
func normalize(key string, buf []byte, at []int) ([]byte, []int) {
	if len(key) > MaxKeyBytes {
		return nil, nil
	}
	ascii := true
	for i := 0; i < len(key); i++ {
		if key[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if !ascii {
		ws := Words(key)
		for _, w := range ws {
			at = append(at, len(buf))
			buf = append(buf, w...)
		}
		return buf, at
	}
	inWord := false
	for i := 0; i < len(key); i++ {
		c := key[i]
		lower, upper, digit := c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9'
		if !lower && !upper && !digit {
			inWord = false
			continue
		}
		start := !inWord
		if inWord && digit && !isDigit(key[i-1]) {
			start = true // password2, pass1: the number is a word of its own
		}
		if inWord && upper {
			p := key[i-1]
			nextLower := i+1 < len(key) && key[i+1] >= 'a' && key[i+1] <= 'z'
			if p >= 'a' && p <= 'z' || p >= '0' && p <= '9' || p >= 'A' && p <= 'Z' && nextLower {
				start = true
			}
		}
		if start {
			at = append(at, len(buf))
		}
		if upper {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
		inWord = true
	}
	return buf, at
}

// IsDestination reports whether a key names where data goes (to, cc,
// recipient, url, endpoint, webhook, channel, host…). A username, a
// login or a user is never a destination; "email" is one only outside a
// sign-in (the caller checks the siblings: see IsIdentity).
func IsDestination(key string) bool {
	var buf [MaxKeyBytes * 2]byte
	norm, _ := normalize(key, buf[:0], nil)
	return len(norm) > 0 && destinationKeys()[string(norm)]
}

// IsIdentity reports whether a key names who signs in: username, user,
// login, account. Its value is the user's own name, never a destination.
func IsIdentity(key string) bool {
	var buf [MaxKeyBytes * 2]byte
	norm, _ := normalize(key, buf[:0], nil)
	return len(norm) > 0 && identityKeys()[string(norm)]
}

var trailingNeutral = lazySet("value val text plain plaintext raw str string input confirm confirmation again repeat verify 1 2 3 b64 base64 encoded field_value " +
	// A password's hash or its encrypted form is the password to whoever
	// cracks or decrypts it (passwordHash, password_sha256, token_enc).
	"hash hashed digest md5 md sha sha1 sha256 sha512 bcrypt enc encrypted cipher ciphertext hex")

var leadingNotValue = lazySet("show hide has is use enable enabled disable disabled require required allow forgot forget validate " +
	"check min max num remember save rotate generate needs need should can")

var destinationKeys = lazySet("to cc bcc recipient recipients toemail toaddress toaddr emailto sendto mailto receiver receivers " +
	"url uri link endpoint webhook webhookurl callbackurl channel channelid channelname chatid conversation conversationid " +
	"room roomid host hostname domain server serverurl site website baseurl apiurl targeturl target destination addressto " +
	"replyto phonenumber tonumber tophone payee merchant audience group thread userid email emailaddress " +
	"toaccount toaccountnumber toaccountid recipientaccount recipientaccountnumber payeeaccount beneficiary beneficiaryaccount " +
	"beneficiaryiban toiban destinationaccount")

var identityKeys = lazySet("username user login loginname loginid userlogin signin uname account accountname benutzer benutzername " +
	"usuario nombredeusuario utilisateur identifiant nomutilisateur nomeutente nomedeusuario имяпользователя логин 用户名 ユーザー名 사용자이름")

// lazySet is set(list), built on first use: the hook's start-up builds no
// table a call may not need.
func lazySet(list string) func() map[string]bool {
	return sync.OnceValue(func() map[string]bool { return set(list) })
}

func set(list string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(list) {
		m[w] = true
	}
	return m
}

// keyKinds maps a key's last words, run together, to what they name.
var keyKinds = sync.OnceValue(func() map[string]Kind {
	m := map[string]Kind{}
	add := func(k Kind, list string) {
		for _, w := range strings.Fields(list) {
			m[w] = k
		}
	}
	add(Password, "password passwd pwd pass pw passphrase passcode pin pincode credential credentials creds "+
		"passwort kennwort contraseña contrasena clave motdepasse mdp senha palavrapasse пароль parol parola wachtwoord "+
		"lösenord losenord passord adgangskode salasana hasło haslo heslo jelszó jelszo şifre sifre parolă parola "+
		"密码 密碼 口令 パスワード 비밀번호 mậtkhẩu matkhau katasandi katalaluan كلمةالمرور كلمةالسر סיסמה συνθηματικό κωδικός")
	add(Secret, "secret clientsecret apisecret appsecret consumersecret signingsecret webhooksecret sharedsecret "+
		"secretkey secrettoken tokensecret oauthsecret")
	add(APIKey, "apikey accesskey secretaccesskey accesskeysecret awssecretaccesskey subscriptionkey masterkey appkey "+
		"licensekey developerkey apiaccesskey")
	add(Token, "token accesstoken refreshtoken idtoken authtoken bearer bearertoken sessiontoken jwt oauthtoken apitoken "+
		"personalaccesstoken securitytoken resettoken magiclinktoken токен 令牌")
	add(Authorization, "authorization proxyauthorization auth authheader")
	add(Cookie, "cookie cookies setcookie session sessionid sessionkey sessioncookie sid phpsessid jsessionid connectsid")
	add(PrivateKey, "privatekey privkey sshprivatekey signingkey")
	add(OTP, "otp totp hotp mfacode mfatoken 2fa 2facode twofactorcode twofactor verificationcode onetimecode onetimepassword otpcode smscode")
	add(CardCode, "cvv cvc csc cardcode securitycode cardsecuritycode cardverificationvalue")
	add(CardNumber, "card cardnumber cardno cardnum creditcard creditcardnumber ccnumber ccnum pan debitcard kartennummer numerotarjeta")
	add(IBAN, "iban ibannumber")
	add(BankAccount, "accountnumber bankaccount bankaccountnumber acctnumber accountno acctno kontonummer")
	add(TaxID, "ssn socialsecuritynumber socialsecurity taxid tin nationalid nationalidnumber nino nif cpf aadhaar personnummer codicefiscale steuerid")
	add(Phone, "phone phonenumber mobile mobilenumber mobilephone tel telephone cell cellphone")
	add(Email, "email emailaddress mail")
	add(Address, "address homeaddress streetaddress street postaladdress mailingaddress billingaddress shippingaddress")
	// Look like credentials, are not: anti-forgery nonces, paging cursors,
	// counts of a language model's tokens, key ids.
	add(notSensitive, "csrftoken xsrftoken csrfmiddlewaretoken csrf xsrf authenticitytoken pagetoken nextpagetoken nexttoken "+
		"continuationtoken synctoken cursortoken tokens maxtokens tokencount tokentype tokenurl authurl authtype authmethod "+
		"authmode authprovider authscheme passwordhint passwordpolicy passwordlength passwordreset passwordreseturl "+
		"passwordexpiry sessiontimeout cookiepolicy cookiename sessionname keyid accesskeyid apikeyid apikeyname cardtype "+
		"cardbrand cardholder cardholdername cardname cardid cardlast4 last4 passed passes passrate ipaddress macaddress "+
		"accountsid walletaddress contractaddress mailserver mailhost emailverified phoneverified")
	return m
})
