package tools

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"strings"
)

// A raw message: an argument that carries a whole e-mail as MIME (the
// Gmail API's "raw", base64url; SES's RawMessage.Data, base64; a plain
// RFC 5322 text) names its recipients and attachments inside it. They
// are read from the decoded message, within bounds; a message that
// cannot be read whole makes the call partial, so that whoever judges it
// knows it may reach others.

// Bounds of a raw message read.
const (
	maxRawMessage = 1 << 20 // decoded bytes
	maxMIMEParts  = 64
	maxMIMEDepth  = 4
)

// rawMessageKeys hold a whole message; so does SES's RawMessage.Data.
var rawMessageKeys = map[string]bool{"raw": true, "rawmessage": true, "rawemail": true, "rawmime": true, "mime": true,
	"mimemessage": true, "rfc822": true, "eml": true}

// rawMessageArg reports an argument that holds a whole message.
func rawMessageArg(key, parent string) bool {
	return rawMessageKeys[key] || key == "data" && rawMessageKeys[parent]
}

// readRawMessage keeps what the raw message v says: its recipients, its
// attachments and its text. A value under a raw message's key that is
// no message the call can read makes the call partial: it may reach
// anyone. It reports whether v was read as a message.
func (a *args) readRawMessage(v string) bool {
	m, ok := rawMessage(v)
	if !ok {
		a.partial = a.partial || len(strings.TrimSpace(v)) > 0
		return false
	}
	a.partial = a.partial || m.partial
	a.recipients = append(a.recipients, m.recipients...)
	for _, f := range m.attachments {
		if len(a.attachments) < 16 {
			a.attachments = append(a.attachments, f)
		}
	}
	for _, t := range m.content {
		if a.contentLen < maxContent {
			a.content = append(a.content, t)
			a.contentLen += len(t)
		}
	}
	return true
}

// recipientHeaders are the headers whose addresses receive a message or
// its answers.
var recipientHeaders = []string{"To", "Cc", "Bcc", "Reply-To", "Resent-To", "Resent-Cc", "Resent-Bcc"}

// mimeMessage is what a raw message says.
type mimeMessage struct {
	recipients, attachments, content []string
	partial                          bool // not read whole
}

// rawMessage reads v as a raw message when it is one; ok is false when v
// is not a message at all (a "message" argument holding plain text).
func rawMessage(v string) (m mimeMessage, ok bool) {
	text, partial, ok := decodeRawMessage(v)
	if !ok {
		return m, false
	}
	msg, err := mail.ReadMessage(strings.NewReader(text))
	if err != nil {
		return m, false
	}
	if !hasRecipientHeader(msg.Header) {
		return m, false
	}
	m.partial = partial
	for _, h := range recipientHeaders {
		for _, line := range msg.Header[h] {
			m.recipients = append(m.recipients, splitRecipients(line)...)
		}
	}
	var dec mime.WordDecoder
	if s, err := dec.DecodeHeader(msg.Header.Get("Subject")); err == nil && s != "" {
		m.content = append(m.content, s)
	}
	m.readPart(msg.Header, msg.Body, 0)
	return m, true
}

// hasRecipientHeader reports a header block that addresses a message: a
// text that merely starts with "Note: …" is not one.
func hasRecipientHeader(h mail.Header) bool {
	for _, k := range append(recipientHeaders, "From", "Subject", "Content-Type", "Mime-Version") {
		if len(h[k]) > 0 {
			return true
		}
	}
	return false
}

// decodeRawMessage returns the text of a raw message: v itself when it
// reads as headers, or v decoded from base64 (URL or standard alphabet,
// padded or not, folded or not). partial: v was longer than the bound
// and only its beginning is read.
func decodeRawMessage(v string) (text string, partial, ok bool) {
	if looksLikeHeaders(v) {
		if len(v) > maxRawMessage {
			return v[:maxRawMessage], true, true
		}
		return v, false, true
	}
	enc := strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, v)
	if max := base64.StdEncoding.EncodedLen(maxRawMessage); len(enc) > max {
		enc, partial = enc[:max], true
	}
	enc = strings.TrimRight(enc, "=")
	if len(enc)%4 == 1 {
		enc = enc[:len(enc)-1] // cut by the bound: a lone sextet decodes to nothing
	}
	for _, e := range []*base64.Encoding{base64.RawURLEncoding, base64.RawStdEncoding} {
		if b, err := e.DecodeString(enc); err == nil && looksLikeHeaders(string(b)) {
			return string(b), partial, true
		}
	}
	return "", false, false
}

// looksLikeHeaders reports text that starts with a header field
// ("Name: value" on the first line, the name without spaces).
func looksLikeHeaders(s string) bool {
	line, _, _ := strings.Cut(s[:min(len(s), 998)], "\n")
	name, _, ok := strings.Cut(line, ":")
	if !ok || name == "" || len(name) > 76 {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i]; c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// header is the part of a MIME header a part is read by.
type header interface{ Get(string) string }

// readPart reads one part: its attachment's name, its text, and the
// parts inside a multipart.
func (m *mimeMessage) readPart(h header, body io.Reader, depth int) {
	if name := attachmentName(h); name != "" && len(m.attachments) < maxMIMEParts {
		m.attachments = append(m.attachments, name)
	}
	mediaType, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		mediaType = "text/plain" // RFC 2045's default
	}
	switch {
	case strings.HasPrefix(mediaType, "multipart/"):
		m.readMultipart(body, params["boundary"], depth)
	case mediaType == "message/rfc822" && depth < maxMIMEDepth:
		if inner, err := mail.ReadMessage(decodedBody(h, body)); err == nil {
			m.readPart(inner.Header, inner.Body, depth+1)
		} else {
			m.partial = true
		}
	case strings.HasPrefix(mediaType, "text/"):
		b, err := io.ReadAll(io.LimitReader(decodedBody(h, body), maxContent))
		if err != nil {
			m.partial = true
		}
		if t := strings.TrimSpace(string(b)); t != "" {
			m.content = append(m.content, t)
		}
	}
}

// readMultipart reads the parts of a multipart body.
func (m *mimeMessage) readMultipart(body io.Reader, boundary string, depth int) {
	if boundary == "" || depth >= maxMIMEDepth {
		m.partial = true
		return
	}
	r := multipart.NewReader(body, boundary)
	for n := 0; ; n++ {
		if n == maxMIMEParts {
			m.partial = true
			return
		}
		p, err := r.NextRawPart()
		if err == io.EOF {
			return
		}
		if err != nil {
			m.partial = true
			return
		}
		m.readPart(p.Header, p, depth+1)
	}
}

// attachmentName is the file name a part carries, decoded, or "".
func attachmentName(h header) string {
	name := ""
	if _, params, err := mime.ParseMediaType(h.Get("Content-Disposition")); err == nil {
		name = params["filename"]
	}
	if name == "" {
		if _, params, err := mime.ParseMediaType(h.Get("Content-Type")); err == nil {
			name = params["name"]
		}
	}
	var dec mime.WordDecoder
	if s, err := dec.DecodeHeader(name); err == nil {
		name = s
	}
	return strings.TrimSpace(name)
}

// decodedBody undoes a part's transfer encoding.
func decodedBody(h header, body io.Reader) io.Reader {
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, newlineDropper{body})
	case "quoted-printable":
		return quotedprintable.NewReader(body)
	}
	return body
}

// newlineDropper drops the line breaks of a base64 body, which
// encoding/base64's decoder already skips; it keeps spaces out too.
type newlineDropper struct{ r io.Reader }

func (d newlineDropper) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	return copy(p, bytes.Map(func(r rune) rune {
		if r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, p[:n])), err
}
