package auth

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"net/mail"
	"strings"
	"unicode/utf8"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/store"
)

// Registration is the payload of POST /api/register.
type Registration struct {
	Email, Username, FullName, InvitedBy, DeviceType string
	Password, Confirmation                           string
}

// Register creates a customer (no roles, so no permissions) and signs them
// in with a setup token: Google Authenticator comes next.
func (s *Service) Register(ctx context.Context, r Registration, meta ClientMeta) (token string, userID int64, err error) {
	r.Email = strings.ToLower(strings.TrimSpace(r.Email))
	r.FullName = strings.TrimSpace(r.FullName)
	if r.Username = strings.TrimSpace(r.Username); r.Username == "" {
		r.Username = r.Email
	}
	if a, err := mail.ParseAddress(r.Email); err != nil || a.Address != r.Email || len(r.Email) > 254 {
		return "", 0, apperr.Fieldf("email", "Enter a valid email address.")
	}
	if r.FullName == "" || utf8.RuneCountInString(r.FullName) > 100 {
		return "", 0, apperr.Fieldf("full_name", "Enter your name (up to 100 characters).")
	}
	if utf8.RuneCountInString(r.Username) > 254 {
		return "", 0, apperr.Fieldf("username", "The username is too long.")
	}
	if err := CheckNewPassword(r.Password); err != nil {
		return "", 0, apperr.Fieldf("plainPassword", "%s", err.Error())
	}
	if r.Confirmation != r.Password {
		return "", 0, apperr.Fieldf("plainPassword", "The passwords do not match.")
	}
	switch r.DeviceType {
	case "":
		r.DeviceType = "Web"
	case "Web", "Android", "IOS":
	default:
		return "", 0, apperr.Fieldf("device_type", "The device type must be Web, Android or IOS.")
	}
	hash, err := s.hashForAnonymous(r.Password)
	if err != nil {
		return "", 0, err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var inviter any
		if code := strings.TrimSpace(r.InvitedBy); code != "" {
			var id int64
			err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE invitation_code = $1`, strings.ToUpper(code)).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				return apperr.Fieldf("invited_by", "This referral ID is unknown.")
			}
			if err != nil {
				return err
			}
			inviter = id
		}
		now := s.now()
		err := tx.QueryRowContext(ctx, `INSERT INTO users (email, username, full_name, password_hash, invitation_code,
			invited_by, device_type, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
			r.Email, r.Username, r.FullName, hash, InvitationCode(), inviter, r.DeviceType, now).Scan(&userID)
		if store.IsUniqueViolation(err) {
			return apperr.Fieldf("email", "This email is already registered.")
		}
		if err != nil {
			return err
		}
		if token, err = s.createSession(ctx, tx, userID, Setup, meta); err != nil {
			return err
		}
		if err := audit.Record(ctx, tx, audit.Entry{ActorID: userID, ActorEmail: r.Email, Action: "user.register",
			Target: audit.UserTarget(userID), Details: map[string]any{"invited_by": inviter}, IP: meta.IP}); err != nil {
			return err
		}
		// The core creates the customer and links it by our id (its first xapa.customer.v1's backoffice_id).
		_, err = commands.Write(ctx, tx, commands.Customer{BackofficeID: userID, Created: true, Email: &r.Email,
			FullName: &r.FullName})
		return err
	})
	return token, userID, err
}

// InvitationCode is a fresh referral code: 10 characters from an alphabet
// without look-alikes.
func InvitationCode() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 10)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}
