package auditstream

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"xapa/backoffice/internal/store"
)

// Batch is the body of one delivery: entries in id order.
type Batch struct {
	Entries []Entry `json:"entries"`
}

// Entry is one audit entry as delivered. Hash is nil for the entries written
// before the chain (docs/decisions/0012-audit-hash-chain.md). Details is the
// stored JSON text as it is (the app writes it compact), so a receiver can
// compute each hash again from the fields; CreatedAt is the time as hashed:
// RFC 3339 in UTC with the fraction it has.
type Entry struct {
	ID   int64   `json:"id"`
	Hash *string `json:"hash"`
	// PrevHash is the hash of the entry before this one: the last one delivered for a batch's first entry. A
	// receiver that keeps the last hash it took sees a gap or a rewrite where the two differ.
	PrevHash   *string         `json:"prev_hash"`
	CreatedAt  string          `json:"created_at"`
	ActorID    *int64          `json:"actor_id"`
	ActorEmail string          `json:"actor_email"`
	Action     string          `json:"action"`
	Target     string          `json:"target"`
	Details    json.RawMessage `json:"details"`
	IP         string          `json:"ip"`
}

// size is about how many bytes e takes in a body.
func (e Entry) size() int {
	return 200 + len(e.ActorEmail) + len(e.Action) + len(e.Target) + len(e.Details) + len(e.IP)
}

// readBatch reads the entries after the id after, oldest first: at most
// limit, and no more than fit in MaxBody (always at least one), each with the
// hash before it, prev for the first. full says that a limit cut the batch,
// so more entries may wait.
func readBatch(ctx context.Context, db *store.DB, after int64, prev *string, limit int) (entries []Entry, full bool, err error) {
	rows, err := db.QueryContext(ctx, `SELECT id, hash, created_at, actor_id, actor_email, action, target, details, ip
		FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2`, after, limit)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	size := 0
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, false, err
		}
		if len(entries) > 0 && size+e.size() > MaxBody {
			return entries, true, nil
		}
		e.PrevHash, prev = prev, e.Hash
		entries, size = append(entries, e), size+e.size()
	}
	return entries, len(entries) == limit, rows.Err()
}

// scanEntry reads one row of readBatch's query.
func scanEntry(rows *sql.Rows) (Entry, error) {
	var e Entry
	var hash sql.NullString
	var actor sql.NullInt64
	var at time.Time
	var details string
	if err := rows.Scan(&e.ID, &hash, &at, &actor, &e.ActorEmail, &e.Action, &e.Target, &details, &e.IP); err != nil {
		return e, err
	}
	if hash.Valid {
		e.Hash = &hash.String
	}
	if actor.Valid {
		e.ActorID = &actor.Int64
	}
	e.CreatedAt = at.UTC().Format(time.RFC3339Nano)
	e.Details = json.RawMessage(details)
	if !json.Valid(e.Details) { // not written by the app: sent as a JSON string, never dropped
		e.Details, _ = json.Marshal(details)
	}
	return e, nil
}

// encode is the body of a batch: compact JSON, the details as stored (no
// HTML escaping added).
func encode(entries []Entry) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(Batch{Entries: entries}); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
