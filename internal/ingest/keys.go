package ingest

import (
	"context"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// SignatureWindow is how far a request's timestamp may be from now.
const SignatureWindow = 300 * time.Second

// The headers of a signed request.
const (
	KeyHeader       = "X-Ingest-Key"
	TimestampHeader = "X-Ingest-Timestamp"
	SignatureHeader = "X-Ingest-Signature"
)

// Key is an ingest key as listed: never its secret.
type Key struct {
	ID        string  `json:"id"`
	Source    string  `json:"source"`
	CreatedAt string  `json:"created_at"`
	RevokedAt *string `json:"revoked_at"`
}

// Keys makes, lists, revokes and checks ingest keys. A key's secret is
// derived from the secrets key file (db.AuditKey) and the key's id and
// salt, so neither the database nor a copy of it holds it.
type Keys struct {
	db  *store.DB
	now func() time.Time
}

// NewKeys is the keys of db, with the clock now (nil: the system's).
func NewKeys(db *store.DB, now func() time.Time) *Keys {
	return &Keys{db: db, now: utc.Clock(now)}
}

// ErrNoRootKey says the secrets key file holds no audit key to derive secrets from.
var ErrNoRootKey = errors.New("ingest keys need the audit key of the secrets key file: run backoffice secrets init on it")

// secret is the secret of key id with salt.
func (k *Keys) secret(id, salt string) (string, error) {
	if len(k.db.AuditKey) == 0 {
		return "", ErrNoRootKey
	}
	raw, err := hkdf.Key(sha256.New, k.db.AuditKey, []byte(salt), "xapa ingest key v1 "+id, 32)
	return hex.EncodeToString(raw), err
}

func hashOf(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Create makes a key for source, audited by actor as ingest_key.create, and
// returns its id and its secret: the only time the secret is shown.
func (k *Keys) Create(ctx context.Context, actor audit.Actor, source string) (id, secret string, err error) {
	source = strings.TrimSpace(source)
	if source == "" || len(source) > 256 {
		return "", "", apperr.Fieldf("source", "Give the source the key speaks for: 1 to 256 characters.")
	}
	id = "ik_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(randomBytes(10)))
	salt := hex.EncodeToString(randomBytes(16))
	if secret, err = k.secret(id, salt); err != nil {
		return "", "", err
	}
	err = k.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ingest_keys (id, source, salt, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5)`,
			id, source, salt, hashOf(secret), k.now()); err != nil {
			return err
		}
		return actor.Record(ctx, tx, "ingest_key.create", "ingest_key:"+id, map[string]any{"source": source})
	})
	return id, secret, err
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return b
}

// List is every key, newest first.
func (k *Keys) List(ctx context.Context) ([]Key, error) {
	rows, err := k.db.QueryContext(ctx, `SELECT id, source, created_at, revoked_at FROM ingest_keys ORDER BY created_at DESC, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	keys := []Key{}
	for rows.Next() {
		var key Key
		var created time.Time
		var revoked sql.NullTime
		if err := rows.Scan(&key.ID, &key.Source, &created, &revoked); err != nil {
			return nil, err
		}
		key.CreatedAt = utc.Stamp(created)
		if revoked.Valid {
			at := utc.Stamp(revoked.Time)
			key.RevokedAt = &at
		}
		keys = append(keys, key)
	}
	return keys, rows.Err()
}

// Revoke revokes key id, audited by actor as ingest_key.revoke: from then on
// it opens nothing.
func (k *Keys) Revoke(ctx context.Context, actor audit.Actor, id string) error {
	return k.db.Tx(ctx, func(tx *sql.Tx) error {
		var source string
		err := tx.QueryRowContext(ctx, `UPDATE ingest_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL RETURNING source`,
			k.now(), id).Scan(&source)
		if errors.Is(err, sql.ErrNoRows) {
			return &apperr.NotFound{What: "Ingest key (not revoked)"}
		}
		if err != nil {
			return err
		}
		return actor.Record(ctx, tx, "ingest_key.revoke", "ingest_key:"+id, map[string]any{"source": source})
	})
}

// ErrBadSignature refuses a request whose key, timestamp or signature does
// not hold; it never says which.
var ErrBadSignature = errors.New("ingest: missing or wrong key, timestamp or signature")

// Caller is a request's ingest key, its timestamp checked, before its body
// is read: that read costs up to 4 MiB, and an unknown key never gets it.
type Caller struct {
	Source    string // what the key speaks for
	secret    string
	timestamp string
}

// Open checks a request's key id and timestamp (unix seconds, within
// SignatureWindow of now), and returns the caller to Verify its body.
func (k *Keys) Open(ctx context.Context, id, timestamp string) (*Caller, error) {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || id == "" || len(id) > 64 {
		return nil, ErrBadSignature
	}
	if d := k.now().Sub(time.Unix(ts, 0)); d > SignatureWindow || d < -SignatureWindow {
		return nil, ErrBadSignature
	}
	var salt, stored string
	c := &Caller{timestamp: timestamp}
	err = k.db.QueryRowContext(ctx, `SELECT source, salt, secret_hash FROM ingest_keys WHERE id = $1 AND revoked_at IS NULL`, id).
		Scan(&c.Source, &salt, &stored)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrBadSignature
	}
	if err != nil {
		return nil, err
	}
	if c.secret, err = k.secret(id, salt); err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(hashOf(c.secret)), []byte(stored)) != 1 {
		return nil, ErrBadSignature // the key file is not the one the key was made with
	}
	return c, nil
}

// Verify checks the request's signature: "sha256=" and the hex HMAC-SHA256
// of "<timestamp>.<body>" keyed with the key's secret.
func (c *Caller) Verify(signature string, body []byte) error {
	hexSum, ok := strings.CutPrefix(signature, "sha256=")
	sent, err := hex.DecodeString(hexSum)
	if !ok || err != nil || !hmac.Equal(sent, Sign(c.secret, c.timestamp, body)) {
		return ErrBadSignature
	}
	return nil
}

// Sign is the signature of body sent at timestamp with secret: the HMAC-SHA256
// of "<timestamp>.<body>".
func Sign(secret, timestamp string, body []byte) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(timestamp + "."))
	m.Write(body)
	return m.Sum(nil)
}
