package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/ratelimit"
)

// Limits of the sign-in flows (decision 0003), counted in the database
// (internal/ratelimit) so they hold under concurrent requests and across
// nodes. The per-address limits of each public route live in the route
// table (httpapi.ClientLimits); these are the per-account ones.
var (
	// PasswordPairRule: wrong passwords per (account, client address). The
	// pair, not the account, is locked: nobody can lock a colleague out from
	// elsewhere by guessing their password.
	PasswordPairRule = ratelimit.Rule{Name: "password-pair", Limit: 5, Window: 15 * time.Minute}
	// CodeRule: second-factor checks per account, across all its sessions and
	// addresses. A right code gives its hit back; five wrong ones within the
	// window lock the code step of the account for the window. A right
	// password does not reset it.
	CodeRule = ratelimit.Rule{Name: "code-account", Limit: 5, Window: 15 * time.Minute}
	// AccountRule: password sign-ins per account from every address. Past
	// its limit nothing is refused: the account's sign-in needs a costly
	// captcha (CaptchaHighMaxNumber) until the window ends, so spreading
	// guesses over many addresses costs ten times the work while the owner,
	// who solves one such captcha, still gets in. A success gives its hit back.
	AccountRule = ratelimit.Rule{Name: "password-account", Limit: 20, Window: 15 * time.Minute}
)

// ErrCaptchaTooCheap is a sign-in to an account past AccountRule's limit
// with a usual captcha: solve a costly one (GET /api/captcha?cost=high) and
// try again. Unknown names are counted the same way, so it tells nothing
// about whether an account exists.
var ErrCaptchaTooCheap = errors.New("Many sign-ins to this account have failed lately: solve the longer check, then sign in again.")

const (
	lockedMsg     = "Too many failed sign-ins for this account from this address. Try again later."
	codeLockedMsg = "Too many wrong codes for this account. Try again later."
)

// take counts a hit of key under rule: a refusal is a ThrottledError.
func (s *Service) take(ctx context.Context, rule ratelimit.Rule, key, message string) error {
	d, err := s.limits.Take(ctx, rule, key)
	if err != nil {
		return err
	}
	if !d.Allowed {
		return &ThrottledError{RetryAfter: d.RetryAfter, Message: message}
	}
	return nil
}

// Unlock forgets an account's failed passwords from every address and its
// wrong codes (a staff member's unlock, audited as done by actor).
func (s *Service) Unlock(ctx context.Context, actor audit.Actor, userID int64) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE id = $1`, userID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return &apperr.NotFound{What: "User"}
		}
		if err := ratelimit.ResetPrefix(ctx, tx, PasswordPairRule, audit.UserTarget(userID)+"|"); err != nil {
			return err
		}
		if err := ratelimit.ResetKey(ctx, tx, CodeRule, audit.UserTarget(userID)); err != nil {
			return err
		}
		if err := ratelimit.ResetKey(ctx, tx, AccountRule, audit.UserTarget(userID)); err != nil {
			return err
		}
		return actor.Record(ctx, tx, "user.unlock", audit.UserTarget(userID), nil)
	})
}
