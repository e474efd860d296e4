package approvals_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// A plan runs to the end of its transaction: every entry is held, and
// nothing of the change lands.
func TestPlanHoldsTheWholeChangeAndNothingLands(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		plan := &approvals.Plan{Action: "role.set", Method: "POST", Path: "/api/admin/roles/3/adduser"}
		ran := 0
		err := db.Tx(ctx, func(tx *sql.Tx) error {
			for _, user := range []string{"user:57", "user:59"} {
				if _, err := tx.ExecContext(ctx, `INSERT INTO approval_policy (action, required, updated_at) VALUES ($1, TRUE, $2)`,
					"probe."+user, time.Now()); err != nil {
					return err
				}
				e := audit.Entry{Action: "user.set_role", Target: user, Details: map[string]any{"role": "Support", "password": "x"}}
				if err := plan.Hold(ctx, tx, &e); err != nil {
					return err
				}
				ran++
			}
			return nil
		})
		if !errors.Is(err, approvals.ErrHeld) {
			t.Fatalf("the change's transaction ended with %v, want ErrHeld", err)
		}
		if ran != 2 || len(plan.Held) != 2 {
			t.Fatalf("the change ran %d of 2 parts and held %d entries: it must run to its end", ran, len(plan.Held))
		}
		if n := storetest.Column[int](t, db, `SELECT count(*) FROM approval_policy WHERE action LIKE 'probe.%'`); n[0] != 0 {
			t.Fatalf("%d rows of the held change landed", n[0])
		}
		if got := plan.Target(); got != "user:57,user:59" {
			t.Errorf("Target = %q", got)
		}
		if got := plan.Summary(nil); got != "Set the role of staff members: Support (user:57, user:59)" {
			t.Errorf("Summary = %q", got)
		}
		// With the staff members' emails (Service.targetNames), the request names them.
		names := map[string]string{"user:57": "ana@example.com", "user:59": "bo@example.com"}
		if got := plan.Summary(names); got != "Set the role of staff members: Support (ana@example.com, bo@example.com)" {
			t.Errorf("Summary with names = %q", got)
		}
		if _, ok := plan.Change(names)["ana@example.com"]; !ok {
			t.Errorf("Change with names = %v: want each member under their email", plan.Change(names))
		}
		change := plan.Change(nil)
		for _, user := range []string{"user:57", "user:59"} {
			d, _ := change[user].(map[string]any)
			if d["role"] != "Support" || d["password"] != nil {
				t.Errorf("change of %s = %v: want its role, and no secret", user, d)
			}
		}
	})
}

// Outside a transaction of DB.Tx a change cannot run on: it stops at its
// first entry.
func TestPlanOutsideATransactionStopsAtItsEntry(t *testing.T) {
	db := storetest.SQLite(t)
	plan := &approvals.Plan{Action: "token.edit"}
	e := audit.Entry{Action: "coin.update", Target: "coin:4", Details: map[string]any{"symbol": "USDT"}}
	if err := plan.Hold(context.Background(), db, &e); !errors.Is(err, approvals.ErrHeld) {
		t.Fatalf("Hold = %v, want ErrHeld", err)
	}
	if got := plan.Summary(nil); got != "Edit a token: USDT" {
		t.Errorf("Summary = %q", got)
	}
}

// The one promotion has no id nor name: its summary is the action's label,
// not "Save the promotion: promotion".
func TestPlanSummaryOfTheOneOfItsKind(t *testing.T) {
	plan := &approvals.Plan{Action: "promotion.save", Held: []audit.Entry{{Action: "promotion.update", Target: "promotion",
		Details: map[string]any{"isEnabled": true}}}}
	if got := plan.Summary(nil); got != "Save the promotion" {
		t.Errorf("Summary = %q", got)
	}
}
