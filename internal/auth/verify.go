package auth

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/mail"
)

// VerificationLinkLifetime is how long an email-verification link works.
const VerificationLinkLifetime = 7 * 24 * time.Hour

// SendVerification mails a user a one-time link that verifies their email,
// and returns the status the screen shows.
func (s *Service) SendVerification(ctx context.Context, actor audit.Actor, userID int64) (string, error) {
	var email string
	var verified bool
	err := s.db.QueryRowContext(ctx, `SELECT email, email_verified FROM users WHERE id = $1`, userID).Scan(&email, &verified)
	if errors.Is(err, sql.ErrNoRows) {
		return "", &apperr.NotFound{What: "User"}
	}
	if err != nil {
		return "", err
	}
	if verified {
		return "", &apperr.Invalid{Message: "The email " + email + " is already verified."}
	}
	token, hash := NewToken()
	now := s.now()
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO email_verifications (user_id, token_hash, created_at, expires_at)
			VALUES ($1, $2, $3, $4)`, userID, hash, now, now.Add(VerificationLinkLifetime)); err != nil {
			return err
		}
		return actor.Record(ctx, tx, "user.verification_mail", audit.UserTarget(userID), map[string]any{"email": email})
	})
	if err != nil {
		return "", err
	}
	link := strings.TrimRight(s.publicURL, "/") + "/api/email/verify?token=" + url.QueryEscape(token)
	if err := s.mailer.Send(ctx, mail.Message{To: email, Subject: "Verify your Xapa email address",
		Body: "Please confirm that this is your email address by opening this link within 7 days:\n" + link + "\n"}); err != nil {
		return "", err
	}
	return "Verification email sent to " + email + ".", nil
}

// VerifyEmail marks the email of a verification link's user as verified, once.
func (s *Service) VerifyEmail(ctx context.Context, token string) error {
	now := s.now()
	return s.tx(ctx, func(tx *sql.Tx) error {
		var id, userID int64
		err := tx.QueryRowContext(ctx, `SELECT id, user_id FROM email_verifications WHERE token_hash = $1 AND used_at IS NULL
			AND expires_at > $2`, HashToken(token), now).Scan(&id, &userID)
		if errors.Is(err, sql.ErrNoRows) {
			return &apperr.Invalid{Message: "This verification link is invalid or has expired."}
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE email_verifications SET used_at = $1 WHERE id = $2`, now, id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET email_verified = TRUE, verified_at = $1, updated_at = $1 WHERE id = $2`, now, userID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: userID, Action: "user.email_verified", Target: audit.UserTarget(userID)})
	})
}
