package apitest

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/mail"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
)

// Env is the real router on a real database, with a clock tests can move.
type Env struct {
	DB      *store.DB
	Secrets *secrets.Box // seals the environment's secrets (a random key of the test process, in memory)
	Mailer  *mail.Mailer // outbox only: DeliverMail writes and keeps what is queued
	Auth    *auth.Service
	Handler http.Handler
	Clock   *Clock
	Server  *httpapi.Server
}

// Clock is a settable time source.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

// Advance moves the clock on.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.t = c.t.Add(d) }

// WebApp stands in for the built web app.
var WebApp = fstest.MapFS{
	"index.html":            {Data: []byte(`<html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body>app</body></html>`)},
	"assets/index-abc12.js": {Data: []byte(`console.log(1)`)},
	"icons/btc.svg":         {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

// testSecrets seals every environment's secrets: one key for the process, as
// every node of one database shares one key file.
var testSecrets = secrets.Ephemeral()

// NewEnv builds the whole server on db. Mail stays in the outbox.
func NewEnv(t testing.TB, db *store.DB) *Env { t.Helper(); return NewEnvWith(t, db, nil) }

// NewEnvWith is NewEnv with the server's options changed by configure.
func NewEnvWith(t testing.TB, db *store.DB, configure func(*httpapi.Options)) *Env {
	t.Helper()
	// Noon UTC today: day boundaries in tests never fall inside a test.
	now := time.Now().UTC()
	clock := &Clock{t: time.Date(now.Year(), now.Month(), now.Day(), 12, 0, 0, 0, time.UTC)}
	box := testSecrets
	mailer := mail.New(db, box, mail.SMTPConfig{}, clock.Now)
	// A sign-in waits for a hashing slot as long as a hang takes: on a busy machine the pool's work runs long, and
	// the tests count 401s and 429s, not how fast the machine is.
	svc, err := auth.New(context.Background(), db, auth.Options{Secrets: box, Mailer: mailer,
		PublicURL: "http://backoffice.test", Now: clock.Now, AnonymousWait: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	days := daytotals.New(db, clock.Now)
	o := httpapi.Options{DB: db, Auth: svc, Stats: stats.New(db, clock.Now, days), Ledger: ledger.New(db, clock.Now, days), Web: WebApp,
		Now: clock.Now}
	if configure != nil {
		configure(&o)
	}
	srv := httpapi.NewServer(o)
	return &Env{DB: db, Secrets: box, Mailer: mailer, Auth: svc, Handler: checkContract(t, srv.Handler()), Clock: clock, Server: srv}
}

// Mails runs the outbox's worker over everything queued, then returns the
// bodies of the mails kept for to, oldest first.
func (e *Env) Mails(t testing.TB, to string) []string {
	t.Helper()
	ctx := context.Background()
	for {
		n, err := e.Mailer.Deliver(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	kept, err := mail.Newest(ctx, e.DB, e.Secrets, to, 1000)
	if err != nil {
		t.Fatal(err)
	}
	bodies := make([]string, len(kept))
	for i, m := range kept {
		bodies[len(kept)-1-i] = m.Body
	}
	return bodies
}

// Run runs cases against the environment's router.
func (e *Env) Run(t *testing.T, cases []Case) { t.Helper(); Run(t, e.Handler, cases) }

// Do sends one call.
func (e *Env) Do(t testing.TB, c Case) *Reply {
	t.Helper()
	rec := Do(t, e.Handler, c)
	return &Reply{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}

// Reply is a recorded reply.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the reply body into v.
func (r *Reply) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("reply %d is not JSON: %v: %s", r.Status, err, r.Body)
	}
}

// Captcha fetches a challenge and returns its solved payload.
func (e *Env) Captcha(t testing.TB) string {
	t.Helper()
	var ch auth.Challenge
	e.Do(t, Case{Method: "GET", Path: "/api/captcha"}).JSON(t, &ch)
	return auth.SolveCaptcha(ch)
}

// User is a user made for a test.
type User struct {
	ID       int64
	Username string
	Email    string
	Password string
	Secret   string // TOTP secret when Google Authenticator is on
}

// TestPassword is the password of users made by the environment.
const TestPassword = "Tr0ub4dor&3-horse"

var passwordHash = sync.OnceValue(func() string {
	h, err := auth.HashPassword(TestPassword)
	if err != nil {
		panic(err)
	}
	return h
})

// CreateUser inserts a user. A staff member (staff=true) gets ROLE_ADMIN and
// a role named after them holding perms; ga switches Google Authenticator on.
func (e *Env) CreateUser(t testing.TB, username string, staff, ga bool, perms ...string) User {
	t.Helper()
	u := User{Username: username, Email: username + "@example.com", Password: TestPassword}
	var secret any
	if ga {
		u.Secret, _ = auth.NewTOTPSecret()
		secret = e.Secrets.SealString(secrets.GASecret.Purpose(), u.Secret)
	}
	u.ID = seedtest.Insert(t, e.DB, seedtest.User{Username: username, Staff: staff, Perms: perms,
		PasswordHash: passwordHash(), GASecret: secret})
	return u
}

// Staff creates a staff member with Google Authenticator on, holding perms,
// and returns a full token for them.
func (e *Env) Staff(t testing.TB, username string, perms ...string) (User, string) {
	t.Helper()
	u := e.CreateUser(t, username, true, true, perms...)
	return u, e.Token(t, u, auth.Full)
}

// Token signs u in directly with a session of the given kind.
func (e *Env) Token(t testing.TB, u User, kind auth.Kind) string {
	t.Helper()
	tok, err := e.Auth.IssueSession(context.Background(), u.ID, kind, auth.ClientMeta{IP: "192.0.2.10", Platform: "Web"})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// Code is u's TOTP code at the environment's time, offset by steps.
func (e *Env) Code(t testing.TB, u User, steps int64) string {
	t.Helper()
	c, err := auth.TOTPCode(u.Secret, auth.TOTPStep(e.Clock.Now())+steps)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// StepUp marks token's session as having given a second factor at the
// environment's time, as POST /api/user/step-up with a right code does: for
// tests whose clock runs on past auth.StepUpWindow between sensitive calls.
func (e *Env) StepUp(t testing.TB, token string) {
	t.Helper()
	e.setSteppedUp(t, token, e.Clock.Now())
}

// NotSteppedUp marks token's session as having given no second factor since
// it was opened more than auth.StepUpWindow ago: its sensitive calls are
// refused until it steps up.
func (e *Env) NotSteppedUp(t testing.TB, token string) {
	t.Helper()
	e.setSteppedUp(t, token, e.Clock.Now().Add(-auth.StepUpWindow))
}

func (e *Env) setSteppedUp(t testing.TB, token string, at time.Time) {
	t.Helper()
	res, err := e.DB.ExecContext(context.Background(), `UPDATE sessions SET stepped_up_at = $1 WHERE token_hash = $2`,
		at.UTC().Truncate(time.Microsecond), auth.HashToken(token))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("no session for the token")
	}
}
