package audit

import (
	"context"
	"crypto/ed25519"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"hash"
	"strconv"
	"time"

	"xapa/backoffice/internal/store"
)

// The audit log is a keyed hash chain (docs/decisions/0012-audit-hash-chain.md):
// each entry's hash column holds the HMAC-SHA256, in lower-case hex, of the
// hash of the entry before it (by id) and of its own content (canonical),
// keyed with a key derived from the audit key of the secrets key file. An
// entry changed, removed or slipped in between breaks the chain at the entry
// after it, or at itself, and without the key nobody can compute the hashes
// again; Verify finds the first break. Entries written before the chain
// existed have no hash; entries written before it was keyed carry a plain
// SHA-256 ("audit-v1"): the chain starts at the first entry that has a hash.

// Versions start every hashed text, so that the forms can be told apart.
const (
	chainV1 = "audit-v1\n" // plain SHA-256, before the chain was keyed
	chainV2 = "audit-v2\n" // HMAC-SHA256 under the chain key
)

// ErrNoKey is a write or a check of the chain on a database opened without
// the audit key of its secrets key file.
var ErrNoKey = errors.New("audit: the database was opened without the audit key (secrets key file)")

// keys are the keys derived from the audit key: one keys the chain, one
// signs checkpoints. Derived apart, a leaked chain key signs nothing.
type keys struct {
	chain  []byte
	signer ed25519.PrivateKey
}

// chainKeyOf derives the key of db's chain: all an append needs (the
// signing key costs more to derive, and only checkpoints use it).
func chainKeyOf(db *store.DB) ([]byte, error) {
	if len(db.AuditKey) == 0 {
		return nil, ErrNoKey
	}
	return hkdf.Key(sha256.New, db.AuditKey, nil, "xapa audit chain v2", 32)
}

// keysOf derives db's audit keys.
func keysOf(db *store.DB) (keys, error) {
	chain, err := chainKeyOf(db)
	if err != nil {
		return keys{}, err
	}
	seed, err := hkdf.Key(sha256.New, db.AuditKey, nil, "xapa audit checkpoint v1", ed25519.SeedSize)
	if err != nil {
		return keys{}, err
	}
	return keys{chain: chain, signer: ed25519.NewKeyFromSeed(seed)}, nil
}

// PublicKey is the hex Ed25519 key that checks db's checkpoints: what a
// receiver of the audit stream keeps to check them.
func PublicKey(db *store.DB) (string, error) {
	k, err := keysOf(db)
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(k.signer.Public().(ed25519.PublicKey)), nil
}

// stored is an audit entry's content as its row holds it.
type stored struct {
	ID                                      int64
	ActorID                                 sql.NullInt64
	ActorEmail, Action, Target, Details, IP string
	CreatedAt                               time.Time
}

// hash is the entry's hash after an entry whose hash is prev ("" at the
// chain's start), keyed with key: HMAC-SHA256 of the version line and then
// of each field as its length in bytes, a colon, the field and a line feed,
// in this order: prev, id, actor id ("" for none), actor email, action,
// target, details (the stored JSON text as it is), ip, and the time in UTC
// as RFC 3339 with the fraction it has. Both databases give each field back
// exactly as written (times to the microsecond), so the hash is computed
// again from the row.
func (s stored) hash(key []byte, prev string) string {
	return s.sum(hmac.New(sha256.New, key), chainV2, prev)
}

// legacyHash is the hash of an entry written before the chain was keyed:
// the same text under plain SHA-256.
func (s stored) legacyHash(prev string) string { return s.sum(sha256.New(), chainV1, prev) }

func (s stored) sum(h hash.Hash, version, prev string) string {
	actor := ""
	if s.ActorID.Valid {
		actor = strconv.FormatInt(s.ActorID.Int64, 10)
	}
	h.Write([]byte(version))
	for _, f := range []string{prev, strconv.FormatInt(s.ID, 10), actor, s.ActorEmail, s.Action, s.Target, s.Details, s.IP,
		s.CreatedAt.UTC().Format(time.RFC3339Nano)} {
		h.Write([]byte(strconv.Itoa(len(f)) + ":" + f + "\n"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// append inserts s at the end of the chain, in tx. The chain's lock
// (store.LockAudit on PostgreSQL, the write lock on SQLite) makes appends
// one at a time across every node: the previous hash is read, the id taken
// and the row inserted under it, and it is held until tx ends, so the next
// append reads this row's hash. Record runs it last in the transaction.
func (s stored) append(ctx context.Context, tx *sql.Tx, db *store.DB) error {
	key, err := chainKeyOf(db)
	if err != nil {
		return err
	}
	if err := db.Dialect.LockXactNamed(ctx, tx, store.LockAudit); err != nil {
		return err
	}
	var prev sql.NullString
	err = tx.QueryRowContext(ctx, `SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1`).Scan(&prev)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if s.ID, err = db.Dialect.NextID(ctx, tx, "audit_log"); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO audit_log (id, actor_id, actor_email, action, target, details, ip, created_at, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		s.ID, s.ActorID, s.ActorEmail, s.Action, s.Target, s.Details, s.IP, s.CreatedAt, s.hash(key, prev.String))
	return err
}
