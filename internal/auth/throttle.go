package auth

import (
	"context"
	"time"
)

// Brute-force limits (api-decisions.md), counted in the login_attempts table
// so they hold across server instances.
const (
	ipLimit        = 20 // calls per IP per minute (sign-in, register, reset)
	ipWindow       = time.Minute
	accountLimit   = 5 // wrong passwords per account ...
	accountWindow  = 15 * time.Minute
	noAccountKey   = "" // attempts that never reached an account: counted per IP only
	throttledIPMsg = "Too many attempts from this address. Try again later."
	lockedMsg      = "Too many failed sign-ins for this account. Try again later."
)

// checkIP refuses an IP that made ipLimit calls in the last minute.
func (s *Service) checkIP(ctx context.Context, ip string) error {
	now := s.now()
	rows, err := s.db.QueryContext(ctx, `SELECT created_at FROM login_attempts WHERE ip = $1 AND created_at > $2
		ORDER BY created_at DESC LIMIT $3`, ip, now.Add(-ipWindow), ipLimit)
	if err != nil {
		return err
	}
	times, err := scanTimes(rows)
	if err != nil || len(times) < ipLimit {
		return err
	}
	return &ThrottledError{RetryAfter: times[ipLimit-1].Add(ipWindow).Sub(now), Message: throttledIPMsg}
}

// checkAccount refuses an account whose last accountLimit attempts within
// the window all failed; the lock lifts as the window slides past them.
func (s *Service) checkAccount(ctx context.Context, key string) error {
	now := s.now()
	rows, err := s.db.QueryContext(ctx, `SELECT created_at FROM login_attempts WHERE username = $1 AND created_at > $2
		AND success = FALSE AND created_at > coalesce((SELECT max(created_at) FROM login_attempts
			WHERE username = $1 AND success = TRUE), $2)
		ORDER BY created_at DESC LIMIT $3`, key, now.Add(-accountWindow), accountLimit)
	if err != nil {
		return err
	}
	times, err := scanTimes(rows)
	if err != nil || len(times) < accountLimit {
		return err
	}
	return &ThrottledError{RetryAfter: times[accountLimit-1].Add(accountWindow).Sub(now), Message: lockedMsg}
}

func (s *Service) recordAttempt(ctx context.Context, key, ip string, success bool) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO login_attempts (username, ip, success, created_at) VALUES ($1, $2, $3, $4)`,
		key, ip, success, s.now())
	return err
}

type rowScanner interface {
	Next() bool
	Scan(...any) error
	Err() error
	Close() error
}

func scanTimes(rows rowScanner) ([]time.Time, error) {
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var t time.Time
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
