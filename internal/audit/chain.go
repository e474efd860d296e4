package audit

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"strconv"
	"time"

	"xapa/backoffice/internal/store"
)

// The audit log is a hash chain (docs/decisions/0012-audit-hash-chain.md):
// each entry's hash column holds the SHA-256, in lower-case hex, of the hash
// of the entry before it (by id) and of its own content (canonical). An entry
// changed, removed or slipped in between breaks the chain at the entry after
// it, or at itself; Verify finds the first break. Entries written before the
// chain existed have no hash: the chain starts at the first that has one.

// chainVersion starts every hashed text, so that a later canonical form can
// be told apart.
const chainVersion = "audit-v1\n"

// stored is an audit entry's content as its row holds it.
type stored struct {
	ID                                      int64
	ActorID                                 sql.NullInt64
	ActorEmail, Action, Target, Details, IP string
	CreatedAt                               time.Time
}

// hash is the entry's hash after an entry whose hash is prev ("" at the
// chain's start): SHA-256 of the version line and then of each field as its
// length in bytes, a colon, the field and a line feed, in this order: prev,
// id, actor id ("" for none), actor email, action, target, details (the
// stored JSON text as it is), ip, and the time in UTC as RFC 3339 with the
// fraction it has. Both databases give each field back exactly as written
// (times to the microsecond), so the hash is computed again from the row.
func (s stored) hash(prev string) string {
	actor := ""
	if s.ActorID.Valid {
		actor = strconv.FormatInt(s.ActorID.Int64, 10)
	}
	h := sha256.New()
	h.Write([]byte(chainVersion))
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
func (s stored) append(ctx context.Context, tx *sql.Tx, d store.Dialect) error {
	if err := d.LockXactNamed(ctx, tx, store.LockAudit); err != nil {
		return err
	}
	var prev sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1`).Scan(&prev)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if s.ID, err = d.NextID(ctx, tx, "audit_log"); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO audit_log (id, actor_id, actor_email, action, target, details, ip, created_at, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		s.ID, s.ActorID, s.ActorEmail, s.Action, s.Target, s.Details, s.IP, s.CreatedAt, s.hash(prev.String))
	return err
}
