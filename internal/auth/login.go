package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/textutil"
)

// LoginResult is a successful password sign-in: a pending token when Google
// Authenticator is on, else a setup token.
type LoginResult struct {
	Token     string
	GAEnabled bool
}

// Login checks the captcha and the password. Every failure answers the same
// ErrInvalidCredentials (the audit log keeps the reason), but for the
// limits of countAttempt; the client address's limit is the route's
// (httpapi.ClientLimits).
func (s *Service) Login(ctx context.Context, username, password, captchaToken string, meta ClientMeta) (LoginResult, error) {
	fail := func(reason string, userID int64) (LoginResult, error) {
		if err := audit.Record(ctx, s.db, audit.Entry{ActorID: userID, ActorEmail: textutil.Clip(username, 200), Action: "login.failure",
			Target: userTargetOrName(userID, username), Details: map[string]any{"reason": reason}, IP: meta.IP}); err != nil {
			return LoginResult{}, err
		}
		return LoginResult{}, ErrInvalidCredentials
	}
	cost, err := s.captcha.Verify(ctx, captchaToken, s.now())
	if err != nil {
		if !errors.Is(err, ErrCaptcha) {
			return LoginResult{}, err
		}
		return fail("captcha", 0)
	}
	name := strings.ToLower(strings.TrimSpace(username))
	var (
		id        int64
		hash      string
		enabled   bool
		gaEnabled bool
	)
	err = s.db.QueryRowContext(ctx, `SELECT id, password_hash, enabled, ga_enabled FROM users
		WHERE lower(username) = $1 OR lower(email) = $1 ORDER BY id LIMIT 1`, name).Scan(&id, &hash, &enabled, &gaEnabled)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return LoginResult{}, err
	}
	account := userTargetOrName(id, name)
	if err := s.countAttempt(ctx, account, ratelimit.ClientKey(meta.IP), cost, id, username, meta); err != nil {
		return LoginResult{}, err
	}
	if id == 0 {
		if _, err := s.checkPassword(s.dummyHash, password); err != nil { // same cost as a known user
			return LoginResult{}, err
		}
		return fail("unknown_user", 0)
	}
	ok, err := s.checkPassword(hash, password)
	if err != nil {
		return LoginResult{}, err
	}
	if !ok {
		return fail("wrong_password", id)
	}
	if !enabled {
		return fail("disabled", id)
	}
	if ok, err := s.networkAdmits(ctx, id, meta.IP); err != nil || !ok {
		if err != nil {
			return LoginResult{}, err
		}
		return fail("network", id) // the same reply as a wrong password: the rule is not told
	}
	if err := s.limits.Reset(ctx, PasswordPairRule, account+"|"+ratelimit.ClientKey(meta.IP)); err != nil {
		return LoginResult{}, err
	}
	if err := s.limits.Refund(ctx, AccountRule, account); err != nil {
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
			Target: audit.UserTarget(id), Details: map[string]any{"next": string(kind)}, IP: meta.IP})
	})
	return LoginResult{Token: token, GAEnabled: gaEnabled}, err
}

// countAttempt counts a password attempt before the password is hashed, so
// parallel guesses cannot pass a limit: the (account, address) pair's limit
// refuses (429, audited as login.locked); past the account's own limit, a
// usual captcha is refused with ErrCaptchaTooCheap (audited as
// login.failure, reason captcha_cost) and a costly one goes on.
func (s *Service) countAttempt(ctx context.Context, account, client string, captchaCost, id int64, username string, meta ClientMeta) error {
	record := func(action string, details map[string]any) error {
		return audit.Record(ctx, s.db, audit.Entry{ActorID: id, ActorEmail: textutil.Clip(username, 200), Action: action,
			Target: userTargetOrName(id, username), Details: details, IP: meta.IP})
	}
	if err := s.take(ctx, PasswordPairRule, account+"|"+client, lockedMsg); err != nil {
		var t *ThrottledError
		if errors.As(err, &t) {
			if err := record("login.locked", nil); err != nil {
				return err
			}
		}
		return err
	}
	d, err := s.limits.Take(ctx, AccountRule, account)
	if err != nil {
		return err
	}
	if !d.Allowed && captchaCost < CaptchaHighMaxNumber {
		if err := record("login.failure", map[string]any{"reason": "captcha_cost"}); err != nil {
			return err
		}
		return ErrCaptchaTooCheap
	}
	return nil
}

func userTargetOrName(id int64, name string) string {
	if id != 0 {
		return audit.UserTarget(id)
	}
	return "username:" + textutil.Clip(name, 200)
}

// networkAdmits reports whether the role of staff member id admits a
// sign-in from ip (always for a customer, and for a role without networks).
func (s *Service) networkAdmits(ctx context.Context, id int64, ip string) (bool, error) {
	var networks string
	err := s.db.QueryRowContext(ctx, `SELECT r.allowed_networks FROM users u JOIN roles r ON r.id = u.role_id
		WHERE u.id = $1 AND u.is_admin = TRUE`, id).Scan(&networks)
	if errors.Is(err, sql.ErrNoRows) {
		return true, nil
	}
	return err == nil && rbac.StoredNetworks(networks).Admits(ip), err
}
