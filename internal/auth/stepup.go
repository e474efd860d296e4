package auth

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/secrets"
)

// Step-up ("sudo mode"): sensitive calls need a second factor given on the
// calling session within StepUpWindow (the route table marks them; the
// guard checks Principal.SteppedUp). The code step of sign-in counts; so
// does StepUp, later in the session
// (docs/decisions/0003-sign-in-and-sessions.md, "Step-up and recovery codes").

// Replies of a refused step-up code (400 naming code).
var (
	errStepUpWrongCode = apperr.Fieldf("code", "That code is not valid. Enter the current code from your authenticator app, or one of your recovery codes.")
	errStepUpUsedCode  = apperr.Fieldf("code", "That code was used already. Wait for the next one.")
	errStepUpRecovery  = apperr.Fieldf("code", "That recovery code is not valid, or was used already.")
)

// StepUp makes the caller's session fresh for StepUpWindow with a current
// code of their authenticator or one of their recovery codes, and returns
// when the window ends. The code is counted like a sign-in's (CodeRule:
// five wrong ones in 15 minutes lock the account's code checks, a right one
// gives its hit back) and used up: an authenticator step is accepted once
// (ga_last_step), a recovery code once. Success is audited
// (session.step_up), a wrong code too (session.step_up_failure).
func (s *Service) StepUp(ctx context.Context, p *Principal, code, ip string) (time.Time, error) {
	var (
		secret    sql.NullString
		gaEnabled bool
		lastStep  int64
	)
	if err := s.db.QueryRowContext(ctx, `SELECT ga_enabled, ga_secret, ga_last_step FROM users WHERE id = $1`,
		p.UserID).Scan(&gaEnabled, &secret, &lastStep); err != nil {
		return time.Time{}, err
	}
	if !gaEnabled || !secret.Valid {
		return time.Time{}, ErrNoSecondFactor // nothing to guess: not counted
	}
	if err := s.takeCodeAttempt(ctx, p, ClientMeta{IP: ip}); err != nil {
		return time.Time{}, err
	}
	fail := func(reason string, reply error) (time.Time, error) {
		return time.Time{}, s.stepUpFailure(ctx, p, ip, reason, reply)
	}
	method := "authenticator"
	var use func(tx *sql.Tx) error
	if rc, ok := recoveryCode(code); ok {
		method = "recovery_code"
		use = func(tx *sql.Tx) error { return s.useRecoveryCode(ctx, tx, p, rc, "step-up", ip) }
	} else {
		plain, err := secrets.OpenStored(s.secrets, secrets.GASecret, secret.String)
		if err != nil {
			return time.Time{}, err
		}
		step, ok := MatchTOTP(plain, code, s.now(), lastStep)
		if !ok {
			return fail("wrong_code", errStepUpWrongCode)
		}
		use = func(tx *sql.Tx) error {
			res, err := tx.ExecContext(ctx, `UPDATE users SET ga_last_step = $1 WHERE id = $2 AND ga_last_step < $1 AND ga_enabled = TRUE`,
				step, p.UserID)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return ErrInvalidCode
			}
			return nil
		}
	}
	until, err := s.steppedUp(ctx, p, method, ip, use)
	switch {
	case errors.Is(err, ErrInvalidCode):
		return fail("replayed_code", errStepUpUsedCode)
	case errors.Is(err, errRecoveryCodeUnknown):
		return fail("wrong_recovery_code", errStepUpRecovery)
	}
	return until, err
}

// steppedUp makes p's session fresh once use (the factor's use, recorded
// in the same transaction) succeeds: audited as session.step_up with the
// method. A given code or passkey does not count against the limit.
func (s *Service) steppedUp(ctx context.Context, p *Principal, method, ip string, use func(*sql.Tx) error) (time.Time, error) {
	now := s.now()
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := use(tx); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sessions SET stepped_up_at = $1 WHERE id = $2`, now, p.SessionID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "session.step_up",
			Target: audit.UserTarget(p.UserID), Details: map[string]any{"method": method}, IP: ip})
	})
	if err != nil {
		return time.Time{}, err
	}
	return now.Add(StepUpWindow), s.limits.Refund(ctx, CodeRule, audit.UserTarget(p.UserID))
}

// stepUpFailure audits a refused step-up (session.step_up_failure, with
// why) and returns reply.
func (s *Service) stepUpFailure(ctx context.Context, p *Principal, ip, reason string, reply error) error {
	if err := audit.Record(ctx, s.db, audit.Entry{ActorID: p.UserID, ActorEmail: p.Email, Action: "session.step_up_failure",
		Target: audit.UserTarget(p.UserID), Details: map[string]any{"reason": reason}, IP: ip}); err != nil {
		return err
	}
	return reply
}
