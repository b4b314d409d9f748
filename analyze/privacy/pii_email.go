package privacy

// E-mail addresses: a local part of letters, digits and ._%+- that
// neither starts nor ends with a dot nor has two in a row, '@', and a
// domain of at least two labels (letters, digits, inner hyphens) whose
// last label, the TLD, is 2–24 letters or an IDN "xn--" label.
// "git@github.com:org/repo" (an scp-style remote), git@host (the SSH
// user of a code host) and the user or password of a URL
// ("https://user:pass@host") are not addresses.

// email examines the '@' at i and returns where the scan resumes.
func (s *piiScanner) email(i int) int {
	t := s.text
	a := i
	for a > 0 && i-a <= 64 && piiLocalByte(t[a-1]) {
		a--
	}
	if i-a > 64 || a == i {
		return i + 1
	}
	for a < i && t[a] == '.' {
		a++
	}
	if a == i || t[i-1] == '.' {
		return i + 1
	}
	if piiURLUserinfo(t, a) {
		// "https://user:pass@host", "ftp://anonymous@host": the user and
		// password of a URL (the secret scan masks the password), not an
		// e-mail address.
		return i + 1
	}
	for p := a; p+1 < i; p++ {
		if t[p] == '.' && t[p+1] == '.' {
			return i + 1
		}
	}
	// The domain: labels separated by single dots.
	p := i + 1
	labels, last := 0, p
	for {
		q := p
		for q < len(t) && q-p < 64 && (piiIsAlnum(t[q]) || t[q] == '-') {
			q++
		}
		if q == p || t[p] == '-' || t[q-1] == '-' || q-p >= 64 {
			break
		}
		labels++
		last = p
		p = q
		if p+1 < len(t) && t[p] == '.' && piiIsAlnum(t[p+1]) && p-i < 253 {
			p++
			continue
		}
		break
	}
	if labels < 2 {
		return i + 1
	}
	end := p
	if !piiTLD(t[last:end]) || piiFileExt(t[last:end]) {
		return i + 1
	}
	if end < len(t) && (piiIsWord(t[end]) || t[end] == '-' || t[end] == '@' || (t[end] == ':' && end+1 < len(t) && t[end+1] != ' ' && t[end+1] != '\n')) {
		return i + 1
	}
	if t[a:i] == "git" {
		return end // git@github.com: the SSH user of a code host, nobody's address
	}
	s.emit(Finding{Type: Email, Start: a, End: end, Confidence: 0.95, Rule: "email"})
	return end
}

// piiURLUserinfo reports whether the text before the '@' whose local
// part starts at a is the userinfo of a URL: "scheme://" and then no
// '/', space or quote up to a.
func piiURLUserinfo(t string, a int) bool {
	k := a
	for k > 0 && a-k < 256 {
		c := t[k-1]
		if c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '"' || c == '\'' || c == '<' || c == '(' || c == '@' {
			break
		}
		k--
	}
	return k >= 3 && t[k-1] == '/' && t[k-2] == '/' && t[k-3] == ':'
}

func piiLocalByte(c byte) bool {
	return piiIsAlnum(c) || c == '.' || c == '_' || c == '%' || c == '+' || c == '-'
}

// piiTLD reports a top-level domain shape: 2–24 letters, or xn--….
func piiTLD(l string) bool {
	if len(l) > 4 && piiHasPrefixFold(l, "xn--") {
		return true
	}
	if len(l) < 2 || len(l) > 24 {
		return false
	}
	for i := 0; i < len(l); i++ {
		if !piiIsLetter(l[i]) {
			return false
		}
	}
	return true
}

// piiFileExt reports a file extension that is not a TLD people mail to:
// "icon@2x.png" is an image.
func piiFileExt(l string) bool {
	for _, e := range [...]string{"png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "ico", "tiff", "pdf", "css", "js",
		"json", "yaml", "yml", "xml", "html", "htm", "txt", "lock", "log", "tmp", "bak", "zip", "gz", "tgz", "tar", "exe", "dll"} {
		if piiEqualFold(l, e) {
			return true
		}
	}
	return false
}
