package audit

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// KeySize is the size of an audit key in bytes.
const KeySize = 32

// A key file holds the key as 64 hexadecimal digits and a newline, so that
// it can be copied to the other servers that share a PostgreSQL log.

// LoadKey reads the audit key at path. A missing file is an error that
// wraps fs.ErrNotExist; a file that does not hold a key says so.
func LoadKey(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	key, err := hex.DecodeString(string(bytes.TrimSpace(data)))
	if err != nil || len(key) != KeySize {
		return nil, fmt.Errorf("audit key: %s does not hold a key (%d hexadecimal digits on one line); "+
			"restore it from a copy, or move it away to start a new key (the records keyed with it will no longer verify)",
			path, 2*KeySize)
	}
	return key, nil
}

// LoadOrCreateKey reads the audit key at path, creating it first, readable
// by its owner only, when there is none. Processes creating it at once end
// up with the same key: the file appears whole or not at all.
func LoadOrCreateKey(path string) ([]byte, error) {
	key, err := LoadKey(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return key, err
	}
	key = make([]byte, KeySize)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".audit-key-*")
	if err != nil {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		tmp.Close()
		return nil, fmt.Errorf("audit key: %w", err)
	}
	_, werr := tmp.WriteString(hex.EncodeToString(key) + "\n")
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return nil, fmt.Errorf("audit key: %w", werr)
	}
	// A link never replaces a file: when another process made the key
	// first, this one reads it.
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("audit key: %w", err)
	}
	return LoadKey(path)
}

// KeyID names a key without revealing it: the first 16 hexadecimal digits
// of an HMAC of a fixed text. The record that marks where a log became
// keyed carries it, so that a key that is not the log's is named as such.
func KeyID(key []byte) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("actionguard audit key id"))
	return hex.EncodeToString(m.Sum(nil))[:16]
}
