package audit

import (
	"context"
	"database/sql"

	"xapa/backoffice/internal/store"
)

// Verification is what Verify found.
type Verification struct {
	Verified  int64  // chained entries whose content and link match, up to the first break
	Unkeyed   int64  // of those, the entries hashed before the chain was keyed (plain SHA-256)
	Unchained int64  // entries before the chain's first, written before the chain existed
	BrokenAt  *int64 // the first entry whose content or link does not match; nil when none
	Head      string // the hash of the last entry verified ("" for none)
	Last      int64  // the id of the last entry verified (0 for none)
	// Unsealed says that the newest entry carries the unkeyed hash: the log
	// was rewritten in the old form from its start, or cut back to it (see
	// Verify). BrokenAt is then that entry.
	Unsealed bool
	keyed    bool // a keyed entry was verified: no unkeyed one may follow
}

// verifyBatch is how many entries each query of Verify reads.
const verifyBatch = 1000

// Verify checks the whole chain, oldest entry first, in batches read by id
// (each a short query, never the whole table at once): each chained entry's
// hash must be that of the entry before it and of its own content, and no
// entry after the chain's first may lack a hash. It stops at the first entry
// that fails. Entries appended while it runs are checked as well.
//
// Entries hashed before the chain was keyed are taken only as its first
// part, and the newest entry must be keyed: whoever lacks the key can
// rewrite the log in the old form only from its first entry to its last,
// and that is a break. A server appends a keyed checkpoint within a minute
// of its start, so a log carried over from an older version ends keyed.
func Verify(ctx context.Context, db *store.DB) (Verification, error) {
	var v Verification
	if err := v.from(ctx, db, db); err != nil {
		return v, err
	}
	if v.BrokenAt == nil && v.Verified > 0 && !v.keyed {
		last := v.Last
		v.BrokenAt, v.Unsealed = &last, true
		v.Verified, v.Unkeyed = v.Verified-1, v.Unkeyed-1
	}
	return v, nil
}

// Verify checks the audit log's chain (see Verify).
func (s *Service) Verify(ctx context.Context) (Verification, error) { return Verify(ctx, s.db) }

// from checks the entries after v.Last, read through q, to the newest or the
// first break.
func (v *Verification) from(ctx context.Context, db *store.DB, q store.Querier) error {
	k, err := keysOf(db)
	if err != nil {
		return err
	}
	for {
		n, err := v.batch(ctx, q, k)
		if err != nil || n < verifyBatch || v.BrokenAt != nil {
			return err
		}
	}
}

// batch checks up to verifyBatch entries after v.Last and returns how many
// it read.
func (v *Verification) batch(ctx context.Context, q store.Querier, k keys) (int, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, actor_id, actor_email, action, target, details, ip, created_at, hash
		FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2`, v.Last, verifyBatch)
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
		v.check(k, s, hash)
		n++
	}
	return n, rows.Err()
}

// check takes the next entry: an unchained one before the chain's first is
// counted apart; any other must carry the keyed hash that follows Head, or,
// until the first keyed entry, the plain one.
func (v *Verification) check(k keys, s stored, hash sql.NullString) {
	switch {
	case !hash.Valid && v.Verified == 0:
		v.Unchained++
		v.Last = s.ID
		return
	case !hash.Valid:
		v.BrokenAt = &s.ID
		return
	case hash.String == s.hash(k.chain, v.Head):
		v.keyed = true
	case !v.keyed && hash.String == s.legacyHash(v.Head):
		v.Unkeyed++
	default:
		v.BrokenAt = &s.ID
		return
	}
	v.Verified++
	v.Head, v.Last = hash.String, s.ID
}
