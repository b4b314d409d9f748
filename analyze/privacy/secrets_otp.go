package privacy

import (
	"bytes"
	"strings"
)

// One-time codes: a run of 4 to 8 digits (or "123 456") within a few words
// of "code", "2FA", "OTP", "verification", "one-time", "验证码" …, that is
// not a year in a date, an amount, a time, a line number or an HTTP
// status; and the secret of an otpauth:// URI (a TOTP seed).

// secretCodeNotOTP are words before "code" that name another kind of code.
var secretCodeNotOTP = &secretWords{list: "error status exit return response http zip postal post area country source line char " +
	"character key color colour iso currency language lang region reason result op bar qr " +
	"sort tax swift bank branch item product promo promotion discount coupon voucher gift hs " +
	"airport iata station dial phone ascii unicode hex machine byte native legacy sample " +
	"example dead clean morse cheat sic naics icd cpt diagnosis billing tracking shipping " +
	"order reference invoice cost project department employee course class building room " +
	"exercise test opcode fault failure signal return_code unit product_code program python " +
	"go java javascript c rust sql vs visual claude pseudo"}

// secretCodeCue are words before "code" that make a one-time code likely.
var secretCodeCue = &secretWords{list: "verification verify security login log-in sign-in signin auth authentication " +
	"authorization confirmation confirm one-time otp 2fa mfa sms text backup recovery access " +
	"pin your secret passcode activation validation reset unlock pairing device email totp " +
	"time temporary single-use"}

// secretOTPBefore are words right before the digits that make them
// something else: "line 1234", "port 8080", "in 2024".
var secretOTPBefore = &secretWords{list: "line lines page port step item version v room row col column issue pr no order ticket " +
	"ref id build release chapter section year years error status exit http pid uid gid zip " +
	"total of than about over under around approximately amount price cost balance fee usd " +
	"eur rs inr gbp cny rmb jpy account acct phone tel fax ext number pages rev revision " +
	"commit pull bug"}

// secretOTPUnits are words right after the digits that make them a
// quantity: "1234 users", "2048 bytes".
var secretOTPUnits = &secretWords{list: "usd eur dollars dollar euros euro yuan rmb points items users bytes kb mb gb ms px " +
	"characters chars digits times seconds minutes hours days lines words km miles people " +
	"rows records requests files steps pages tokens years months weeks am pm bc ad ce bce x"}

// secretDateWords near a 4-digit number from 1900 to 2099 make it a year.
var secretDateWords = []string{
	"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
	"year", "since", "copyright", "©", "(c)", "date", "dated", "fy", "年", "月",
	"q1", "q2", "q3", "q4", "spring", "summer", "autumn", "fall", "winter", "century",
	"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "today",
	"yesterday", "tomorrow", "calendar", "anniversary", "season", "edition", "born",
}

var secretYearBefore = &secretWords{list: "in since from until till by before after during circa of year to through for early late " +
	"mid"}

// otpAt looks at a one-time-code keyword at text[p:q].
func (s *secretScan) otpAt(p, q int) {
	t, lw := s.text, s.lower
	cjk := t[p] >= 0x80
	conf := 0.9
	if !cjk {
		if p > 0 && isSecretWordByte(t[p-1]) {
			return
		}
		we := q
		for we < len(t) && we-q < 16 && (isSecretWordByte(t[we]) || t[we] == '-') {
			we++
		}
		word := string(lw[p:we])
		switch {
		case word == "otpauth" && strings.HasPrefix(string(lw[we:min(len(lw), we+3)]), "://"):
			s.otpauthSecret(we + 3)
			return
		case word == "code" || word == "codes":
			prev := s.wordBefore(p)
			if secretCodeNotOTP.has(prev) {
				return
			}
			conf = 0.6
			if secretCodeCue.has(prev) {
				conf = 0.85
			}
		case word == "otp" || word == "otps" || word == "2fa" || word == "mfa" || word == "passcode" ||
			word == "passcodes" || strings.HasPrefix(word, "one-time") || word == "one" ||
			strings.HasPrefix(word, "verification") || word == "verify":
		default:
			return
		}
		q = we
	}
	if ds, de, ok := s.otpDigitsAfter(q); ok {
		s.otpCandidate(ds, de, conf)
		return
	}
	if conf >= 0.85 {
		if ds, de, ok := s.otpDigitsBefore(p); ok {
			s.otpCandidate(ds, de, conf)
		}
	}
}

// wordBefore returns the lower-cased word before i (skipping spaces and a
// hyphen), or "".
func (s *secretScan) wordBefore(i int) string {
	j := i
	for j > 0 && i-j < 8 && (isSecretSpace(s.text[j-1]) || s.text[j-1] == '-') {
		j--
	}
	k := j
	for k > 0 && j-k < 24 && (isSecretWordByte(s.text[k-1]) || s.text[k-1] == '-') {
		k--
	}
	return string(s.lower[k:j])
}

// otpDigitsAfter finds the first run of digits within six words (64
// bytes) after i, on the same line or the next.
func (s *secretScan) otpDigitsAfter(i int) (ds, de int, ok bool) {
	t := s.text
	words, newlines := 0, 0
	for start := i; i < len(t) && i-start < 64; {
		c := t[i]
		switch {
		case isSecretDigit(c):
			j := i
			for j < len(t) && isSecretDigit(t[j]) {
				j++
			}
			return i, j, true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			words++
			if words > 6 {
				return 0, 0, false
			}
			for i < len(t) && isSecretWordByte(t[i]) {
				i++
			}
		case c == '\n':
			newlines++
			if newlines > 1 {
				return 0, 0, false
			}
			i++
		case c == '.' && i+1 < len(t) && t[i+1] == ' ':
			return 0, 0, false // the sentence ended
		default:
			i++
		}
	}
	return 0, 0, false
}

// otpDigitsBefore finds a run of digits within six words before i on the
// same line: "483920 is your verification code".
func (s *secretScan) otpDigitsBefore(i int) (ds, de int, ok bool) {
	t := s.text
	words := 0
	for start := i; i > 0 && start-i < 64; {
		c := t[i-1]
		switch {
		case isSecretDigit(c):
			j := i
			for i > 0 && isSecretDigit(t[i-1]) {
				i--
			}
			return i, j, true
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
			words++
			if words > 6 {
				return 0, 0, false
			}
			for i > 0 && isSecretWordByte(t[i-1]) {
				i--
			}
		case c == '\n' || c == '.':
			return 0, 0, false
		default:
			i--
		}
	}
	return 0, 0, false
}

// otpCandidate checks digits at text[ds:de] and records a one-time code.
func (s *secretScan) otpCandidate(ds, de int, conf float64) {
	t := s.text
	n := len(t)
	// "123 456" and "123-456" are one code.
	if de-ds == 3 && de+4 <= n && (t[de] == ' ' || t[de] == '-') && allSecretDigits(t[de+1:de+4]) &&
		(de+4 == n || !isSecretWordByte(t[de+4])) && (ds == 0 || !isSecretDigit(t[ds-1])) {
		if ds > 0 && (t[ds-1] == '-' || t[ds-1] == '+' || t[ds-1] == '(') {
			return // a phone number
		}
		if !(de+4 < n && (t[de+4] == '-' || t[de+4] == ' ' && de+5 < n && isSecretDigit(t[de+5]))) {
			s.addOwn(OTP, ds, de+4, conf, "otp-code")
		}
		return
	}
	if de-ds < 4 || de-ds > 8 {
		return
	}
	if de < n {
		c := t[de]
		if isSecretWordByte(c) || c == '%' {
			return
		}
		if (c == '.' || c == ',' || c == ':' || c == '/' || c == '-') && de+1 < n && isSecretDigit(t[de+1]) {
			return // a decimal, a time, a date, a range
		}
	}
	if ds > 0 {
		c := t[ds-1]
		if isSecretWordByte(c) || c == '$' || c == '#' || c == '+' || c == '.' {
			return
		}
		if (c == ',' || c == ':' || c == '/' || c == '-') && ds > 1 && isSecretDigit(t[ds-2]) {
			return
		}
		for _, sym := range []string{"€", "£", "¥", "₹", "￥"} {
			if strings.HasSuffix(t[:ds], sym) {
				return
			}
		}
	}
	prev := s.wordBefore(ds)
	if secretOTPBefore.has(prev) {
		return
	}
	next := s.wordAfter(de)
	if secretOTPUnits.has(next) || strings.HasPrefix(t[de:], "元") || strings.HasPrefix(t[de:], "块") {
		return
	}
	if de-ds == 4 && (t[ds:ds+2] == "19" || t[ds:ds+2] == "20") {
		if secretYearBefore.has(prev) || s.nearDateWord(ds, de) {
			return
		}
		conf = min(conf, 0.5)
	}
	s.addOwn(OTP, ds, de, conf, "otp-code")
}

// wordAfter returns the lower-cased word after i (skipping spaces).
func (s *secretScan) wordAfter(i int) string {
	j := s.skipSpaces(i, 4)
	k := j
	for k < len(s.text) && k-j < 24 && isSecretWordByte(s.text[k]) {
		k++
	}
	return string(s.lower[j:k])
}

// nearDateWord reports a month, "year", "since", "©" … within 48 bytes
// of text[ds:de].
func (s *secretScan) nearDateWord(ds, de int) bool {
	around := s.lower[max(0, ds-48):min(len(s.lower), de+48)]
	for _, w := range secretDateWords {
		if bytes.Contains(around, []byte(w)) {
			return true
		}
	}
	return false
}

// otpauthSecret reads the secret parameter of an otpauth:// URI whose
// body starts at i.
func (s *secretScan) otpauthSecret(i int) {
	t := s.text
	end := i
	for end < len(t) && end-i < 1024 && t[end] > ' ' && t[end] != '"' && t[end] != '\'' && t[end] != '`' && t[end] != '<' {
		end++
	}
	lw := s.lower[i:end]
	k := bytes.Index(lw, []byte("secret="))
	if k < 0 || (k > 0 && lw[k-1] != '?' && lw[k-1] != '&') {
		return
	}
	vs := i + k + len("secret=")
	ve := vs
	for ve < end && t[ve] != '&' && t[ve] != '#' {
		ve++
	}
	if ve-vs >= 8 {
		s.addOwn(OTP, vs, ve, 0.95, "otpauth-secret")
	}
}
