package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"time"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
)

// Answerer is the simulated core's side of the commands (a commands.Sink):
// it carries out each command as a real core would, sends the events that
// follow from it (a customer disabled: the customer at its next version),
// and answers with xapa.command_result.v1. It refuses a token whose main
// contract is no address of its chain, so the demo shows a rejection too.
type Answerer struct {
	db    *store.DB
	delay time.Duration
}

// NewAnswerer returns the simulated core's answerer on db. With a delay it
// takes each command at once and answers it that much later, as a core
// that works asynchronously would, so "pending at core" shows meanwhile; an
// answer due when the process stops is never given (the change stays
// pending: the demo's core keeps no state of its own).
func NewAnswerer(db *store.DB, delay time.Duration) *Answerer { return &Answerer{db: db, delay: delay} }

// Send takes c: it carries it out and answers it, now or after the delay.
func (a *Answerer) Send(ctx context.Context, c commands.Outgoing) error {
	if a.delay <= 0 {
		return a.answer(ctx, c)
	}
	time.AfterFunc(a.delay, func() {
		if err := a.answer(context.Background(), c); err != nil {
			slog.Warn("demo core: a command was not answered", "id", c.ID, "err", err)
		}
	})
	return nil
}

// answer carries out c and answers it. The events' ids derive from the
// command's, so a command delivered twice is answered once.
func (a *Answerer) answer(ctx context.Context, c commands.Outgoing) error {
	var e struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(c.Body, &e); err != nil {
		return err
	}
	now := store.Now()
	var events []json.RawMessage
	send := func(data ingest.Data) error {
		raw, err := ingest.NewEvent(Source, fmt.Sprintf("answer-%s-%d", c.ID, len(events)+1), now, data)
		events = append(events, raw)
		return err
	}
	reason, err := a.carryOut(ctx, c.Type, e.Data, send)
	if err != nil {
		return err
	}
	status := commands.Applied
	if reason != "" {
		status = commands.Rejected
	}
	if err := send(ingest.CommandResult{CommandID: c.ID, Status: status, Reason: reason}); err != nil {
		return err
	}
	ap, err := ingest.New(a.db, nil)
	if err != nil {
		return err
	}
	results, err := ap.Apply(ctx, events)
	if err != nil {
		return err
	}
	for _, r := range results {
		if r.Status == ingest.Rejected || r.Status == ingest.Held {
			return fmt.Errorf("demo core: answering %s: event %s was %s: %s", c.ID, r.ID, r.Status, r.Reason)
		}
	}
	return nil
}

// carryOut does what a command asks, sending the events that follow; a
// reason when the core refuses it.
func (a *Answerer) carryOut(ctx context.Context, typ string, data json.RawMessage, send func(ingest.Data) error) (string, error) {
	switch typ {
	case commands.Customer{}.CommandType():
		var cmd commands.Customer
		if err := json.Unmarshal(data, &cmd); err != nil {
			return "", err
		}
		return "", a.customer(ctx, cmd, send)
	case commands.Coin{}.CommandType():
		var cmd commands.Coin
		if err := json.Unmarshal(data, &cmd); err != nil {
			return "", err
		}
		return contractRefusal(cmd), nil
	}
	return "", nil // the promotion and app versions: the core takes them as they are
}

// customer sends the customer as the command leaves it, at its next
// version; a customer registered here is created, linked by our id.
func (a *Answerer) customer(ctx context.Context, cmd commands.Customer, send func(ingest.Data) error) error {
	c, found, err := coreCustomer(ctx, a.db, `u.id = $1`, cmd.BackofficeID)
	if err != nil {
		return err
	}
	if !found { // registered here, and not yet linked: the core creates it as it now is
		return a.created(ctx, cmd, send)
	}
	c.Version++
	if cmd.Email != nil {
		c.Email = *cmd.Email
	}
	if cmd.FullName != nil {
		c.FullName = *cmd.FullName
	}
	if cmd.PhoneNumber != nil {
		c.PhoneNumber = cmd.PhoneNumber
		if *cmd.PhoneNumber == "" {
			c.PhoneNumber = nil
		}
	}
	if cmd.Enabled != nil {
		c.Enabled = *cmd.Enabled
	}
	if cmd.GAEnabled != nil {
		c.GAEnabled = *cmd.GAEnabled
	}
	if cmd.SMS2FAEnabled != nil {
		c.SMS2FAEnabled = *cmd.SMS2FAEnabled
	}
	return send(c)
}

// created makes a customer registered in the back office the core's, as
// the back office holds it.
func (a *Answerer) created(ctx context.Context, cmd commands.Customer, send func(ingest.Data) error) error {
	var c ingest.Customer
	err := a.db.QueryRowContext(ctx, `SELECT email, full_name, enabled, email_verified, ga_enabled, sms_2fa_enabled,
		sms_verified, invitation_code, device_type, created_at FROM users WHERE id = $1`, cmd.BackofficeID).Scan(&c.Email,
		&c.FullName, &c.Enabled, &c.EmailVerified, &c.GAEnabled, &c.SMS2FAEnabled, &c.SMSVerified, &c.InvitationCode,
		&c.DeviceType, &c.CreatedAt)
	if err != nil {
		return err
	}
	id := cmd.BackofficeID
	c.ID, c.Version, c.BackofficeID = fmt.Sprintf("cus-bo-%d", id), 1, &id
	return send(c)
}

// contracts are what a main contract looks like on the chains that have
// them.
var contracts = map[string]*regexp.Regexp{
	"ETH": regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`),
	"BNB": regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`),
	"TRX": regexp.MustCompile(`^T[1-9A-HJ-NP-Za-km-z]{33}$`),
}

func contractRefusal(c commands.Coin) string {
	_, chain, _ := strings.Cut(c.Coin, "@")
	if re, ok := contracts[chain]; ok && !re.MatchString(c.MainContract) {
		return fmt.Sprintf("%s has no contract at %q", chain, c.MainContract)
	}
	return ""
}
