package commands_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// sink records what it takes, and refuses the entities named in down.
type sink struct {
	mu   sync.Mutex
	got  []commands.Outgoing
	down map[string]bool
}

func (s *sink) Send(_ context.Context, c commands.Outgoing) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down[c.Entity] || s.down["*"] {
		return errors.New("the receiver answered 500 Internal Server Error")
	}
	s.got = append(s.got, c)
	return nil
}

func (s *sink) ids() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, c := range s.got {
		out = append(out, c.ID)
	}
	return out
}

func write(t *testing.T, db *store.DB, cmd commands.Data) string {
	t.Helper()
	var id string
	if err := db.Tx(context.Background(), func(tx *sql.Tx) (err error) {
		id, err = commands.Write(context.Background(), tx, cmd)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return id
}

func disable(id int64) commands.Customer {
	f := false
	return commands.Customer{CustomerID: fmt.Sprintf("c-%d", id), BackofficeID: id, Enabled: &f}
}

// clock is a controlled clock: waits return at once and move it on.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }
func (c *clock) After(time.Duration) <-chan time.Time {
	ch := make(chan time.Time, 1)
	ch <- c.now
	return ch
}

func deliverer(t *testing.T, db *store.DB, c *clock, sinks ...commands.Sink) *commands.Deliverer {
	t.Helper()
	d, err := commands.NewDeliverer(db, commands.Options{Sinks: sinks, Now: c.Now, After: c.After})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// A command is the CloudEvent the contract gives, written only when the
// change's transaction commits.
func TestWriteCommitsWithTheChange(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		err := db.Tx(ctx, func(tx *sql.Tx) error {
			if _, err := commands.Write(ctx, tx, disable(1)); err != nil {
				return err
			}
			return errors.New("the change failed")
		})
		if err == nil {
			t.Fatal("the failing transaction committed")
		}
		id := write(t, db, disable(2))
		s := &sink{}
		c := &clock{now: store.Now()}
		if n, err := deliverer(t, db, c, s).Step(ctx); err != nil || n != 1 {
			t.Fatalf("Step = %d, %v; want the one command that committed", n, err)
		}
		var e struct {
			SpecVersion, ID, Source, Type, Subject string
			Data                                   map[string]any
		}
		if err := json.Unmarshal(s.got[0].Body, &e); err != nil {
			t.Fatal(err)
		}
		if e.SpecVersion != "1.0" || e.ID != id || e.Source != "xapa.backoffice" || e.Type != "xapa.cmd.customer.v1" ||
			e.Subject != "customer:2" || e.Data["customer_id"] != "c-2" || e.Data["enabled"] != false {
			t.Errorf("sent %s", s.got[0].Body)
		}
		if _, has := e.Data["email"]; has {
			t.Errorf("a field the change left alone was sent: %s", s.got[0].Body)
		}
		if st := last(t, db, "customer:2"); st.State != commands.Delivered {
			t.Errorf("after delivery: %+v, want delivered (pending at core)", st)
		}
	})
}

func last(t *testing.T, db *store.DB, entity string) commands.Status {
	t.Helper()
	m, err := commands.Last(context.Background(), db, entity)
	if err != nil {
		t.Fatal(err)
	}
	return m[entity]
}

// One entity's commands go in the order made; an entity whose command the
// receiver refuses holds back only its own later commands, which follow
// once it is taken; the waits between tries grow.
func TestDeliveryInOrderPerEntity(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a1, b1, a2, b2 := write(t, db, disable(1)), write(t, db, disable(2)), write(t, db, disable(1)), write(t, db, disable(2))
		s := &sink{down: map[string]bool{"customer:1": true}}
		c := &clock{now: store.Now()}
		d := deliverer(t, db, c, s)
		for range 3 {
			if _, err := d.Step(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := fmt.Sprint(s.ids()); got != fmt.Sprint([]string{b1, b2}) {
			t.Fatalf("sent %v while customer 1's receiver refuses, want customer 2's two in order %v", got, []string{b1, b2})
		}
		var attempts int
		var next time.Time
		if err := db.QueryRowContext(ctx, `SELECT attempts, next_attempt_at FROM core_commands WHERE id = $1`, a1).Scan(&attempts, &next); err != nil {
			t.Fatal(err)
		}
		if attempts != 1 || !next.After(c.now) {
			t.Fatalf("refused once: attempts %d, next %s (now %s): want 1 and a wait", attempts, next, c.now)
		}
		c.now = c.now.Add(time.Second) // the first wait is at most a second
		if _, err := d.Step(ctx); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRowContext(ctx, `SELECT attempts, next_attempt_at FROM core_commands WHERE id = $1`, a1).Scan(&attempts, &next); err != nil {
			t.Fatal(err)
		}
		if attempts != 2 || next.Sub(c.now) <= time.Second {
			t.Fatalf("refused twice: attempts %d, wait %s: want 2 and more than a second", attempts, next.Sub(c.now))
		}
		delete(s.down, "customer:1")
		c.now = c.now.Add(time.Hour)
		for range 3 {
			if _, err := d.Step(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if got := fmt.Sprint(s.ids()); got != fmt.Sprint([]string{b1, b2, a1, a2}) {
			t.Errorf("sent %v, want %v", got, []string{b1, b2, a1, a2})
		}
	})
}

// The core's answer settles a command: applied, or rejected with its
// reason. A second answer changes nothing; an unknown id is an error.
func TestAnswer(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, b := write(t, db, disable(1)), write(t, db, disable(2))
		answer := func(id, status, reason string) (bool, error) {
			var changed bool
			err := db.Tx(ctx, func(tx *sql.Tx) (err error) {
				changed, err = commands.Answer(ctx, tx, id, status, reason)
				return err
			})
			return changed, err
		}
		if ok, err := answer(a, commands.Applied, ""); !ok || err != nil {
			t.Fatalf("applied: %v, %v", ok, err)
		}
		if ok, err := answer(b, commands.Rejected, "the customer has a withdrawal in flight"); !ok || err != nil {
			t.Fatalf("rejected: %v, %v", ok, err)
		}
		if ok, err := answer(b, commands.Applied, ""); ok || err != nil {
			t.Fatalf("a second answer: %v, %v; want no change", ok, err)
		}
		if _, err := answer("no-such-command", commands.Applied, ""); !errors.Is(err, commands.ErrUnknown) {
			t.Fatalf("unknown id: %v", err)
		}
		m, err := commands.Last(ctx, db, "customer:1", "customer:2", "customer:3")
		if err != nil {
			t.Fatal(err)
		}
		if m["customer:1"].State != commands.Applied || m["customer:2"].State != commands.Rejected ||
			m["customer:2"].Reason != "the customer has a withdrawal in flight" || len(m) != 2 {
			t.Errorf("Last = %+v", m)
		}
		// An answered command is never sent again, even if its delivery was not recorded.
		s := &sink{}
		if n, err := deliverer(t, db, &clock{now: store.Now()}, s).Step(ctx); err != nil || n != 0 {
			t.Errorf("Step after the answers: %d, %v; want nothing to send", n, err)
		}
	})
}

// Deliveries are counted by outcome, and the backlog reads what waits.
func TestDeliveryMetricsAndBacklog(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		write(t, db, disable(1))
		write(t, db, disable(2))
		m := metrics.New(nil)
		c := &clock{now: store.Now().Add(time.Second)}
		d, err := commands.NewDeliverer(db, commands.Options{Sinks: []commands.Sink{&sink{down: map[string]bool{"customer:1": true}}},
			Now: c.Now, After: c.After, Metrics: m})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Step(ctx); err != nil {
			t.Fatal(err)
		}
		counts := map[string]float64{}
		families, err := m.Registry().Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range families {
			if f.GetName() == "backoffice_core_command_deliveries_total" {
				for _, s := range f.GetMetric() {
					counts[s.GetLabel()[0].GetValue()] = s.GetCounter().GetValue()
				}
			}
		}
		if counts["delivered"] != 1 || counts["failed"] != 1 {
			t.Errorf("deliveries counted %v, want one of each", counts)
		}
		waiting, failing, oldest, err := commands.Backlog(ctx, db)
		if err != nil || waiting != 1 || failing != 1 || oldest.IsZero() || oldest.After(c.now) {
			t.Errorf("Backlog = %d waiting, %d failing, oldest %s, %v; want 1, 1 and its creation", waiting, failing, oldest, err)
		}
	})
}
