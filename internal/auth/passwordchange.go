package auth

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/utc"
)

// ChangePassword sets the caller's new password once they give their current
// one. The checks that cost nothing come first; the current password is
// counted like a sign-in's before it is hashed (checkCurrentPassword). The
// change ends every other session of the account (this one stays) and every
// unused reset link, is audited, and mails the owner a notice, all in one
// transaction.
func (s *Service) ChangePassword(ctx context.Context, p *Principal, current, next, ip string) error {
	if err := CheckNewPassword(next); err != nil {
		return &apperr.Field{Field: "new", Message: err.Error()}
	}
	if next == current {
		return apperr.Fieldf("new", "The new password must differ from the current one.")
	}
	hash, err := s.checkCurrentPassword(ctx, p, current, ip)
	if err != nil {
		return err
	}
	newHash, err := HashPassword(next)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		// Still the hash that was checked: of two changes at once, one wins.
		res, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3 AND password_hash = $4`,
			newHash, s.now(), p.UserID, hash)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errWrongCurrent
		}
		return s.endOthersAndNotify(ctx, tx, p, ip)
	})
}

// errWrongCurrent refuses a current password that is not the account's.
var errWrongCurrent = apperr.Fieldf("old", "That is not your current password.")

// checkCurrentPassword checks the caller's current password and returns its
// stored hash. Each attempt is counted against the (account, address) pair
// of sign-in (PasswordPairRule) before it is hashed, so a stolen session
// guesses no faster than a sign-in form; a right password clears the pair.
// Refusals are audited.
func (s *Service) checkCurrentPassword(ctx context.Context, p *Principal, password, ip string) (string, error) {
	fail := func(reason string, reply error) (string, error) {
		if err := audit.Record(ctx, s.db, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "password.change_failure",
			Target: audit.UserTarget(p.UserID), Details: map[string]any{"reason": reason}, IP: ip}); err != nil {
			return "", err
		}
		return "", reply
	}
	pair := audit.UserTarget(p.UserID) + "|" + ratelimit.ClientKey(ip)
	if err := s.take(ctx, PasswordPairRule, pair, lockedMsg); err != nil {
		if t := (*ThrottledError)(nil); errors.As(err, &t) {
			return fail("locked", err)
		}
		return "", err
	}
	var hash string
	if err := s.db.QueryRowContext(ctx, `SELECT password_hash FROM users WHERE id = $1`, p.UserID).Scan(&hash); err != nil {
		return "", err
	}
	ok, err := s.checkPassword(hash, password)
	if err != nil {
		return "", err
	}
	if !ok {
		return fail("wrong_password", errWrongCurrent)
	}
	return hash, s.limits.Reset(ctx, PasswordPairRule, pair)
}

// endOthersAndNotify finishes a password change in tx: the account's other
// sessions and unused reset links end, the change is audited and its owner
// is told.
func (s *Service) endOthersAndNotify(ctx context.Context, tx *sql.Tx, p *Principal, ip string) error {
	n, err := s.revokeOthers(ctx, tx, p)
	if err != nil {
		return err
	}
	if err := endResetLinks(ctx, tx, p.UserID); err != nil {
		return err
	}
	if err := audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "password.change",
		Target: audit.UserTarget(p.UserID), Details: map[string]any{"sessions_revoked": n}, IP: ip}); err != nil {
		return err
	}
	return s.mailer.SendIn(ctx, tx, s.passwordChangedMail(p.Email, ip))
}

// passwordChangedMail tells the owner of an account that its password was
// changed, when and from where; it holds no secret and no link that signs
// anyone in.
func (s *Service) passwordChangedMail(to, ip string) mail.Message {
	return mail.Message{To: to, Subject: "Your Xapa Back Office password was changed",
		Body: "The password of your Xapa Back Office account was changed at " + utc.Stamp(s.now()) + " (UTC) from the address " +
			ip + ". Your other sessions were signed out.\n\n" +
			"If it was not you, ask for a reset link on the sign-in page (" + strings.TrimRight(s.publicURL, "/") + "/login) " +
			"and tell your administrator at once.\n"}
}
