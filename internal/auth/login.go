package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"xapa/backoffice/internal/audit"
)

// LoginResult is a successful password sign-in: a pending token when Google
// Authenticator is on, else a setup token.
type LoginResult struct {
	Token     string
	GAEnabled bool
}

// Login checks the captcha and the password. Every failure answers the same
// ErrInvalidCredentials; the audit log keeps the reason.
func (s *Service) Login(ctx context.Context, username, password, captchaToken string, meta ClientMeta) (LoginResult, error) {
	if err := s.checkIP(ctx, meta.IP); err != nil {
		return LoginResult{}, err
	}
	fail := func(key, reason string, userID int64) (LoginResult, error) {
		if err := s.recordAttempt(ctx, key, meta.IP, false); err != nil {
			return LoginResult{}, err
		}
		if err := audit.Record(ctx, s.db, audit.Entry{ActorID: userID, ActorEmail: clip(username, 200), Action: "login.failure",
			Target: userTargetOrName(userID, username), Details: map[string]any{"reason": reason}, IP: meta.IP}); err != nil {
			return LoginResult{}, err
		}
		return LoginResult{}, ErrInvalidCredentials
	}
	if err := s.captcha.Verify(ctx, captchaToken, s.now()); err != nil {
		if !errors.Is(err, ErrCaptcha) {
			return LoginResult{}, err
		}
		return fail(noAccountKey, "captcha", 0)
	}
	name := strings.ToLower(strings.TrimSpace(username))
	var (
		id        int64
		hash      string
		enabled   bool
		gaEnabled bool
	)
	err := s.db.QueryRowContext(ctx, `SELECT id, password_hash, enabled, ga_enabled FROM users
		WHERE lower(username) = $1 OR lower(email) = $1 ORDER BY id LIMIT 1`, name).Scan(&id, &hash, &enabled, &gaEnabled)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return LoginResult{}, err
	}
	key := "name:" + clip(name, 200)
	if id != 0 {
		key = fmt.Sprintf("user:%d", id)
	}
	if err := s.checkAccount(ctx, key); err != nil {
		var t *ThrottledError
		if errors.As(err, &t) {
			_ = s.recordAttempt(ctx, noAccountKey, meta.IP, false)
			_ = audit.Record(ctx, s.db, audit.Entry{ActorID: id, ActorEmail: clip(username, 200), Action: "login.locked",
				Target: userTargetOrName(id, username), IP: meta.IP})
		}
		return LoginResult{}, err
	}
	if id == 0 {
		CheckPassword(s.dummyHash, password) // same cost as a known user
		return fail(key, "unknown_user", 0)
	}
	if !CheckPassword(hash, password) {
		return fail(key, "wrong_password", id)
	}
	if !enabled {
		return fail(key, "disabled", id)
	}
	if err := s.recordAttempt(ctx, key, meta.IP, true); err != nil {
		return LoginResult{}, err
	}
	kind := Setup
	if gaEnabled {
		kind = Pending
	}
	var token string
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if token, err = s.createSession(ctx, tx, id, kind, meta); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: id, ActorEmail: username, Action: "login.password_accepted",
			Target: userTarget(id), Details: map[string]any{"next": string(kind)}, IP: meta.IP})
	})
	return LoginResult{Token: token, GAEnabled: gaEnabled}, err
}

func userTarget(id int64) string { return fmt.Sprintf("user:%d", id) }

func userTargetOrName(id int64, name string) string {
	if id != 0 {
		return userTarget(id)
	}
	return "username:" + clip(name, 200)
}
