package audit

import (
	"context"
	"database/sql"

	"xapa/backoffice/internal/store"
)

// Verification is what Verify found.
type Verification struct {
	Verified  int64  // chained entries whose content and link match, up to the first break
	Unchained int64  // entries before the chain's first, written before the chain existed
	BrokenAt  *int64 // the first entry whose content or link does not match; nil when none
	Head      string // the hash of the last entry verified ("" for none)
}

// verifyBatch is how many entries each query of Verify reads.
const verifyBatch = 1000

// Verify checks the whole chain, oldest entry first, in batches read by id
// (each a short query, never the whole table at once): each chained entry's
// hash must be that of the entry before it and of its own content, and no
// entry after the chain's first may lack a hash. It stops at the first entry
// that fails. Entries appended while it runs are checked as well.
func Verify(ctx context.Context, db *store.DB) (Verification, error) {
	var v Verification
	for after := int64(0); ; {
		n, err := v.batch(ctx, db, &after)
		if err != nil || n < verifyBatch || v.BrokenAt != nil {
			return v, err
		}
	}
}

// Verify checks the audit log's chain (see Verify).
func (s *Service) Verify(ctx context.Context) (Verification, error) { return Verify(ctx, s.db) }

// batch checks up to verifyBatch entries after the id *after, moves *after
// on and returns how many it read.
func (v *Verification) batch(ctx context.Context, db *store.DB, after *int64) (int, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, actor_id, actor_email, action, target, details, ip, created_at, hash
		FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2`, *after, verifyBatch)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() && v.BrokenAt == nil {
		var s stored
		var hash sql.NullString
		if err := rows.Scan(&s.ID, &s.ActorID, &s.ActorEmail, &s.Action, &s.Target, &s.Details, &s.IP, &s.CreatedAt, &hash); err != nil {
			return n, err
		}
		v.check(s, hash)
		*after, n = s.ID, n+1
	}
	return n, rows.Err()
}

// check takes the next entry: an unchained one before the chain's first is
// counted apart; any other must carry the hash that follows Head.
func (v *Verification) check(s stored, hash sql.NullString) {
	switch {
	case !hash.Valid && v.Verified == 0:
		v.Unchained++
	case !hash.Valid || hash.String != s.hash(v.Head):
		v.BrokenAt = &s.ID
	default:
		v.Verified++
		v.Head = hash.String
	}
}
