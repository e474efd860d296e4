package auth

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strings"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
)

// Kind is what a session's token may reach.
type Kind string

// Token kinds: pending waits for the code, setup for Google Authenticator's
// set-up, full reaches the API.
const (
	Pending Kind = "pending"
	Setup   Kind = "setup"
	Full    Kind = "full"
)

// Session lifetimes: staff sessions end after an hour idle or 12 hours in
// all; a pending or setup session lasts 15 minutes.
const (
	IdleTimeout     = time.Hour
	FullLifetime    = 12 * time.Hour
	PartialLifetime = 15 * time.Minute
	touchEvery      = time.Minute // last-seen is written at most this often
	// StepUpWindow is how long a second factor given on a session (the code
	// step of sign-in, or a step-up) lets it make sensitive calls.
	StepUpWindow = 5 * time.Minute
)

// Principal is the caller behind a token.
type Principal struct {
	SessionID   int64
	Kind        Kind
	UserID      int64
	Email       string
	FullName    string
	IsAdmin     bool
	Permissions []string      // sorted; empty unless a staff member holding a role
	SteppedUpAt time.Time     // when this session last gave a second factor (zero: never)
	Networks    rbac.Networks // where a staff member's role admits calls from (none: anywhere)
	perms       map[string]bool
}

// Can reports whether the caller holds permission key.
func (p *Principal) Can(key string) bool { return p.perms[key] }

// SteppedUp reports whether the session gave a second factor within
// StepUpWindow before now: it may make sensitive calls.
func (p *Principal) SteppedUp(now time.Time) bool {
	return !p.SteppedUpAt.IsZero() && now.Before(p.SteppedUpAt.Add(StepUpWindow))
}

// Authenticate resolves a token. Permissions are read on every call, so a
// changed role reaches its holders at their next call.
func (s *Service) Authenticate(ctx context.Context, token string) (*Principal, error) {
	if token == "" || len(token) > 128 {
		return nil, ErrUnauthorized
	}
	now := s.now()
	var (
		p         Principal
		updated   time.Time
		expires   time.Time
		enabled   bool
		sessionOK bool
	)
	// One round trip, one row: the session, its user and (for staff) the
	// permissions of their role, read on every call so a role change counts
	// at once. Keys hold no commas (rbac.Catalogue).
	var (
		perms, networks sql.NullString
		steppedUp       sql.NullTime
	)
	err := s.db.QueryRowFixed(ctx, `SELECT s.id, s.kind, s.updated_at, s.expires_at, s.stepped_up_at, u.id, u.email, u.full_name,
			u.enabled, u.is_admin, (SELECT `+s.db.Dialect.JoinText("rp.permission")+` FROM role_permissions rp
				WHERE u.is_admin = TRUE AND rp.role_id = u.role_id),
			(SELECT r.allowed_networks FROM roles r WHERE u.is_admin = TRUE AND r.id = u.role_id)
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = $1 AND s.revoked_at IS NULL`, HashToken(token)).Scan(&p.SessionID, &p.Kind, &updated, &expires,
		&steppedUp, &p.UserID, &p.Email, &p.FullName, &enabled, &p.IsAdmin, &perms, &networks)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrUnauthorized
	}
	if err != nil {
		return nil, err
	}
	if steppedUp.Valid {
		p.SteppedUpAt = steppedUp.Time.UTC()
	}
	p.Networks = rbac.StoredNetworks(networks.String)
	p.perms = map[string]bool{}
	if perms.Valid {
		for _, key := range strings.Split(perms.String, ",") {
			if !p.perms[key] {
				p.perms[key] = true
				p.Permissions = append(p.Permissions, key)
			}
		}
	}
	sessionOK = enabled && now.Before(expires) && now.Sub(updated) < IdleTimeout
	if !sessionOK {
		return nil, ErrUnauthorized
	}
	sort.Strings(p.Permissions)
	if p.Permissions == nil {
		p.Permissions = []string{}
	}
	if now.Sub(updated) >= touchEvery {
		if _, err := s.db.ExecContext(ctx, `UPDATE sessions SET updated_at = $1 WHERE id = $2`, now, p.SessionID); err != nil {
			return nil, err
		}
		if _, err := s.db.ExecContext(ctx, `UPDATE users SET last_seen_at = $1 WHERE id = $2`, now, p.UserID); err != nil {
			return nil, err
		}
	}
	return &p, nil
}

// createSession stores a new session and returns its token. A full
// session comes from the code step of sign-in (or a tool standing in for
// it): it starts stepped up.
func (s *Service) createSession(ctx context.Context, tx *sql.Tx, userID int64, kind Kind, meta ClientMeta) (string, error) {
	now := s.now()
	life := FullLifetime
	var steppedUp any = now
	if kind != Full {
		life, steppedUp = PartialLifetime, nil
	}
	var earlier int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sessions WHERE user_id = $1`, userID).Scan(&earlier); err != nil {
		return "", err
	}
	token, hash := NewToken()
	_, err := tx.ExecContext(ctx, `INSERT INTO sessions (user_id, token_hash, kind, platform, device_model, ip,
		first_device, created_at, updated_at, expires_at, stepped_up_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)`,
		userID, hash, string(kind), textutil.Clip(meta.Platform, 40), textutil.Clip(meta.DeviceModel, 200), meta.IP, earlier == 0, now, now.Add(life),
		steppedUp)
	if err == nil && kind == Full {
		_, err = tx.ExecContext(ctx, `UPDATE users SET last_login = $1, last_seen_at = $1 WHERE id = $2`, now, userID)
	}
	return token, err
}

// Logout revokes the caller's session.
func (s *Service) Logout(ctx context.Context, p *Principal, ip string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL`,
			s.now(), p.SessionID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "logout",
			Target: audit.UserTarget(p.UserID), IP: ip})
	})
}

// RevokeUserSessions ends every session of a user (disabled, or roles
// changed). Call it in the transaction of that change.
func RevokeUserSessions(ctx context.Context, tx store.Execer, userID int64, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE sessions SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL`, now, userID)
	return err
}

// EndSessionsAndLinks ends every session of the user and every reset link
// not yet used. It runs with every change to how the account signs in: a new
// password, email or second factor, and disabling the account (a password
// its owner changes keeps the session they change it from: ChangePassword).
func EndSessionsAndLinks(ctx context.Context, tx store.Execer, userID int64, now time.Time) error {
	if err := RevokeUserSessions(ctx, tx, userID, now); err != nil {
		return err
	}
	return endResetLinks(ctx, tx, userID)
}

// endResetLinks ends every reset link of the user not yet used.
func endResetLinks(ctx context.Context, tx store.Execer, userID int64) error {
	// Expired as of their creation: dead whatever any clock says.
	_, err := tx.ExecContext(ctx, `UPDATE password_resets SET expires_at = created_at WHERE user_id = $1 AND used_at IS NULL`,
		userID)
	return err
}

// IssueSession signs a user in directly, without password or code. For
// tests and tools only: the API never calls it.
func (s *Service) IssueSession(ctx context.Context, userID int64, kind Kind, meta ClientMeta) (string, error) {
	var token string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		token, err = s.createSession(ctx, tx, userID, kind, meta)
		return err
	})
	return token, err
}

// IssueToolSession is IssueSession for a command-line tool (backoffice admin
// token): the session is audited as minted by the tool, with no password or
// code given. steppedUp false opens it without a step-up (as if its window
// had passed): its sensitive calls need POST /api/user/step-up first.
func (s *Service) IssueToolSession(ctx context.Context, userID int64, tool string, steppedUp bool) (string, error) {
	var token string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var email string
		if err := tx.QueryRowContext(ctx, `SELECT email FROM users WHERE id = $1`, userID).Scan(&email); err != nil {
			return err
		}
		var err error
		if token, err = s.createSession(ctx, tx, userID, Full, ClientMeta{Platform: "Web", DeviceModel: tool}); err != nil {
			return err
		}
		details := map[string]any{"tool": tool}
		if !steppedUp {
			if _, err := tx.ExecContext(ctx, `UPDATE sessions SET stepped_up_at = NULL WHERE token_hash = $1`, HashToken(token)); err != nil {
				return err
			}
			details["stepped_up"] = false
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: userID, ActorEmail: email, Action: "session.issued_by_tool",
			Target: audit.UserTarget(userID), Details: details})
	})
	return token, err
}
