package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"strings"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/textutil"
)

// ResetLinkLifetime is how long a password-reset link works.
const ResetLinkLifetime = time.Hour

// ResetMailKind is the outbox request of a password-reset mail.
const ResetMailKind = "password_reset"

// ResetMailRule limits reset mails per account, so that nobody can flood an
// inbox through the public reset form (the client address has the route's
// limit besides).
var ResetMailRule = ratelimit.Rule{Name: "reset-mail", Limit: 5, Window: time.Hour}

// RequestReset queues a reset request for email: the outbox's worker looks
// the account up and writes the mail (writeResetMail). The request itself
// does the same work, one row, whether an account has this email or not, and
// never waits for SMTP: its reply tells nothing, by status or by time.
func (s *Service) RequestReset(ctx context.Context, email string, meta ClientMeta) error {
	return s.mailer.Request(ctx, ResetMailKind, textutil.Clip(strings.ToLower(strings.TrimSpace(email)), 320), meta.IP)
}

// writeResetMail writes the mail of a reset request: a one-time link when an
// enabled account has this email and its reset mails are within
// ResetMailRule; else nothing is sent.
func (s *Service) writeResetMail(ctx context.Context, email, clientIP string) (mail.Message, bool, error) {
	var id int64
	var addr string
	err := s.db.QueryRowContext(ctx, `SELECT id, email FROM users WHERE lower(email) = $1 AND enabled = TRUE`, email).Scan(&id, &addr)
	if errors.Is(err, sql.ErrNoRows) {
		return mail.Message{}, false, nil
	}
	if err != nil {
		return mail.Message{}, false, err
	}
	if d, err := s.limits.Take(ctx, ResetMailRule, audit.UserTarget(id)); err != nil || !d.Allowed {
		if err == nil {
			err = audit.Record(ctx, s.db, audit.Entry{ActorID: id, ActorEmail: addr, Action: "password.reset_throttled",
				Target: audit.UserTarget(id), IP: clientIP})
		}
		return mail.Message{}, false, err
	}
	token, hash := NewToken()
	now := s.now()
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO password_resets (user_id, token_hash, created_at, expires_at)
			VALUES ($1, $2, $3, $4)`, id, hash, now, now.Add(ResetLinkLifetime)); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: id, ActorEmail: addr, Action: "password.reset_requested",
			Target: audit.UserTarget(id), IP: clientIP})
	})
	if err != nil {
		return mail.Message{}, false, err
	}
	link := strings.TrimRight(s.publicURL, "/") + "/reset-password?token=" + url.QueryEscape(token)
	return mail.Message{To: addr, Subject: "Reset your Xapa Back Office password",
		Body: "Someone asked to reset the password of your Xapa Back Office account.\n\n" +
			"To choose a new password, open this link within one hour:\n" + link + "\n\n" +
			"If it was not you, ignore this mail: your password stays as it is.\n"}, true, nil
}

// ConfirmReset sets a new password with a reset link's token, once, and ends
// every session of the account. The new password is hashed only for a token
// that works: a flood of made-up tokens costs a lookup each, never a hash.
func (s *Service) ConfirmReset(ctx context.Context, token, password string, meta ClientMeta) error {
	if err := CheckNewPassword(password); err != nil {
		return err
	}
	now := s.now()
	var live int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM password_resets WHERE token_hash = $1 AND used_at IS NULL
		AND expires_at > $2`, HashToken(token), now).Scan(&live); err != nil {
		return err
	}
	if live == 0 {
		return ErrInvalidResetToken
	}
	hash, err := s.hashForAnonymous(password)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		var resetID, userID int64
		var email string
		err := tx.QueryRowContext(ctx, `SELECT r.id, r.user_id, u.email FROM password_resets r JOIN users u ON u.id = r.user_id
			WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2`, HashToken(token), now).Scan(&resetID, &userID, &email)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrInvalidResetToken
		}
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE password_resets SET used_at = $1 WHERE id = $2 AND used_at IS NULL`, now, resetID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrInvalidResetToken
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3`, hash, now, userID); err != nil {
			return err
		}
		if err := EndSessionsAndLinks(ctx, tx, userID, now); err != nil { // older links die with this one
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: userID, ActorEmail: email, Action: "password.reset",
			Target: audit.UserTarget(userID), IP: meta.IP})
	})
}
