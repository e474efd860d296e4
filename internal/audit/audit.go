// Package audit appends to the audit log: who did what, to what, when and
// from where. Rows are never updated or deleted. Details never hold a
// password, a code or a token.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"xapa/backoffice/internal/store"
)

// Entry is one audit record.
type Entry struct {
	ActorID    int64 // 0 when nobody is signed in (e.g. a failed sign-in)
	ActorEmail string
	Action     string // dotted, e.g. "login.success", "role.update"
	Target     string // e.g. "user:42"
	Details    map[string]any
	IP         string
}

// UserTarget names a user as the target of an entry ("user:42").
func UserTarget(id int64) string { return fmt.Sprintf("user:%d", id) }

// Actor is the signed-in staff member doing a write, and from where.
type Actor struct {
	ID    int64
	Email string
	IP    string
	// Hook, when set, sees each of the actor's entries before it is written,
	// in the transaction of the change: it may add to the details, or refuse
	// the write (the change then rolls back). The four-eyes approval uses it
	// (internal/httpapi/approvals.go).
	Hook func(ctx context.Context, db store.Execer, e *Entry) error
}

// Record appends what actor did.
func (a Actor) Record(ctx context.Context, db store.Execer, action, target string, details map[string]any) error {
	e := Entry{ActorID: a.ID, ActorEmail: a.Email, Action: action, Target: target, Details: details, IP: a.IP}
	if a.Hook != nil {
		if err := a.Hook(ctx, db, &e); err != nil {
			return err
		}
	}
	return Record(ctx, db, e)
}

// Record appends e to the chain (chain.go). Call it in the transaction of
// the write it records (a transaction DB.Tx runs), so both land or neither
// does: the entry is then written last in that transaction, just before its
// commit. Given the *store.DB, it writes the entry in a transaction of its own.
func Record(ctx context.Context, db store.Execer, e Entry) error {
	r, err := e.stored(store.Now())
	if err != nil {
		return err
	}
	switch db := db.(type) {
	case *sql.Tx:
		return store.BeforeCommit(db, r.append)
	case *store.DB:
		return db.Tx(ctx, func(tx *sql.Tx) error { return r.append(ctx, tx, db) })
	}
	return fmt.Errorf("audit: Record needs a *store.DB or a transaction of one, not %T", db)
}

// stored is e as its row holds it, written at, its id not yet known.
func (e Entry) stored(at time.Time) (stored, error) {
	details := []byte("{}")
	if len(e.Details) > 0 {
		var err error
		if details, err = json.Marshal(e.Details); err != nil {
			return stored{}, err
		}
	}
	return stored{ActorID: sql.NullInt64{Int64: e.ActorID, Valid: e.ActorID != 0}, ActorEmail: e.ActorEmail,
		Action: e.Action, Target: e.Target, Details: string(details), IP: e.IP, CreatedAt: at}, nil
}
