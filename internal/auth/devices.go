package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Signed-in devices are live full sessions: those Authenticate still
// accepts (not revoked, not expired, not idle past IdleTimeout). Everyone
// lists and ends their own; holders of ADMIN_SESSIONS list and end any staff
// member's (docs/decisions/0003-sign-in-and-sessions.md, "Own sessions, the
// staff sessions console and password change").

// ActiveSession is a live full session as the API lists it.
type ActiveSession struct {
	ID          int64  `json:"id"`
	Platform    string `json:"platform"`
	DeviceModel string `json:"deviceModel"`
	IP          string `json:"ip"`
	CreatedAt   string `json:"createdAt"`
	UpdatedAt   string `json:"updatedAt"`
}

// OwnSession is one of the caller's sessions; Current marks the calling one.
type OwnSession struct {
	ActiveSession
	Current bool `json:"current"`
}

// StaffSession is a staff member's session, as the sessions console lists
// it; Current marks the session making the call, which only the server knows.
type StaffSession struct {
	ActiveSession
	User    ledger.UserRef `json:"user"`
	Current bool           `json:"current"`
}

// StaffFilter selects the console's sessions: User is part of the staff
// member's email or username (empty: everyone's). Caller is the calling
// session's id, to mark it Current (it filters nothing).
type StaffFilter struct {
	User   string
	Caller int64
}

// The conditions on sessions s that Authenticate applies, with $1 the time
// and $2 the idle cut-off (liveArgs): live is any session that still works,
// liveFull a signed-in device.
const (
	live     = `s.revoked_at IS NULL AND s.expires_at > $1 AND s.updated_at > $2`
	liveFull = `s.kind = 'full' AND ` + live
)

// activeColumns are the columns of an ActiveSession, as scanActive reads them.
const activeColumns = `s.id, s.platform, s.device_model, s.ip, s.created_at, s.updated_at`

// MaxOwnSessions bounds the own list: a user opens at most one full session
// per 30-second code step (each step is accepted once), so a long list is an
// attack, which revoke-others ends whatever its length.
const MaxOwnSessions = 100

// liveArgs are the arguments of live at now, then more.
func liveArgs(now time.Time, more ...any) []any {
	return append([]any{now, now.Add(-IdleTimeout)}, more...)
}

// scanActive reads activeColumns, then more.
func scanActive(rows *sql.Rows, a *ActiveSession, more ...any) error {
	var created, updated time.Time
	if err := rows.Scan(append([]any{&a.ID, &a.Platform, &a.DeviceModel, &a.IP, &created, &updated}, more...)...); err != nil {
		return err
	}
	a.CreatedAt, a.UpdatedAt = utc.Stamp(created), utc.Stamp(updated)
	return nil
}

// OwnSessions lists the caller's live full sessions, newest first.
func (s *Service) OwnSessions(ctx context.Context, p *Principal) ([]OwnSession, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+activeColumns+` FROM sessions s WHERE `+liveFull+` AND s.user_id = $3
		ORDER BY s.created_at DESC, s.id DESC LIMIT $4`, liveArgs(s.now(), p.UserID, MaxOwnSessions)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []OwnSession{}
	for rows.Next() {
		var o OwnSession
		if err := scanActive(rows, &o.ActiveSession); err != nil {
			return nil, err
		}
		o.Current = o.ID == p.SessionID
		out = append(out, o)
	}
	return out, rows.Err()
}

// where is the console's condition on sessions s joined to their users u.
// A full session ends FullLifetime after its creation at the latest, so the
// bound on created_at, implied by liveFull, makes its read a range of the
// last 12 hours: of the index sessions_live_full_idx (migration 00013), or,
// where staff are few, of each staff member's sessions_user_idx (the plans
// both databases chose on 20,000 users).
func (f StaffFilter) where(d store.Dialect, now time.Time) (string, []any) {
	args := liveArgs(now, now.Add(-FullLifetime))
	cond := ` WHERE ` + liveFull + ` AND s.created_at > $3 AND u.is_admin = TRUE`
	if u := strings.TrimSpace(f.User); u != "" {
		args = append(args, store.LikePattern(u))
		cond += fmt.Sprintf(` AND (u.email %[1]s $%[2]d ESCAPE '\' OR u.username %[1]s $%[2]d ESCAPE '\')`, d.ILike(), len(args))
	}
	return cond, args
}

// StaffSessions returns a page of staff members' live full sessions, newest
// first, and their count. Customers' sessions are never listed.
func (s *Service) StaffSessions(ctx context.Context, f StaffFilter, limit, offset int) ([]StaffSession, int, error) {
	cond, args := f.where(s.db.Dialect, s.now())
	from := ` FROM sessions s JOIN users u ON u.id = s.user_id`
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*)`+from+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+activeColumns+`, u.id, u.email`+from+cond+
		fmt.Sprintf(` ORDER BY s.created_at DESC, s.id DESC LIMIT $%d OFFSET $%d`, len(args)+1, len(args)+2), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []StaffSession{}
	for rows.Next() {
		var ss StaffSession
		if err := scanActive(rows, &ss.ActiveSession, &ss.User.ID, &ss.User.Email); err != nil {
			return nil, 0, err
		}
		ss.Current = ss.ID == f.Caller
		out = append(out, ss)
	}
	return out, total, rows.Err()
}

// RevokeOwnSession ends one of the actor's own live sessions (the calling
// one too: that signs them out). Someone else's session is not found, as an
// unknown id is: nobody learns of others' sessions.
func (s *Service) RevokeOwnSession(ctx context.Context, actor audit.Actor, id int64) error {
	return s.revokeSession(ctx, actor, id, `s.user_id = $4`, actor.ID)
}

// RevokeStaffSession ends any staff member's live session (the sessions
// console); the audit row names its owner as the target.
func (s *Service) RevokeStaffSession(ctx context.Context, actor audit.Actor, id int64) error {
	return s.revokeSession(ctx, actor, id, `s.user_id IN (SELECT u.id FROM users u WHERE u.is_admin = TRUE)`)
}

// revokeSession ends the live full session id if who holds for it, and
// audits that, in one transaction; else the session is not found.
func (s *Service) revokeSession(ctx context.Context, actor audit.Actor, id int64, who string, whoArgs ...any) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var owner int64
		err := tx.QueryRowContext(ctx, `UPDATE sessions AS s SET revoked_at = $1 WHERE `+liveFull+` AND s.id = $3 AND `+who+
			` RETURNING user_id`, liveArgs(s.now(), append([]any{id}, whoArgs...)...)...).Scan(&owner)
		if errors.Is(err, sql.ErrNoRows) {
			return &apperr.NotFound{What: "Session"}
		}
		if err != nil {
			return err
		}
		return actor.Record(ctx, tx, "session.revoke", audit.UserTarget(owner), map[string]any{"session": id})
	})
}

// RevokeOtherSessions ends every other session of the caller that still
// works, and audits it; it returns how many ended. Sessions part-way through
// sign-in count too: a sign-in half done elsewhere is one to stop.
func (s *Service) RevokeOtherSessions(ctx context.Context, p *Principal, ip string) (int64, error) {
	var n int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if n, err = s.revokeOthers(ctx, tx, p); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "session.revoke_others",
			Target: audit.UserTarget(p.UserID), Details: map[string]any{"revoked": n}, IP: ip})
	})
	return n, err
}

// revokeOthers ends, in tx, every session of p's user that still works but
// p's own, and returns how many.
func (s *Service) revokeOthers(ctx context.Context, tx *sql.Tx, p *Principal) (int64, error) {
	res, err := tx.ExecContext(ctx, `UPDATE sessions AS s SET revoked_at = $1 WHERE `+live+` AND s.user_id = $3 AND s.id <> $4`,
		liveArgs(s.now(), p.UserID, p.SessionID)...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
