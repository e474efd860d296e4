package ingest_test

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
	"time"

	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The core's xapa.command_result.v1 settles a command: applied, or rejected
// with the reason staff then see. A second answer is stale; an unknown
// command is rejected.
func TestCommandResults(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var ids [2]string
		for i := range ids {
			f := false
			if err := db.Tx(ctx, func(tx *sql.Tx) (err error) {
				ids[i], err = commands.Write(ctx, tx, commands.Customer{BackofficeID: int64(i + 1), Enabled: &f})
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		a, c := newApplier(t, db), &core{source: "core"}
		m := metrics.New(nil)
		a.CountInto(m)
		got := apply(t, a,
			c.event("xapa.command_result.v1", map[string]any{"command_id": ids[0], "status": "applied"}),
			c.event("xapa.command_result.v1", map[string]any{"command_id": ids[1], "status": "rejected",
				"reason": "a withdrawal is in flight"}),
			c.event("xapa.command_result.v1", map[string]any{"command_id": ids[1], "status": "applied"}),
			c.event("xapa.command_result.v1", map[string]any{"command_id": "not-ours", "status": "applied"}),
			c.event("xapa.command_result.v1", map[string]any{"command_id": ids[0], "status": "lost"}),
		)
		if s := statuses(got); s != "applied,applied,stale,rejected,rejected" {
			t.Fatalf("statuses %s", s)
		}
		if got[3].Reason != `unknown command "not-ours"` {
			t.Errorf("unknown command: reason %q", got[3].Reason)
		}
		counted := map[string]float64{}
		families, err := m.Registry().Gather()
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range families {
			if f.GetName() == "backoffice_ingest_events_total" {
				for _, s := range f.GetMetric() {
					labels := map[string]string{}
					for _, l := range s.GetLabel() {
						labels[l.GetName()] = l.GetValue()
					}
					counted[labels["type"]+" "+labels["status"]] = s.GetCounter().GetValue()
				}
			}
		}
		if fmt.Sprint(counted) != "map[xapa.command_result.v1 applied:2 xapa.command_result.v1 rejected:2 xapa.command_result.v1 stale:1]" {
			t.Errorf("events counted %v", counted)
		}
		if held, dead, err := ingest.Letters(ctx, db); err != nil || held != 0 || dead != 2 {
			t.Errorf("Letters = %d held, %d dead, %v; want the two rejected as dead letters", held, dead, err)
		}
		if sources, err := ingest.Sources(ctx, db); err != nil || len(sources) != 1 || sources[0].Name != "core" ||
			!sources[0].LastEventAt.Equal(t0) || !sources[0].LastReceivedAt.Equal(t0.Add(time.Hour)) {
			t.Errorf("Sources = %+v, %v; want core's newest event at %s, received at the applier's clock", sources, err, t0)
		}
		last, err := commands.Last(ctx, db, "customer:1", "customer:2")
		if err != nil {
			t.Fatal(err)
		}
		if last["customer:1"].State != commands.Applied || last["customer:2"].State != commands.Rejected ||
			last["customer:2"].Reason != "a withdrawal is in flight" {
			t.Errorf("the commands stand %+v", last)
		}
	})
}
