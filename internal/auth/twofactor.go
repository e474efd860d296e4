package auth

import (
	"cmp"
	"context"
	"database/sql"
	"errors"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/secrets"
)

// maxCodeFailures wrong codes revoke a pending or setup session.
const maxCodeFailures = 5

// SetupData is what the set-up screen shows.
type SetupData struct {
	Issuer     string `json:"issuer"`
	Account    string `json:"account"`
	Secret     string `json:"secret"`
	OTPAuthURL string `json:"otpauth_url"`
}

// SetupSecret returns the secret of the caller's set-up session: made on
// the first call, the same on later calls of this session, and of use to
// this session only (another session of the same account gets its own).
func (s *Service) SetupSecret(ctx context.Context, p *Principal) (SetupData, error) {
	secret, err := NewTOTPSecret()
	if err != nil {
		return SetupData{}, err
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE sessions SET setup_secret = $1 WHERE id = $2 AND setup_secret IS NULL`,
		s.secrets.SealString(secrets.SetupSecret.Purpose(), secret), p.SessionID); err != nil {
		return SetupData{}, err
	}
	var sealed string
	if err := s.db.QueryRowContext(ctx, `SELECT setup_secret FROM sessions WHERE id = $1`, p.SessionID).Scan(&sealed); err != nil {
		return SetupData{}, err
	}
	if secret, err = secrets.OpenStored(s.secrets, secrets.SetupSecret, sealed); err != nil {
		return SetupData{}, err
	}
	return SetupData{Issuer: TOTPIssuer, Account: p.Email, Secret: secret, OTPAuthURL: OTPAuthURL(p.Email, secret)}, nil
}

// VerifyCode completes a sign-in: with a pending token it checks the code;
// with a setup token the password and the code, and switches Google
// Authenticator on. Success revokes the session and returns a full token.
func (s *Service) VerifyCode(ctx context.Context, p *Principal, code, password string, meta ClientMeta) (string, error) {
	var (
		secret    sql.NullString
		hash      string
		gaEnabled bool
		lastStep  int64
	)
	if err := s.db.QueryRowContext(ctx, `SELECT CASE WHEN $2 THEN ss.setup_secret ELSE u.ga_secret END, u.password_hash,
			u.ga_enabled, u.ga_last_step FROM users u JOIN sessions ss ON ss.user_id = u.id WHERE u.id = $1 AND ss.id = $3`,
		p.UserID, p.Kind == Setup, p.SessionID).Scan(&secret, &hash, &gaEnabled, &lastStep); err != nil {
		return "", err
	}
	if err := s.takeCodeAttempt(ctx, p, meta); err != nil {
		return "", err
	}
	if p.Kind == Setup {
		ok, err := s.checkPassword(hash, password)
		if err != nil {
			return "", err
		}
		if !ok {
			return "", s.codeFailure(ctx, p, meta, "wrong_password", ErrInvalidPassword)
		}
	}
	if !secret.Valid || (p.Kind == Pending) != gaEnabled {
		return "", s.codeFailure(ctx, p, meta, "no_secret", ErrInvalidCode)
	}
	col := secrets.GASecret
	if p.Kind == Setup {
		col = secrets.SetupSecret
	}
	plain, err := secrets.OpenStored(s.secrets, col, secret.String)
	if err != nil {
		return "", err
	}
	// The code used up in the sign-in's transaction: a recovery code (pending only: a set-up confirms a
	// new authenticator), else the authenticator's step.
	var use func(tx *sql.Tx) error
	method := "authenticator"
	if rc, ok := recoveryCode(code); ok && p.Kind == Pending {
		method = "recovery_code"
		use = func(tx *sql.Tx) error { return s.useRecoveryCode(ctx, tx, p, rc, "sign-in", meta.IP) }
	} else {
		step, ok := MatchTOTP(plain, code, s.now(), lastStep)
		if !ok {
			return "", s.codeFailure(ctx, p, meta, "wrong_code", ErrInvalidCode)
		}
		use = func(tx *sql.Tx) error {
			return s.recordStep(ctx, tx, p, step, s.sealGASecret(p.Kind, secret.String, plain))
		}
	}
	var token string
	err = s.tx(ctx, func(tx *sql.Tx) error {
		if err := use(tx); err != nil {
			return err
		}
		var err error
		token, err = s.signInWithCode(ctx, tx, p, meta, method)
		return err
	})
	switch {
	case errors.Is(err, ErrInvalidCode):
		return "", s.codeFailure(ctx, p, meta, "replayed_code", ErrInvalidCode)
	case errors.Is(err, errRecoveryCodeUnknown):
		return "", s.codeFailure(ctx, p, meta, "wrong_recovery_code", ErrInvalidCode)
	case err != nil:
		return "", err
	}
	return token, s.limits.Refund(ctx, CodeRule, audit.UserTarget(p.UserID)) // a right code does not count
}

// takeCodeAttempt counts a code attempt before any check, across every
// session of the account: parallel guesses cannot pass the limit, and a new
// pending token starts no new count. A lock is audited.
func (s *Service) takeCodeAttempt(ctx context.Context, p *Principal, meta ClientMeta) error {
	err := s.take(ctx, CodeRule, audit.UserTarget(p.UserID), codeLockedMsg)
	var t *ThrottledError
	if errors.As(err, &t) {
		if err := audit.Record(ctx, s.db, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "2fa.locked",
			Target: audit.UserTarget(p.UserID), IP: meta.IP}); err != nil {
			return err
		}
	}
	return err
}

// recordStep records a right code's step (sealed: the users.ga_secret to
// keep) in tx, or answers ErrInvalidCode for a step used already.
func (s *Service) recordStep(ctx context.Context, tx *sql.Tx, p *Principal, step int64, sealed string) error {
	// Accept each step once per user: a replayed or parallel code loses here. A set-up confirms this
	// session's secret and discards every other session's.
	res, err := tx.ExecContext(ctx, `UPDATE users SET ga_last_step = $1, ga_enabled = TRUE, ga_secret = $3
		WHERE id = $2 AND ga_last_step < $1 AND ga_enabled = $4`, step, p.UserID, sealed, p.Kind == Pending)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrInvalidCode
	}
	_, err = tx.ExecContext(ctx, `UPDATE sessions SET setup_secret = NULL WHERE user_id = $1 AND setup_secret IS NOT NULL`, p.UserID)
	return err
}

// signInWithCode ends the pending or set-up session and opens a full one
// (stepped up: a second factor was just given), in tx, once the code is
// used up.
func (s *Service) signInWithCode(ctx context.Context, tx *sql.Tx, p *Principal, meta ClientMeta, method string) (string, error) {
	// Ended once: of two answers to one pending sign-in (a code and a passkey at once), one opens a session.
	res, err := tx.ExecContext(ctx, `UPDATE sessions SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL`, s.now(), p.SessionID)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", ErrUnauthorized
	}
	if err := s.notifyNewPlace(ctx, tx, p, meta); err != nil { // before this sign-in's own session exists
		return "", err
	}
	token, err := s.createSession(ctx, tx, p.UserID, Full, meta)
	if err != nil {
		return "", err
	}
	if p.Kind == Setup {
		if err := audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "2fa.enabled",
			Target: audit.UserTarget(p.UserID), IP: meta.IP}); err != nil {
			return "", err
		}
		if err := s.NotifyIn(ctx, tx, Notice{To: p.Email, Subject: "A second factor was added to your Xapa Back Office account",
			IP: meta.IP, What: "Google Authenticator was switched on for your Xapa Back Office account."}); err != nil {
			return "", err
		}
	}
	return token, audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "login.success",
		Target: audit.UserTarget(p.UserID), Details: map[string]any{"method": method}, IP: meta.IP})
}

// sealGASecret is the users.ga_secret to store after a right code: a
// confirmed set-up's secret sealed for that column, else the stored value
// as it is.
func (s *Service) sealGASecret(kind Kind, stored, plain string) string {
	if kind != Setup {
		return stored
	}
	return s.secrets.SealString(secrets.GASecret.Purpose(), plain)
}

// codeFailure counts a wrong code or password against the session, revoking
// it at the limit, and returns reply.
func (s *Service) codeFailure(ctx context.Context, p *Principal, meta ClientMeta, reason string, reply error) error {
	var failures int
	if err := s.db.QueryRowContext(ctx, `UPDATE sessions SET failed_codes = failed_codes + 1 WHERE id = $1 RETURNING failed_codes`,
		p.SessionID).Scan(&failures); err != nil {
		return err
	}
	details := map[string]any{"reason": reason, "failures": failures}
	if failures >= maxCodeFailures {
		if _, err := s.db.ExecContext(ctx, `UPDATE sessions SET revoked_at = $1 WHERE id = $2`, s.now(), p.SessionID); err != nil {
			return err
		}
		details["session_revoked"] = true
	}
	if err := audit.Record(ctx, s.db, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "2fa.failure",
		Target: audit.UserTarget(p.UserID), Details: details, IP: meta.IP}); err != nil {
		return err
	}
	return reply
}

// ErrEnableThroughSetup refuses status=true: switching on goes through set-up.
var ErrEnableThroughSetup = errors.New("Google Authenticator is switched on through its set-up at sign-in.")

// SetGAStatus switches the caller's own Google Authenticator off (status
// false) with the right password and a current code (CheckFreshCode: used
// up, counted); the next sign-in goes through set-up again. Every session of
// the account ends, this one included, and every unused reset link dies.
func (s *Service) SetGAStatus(ctx context.Context, p *Principal, password, code string, status bool, ip string) error {
	if status {
		return ErrEnableThroughSetup
	}
	var hash string
	if err := s.db.QueryRowContext(ctx, `SELECT password_hash FROM users WHERE id = $1`, p.UserID).Scan(&hash); err != nil {
		return err
	}
	if ok, err := s.checkPassword(hash, password); err != nil || !ok {
		return cmp.Or(err, ErrInvalidPassword)
	}
	if err := s.CheckFreshCode(ctx, p, code); err != nil {
		if field := (*apperr.Field)(nil); errors.As(err, &field) {
			return ErrInvalidCode // this call's reply for a wrong code
		}
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET ga_enabled = FALSE, ga_secret = NULL, updated_at = $1 WHERE id = $2`,
			s.now(), p.UserID); err != nil {
			return err
		}
		if err := EndSessionsAndLinks(ctx, tx, p.UserID, s.now()); err != nil {
			return err
		}
		if err := DropSecondFactors(ctx, tx, p.UserID); err != nil {
			return err
		}
		if err := s.NotifyIn(ctx, tx, SecondFactorOff(p.Email, ip, "")); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "2fa.disabled",
			Target: audit.UserTarget(p.UserID), IP: ip})
	})
}

// CheckFreshCode checks a current code of the caller's own authenticator, for
// a sensitive change (another staff member's email or second factor). The
// code is used up (each step once) and counted like a sign-in's (CodeRule).
func (s *Service) CheckFreshCode(ctx context.Context, p *Principal, code string) error {
	if err := s.take(ctx, CodeRule, audit.UserTarget(p.UserID), codeLockedMsg); err != nil {
		return err
	}
	var secret sql.NullString
	var lastStep int64
	if err := s.db.QueryRowContext(ctx, `SELECT ga_secret, ga_last_step FROM users WHERE id = $1 AND ga_enabled = TRUE`,
		p.UserID).Scan(&secret, &lastStep); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	plain, err := secrets.OpenStored(s.secrets, secrets.GASecret, secret.String)
	if err != nil {
		return err
	}
	step, ok := MatchTOTP(plain, code, s.now(), lastStep)
	if !secret.Valid || !ok {
		return apperr.Fieldf("code", "That code is not valid. Enter the current code from your authenticator app.")
	}
	res, err := s.db.ExecContext(ctx, `UPDATE users SET ga_last_step = $1 WHERE id = $2 AND ga_last_step < $1`, step, p.UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return apperr.Fieldf("code", "That code was used already. Wait for the next one.")
	}
	return s.limits.Refund(ctx, CodeRule, audit.UserTarget(p.UserID))
}
