package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// SMTPConfig is where mail goes; an empty Host keeps mail in the outbox only.
type SMTPConfig struct {
	Host     string
	Port     int
	User     string
	Password string
	From     string
}

// deliveryTimeout bounds one delivery, from dialling to QUIT: a relay that
// stalls holds one worker for this long, then the attempt counts as failed.
const deliveryTimeout = time.Minute

// deliver sends msg through the SMTP server (STARTTLS when it offers it).
func (m *Mailer) deliver(ctx context.Context, msg Message) error {
	ctx, cancel := context.WithTimeout(ctx, deliveryTimeout)
	defer cancel()
	addr := net.JoinHostPort(m.smtp.Host, strconv.Itoa(m.smtp.Port))
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Now()) }) // shutdown stops a stalled relay at once
	defer stop()
	c, err := smtp.NewClient(conn, m.smtp.Host)
	if err != nil {
		conn.Close()
		return err
	}
	defer c.Close()
	if err := m.send(c, msg); err != nil {
		return err
	}
	return c.Quit()
}

func (m *Mailer) send(c *smtp.Client, msg Message) error {
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: m.smtp.Host, MinVersion: tls.VersionTLS12}); err != nil {
			return err
		}
	}
	if m.smtp.User != "" {
		if err := c.Auth(smtp.PlainAuth("", m.smtp.User, m.smtp.Password, m.smtp.Host)); err != nil {
			return err
		}
	}
	from := m.smtp.From
	if a, err := parseAddress(from); err == nil {
		from = a
	}
	if err := c.Mail(from); err != nil {
		return err
	}
	if err := c.Rcpt(msg.To); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	body := "From: " + m.smtp.From + "\r\nTo: " + msg.To + "\r\nSubject: " + msg.Subject +
		"\r\nDate: " + m.now().Format(time.RFC1123Z) +
		"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
		strings.ReplaceAll(msg.Body, "\n", "\r\n")
	if _, err := w.Write([]byte(body)); err != nil {
		return err
	}
	return w.Close()
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
