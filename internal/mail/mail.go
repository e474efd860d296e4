// Package mail queues mail in the outbox table and delivers it from there.
//
// Send and Request only add a row: no reply waits for an SMTP server or
// tells, by its time, what was mailed. Run, on every node, claims due rows
// (a lease per row, so two nodes never deliver one mail), delivers them
// through SMTP and retries failures with backoff. With no SMTP server
// configured the outbox is all there is ("kept"), so the embedded default
// works offline (read it with `backoffice outbox`).
//
// Bodies are stored sealed (internal/secrets), and a delivered mail keeps
// no usable link: its links are cut before it is stored again. The body is
// never logged.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
	"xapa/backoffice/internal/utc"
)

// Message is one mail.
type Message struct {
	To, Subject, Body string
}

// Writer writes the mail of a request (Request) when it is delivered: ok
// false drops the request with nothing sent (no such account, say).
type Writer func(ctx context.Context, to, clientIP string) (msg Message, ok bool, err error)

// Retry policy: attempt n (1-based) that fails waits FirstRetry·2^(n-1),
// at most MaxRetryWait; after MaxAttempts the mail is given up ("failed").
const (
	MaxAttempts  = 8
	FirstRetry   = 30 * time.Second
	MaxRetryWait = time.Hour
	// Lease is how long a claimed row is another node's to leave alone: far
	// longer than one delivery may take (deliveryTimeout).
	Lease = 5 * time.Minute
	// batch is how many rows one pass claims.
	batch = 10
)

// Mailer queues and delivers mail.
type Mailer struct {
	db      *store.DB
	box     *secrets.Box
	smtp    SMTPConfig
	writers map[string]Writer
	now     func() time.Time
	wake    chan struct{}
}

// New returns a mailer on db's outbox; box seals the bodies; cfg.Host empty
// keeps mail in the outbox only. now is the clock (nil: the system's).
func New(db *store.DB, box *secrets.Box, cfg SMTPConfig, now func() time.Time) *Mailer {
	if cfg.Port == 0 {
		cfg.Port = 587
	}
	if cfg.From == "" {
		cfg.From = "Xapa Back Office <no-reply@xapa.example>"
	}
	return &Mailer{db: db, box: box, smtp: cfg, writers: map[string]Writer{}, wake: make(chan struct{}, 1), now: utc.Clock(now)}
}

// Handle registers the writer of requests of kind (set up before Run).
func (m *Mailer) Handle(kind string, w Writer) { m.writers[kind] = w }

// ErrHeaderInjection refuses a recipient or subject holding a line break.
var ErrHeaderInjection = errors.New("mail: header injection refused")

// Send queues a mail.
func (m *Mailer) Send(ctx context.Context, msg Message) error { return m.SendIn(ctx, m.db, msg) }

// SendIn queues a mail in the transaction tx: a notice of the change tx
// writes leaves if and only if that change is committed.
func (m *Mailer) SendIn(ctx context.Context, tx store.Execer, msg Message) error {
	if strings.ContainsAny(msg.To, "\r\n") || strings.ContainsAny(msg.Subject, "\r\n") {
		return ErrHeaderInjection
	}
	return m.queue(ctx, tx, "", msg, "")
}

// Request queues a request of kind for to, on behalf of clientIP: its
// writer writes the mail (or drops it) at delivery.
func (m *Mailer) Request(ctx context.Context, kind, to, clientIP string) error {
	if strings.ContainsAny(to, "\r\n") {
		return ErrHeaderInjection
	}
	return m.queue(ctx, m.db, kind, Message{To: to}, clientIP)
}

// queue adds the row through tx. A worker woken before tx commits misses
// it and finds it on its next look (PollInterval).
func (m *Mailer) queue(ctx context.Context, tx store.Execer, kind string, msg Message, clientIP string) error {
	now := m.now()
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (to_address, subject, body, created_at, status, kind, client_ip, next_attempt_at)
		VALUES ($1, $2, $3, $4, 'queued', $5, $6, $4)`, msg.To, msg.Subject, m.box.SealString(secrets.MailBody.Purpose(), msg.Body),
		now, kind, clientIP); err != nil {
		return err
	}
	select { // this node's worker starts at once; the others find the row on their next look
	case m.wake <- struct{}{}:
	default:
	}
	return nil
}

// PollInterval is how often Run looks for due mail besides being woken by
// this node's Send and Request.
const PollInterval = 2 * time.Second

// Run delivers due mail until ctx ends.
func (m *Mailer) Run(ctx context.Context) {
	t := time.NewTicker(PollInterval)
	defer t.Stop()
	for {
		for {
			n, err := m.Deliver(ctx)
			if err != nil && ctx.Err() == nil {
				slog.WarnContext(ctx, "mail delivery pass failed", "err", err)
			}
			if n < batch || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-m.wake:
		case <-t.C:
		}
	}
}

type claimed struct {
	id                                int64
	kind, to, subject, body, clientIP string
	attempts                          int
}

// Deliver claims up to a batch of due rows and delivers them: one pass of
// Run (tests call it to deliver what they queued). It returns how many rows
// it claimed.
func (m *Mailer) Deliver(ctx context.Context) (int, error) {
	rows, err := m.claim(ctx)
	if err != nil {
		return 0, err
	}
	for _, r := range rows {
		if err := m.process(ctx, r); err != nil {
			return len(rows), fmt.Errorf("outbox row %d: %w", r.id, err)
		}
	}
	return len(rows), nil
}

// claim leases due rows: the conditions are checked again on the row the
// UPDATE writes, so two nodes claiming at once never both get a row.
func (m *Mailer) claim(ctx context.Context) ([]claimed, error) {
	now := m.now()
	due := `status = 'queued' AND next_attempt_at <= $2 AND (claimed_until IS NULL OR claimed_until <= $2)`
	rows, err := m.db.QueryContext(ctx, `UPDATE outbox SET claimed_until = $1, attempts = attempts + 1
		WHERE `+due+` AND id IN (SELECT id FROM outbox WHERE `+due+` ORDER BY next_attempt_at, id LIMIT `+fmt.Sprint(batch)+m.db.Dialect.SkipLocked()+`)
		RETURNING id, kind, to_address, subject, body, client_ip, attempts`, now.Add(Lease), now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []claimed
	for rows.Next() {
		var r claimed
		if err := rows.Scan(&r.id, &r.kind, &r.to, &r.subject, &r.body, &r.clientIP, &r.attempts); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func (m *Mailer) process(ctx context.Context, r claimed) error {
	body, err := secrets.OpenStored(m.box, secrets.MailBody, r.body)
	if err != nil {
		return err
	}
	msg := Message{To: r.to, Subject: r.subject, Body: body}
	if r.kind != "" {
		var ok bool
		if msg, ok, err = m.write(ctx, r); err != nil || !ok {
			return err
		}
	}
	if m.smtp.Host == "" {
		slog.InfoContext(ctx, "mail kept in the outbox (no SMTP configured)", "outbox_id", r.id, "to", msg.To, "subject", msg.Subject)
		return m.finish(ctx, r.id, "kept", msg.Body)
	}
	if err := m.deliver(ctx, msg); err != nil {
		return m.retry(ctx, r, err)
	}
	slog.InfoContext(ctx, "mail sent", "outbox_id", r.id, "to", msg.To, "subject", msg.Subject, "attempt", r.attempts)
	return m.finish(ctx, r.id, "sent", CutLinks(msg.Body))
}

// write turns a request into its mail, stored in the row (so a retry sends
// the same mail), or deletes the request when its writer drops it.
func (m *Mailer) write(ctx context.Context, r claimed) (Message, bool, error) {
	w, ok := m.writers[r.kind]
	if !ok {
		return Message{}, false, m.finish(ctx, r.id, "failed", "")
	}
	msg, ok, err := w(ctx, r.to, r.clientIP)
	if err != nil {
		return Message{}, false, err
	}
	if !ok {
		_, err := m.db.ExecContext(ctx, `DELETE FROM outbox WHERE id = $1`, r.id)
		return Message{}, false, err
	}
	_, err = m.db.ExecContext(ctx, `UPDATE outbox SET kind = '', to_address = $1, subject = $2, body = $3, client_ip = '' WHERE id = $4`,
		msg.To, msg.Subject, m.box.SealString(secrets.MailBody.Purpose(), msg.Body), r.id)
	return msg, true, err
}

// finish ends a row's delivery with status, storing body (sealed) as what
// remains of it.
func (m *Mailer) finish(ctx context.Context, id int64, status, body string) error {
	var sentAt any
	if status == "sent" {
		sentAt = m.now()
	}
	_, err := m.db.ExecContext(ctx, `UPDATE outbox SET status = $1, sent_at = $2, body = $3, claimed_until = NULL WHERE id = $4`,
		status, sentAt, m.box.SealString(secrets.MailBody.Purpose(), body), id)
	return err
}

// retry schedules the next attempt after a failed one, or gives up.
func (m *Mailer) retry(ctx context.Context, r claimed, cause error) error {
	reason := textutil.Clip(cause.Error(), 500)
	if r.attempts >= MaxAttempts {
		slog.ErrorContext(ctx, "mail given up", "outbox_id", r.id, "to", r.to, "attempts", r.attempts, "err", reason)
		if err := m.finish(ctx, r.id, "failed", ""); err != nil {
			return err
		}
		_, err := m.db.ExecContext(ctx, `UPDATE outbox SET last_error = $1 WHERE id = $2`, reason, r.id)
		return err
	}
	wait := RetryWait(r.attempts)
	slog.WarnContext(ctx, "mail not sent, will try again", "outbox_id", r.id, "to", r.to, "attempt", r.attempts,
		"retry_in", wait.String(), "err", reason)
	_, err := m.db.ExecContext(ctx, `UPDATE outbox SET next_attempt_at = $1, claimed_until = NULL, last_error = $2 WHERE id = $3`,
		m.now().Add(wait), reason, r.id)
	return err
}

// RetryWait is the wait after failed attempt n (1-based).
func RetryWait(n int) time.Duration {
	wait := FirstRetry
	for i := 1; i < n && wait < MaxRetryWait; i++ {
		wait *= 2
	}
	return min(wait, MaxRetryWait)
}

// links are addresses that carry a one-time token.
var links = regexp.MustCompile(`https?://\S*[?&]token=\S*`)

// CutLinks replaces every link carrying a token: what a delivered mail
// keeps of its body.
func CutLinks(body string) string {
	return links.ReplaceAllString(body, "[link removed after delivery]")
}

// Stored is a mail as the outbox keeps it, its body opened.
type Stored struct {
	ID                        int64
	To, Subject, Body, Status string
	Attempts                  int
	LastError                 string
	CreatedAt                 time.Time
}

// Newest returns the newest mails of the outbox, to anyone when to is "",
// newest first.
func Newest(ctx context.Context, db *store.DB, box *secrets.Box, to string, limit int) ([]Stored, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, to_address, subject, body, status, attempts, last_error, created_at FROM outbox
		WHERE kind = '' AND ($1 = '' OR to_address = $1) ORDER BY id DESC LIMIT $2`, to, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Stored
	for rows.Next() {
		var s Stored
		var sealed string
		if err := rows.Scan(&s.ID, &s.To, &s.Subject, &sealed, &s.Status, &s.Attempts, &s.LastError, &s.CreatedAt); err != nil {
			return nil, err
		}
		if s.Body, err = secrets.OpenStored(box, secrets.MailBody, sealed); err != nil {
			return nil, fmt.Errorf("outbox row %d: %w", s.ID, err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
