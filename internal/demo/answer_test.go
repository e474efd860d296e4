package demo_test

import (
	"context"
	"database/sql"
	"strconv"
	"testing"
	"time"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The simulated core answers every command as a core would: a customer
// disabled comes back disabled at its next version, a token on a chain
// without its contract is rejected with the reason, and a command
// delivered twice is answered once.
func TestTheSimulatedCoreAnswersCommands(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 10, Transactions: 20, Seed: 3, Now: now}); err != nil {
			t.Fatal(err)
		}
		var id, version int64
		if err := db.QueryRowContext(ctx, `SELECT local_id, version FROM core_ids WHERE kind = 'customer' ORDER BY local_id LIMIT 1`).Scan(&id, &version); err != nil {
			t.Fatal(err)
		}
		off := false
		write := func(c commands.Data) string {
			var cid string
			if err := db.Tx(ctx, func(tx *sql.Tx) (err error) {
				cid, err = commands.Write(ctx, tx, c)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return cid
		}
		disabled := write(commands.Customer{BackofficeID: id, Enabled: &off})
		token := write(commands.Coin{BackofficeID: 7, Coin: "WBTC@ETH", Name: "Wrapped", Decimals: 8, MaxConfirmation: 12,
			MainContract: "not-an-address", MinSpendable: "1"})
		answerer := demo.NewAnswerer(db, 0)
		d, err := commands.NewDeliverer(db, commands.Options{Sinks: []commands.Sink{answerer},
			Now: func() time.Time { return store.Now().Add(time.Minute) }})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := d.Step(ctx); err != nil || n != 2 {
			t.Fatalf("Step = %d, %v", n, err)
		}
		var enabled bool
		var after int64
		if err := db.QueryRowContext(ctx, `SELECT u.enabled, c.version FROM users u JOIN core_ids c ON c.kind = 'customer'
			AND c.local_id = u.id WHERE u.id = $1`, id).Scan(&enabled, &after); err != nil {
			t.Fatal(err)
		}
		if enabled || after != version+1 {
			t.Errorf("the customer after the core's answer: enabled %v, version %d; want disabled at %d", enabled, after, version+1)
		}
		last, err := commands.Last(ctx, db, "customer:"+itoa(id), "coin:7")
		if err != nil {
			t.Fatal(err)
		}
		if s := last["customer:"+itoa(id)]; s.CommandID != disabled || s.State != commands.Applied {
			t.Errorf("the customer's command: %+v, want %s applied", s, disabled)
		}
		if s := last["coin:7"]; s.CommandID != token || s.State != commands.Rejected || s.Reason != `ETH has no contract at "not-an-address"` {
			t.Errorf("the token's command: %+v", s)
		}
		// Delivered again (its record lost): answered once, nothing changes.
		body := storetest.Column[string](t, db, `SELECT body FROM core_commands WHERE id = '`+disabled+`'`)[0]
		if err := answerer.Send(ctx, commands.Outgoing{ID: disabled, Type: "xapa.cmd.customer.v1", Entity: "customer:" + itoa(id),
			Body: []byte(body)}); err != nil {
			t.Errorf("a second delivery: %v", err)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// With a delay the simulated core takes a command at once and answers it
// later: the change is pending at core meanwhile.
func TestTheSimulatedCoreAnswersLater(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 5, Transactions: 10, Seed: 3, Now: now}); err != nil {
			t.Fatal(err)
		}
		var id int64
		if err := db.QueryRowContext(ctx, `SELECT local_id FROM core_ids WHERE kind = 'customer' ORDER BY local_id LIMIT 1`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		off := false
		if err := db.Tx(ctx, func(tx *sql.Tx) error {
			_, err := commands.Write(ctx, tx, commands.Customer{BackofficeID: id, Enabled: &off})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		d, err := commands.NewDeliverer(db, commands.Options{Sinks: []commands.Sink{demo.NewAnswerer(db, time.Hour)},
			Now: func() time.Time { return store.Now().Add(time.Minute) }})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := d.Step(ctx); err != nil || n != 1 {
			t.Fatalf("Step = %d, %v", n, err)
		}
		entity := "customer:" + itoa(id)
		if last, err := commands.Last(ctx, db, entity); err != nil || last[entity].State != commands.Delivered {
			t.Fatalf("taken, not yet answered: %+v, %v; want delivered (pending at core)", last, err)
		}
	})
}
