package ingest_test

import (
	"context"
	"database/sql"
	"testing"

	"xapa/backoffice/internal/commands"
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
