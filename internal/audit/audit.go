// Package audit appends to the audit log: who did what, to what, when and
// from where. Rows are never updated or deleted. Details never hold a
// password, a code or a token.
package audit

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"xapa/backoffice/internal/store"
)

// Execer is a database or a transaction.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

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
	Hook func(ctx context.Context, db Execer, e *Entry) error
}

// Record appends what actor did.
func (a Actor) Record(ctx context.Context, db Execer, action, target string, details map[string]any) error {
	e := Entry{ActorID: a.ID, ActorEmail: a.Email, Action: action, Target: target, Details: details, IP: a.IP}
	if a.Hook != nil {
		if err := a.Hook(ctx, db, &e); err != nil {
			return err
		}
	}
	return Record(ctx, db, e)
}

// Record appends e. Call it in the transaction of the write it records, so
// both land or neither does.
func Record(ctx context.Context, db Execer, e Entry) error {
	details := []byte("{}")
	if len(e.Details) > 0 {
		var err error
		if details, err = json.Marshal(e.Details); err != nil {
			return err
		}
	}
	var actor any
	if e.ActorID != 0 {
		actor = e.ActorID
	}
	_, err := db.ExecContext(ctx, `INSERT INTO audit_log (actor_id, actor_email, action, target, details, ip, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, actor, e.ActorEmail, e.Action, e.Target, string(details), e.IP, store.Now())
	return err
}
