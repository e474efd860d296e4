// Package corenats is the exchange core over NATS JetStream
// (docs/decisions/0015-events-from-the-core.md): its events come in through
// one durable pull consumer that every node shares, and are applied through
// the one apply path (internal/ingest).
package corenats

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"xapa/backoffice/internal/ingest"
)

// The names the contract pins.
const (
	DefaultStream = "XAPA_CORE"
	Subjects      = "xapa.core.>"
	ConsumerName  = "backoffice" // durable, shared by every node
)

// Applier applies the events: *ingest.Applier. ApplyPrepared applies a
// prepared batch in one transaction; Bury keeps an event that failed every
// try as a dead letter.
type Applier interface {
	Prepare(events []json.RawMessage) *ingest.Prepared
	ApplyPrepared(ctx context.Context, source string, p *ingest.Prepared) ([]ingest.Result, error)
	Bury(ctx context.Context, event json.RawMessage, reason string) error
}

// Options say where the core's events are and how to apply them.
type Options struct {
	URL     string
	Creds   string // a NATS credentials file ("" for none)
	Stream  string // DefaultStream when ""
	Applier Applier
	Batch   int           // the most messages one batch applies (2,000 when 0)
	Wait    time.Duration // how long a batch that is not full waits for more (200 ms when 0)
	// Backoff are the delays before each redelivery of a message that failed; after the last, the message is a
	// dead letter. DefaultBackoff when nil.
	Backoff []time.Duration
}

// DefaultBackoff waits longer after each failure, about an hour in all.
var DefaultBackoff = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second, 2 * time.Minute, 10 * time.Minute,
	20 * time.Minute, 30 * time.Minute}

// Consumer takes the core's events from JetStream.
type Consumer struct {
	o    Options
	nc   *nats.Conn
	cons jetstream.Consumer
}

// Connect connects to NATS, and makes the stream and the durable consumer
// when they are missing.
func Connect(ctx context.Context, o Options) (*Consumer, error) {
	if o.Stream == "" {
		o.Stream = DefaultStream
	}
	if o.Batch == 0 {
		o.Batch = 2000
	}
	if o.Wait == 0 {
		o.Wait = 200 * time.Millisecond
	}
	if o.Backoff == nil {
		o.Backoff = DefaultBackoff
	}
	nc, err := dial(o.URL, o.Creds)
	if err != nil {
		return nil, err
	}
	cons, err := consumer(ctx, nc, o.Stream)
	if err != nil {
		nc.Close()
		return nil, err
	}
	return &Consumer{o: o, nc: nc, cons: cons}, nil
}

func consumer(ctx context.Context, nc *nats.Conn, stream string) (jetstream.Consumer, error) {
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	if err := ensureStream(ctx, js, stream, Subjects); err != nil {
		return nil, err
	}
	// Redelivery after a failure is ours (NakWithDelay): the server only redelivers what a node took and never
	// answered (it stopped), after AckWait. MaxDeliver is unlimited so that nothing is dropped while the database is
	// down; an event that fails every try becomes a dead letter here, in the database.
	return js.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{Durable: ConsumerName, AckPolicy: jetstream.AckExplicitPolicy,
		AckWait: time.Minute, MaxDeliver: -1, MaxAckPending: 20_000, FilterSubject: Subjects})
}

// Close closes the connection.
func (c *Consumer) Close() { c.nc.Close() }

// Run applies the stream's events until ctx ends. The next batch is
// fetched and read while the last applies.
func (c *Consumer) Run(ctx context.Context) {
	batches := make(chan fetched, 1)
	go c.fetch(ctx, batches)
	for b := range batches {
		c.handle(ctx, b)
	}
}

// fetched is a batch of messages and their events, prepared.
type fetched struct {
	msgs   []jetstream.Msg
	events *ingest.Prepared
}

// fetch sends the stream's batches to out until ctx ends, then closes it.
func (c *Consumer) fetch(ctx context.Context, out chan<- fetched) {
	defer close(out)
	for ctx.Err() == nil {
		msgs, err := c.next(ctx)
		if err != nil { // what came before the error is applied; the server sends the rest again
			slog.WarnContext(ctx, "nats: fetching the core's events", "err", err)
		}
		if len(msgs) == 0 {
			if err != nil {
				pause(ctx, time.Second)
			}
			continue
		}
		select {
		case out <- fetched{msgs: msgs, events: c.o.Applier.Prepare(events(msgs))}:
		case <-ctx.Done():
		}
	}
}

// next is the stream's next batch, up to Batch messages. When fewer wait,
// it takes the first to come and lingers Wait for more: under a steady
// stream, commits stay a few per second (each makes SQLite's readers read
// again what it changed), and a backlog goes Batch at a time. Each request
// to the server asks only for what is there (FetchNoWait), so the linger is
// ours and exact.
func (c *Consumer) next(ctx context.Context) ([]jetstream.Msg, error) {
	msgs, err := collect(c.cons.FetchNoWait(c.o.Batch))
	if err == nil && len(msgs) == 0 {
		msgs, err = collect(c.cons.Fetch(1, jetstream.FetchMaxWait(time.Second)))
	}
	if err != nil || len(msgs) == 0 || len(msgs) == c.o.Batch {
		return msgs, err
	}
	pause(ctx, c.o.Wait)
	more, err := collect(c.cons.FetchNoWait(c.o.Batch - len(msgs)))
	return append(msgs, more...), err
}

func collect(batch jetstream.MessageBatch, err error) ([]jetstream.Msg, error) {
	if err != nil {
		return nil, err
	}
	var msgs []jetstream.Msg
	for m := range batch.Messages() {
		msgs = append(msgs, m)
	}
	return msgs, batch.Error()
}

func events(msgs []jetstream.Msg) []json.RawMessage {
	out := make([]json.RawMessage, len(msgs))
	for i, m := range msgs {
		out[i] = m.Data()
	}
	return out
}

// handle applies a fetched batch in one transaction and acknowledges it once
// committed. When the batch fails, each message is tried alone, so one event
// that fails holds no other back.
func (c *Consumer) handle(ctx context.Context, b fetched) {
	if _, err := c.o.Applier.ApplyPrepared(ctx, "", b.events); err == nil {
		for _, m := range b.msgs {
			ack(ctx, m)
		}
		return
	}
	for _, m := range b.msgs {
		one := c.o.Applier.Prepare([]json.RawMessage{m.Data()})
		if _, err := c.o.Applier.ApplyPrepared(ctx, "", one); err != nil {
			c.retryOrBury(ctx, m, err)
			continue
		}
		ack(ctx, m)
	}
}

// retryOrBury has a message that failed redelivered after its backoff, or,
// after the last try, kept as a dead letter. A dead letter that cannot be
// written (the database is down) is tried again later: nothing is dropped.
func (c *Consumer) retryOrBury(ctx context.Context, m jetstream.Msg, cause error) {
	tries := uint64(1)
	if md, err := m.Metadata(); err == nil {
		tries = md.NumDelivered
	}
	last := c.o.Backoff[len(c.o.Backoff)-1]
	if tries > uint64(len(c.o.Backoff)) {
		reason := fmt.Sprintf("applying failed %d times: %v", tries, cause)
		if err := c.o.Applier.Bury(ctx, m.Data(), reason); err == nil {
			if err := m.Term(); err != nil {
				slog.WarnContext(ctx, "nats: ending a dead letter's delivery", "err", err)
			}
			return
		}
	} else {
		last = c.o.Backoff[tries-1]
	}
	slog.WarnContext(ctx, "nats: an event failed; it comes again", "try", tries, "after", last.String(), "err", cause)
	if err := m.NakWithDelay(last); err != nil {
		slog.WarnContext(ctx, "nats: asking for a redelivery", "err", err)
	}
}

// ack acknowledges a committed message. A lost acknowledgement redelivers
// it, and applying it again is a duplicate.
func ack(ctx context.Context, m jetstream.Msg) {
	if err := m.Ack(); err != nil {
		slog.WarnContext(ctx, "nats: acknowledging an event", "err", err)
	}
}

func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
