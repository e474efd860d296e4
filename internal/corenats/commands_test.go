package corenats_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"testing"
	"time"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/corenats"
	"xapa/backoffice/internal/natstest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Commands reach the stream XAPA_BACKOFFICE on xapa.backoffice.<type>, in
// order per entity; a NATS server down meanwhile only delays them, and a
// command sent again (its delivery not recorded) is dropped by the stream.
func TestCommandsReachTheStreamThroughAnOutage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		srv := natstest.Start(t)
		sink, err := corenats.ConnectCommands(ctx, srv.URL, "")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(sink.Close)
		var ahead time.Duration // the clock: real time, moved on past backoffs
		d, err := commands.NewDeliverer(db, commands.Options{Sinks: []commands.Sink{sink},
			Now: func() time.Time { return store.Now().Add(ahead) }})
		if err != nil {
			t.Fatal(err)
		}
		write := func(id int64, enabled bool) string {
			var cid string
			if err := db.Tx(ctx, func(tx *sql.Tx) (err error) {
				cid, err = commands.Write(ctx, tx, commands.Customer{BackofficeID: id, Enabled: &enabled})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return cid
		}
		first := write(1, false)
		if n, err := d.Step(ctx); n != 1 || err != nil {
			t.Fatalf("Step = %d, %v", n, err)
		}
		srv.Stop()
		second, third := write(1, true), write(2, false)
		if n, _ := d.Step(ctx); n != 0 {
			t.Fatalf("%d delivered while NATS is down", n)
		}
		srv.Start()
		ahead = time.Hour // past every backoff
		until(t, db, "delivered after the outage", func() bool {
			if _, err := d.Step(ctx); err != nil {
				t.Fatal(err)
			}
			return count(t, db, `SELECT count(*) FROM core_commands WHERE state = 'waiting'`) == 0
		})
		// A resend, as after a crash between the publish and its record.
		body := storetest.Column[string](t, db, `SELECT body FROM core_commands WHERE id = '`+first+`'`)[0]
		if err := sink.Send(ctx, commands.Outgoing{ID: first, Type: "xapa.cmd.customer.v1", Body: []byte(body)}); err != nil {
			t.Fatal(err)
		}
		got := streamed(t, srv.URL)
		at := map[string]int{}
		for i, id := range got {
			at[id] = i
		}
		// One entity's in the order made; others' in any order.
		if len(got) != 3 || len(at) != 3 || at[first] != 0 || at[second] < at[first] {
			t.Fatalf("the stream holds %v, want each of %v once, %s before %s", got, []string{first, second, third}, first, second)
		}
		if _, ok := at[third]; !ok {
			t.Fatalf("the stream lacks %s: %v", third, got)
		}
	})
}

// streamed are the ids of the commands in XAPA_BACKOFFICE, in stream order;
// each was on its type's subject, with its id as Nats-Msg-Id.
func streamed(t *testing.T, url string) []string {
	t.Helper()
	var ids []string
	for _, m := range natstest.Messages(t, url, corenats.CommandStream) {
		var e struct{ ID, Type string }
		if err := json.Unmarshal(m.Data(), &e); err != nil {
			t.Fatal(err)
		}
		if m.Subject() != "xapa.backoffice."+e.Type || m.Headers().Get("Nats-Msg-Id") != e.ID {
			t.Errorf("command %s on %s with Nats-Msg-Id %q", e.ID, m.Subject(), m.Headers().Get("Nats-Msg-Id"))
		}
		ids = append(ids, e.ID)
	}
	return ids
}
