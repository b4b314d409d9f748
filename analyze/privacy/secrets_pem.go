package privacy

import (
	"bytes"
	"strings"
)

// Private keys: PEM blocks (-----BEGIN RSA PRIVATE KEY----- …), OpenSSH
// and PGP private key blocks. The finding covers the whole block; when the
// END line is missing, the base64 body that follows the BEGIN line (at
// most secretPEMMax bytes).

const secretPEMMax = 64 << 10

// privateKeyAt looks at "-----begin" at text[p:q].
func (s *secretScan) privateKeyAt(p, q int) {
	if p < s.pemCovered {
		return
	}
	lw := s.lower
	// -----BEGIN <label>PRIVATE KEY[ BLOCK]-----
	i := q
	if i >= len(lw) || lw[i] != ' ' {
		return
	}
	i++
	j := i
	for j < len(lw) && j-i < 48 && (lw[j] == ' ' || 'a' <= lw[j] && lw[j] <= 'z' || isSecretDigit(lw[j])) {
		if strings.HasPrefix(string(lw[j:min(len(lw), j+11)]), "private key") {
			break
		}
		j++
	}
	if !strings.HasPrefix(string(lw[j:min(len(lw), j+11)]), "private key") {
		return
	}
	j += len("private key")
	if strings.HasPrefix(string(lw[j:min(len(lw), j+6)]), " block") {
		j += len(" block")
	}
	if !strings.HasPrefix(string(lw[j:min(len(lw), j+5)]), "-----") {
		return
	}
	bodyStart := j + 5
	end := -1
	if e := s.nextPEMEnd(bodyStart); e >= 0 && e-bodyStart <= secretPEMMax {
		// -----END <label>-----
		k := e + len("-----end")
		if m := strings.Index(string(lw[k:min(len(lw), k+64)]), "-----"); m >= 0 {
			end = k + m + 5
			if secretBase64Count(s.text[bodyStart:e]) < 32 {
				return
			}
		}
	}
	if end < 0 {
		// No END: the body is what looks like base64 (with PEM headers
		// such as Proc-Type and escaped newlines).
		k := bodyStart
		for k < len(s.text) && k-bodyStart < secretPEMMax && isSecretPEMBodyByte(s.text[k]) {
			if s.text[k] == '-' && strings.HasPrefix(s.text[k:], "-----") {
				break
			}
			k++
		}
		for k > bodyStart && (s.text[k-1] <= ' ' || s.text[k-1] == '\\') {
			k--
		}
		if secretBase64Count(s.text[bodyStart:k]) < 32 {
			return
		}
		end = k
	}
	s.pemCovered = end
	s.addOwn(PrivateKey, p, end, 0.99, "private-key-block")
}

// nextPEMEnd returns where the first "-----end" at or after from is, or -1.
// Its answers are remembered, so that many BEGIN lines cost one search.
func (s *secretScan) nextPEMEnd(from int) int {
	if s.pemFrom >= 0 && s.pemFrom <= from && (s.pemEnd < 0 || s.pemEnd >= from) {
		return s.pemEnd
	}
	s.pemFrom = from
	s.pemEnd = -1
	if i := bytes.Index(s.lower[from:], []byte("-----end")); i >= 0 {
		s.pemEnd = from + i
	}
	return s.pemEnd
}

func isSecretPEMBodyByte(c byte) bool {
	return isSecretWordByte(c) || c == '+' || c == '/' || c == '=' || c == ' ' || c == '\t' ||
		c == '\n' || c == '\r' || c == '\\' || c == ':' || c == ',' || c == '-'
}

func secretBase64Count(v string) int {
	n := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isSecretDigit(c) || c == '+' || c == '/' {
			n++
		}
	}
	return n
}
