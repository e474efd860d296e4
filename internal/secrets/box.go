// Package secrets keeps secrets at rest sealed: second-factor (TOTP)
// secrets, the server's own keys and mail bodies are stored encrypted with
// AES-256-GCM under a key that lives in a file, not in the database, so
// neither the database nor its backups give them away (decision 0003).
//
// A key file holds one or more keys, 64 hex digits a line (lines starting
// with # are comments): the first seals, every one opens. A line "audit"
// and 64 hex digits holds the audit log's key, which keys its chain and
// signs its checkpoints (internal/audit); it never changes with rotation. A sealed value is
// "enc:v1:<key id>:<base64 of nonce and ciphertext>", where the key id is the
// first 4 bytes of the key's SHA-256; the column it belongs to is the
// additional data, so a value copied into another column does not open.
package secrets

import (
	"bufio"
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Prefix starts every sealed value.
const Prefix = "enc:v1:"

// KeySize is the length of a key: AES-256.
const KeySize = 32

// ErrUnsealable is a value that does not open with any key held: sealed
// under a key this server does not have, altered, or moved from another
// column.
var ErrUnsealable = errors.New("secrets: the value does not open with the keys held")

type key struct {
	id   string
	aead cipher.AEAD
	raw  []byte
}

// Box seals and opens values with a ring of keys.
type Box struct {
	mu    sync.RWMutex
	keys  []key  // keys[0] seals
	audit []byte // the audit log's key; nil when the file holds none
	path  string // the key file; "" in memory
	// A box read from a file follows it: before sealing it looks whether
	// the file changed (at most once a second), and a value naming a key it
	// does not hold makes it read the file again (at most once a second, so
	// garbage values cannot make it read the file on every request). So
	// every node picks up a key added by `backoffice secrets rotate`
	// within a second, without a restart.
	checked time.Time // when the file was last looked at for a change
	reread  time.Time // when it was last read for a key not held
	stamp   fileStamp // the file as last read
	now     func() time.Time
}

// fileStamp tells whether a file changed.
type fileStamp struct {
	mod  time.Time
	size int64
}

// New returns a box holding keys in memory; the first one seals.
func New(keys ...[]byte) (*Box, error) {
	ring, err := makeRing(keys)
	if err != nil {
		return nil, err
	}
	return &Box{keys: ring, now: time.Now}, nil
}

// Ephemeral returns a box with one random key and a random audit key, held
// in memory only: for tests, whose sealed values die with them.
func Ephemeral() *Box {
	b, err := New(NewKey())
	if err != nil {
		panic(err)
	}
	b.audit = NewKey()
	return b
}

// AuditKey is the audit log's key (nil when the key file holds none).
func (b *Box) AuditKey() []byte {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return bytes.Clone(b.audit)
}

// NewKey returns a random key.
func NewKey() []byte {
	k := make([]byte, KeySize)
	if _, err := rand.Read(k); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return k
}

func makeRing(keys [][]byte) ([]key, error) {
	if len(keys) == 0 {
		return nil, errors.New("secrets: no key")
	}
	ring := make([]key, 0, len(keys))
	for _, raw := range keys {
		if len(raw) != KeySize {
			return nil, fmt.Errorf("secrets: a key must be %d bytes, not %d", KeySize, len(raw))
		}
		block, err := aes.NewCipher(raw)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		ring = append(ring, key{id: KeyID(raw), aead: aead, raw: bytes.Clone(raw)})
	}
	return ring, nil
}

// KeyID names a key in sealed values: the first 4 bytes of its SHA-256, in hex.
func KeyID(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:4])
}

// CurrentID is the id of the key that seals.
func (b *Box) CurrentID() string {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return b.keys[0].id
}

// IDs are the ids of every key held, the sealing one first.
func (b *Box) IDs() []string {
	b.mu.RLock()
	defer b.mu.RUnlock()
	ids := make([]string, len(b.keys))
	for i, k := range b.keys {
		ids[i] = k.id
	}
	return ids
}

// Seal encrypts plaintext for purpose (the column it is stored in, e.g.
// "users.ga_secret").
func (b *Box) Seal(purpose string, plaintext []byte) string {
	b.follow(false)
	b.mu.RLock()
	k := b.keys[0]
	b.mu.RUnlock()
	nonce := make([]byte, k.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic(err)
	}
	out := k.aead.Seal(nonce, nonce, plaintext, []byte(purpose))
	return Prefix + k.id + ":" + base64.RawStdEncoding.EncodeToString(out)
}

// SealString is Seal of a string.
func (b *Box) SealString(purpose, plaintext string) string { return b.Seal(purpose, []byte(plaintext)) }

// Open decrypts a value sealed for purpose.
func (b *Box) Open(purpose, sealed string) ([]byte, error) {
	id, data, ok := parse(sealed)
	if !ok {
		return nil, ErrUnsealable
	}
	k, ok := b.find(id)
	if !ok {
		return nil, ErrUnsealable
	}
	n := k.aead.NonceSize()
	if len(data) < n {
		return nil, ErrUnsealable
	}
	plain, err := k.aead.Open(nil, data[:n], data[n:], []byte(purpose))
	if err != nil {
		return nil, ErrUnsealable
	}
	return plain, nil
}

// OpenString is Open to a string.
func (b *Box) OpenString(purpose, sealed string) (string, error) {
	p, err := b.Open(purpose, sealed)
	return string(p), err
}

// IsSealed says whether v looks like a sealed value (a value stored before
// sealing began does not).
func IsSealed(v string) bool { return strings.HasPrefix(v, Prefix) }

// SealedWith is the id of the key v was sealed with, or "".
func SealedWith(v string) string {
	id, _, ok := parse(v)
	if !ok {
		return ""
	}
	return id
}

func parse(v string) (id string, data []byte, ok bool) {
	rest, ok := strings.CutPrefix(v, Prefix)
	if !ok {
		return "", nil, false
	}
	id, enc, ok := strings.Cut(rest, ":")
	if !ok {
		return "", nil, false
	}
	data, err := base64.RawStdEncoding.DecodeString(enc)
	if err != nil {
		return "", nil, false
	}
	return id, data, true
}

// find returns the key named id, reading the key file again when it holds
// no such key.
func (b *Box) find(id string) (key, bool) {
	b.mu.RLock()
	k, ok := lookup(b.keys, id)
	b.mu.RUnlock()
	if ok {
		return k, true
	}
	b.follow(true)
	b.mu.RLock()
	defer b.mu.RUnlock()
	return lookup(b.keys, id)
}

// follow reads the key file again when it changed (or, with force, in any
// case), at most once a second.
func (b *Box) follow(force bool) {
	if b.path == "" {
		return
	}
	last := func() *time.Time {
		if force {
			return &b.reread
		}
		return &b.checked
	}
	b.mu.RLock()
	recent := b.now().Sub(*last()) < time.Second
	b.mu.RUnlock()
	if recent {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.now().Sub(*last()) < time.Second {
		return
	}
	*last() = b.now()
	stamp, err := stampOf(b.path)
	if err != nil || (!force && stamp == b.stamp) {
		return
	}
	f, err := readKeys(b.path)
	if err != nil {
		return // keep the keys held: a file being replaced is renamed in whole, so this is a real fault, logged at start
	}
	if ring, err := makeRing(f.Keys); err == nil {
		b.keys, b.stamp = ring, stamp
	}
}

func stampOf(path string) (fileStamp, error) {
	info, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, err
	}
	return fileStamp{mod: info.ModTime(), size: info.Size()}, nil
}

func lookup(ring []key, id string) (key, bool) {
	for _, k := range ring {
		if k.id == id {
			return k, true
		}
	}
	return key{}, false
}

// Load reads a key file.
func Load(path string) (*Box, error) {
	stamp, err := stampOf(path)
	if err != nil {
		return nil, fmt.Errorf("secrets key file: %w", err)
	}
	f, err := readKeys(path)
	if err != nil {
		return nil, err
	}
	ring, err := makeRing(f.Keys)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Box{keys: ring, audit: f.Audit, path: path, stamp: stamp, checked: time.Now(), now: time.Now}, nil
}

// KeyFile is what a key file holds.
type KeyFile struct {
	Keys  [][]byte // the first seals, every one opens
	Audit []byte   // the audit log's key (nil: none)
}

// NewKeyFile is a new file's content: one new key and a new audit key.
func NewKeyFile() KeyFile { return KeyFile{Keys: [][]byte{NewKey()}, Audit: NewKey()} }

// LoadOrCreate reads a key file, first creating it with a new key and a new
// audit key (mode 0600) when it does not exist. created says whether it did.
func LoadOrCreate(path string) (box *Box, created bool, err error) {
	err = WriteKeyFile(path, NewKeyFile(), false)
	switch {
	case err == nil:
		created = true
	case !errors.Is(err, os.ErrExist):
		return nil, false, err
	}
	box, err = Load(path)
	return box, created, err
}

// AddAuditKey writes a new audit key into the key file at path when it
// holds none, keeping its keys; added says whether it did.
func AddAuditKey(path string) (added bool, err error) {
	f, err := readKeys(path)
	if err != nil || f.Audit != nil {
		return false, err
	}
	f.Audit = NewKey()
	return true, WriteKeyFile(path, f, true)
}

// auditLine starts the line of a key file that holds the audit key.
const auditLine = "audit "

func readKeys(path string) (KeyFile, error) {
	var kf KeyFile
	info, err := os.Stat(path)
	if err != nil {
		return kf, fmt.Errorf("secrets key file: %w", err)
	}
	if info.Mode().Perm()&0o077 != 0 {
		return kf, fmt.Errorf("secrets key file %s: mode %04o lets others read it; chmod 600 it", path, info.Mode().Perm())
	}
	f, err := os.Open(path)
	if err != nil {
		return kf, fmt.Errorf("secrets key file: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		text, audit := strings.CutPrefix(line, auditLine)
		k, err := hex.DecodeString(strings.TrimSpace(text))
		if err != nil || len(k) != KeySize || (audit && kf.Audit != nil) {
			return kf, fmt.Errorf("secrets key file %s, line %d: want %d hex digits, or \"audit\" and %d hex digits once",
				path, n, 2*KeySize, 2*KeySize)
		}
		if audit {
			kf.Audit = k
		} else {
			kf.Keys = append(kf.Keys, k)
		}
	}
	if err := sc.Err(); err != nil {
		return kf, err
	}
	if len(kf.Keys) == 0 {
		return kf, fmt.Errorf("secrets key file %s holds no key", path)
	}
	return kf, nil
}

// WriteKeyFile writes f to path with mode 0600. With
// replace false it fails with os.ErrExist when the file exists; with replace
// true it replaces the file in one rename, so a reader sees the old file or
// the new one, never half of either.
func WriteKeyFile(path string, f KeyFile, replace bool) error {
	var buf strings.Builder
	buf.WriteString("# Xapa Back Office secrets key file: the first key seals, every key opens. Keep it out of backups of the database.\n")
	for _, k := range f.Keys {
		buf.WriteString(hex.EncodeToString(k) + "\n")
	}
	if f.Audit != nil {
		buf.WriteString("# The audit log's key: it keys the chain and signs checkpoints. Never change it.\n")
		buf.WriteString(auditLine + hex.EncodeToString(f.Audit) + "\n")
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return err
		}
	}
	if !replace {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err != nil {
			return err
		}
		if _, err := f.WriteString(buf.String()); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".secrets-key-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.WriteString(buf.String()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// keyFile is what the box holds, as a key file would.
func (b *Box) keyFile() KeyFile { return KeyFile{Keys: b.keysRaw(), Audit: b.AuditKey()} }

// keysRaw returns the raw keys held, the sealing one first.
func (b *Box) keysRaw() [][]byte {
	b.mu.RLock()
	defer b.mu.RUnlock()
	out := make([][]byte, len(b.keys))
	for i, k := range b.keys {
		out[i] = k.raw
	}
	return out
}
