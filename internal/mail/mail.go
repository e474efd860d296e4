// Package mail sends mail through SMTP. Every message is also kept in the
// outbox table; with no SMTP server configured the outbox is all there is,
// so the embedded default works offline (read it with `backoffice outbox`).
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"strconv"
	"strings"
	"time"

	"xapa/backoffice/internal/store"
)

// SMTPConfig is where mail goes; an empty Host keeps mail in the outbox only.
type SMTPConfig struct {
	Host     string
	Port     int
	User     string
	Password string
	From     string
}

// Message is one mail.
type Message struct {
	To, Subject, Body string
}

// Mailer records and sends mail.
type Mailer struct {
	db   *store.DB
	smtp SMTPConfig
}

// New returns a mailer writing to db's outbox and, when configured, SMTP.
func New(db *store.DB, cfg SMTPConfig) *Mailer {
	if cfg.Port == 0 {
		cfg.Port = 587
	}
	if cfg.From == "" {
		cfg.From = "Xapa Back Office <no-reply@xapa.example>"
	}
	return &Mailer{db: db, smtp: cfg}
}

// Send keeps m in the outbox and delivers it through SMTP when configured.
// The body is never logged: it may carry a one-time link.
func (m *Mailer) Send(ctx context.Context, msg Message) error {
	if strings.ContainsAny(msg.To, "\r\n") || strings.ContainsAny(msg.Subject, "\r\n") {
		return fmt.Errorf("mail: header injection refused")
	}
	var id int64
	if err := m.db.QueryRowContext(ctx, `INSERT INTO outbox (to_address, subject, body, created_at)
		VALUES ($1, $2, $3, $4) RETURNING id`, msg.To, msg.Subject, msg.Body, store.Now()).Scan(&id); err != nil {
		return err
	}
	if m.smtp.Host == "" {
		slog.InfoContext(ctx, "mail kept in the outbox (no SMTP configured)", "outbox_id", id, "to", msg.To, "subject", msg.Subject)
		return nil
	}
	if err := m.deliver(msg); err != nil {
		slog.ErrorContext(ctx, "mail not sent", "outbox_id", id, "to", msg.To, "err", err)
		return err
	}
	_, err := m.db.ExecContext(ctx, `UPDATE outbox SET sent_at = $1 WHERE id = $2`, store.Now(), id)
	slog.InfoContext(ctx, "mail sent", "outbox_id", id, "to", msg.To, "subject", msg.Subject)
	return err
}

func (m *Mailer) deliver(msg Message) error {
	addr := net.JoinHostPort(m.smtp.Host, strconv.Itoa(m.smtp.Port))
	var auth smtp.Auth
	if m.smtp.User != "" {
		auth = smtp.PlainAuth("", m.smtp.User, m.smtp.Password, m.smtp.Host)
	}
	from := m.smtp.From
	if a, err := parseAddress(from); err == nil {
		from = a
	}
	body := "From: " + m.smtp.From + "\r\nTo: " + msg.To + "\r\nSubject: " + msg.Subject +
		"\r\nDate: " + time.Now().UTC().Format(time.RFC1123Z) +
		"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		strings.ReplaceAll(msg.Body, "\n", "\r\n")
	return smtp.SendMail(addr, auth, from, []string{msg.To}, []byte(body))
}

func parseAddress(s string) (string, error) {
	if i, j := strings.LastIndexByte(s, '<'), strings.LastIndexByte(s, '>'); i >= 0 && j > i {
		return s[i+1 : j], nil
	}
	if strings.Contains(s, "@") {
		return s, nil
	}
	return "", fmt.Errorf("no address in %q", s)
}
