package auth

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"

	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
)

// Service runs the sign-in flows (docs/decisions/0003-sign-in-and-sessions.md) against the database.
type Service struct {
	db        *store.DB
	captcha   *Captcha
	limits    *ratelimit.Limiter
	mailer    *mail.Mailer
	secrets   *secrets.Box
	publicURL string
	// relyingParty checks passkeys for the app at publicURL (nil: passkeys off, passkeys.go).
	relyingParty *webauthn.WebAuthn
	now          func() time.Time
	dummyHash    string // checked for unknown users, so they cost what known ones do
	// anonymousWait is how long an anonymous caller waits for a hashing slot before ErrBusy (password.go).
	anonymousWait time.Duration
}

// Options configures the service.
type Options struct {
	Secrets   *secrets.Box     // seals TOTP secrets and the captcha key (required)
	Mailer    *mail.Mailer     // queues mail; the service writes its reset mails (nil: an outbox-only mailer)
	PublicURL string           // base of links in mail, e.g. https://backoffice.example
	Now       func() time.Time // tests move the clock
	// AnonymousWait is how long an anonymous caller (a sign-in, a registration, a reset) waits for a hashing slot
	// before the server answers busy (0: two seconds). Tests of the pool's accounting on a busy machine set it long:
	// there the wait bounds a hang, not the work.
	AnonymousWait time.Duration
}

// New loads (or creates, on first start) the captcha secret.
func New(ctx context.Context, db *store.DB, o Options) (*Service, error) {
	if o.Secrets == nil {
		return nil, errors.New("auth: no secrets box (Options.Secrets)")
	}
	hexKey, err := secrets.Named(ctx, db, o.Secrets, "captcha_hmac")
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(hexKey)
	if err != nil {
		return nil, fmt.Errorf("captcha_hmac: %w", err)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.AnonymousWait <= 0 {
		o.AnonymousWait = anonymousWait
	}
	dummy, err := HashPassword("not a real password: unknown users are checked against this")
	if err != nil {
		return nil, err
	}
	if o.Mailer == nil {
		o.Mailer = mail.New(db, o.Secrets, mail.SMTPConfig{}, o.Now)
	}
	s := &Service{db: db, captcha: &Captcha{db: db, key: key}, limits: ratelimit.New(db, o.Now), mailer: o.Mailer, secrets: o.Secrets,
		publicURL: o.PublicURL, relyingParty: newRelyingParty(o.PublicURL), now: func() time.Time { return o.Now().UTC().Truncate(time.Microsecond) }, dummyHash: dummy,
		anonymousWait: o.AnonymousWait}
	o.Mailer.Handle(ResetMailKind, s.writeResetMail)
	return s, nil
}

// Secrets is the box that seals the database's secrets.
func (s *Service) Secrets() *secrets.Box { return s.secrets }

// NewChallenge issues a captcha challenge: a costly one (CaptchaHighMaxNumber)
// when high, else the usual one.
func (s *Service) NewChallenge(high bool) Challenge {
	if high {
		return s.captcha.NewChallenge(s.now(), CaptchaHighMaxNumber)
	}
	return s.captcha.NewChallenge(s.now(), CaptchaMaxNumber)
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
