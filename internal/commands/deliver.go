package commands

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"time"

	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/relay"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/webhook"
)

// Sink is a receiver of commands: the core's JetStream stream, its webhook,
// or the demo's simulated core. Send returns once the receiver took the
// command; receivers de-duplicate by its id, as a command may come again.
type Sink interface {
	Send(ctx context.Context, c Outgoing) error
}

// Outgoing is a command to send.
type Outgoing struct {
	ID, Type, Entity string
	Body             []byte // the CloudEvent
	Attempts         int    // the failed attempts before this one
}

// Waits of delivery (Options take shorter ones in tests).
const (
	PollInterval = time.Second
	FirstRetry   = time.Second
	MaxRetryWait = 5 * time.Minute
	LeaderRetry  = 5 * time.Second
	BatchSize    = 100 // the most commands one pass sends
)

// Options configure a Deliverer. Sinks is required.
type Options struct {
	Sinks                              []Sink
	Poll, FirstRetry, MaxRetry, Leader time.Duration
	Batch                              int
	After                              func(time.Duration) <-chan time.Time // the clock of every wait (nil: time.After)
	Now                                func() time.Time                     // nil: store.Now
	Metrics                            *metrics.Metrics                     // nil: none
}

// Deliverer sends one database's commands to its sinks.
type Deliverer struct {
	db *store.DB
	o  Options
}

// NewDeliverer returns the deliverer of db's commands to o.Sinks.
func NewDeliverer(db *store.DB, o Options) (*Deliverer, error) {
	if len(o.Sinks) == 0 {
		return nil, errors.New("commands: no receiver to deliver to")
	}
	o.Poll = cmp.Or(o.Poll, PollInterval)
	o.FirstRetry = cmp.Or(o.FirstRetry, FirstRetry)
	o.MaxRetry = cmp.Or(o.MaxRetry, MaxRetryWait)
	o.Leader = cmp.Or(o.Leader, LeaderRetry)
	if o.Batch <= 0 {
		o.Batch = BatchSize
	}
	if o.After == nil {
		o.After = time.After
	}
	if o.Now == nil {
		o.Now = store.Now
	}
	return &Deliverer{db: db, o: o}, nil
}

// Run delivers until ctx ends, on one node of the database at a time: every
// node calls it, and another takes over when the one delivering stops.
func (d *Deliverer) Run(ctx context.Context) {
	relay.Loop{Name: "commands", Lock: store.LockCommands, Leader: d.o.Leader, Poll: d.o.Poll, After: d.o.After,
		Step: func(ctx context.Context) (bool, error) {
			sent, err := d.Step(ctx)
			return sent > 0, err
		}}.Run(ctx, d.db)
}

// Step sends each entity's first waiting command that is due, once to every
// sink, and returns how many every sink took. A command a sink refused is
// due again after a backoff; its entity's later commands wait behind it,
// other entities' do not.
func (d *Deliverer) Step(ctx context.Context) (int, error) {
	due, err := d.due(ctx)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, c := range due {
		err := d.send(ctx, c)
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		if err == nil {
			sent++
		}
		if rerr := d.record(ctx, c, err); rerr != nil {
			return sent, rerr
		}
		if webhook.Timeout(err) {
			break // a hanging receiver: the rest would wait as long each; they go in the next pass
		}
	}
	return sent, nil
}

// due are the first waiting command of each entity, when its time came.
func (d *Deliverer) due(ctx context.Context) ([]Outgoing, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT c.id, c.type, c.entity, c.body, c.attempts FROM core_commands c
		WHERE c.state = 'waiting' AND c.next_attempt_at <= $1
		AND NOT EXISTS (SELECT 1 FROM core_commands p WHERE p.state = 'waiting' AND p.entity = c.entity AND p.seq < c.seq)
		ORDER BY c.seq LIMIT $2`, d.o.Now(), d.o.Batch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Outgoing
	for rows.Next() {
		var c Outgoing
		var body string
		if err := rows.Scan(&c.ID, &c.Type, &c.Entity, &body, &c.Attempts); err != nil {
			return nil, err
		}
		c.Body = []byte(body)
		out = append(out, c)
	}
	return out, rows.Err()
}

func (d *Deliverer) send(ctx context.Context, c Outgoing) error {
	for _, s := range d.o.Sinks {
		if err := s.Send(ctx, c); err != nil {
			return err
		}
	}
	return nil
}

// record marks c delivered, or due again after a backoff with the error.
func (d *Deliverer) record(ctx context.Context, c Outgoing, sendErr error) error {
	now := d.o.Now()
	if sendErr == nil {
		d.o.Metrics.CommandDelivery("delivered")
		_, err := d.db.ExecContext(ctx, `UPDATE core_commands SET state = 'delivered', delivered_at = $1, last_error = ''
			WHERE id = $2 AND state = 'waiting'`, now, c.ID)
		return err
	}
	d.o.Metrics.CommandDelivery("failed")
	wait := webhook.RetryWait(c.Attempts+1, d.o.FirstRetry, d.o.MaxRetry, rand.Float64())
	slog.WarnContext(ctx, "commands: not taken, will try again", "id", c.ID, "type", c.Type, "entity", c.Entity,
		"attempt", c.Attempts+1, "retry_in", wait.String(), "err", sendErr)
	_, err := d.db.ExecContext(ctx, `UPDATE core_commands SET attempts = attempts + 1, next_attempt_at = $1,
		last_error = $2 WHERE id = $3 AND state = 'waiting'`, now.Add(wait), truncate(sendErr.Error(), 500), c.ID)
	return err
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// Webhook is a Sink that posts each command, signed, to the core's webhook.
type Webhook struct{ Sender *webhook.Sender }

// Send posts c; the receiver's 2xx takes it.
func (w Webhook) Send(ctx context.Context, c Outgoing) error {
	return w.Sender.Post(ctx, "application/cloudevents+json", c.Body)
}
