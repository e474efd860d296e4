package commands_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
	"xapa/backoffice/internal/webhook"
)

const hookSecret = "the core's webhook secret"

// receiver is the core's webhook: it misbehaves as told per call, checks
// signatures, and de-duplicates by id as the contract asks of it.
type receiver struct {
	mu      sync.Mutex
	faults  []string        // per call, in order: "500", "garbage", "hang"; then it takes them
	seen    map[string]bool // ids taken
	taken   []string        // each id once, in the order taken
	entity  map[string]string
	release chan struct{} // a hung call waits for it
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	if !webhook.Verify(hookSecret, body, req.Header.Get(webhook.SignatureHeader)) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	r.mu.Lock()
	fault := ""
	if len(r.faults) > 0 {
		fault, r.faults = r.faults[0], r.faults[1:]
	}
	r.mu.Unlock()
	switch fault {
	case "500":
		w.WriteHeader(http.StatusInternalServerError)
		return
	case "garbage": // a reply that is no HTTP at all
		conn, _, _ := w.(http.Hijacker).Hijack()
		_, _ = conn.Write([]byte("\x00\x01 not http\r\n\r\n"))
		_ = conn.Close()
		return
	case "hang":
		select {
		case <-r.release:
		case <-req.Context().Done():
		}
		return
	}
	var e struct{ ID, Subject string }
	if json.Unmarshal(body, &e) != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.seen[e.ID] {
		r.seen[e.ID] = true
		r.taken = append(r.taken, e.ID)
		r.entity[e.ID] = e.Subject
	}
	w.WriteHeader(http.StatusNoContent)
}

// crashAfterSend stands for a node killed between a delivery and its record:
// the receiver took the command, the outbox never learned it.
type crashAfterSend struct {
	commands.Sink
	once   sync.Once
	cancel context.CancelFunc
}

func (c *crashAfterSend) Send(ctx context.Context, cmd commands.Outgoing) error {
	err := c.Sink.Send(ctx, cmd)
	c.once.Do(c.cancel)
	return err
}

// The core's webhook answers 500, garbage, and hangs, and a node dies
// between a delivery and its record; staff keep working meanwhile. Every
// command then reaches a receiver that de-duplicates by id exactly once, in
// the order made per entity.
func TestWebhookDeliveryThroughFaults(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		r := &receiver{faults: []string{"500", "garbage", "hang", "500"}, seen: map[string]bool{},
			entity: map[string]string{}, release: make(chan struct{})}
		srv := httptest.NewServer(r)
		defer srv.Close()
		defer close(r.release)
		sender, err := webhook.New("u", srv.URL, "s", hookSecret, &http.Client{Timeout: 200 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		var made []string
		for i := range 12 {
			f := i%2 == 0
			var id string
			if err := db.Tx(ctx, func(tx *sql.Tx) (err error) {
				id, err = commands.Write(ctx, tx, commands.Customer{BackofficeID: int64(1 + i%3), Enabled: &f})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			made = append(made, id)
		}
		var ahead time.Duration
		now := func() time.Time { return store.Now().Add(ahead) }
		hook := commands.Webhook{Sender: sender}

		// A node that dies right after its first delivery.
		dying, cancel := context.WithCancel(ctx)
		first, err := commands.NewDeliverer(db, commands.Options{Sinks: []commands.Sink{&crashAfterSend{Sink: hook, cancel: cancel}}, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = first.Step(dying)

		// Another takes over; the clock moves past each backoff.
		d, err := commands.NewDeliverer(db, commands.Options{Sinks: []commands.Sink{hook}, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		for pass := 0; ; pass++ {
			if pass > 100 {
				t.Fatal("commands still waiting after 100 passes")
			}
			if _, err := d.Step(ctx); err != nil {
				t.Fatal(err)
			}
			ahead += 10 * time.Minute
			if storetest.Column[int](t, db, `SELECT count(*) FROM core_commands WHERE state = 'waiting'`)[0] == 0 {
				break
			}
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		if len(r.taken) != len(made) {
			t.Fatalf("the receiver took %d commands, want %d", len(r.taken), len(made))
		}
		at := map[string]int{}
		for i, id := range r.taken {
			at[id] = i
		}
		last := map[string]int{}
		for _, id := range made { // made in order: per entity, taken in that order
			e := r.entity[id]
			if prev, ok := last[e]; ok && at[id] < prev {
				t.Errorf("%s: command %s taken before an earlier one of its entity", e, id)
			}
			last[e] = at[id]
		}
	})
}
