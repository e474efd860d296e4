package auth

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Recovery codes stand in for an authenticator code, each once: at the code
// step of sign-in and at a step-up (docs/decisions/0003-sign-in-and-sessions.md,
// "Step-up and recovery codes"). A set of RecoveryCodeCount is made on a
// stepped-up session and shown in that reply only; the database keeps the
// SHA-256 of each (HashToken, with the account's id: 80 random bits need no
// slow hash), and a new set replaces the old one.

// RecoveryCodeCount is how many codes a set holds.
const RecoveryCodeCount = 10

// recoveryCodeLen is the length of a code without its dashes: 16 base32
// characters, 80 bits. A 6-digit authenticator code never has this shape,
// so the one code field of the code step takes either.
const recoveryCodeLen = 16

// newRecoveryCode is a code as shown: four groups of four base32 characters
// (ABCD-EFGH-JKLM-NPQR).
func newRecoveryCode() string {
	b := make([]byte, recoveryCodeLen*5/8)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	c := b32.EncodeToString(b)
	return c[0:4] + "-" + c[4:8] + "-" + c[8:12] + "-" + c[12:16]
}

// recoveryCode reads code as a recovery code: dashes and spaces dropped,
// upper case. ok is false for anything else (an authenticator code).
func recoveryCode(code string) (string, bool) {
	c := strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(code))
	if len(c) != recoveryCodeLen {
		return "", false
	}
	for _, r := range c {
		if (r < 'A' || r > 'Z') && (r < '2' || r > '7') {
			return "", false
		}
	}
	return c, true
}

// recoveryCodeHash is what the database keeps of a user's (read) code.
func recoveryCodeHash(userID int64, code string) string {
	return HashToken(strconv.FormatInt(userID, 10) + ":" + code)
}

// ErrNoSecondFactor refuses a step-up or recovery codes to an account
// without an authenticator: there is no second factor to confirm with.
var ErrNoSecondFactor = &apperr.Forbidden{Message: "Your account has no second factor set up. Sign out, then set up your authenticator app at sign-in."}

// NewRecoveryCodes makes the caller a new set of recovery codes, replacing
// every earlier one (used or not), and returns them: the only time they are
// shown. Audited as recovery_codes.issue.
func (s *Service) NewRecoveryCodes(ctx context.Context, p *Principal, ip string) ([]string, error) {
	codes := make([]string, RecoveryCodeCount)
	for i := range codes {
		codes[i] = newRecoveryCode()
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var ga bool
		if err := tx.QueryRowContext(ctx, `SELECT ga_enabled FROM users WHERE id = $1`, p.UserID).Scan(&ga); err != nil {
			return err
		}
		if !ga {
			return ErrNoSecondFactor
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, p.UserID)
		if err != nil {
			return err
		}
		replaced, _ := res.RowsAffected()
		now := s.now()
		for _, c := range codes {
			read, _ := recoveryCode(c)
			if _, err := tx.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)`,
				p.UserID, recoveryCodeHash(p.UserID, read), now); err != nil {
				return err
			}
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "recovery_codes.issue",
			Target: audit.UserTarget(p.UserID), Details: map[string]any{"count": len(codes), "replaced": replaced}, IP: ip})
	})
	if err != nil {
		return nil, err
	}
	return codes, nil
}

// RecoveryCodesLeft is how many of the caller's recovery codes are unused.
func (s *Service) RecoveryCodesLeft(ctx context.Context, p *Principal) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
		p.UserID).Scan(&n)
	return n, err
}

// errRecoveryCodeUnknown is a recovery code the account does not hold
// unused: never made, used already, or replaced.
var errRecoveryCodeUnknown = errors.New("unknown or used recovery code")

// useRecoveryCode uses up the user's code (as recoveryCode reads it) in tx:
// one UPDATE on the unused row, so of two uses at once one wins. The use is
// audited (2fa.recovery_code_used, with what it was for and how many
// remain) and mailed to the owner, without the code.
func (s *Service) useRecoveryCode(ctx context.Context, tx *sql.Tx, p *Principal, code, purpose, ip string) error {
	now := s.now()
	res, err := tx.ExecContext(ctx, `UPDATE recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3 AND used_at IS NULL`,
		now, p.UserID, recoveryCodeHash(p.UserID, code))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errRecoveryCodeUnknown
	}
	var left int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
		p.UserID).Scan(&left); err != nil {
		return err
	}
	if err := audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "2fa.recovery_code_used",
		Target: audit.UserTarget(p.UserID), Details: map[string]any{"for": purpose, "remaining": left}, IP: ip}); err != nil {
		return err
	}
	return s.mailer.SendIn(ctx, tx, s.recoveryCodeUsedMail(p.Email, purpose, ip, left))
}

// recoveryCodeUsedMail tells the owner of an account that one of its
// recovery codes was used, when, from where and for what; it holds no code.
func (s *Service) recoveryCodeUsedMail(to, purpose, ip string, left int) mail.Message {
	what := "to sign in"
	if purpose == "step-up" {
		what = "to confirm a sensitive change"
	}
	return mail.Message{To: to, Subject: "A recovery code of your Xapa Back Office account was used",
		Body: "A recovery code of your Xapa Back Office account was used " + what + " at " + utc.Stamp(s.now()) +
			" (UTC) from the address " + ip + ". It cannot be used again; " + fmt.Sprintf("%d unused recovery codes remain", left) + ".\n\n" +
			"If it was not you, change your password at once, make new recovery codes (the old ones then stop working) " +
			"and tell your administrator.\n"}
}

// DropSecondFactors drops every recovery code and passkey of a user whose
// authenticator is switched off (by the owner, or reset by an editor): a
// reset second factor is reset whole, and a later set-up must not bring
// them back. Call it in the transaction of that change.
func DropSecondFactors(ctx context.Context, tx store.Execer, userID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM passkeys WHERE user_id = $1`, userID)
	return err
}
