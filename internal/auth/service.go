package auth

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"

	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/store"
)

// Service runs the sign-in flows of api-decisions.md against the database.
type Service struct {
	db        *store.DB
	captcha   *Captcha
	limits    *ratelimit.Limiter
	mailer    *mail.Mailer
	publicURL string
	now       func() time.Time
	dummyHash string // checked for unknown users, so they cost what known ones do
}

// Options configures the service.
type Options struct {
	Mailer    *mail.Mailer
	PublicURL string           // base of links in mail, e.g. https://backoffice.example
	Now       func() time.Time // tests move the clock
}

// NewService loads (or creates, on first start) the captcha secret.
func NewService(ctx context.Context, db *store.DB, o Options) (*Service, error) {
	key, err := serverSecret(ctx, db, "captcha_hmac")
	if err != nil {
		return nil, err
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	dummy, err := HashPassword("not a real password: unknown users are checked against this")
	if err != nil {
		return nil, err
	}
	if o.Mailer == nil {
		o.Mailer = mail.New(db, mail.SMTPConfig{})
	}
	return &Service{db: db, captcha: &Captcha{db: db, key: key}, limits: ratelimit.New(db, o.Now), mailer: o.Mailer,
		publicURL: o.PublicURL, now: func() time.Time { return o.Now().UTC().Truncate(time.Microsecond) }, dummyHash: dummy}, nil
}

// NewChallenge issues a captcha challenge: a costly one (CaptchaHighMaxNumber)
// when high, else the usual one.
func (s *Service) NewChallenge(high bool) Challenge {
	if high {
		return s.captcha.NewChallenge(s.now(), CaptchaHighMaxNumber)
	}
	return s.captcha.NewChallenge(s.now(), CaptchaMaxNumber)
}

// serverSecret returns a named random secret shared by every server on the
// database, created on first use.
func serverSecret(ctx context.Context, db *store.DB, name string) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
		name, hex.EncodeToString(b)); err != nil {
		return nil, err
	}
	var v string
	if err := db.QueryRowContext(ctx, `SELECT value FROM server_secrets WHERE name = $1`, name).Scan(&v); err != nil {
		return nil, err
	}
	return hex.DecodeString(v)
}

// Errors the handlers turn into replies.
var (
	ErrInvalidCredentials = errors.New("Invalid credentials.")
	ErrInvalidCode        = errors.New("Invalid Code")
	ErrInvalidPassword    = errors.New("Invalid password.")
	ErrUnauthorized       = errors.New("Authentication required.")
	ErrInvalidResetToken  = errors.New("This reset link is invalid or has expired.")
)

// ThrottledError is a refusal for too many attempts (429 with Retry-After).
type ThrottledError struct {
	RetryAfter time.Duration
	Message    string
}

func (e *ThrottledError) Error() string { return e.Message }

// ClientMeta describes where a call comes from, for sessions and the audit log.
type ClientMeta struct {
	IP, Platform, DeviceModel string
}

func (s *Service) tx(ctx context.Context, fn func(*sql.Tx) error) error { return s.db.Tx(ctx, fn) }
