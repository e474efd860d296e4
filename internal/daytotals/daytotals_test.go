package daytotals_test

import (
	"context"
	"database/sql"
	"sort"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
	"xapa/backoffice/internal/utc"
)

// clock is a settable test clock.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func seed(t *testing.T, db *store.DB, now time.Time) {
	t.Helper()
	if err := demo.Generate(context.Background(), db, demo.Options{Secrets: secrets.Ephemeral(), Users: 30, Transactions: 3000, Seed: 5, Now: now}); err != nil {
		t.Fatal(err)
	}
}

// text prints days in a fixed order, for comparing.
func text(days daytotals.Days) string {
	var lines []string
	for day, rows := range days {
		for _, r := range rows {
			sums := make([]string, len(r.Sums))
			for i, s := range r.Sums {
				sums[i] = s.String()
			}
			lines = append(lines, day+" "+strings.Join(r.Group, "|")+" "+strings.Join(sums, "|"))
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// rowsView keeps the stored rows themselves, counting the days it folds.
type rowsView struct {
	*daytotals.View[[]daytotals.Row, daytotals.Days]
	folded int
}

// node is a reader of the tx series on a node of its own.
func node(db *store.DB, c *clock) *rowsView {
	v := &rowsView{}
	v.View = daytotals.NewView(daytotals.New(db, c.Now), ledger.DaySums,
		func(rows []daytotals.Row) ([]daytotals.Row, error) { v.folded++; return rows, nil },
		func(days map[string][]daytotals.Row) daytotals.Days { return days })
	return v
}

// expectFresh checks that v's closed days are the sums of the table read now.
func expectFresh(t *testing.T, db *store.DB, v *rowsView, c *clock, what string) {
	t.Helper()
	ctx := context.Background()
	got, err := v.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want, err := daytotals.Sum(ctx, db, ledger.DaySums, time.Time{}, utc.Midnight(c.now))
	if err != nil {
		t.Fatal(err)
	}
	if g, w := text(got), text(want); g != w || g == "" {
		t.Fatalf("%s: kept days differ from a fresh sum (or are empty)\nkept:\n%s\nfresh:\n%s", what, g, w)
	}
}

func exec(t *testing.T, db *store.DB, q string, args ...any) int64 {
	t.Helper()
	res, err := db.ExecContext(context.Background(), q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	n, _ := res.RowsAffected()
	return n
}

func scalar[T any](t *testing.T, db *store.DB, q string, args ...any) T {
	t.Helper()
	var v T
	if err := db.QueryRowContext(context.Background(), q, args...).Scan(&v); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return v
}

// Closed days kept in the database are the sums of the table, through late
// writes of every kind (a status changed, a row moved to another day, a row
// deleted, a row inserted into a past day), on two nodes, across midnight
// and in the minutes after it.
func TestKeptDaysFollowLateWrites(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := &clock{now: time.Date(2026, 10, 20, 15, 30, 0, 0, time.UTC)}
		seed(t, db, c.now)
		node1, node2 := node(db, c), node(db, c)
		expectFresh(t, db, node1, c, "first read")
		expectFresh(t, db, node2, c, "first read, second node")

		day := func(n int) time.Time { return utc.Midnight(c.now).AddDate(0, 0, -n) }
		idOn := func(n int) int64 {
			return scalar[int64](t, db, `SELECT min(id) FROM transactions WHERE created_at >= $1 AND created_at < $2 AND status <> 'failed'`,
				day(n), day(n-1))
		}
		exec(t, db, `UPDATE transactions SET status = 'failed' WHERE id = $1`, idOn(10))
		exec(t, db, `UPDATE transactions SET created_at = $1 WHERE id = $2`, day(30).Add(time.Hour), idOn(20))
		exec(t, db, `DELETE FROM transactions WHERE id = $1`, idOn(40))
		exec(t, db, `INSERT INTO transactions (user_id, wallet_id, coin_id, amount, network_fee, commission, fee, type, network,
			is_exchange, hash, explorer_url, created_at, updated_at, confirmations, max_confirmation, status, receiver_address)
			SELECT user_id, wallet_id, coin_id, amount, network_fee, commission, fee, type, network, is_exchange,
			hash || 'x', explorer_url, $1, $1, confirmations, max_confirmation, status, receiver_address
			FROM transactions WHERE id = $2`, day(50).Add(2*time.Hour), idOn(60))
		if n := scalar[int64](t, db, `SELECT count(*) FROM day_totals_stale WHERE series = 'tx'`); n != 5 {
			t.Fatalf("%d days marked stale, want 5 (10, 20 and 30, 40, 50 days ago)", n)
		}
		before := scalar[int64](t, db, `SELECT version FROM day_totals_series WHERE series = 'tx'`)
		node1.folded, node2.folded = 0, 0
		expectFresh(t, db, node2, c, "after late writes, second node")
		expectFresh(t, db, node1, c, "after late writes")
		// Each reader folded again the changed days alone, not the history.
		if node1.folded != 5 || node2.folded != 5 {
			t.Fatalf("the readers folded %d and %d days again, want the 5 changed", node1.folded, node2.folded)
		}
		expectFresh(t, db, node1, c, "nothing changed")
		if node1.folded != 5 {
			t.Fatalf("a read with nothing changed folded %d days", node1.folded-5)
		}
		if n := scalar[int64](t, db, `SELECT count(*) FROM day_totals_stale`); n != 0 {
			t.Fatalf("%d stale marks left", n)
		}
		// Only the marked days were written again.
		if n := scalar[int64](t, db, `SELECT count(DISTINCT day) FROM day_totals WHERE series = 'tx' AND version > $1`, before); n != 5 {
			t.Fatalf("%d days written again, want the 5 marked", n)
		}

		c.now = c.now.AddDate(0, 0, 1) // a day later: yesterday closed
		expectFresh(t, db, node1, c, "a day later")
		c.now = utc.Midnight(c.now).AddDate(0, 0, 1).Add(5 * time.Minute) // just after midnight: yesterday summed directly
		expectFresh(t, db, node2, c, "five minutes after midnight")
		if through := scalar[string](t, db, `SELECT through FROM day_totals_series WHERE series = 'tx'`); through != day(1).Format(time.DateOnly) {
			t.Fatalf("through %s five minutes after midnight, want %s (a day is stored %v after it ends)", through, day(1).Format(time.DateOnly), daytotals.CloseDelay)
		}
	})
}

// A day written to again while it is summed again stays stale: the older
// sum is not stored, and the next read sums it again.
func TestDayMarkedAgainWhileSummedStaysStale(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		c := &clock{now: time.Date(2026, 10, 20, 15, 30, 0, 0, time.UTC)}
		seed(t, db, c.now)
		k := node(db, c)
		expectFresh(t, db, k, c, "first read")
		d := utc.Midnight(c.now).AddDate(0, 0, -3)
		id := scalar[int64](t, db, `SELECT min(id) FROM transactions WHERE created_at >= $1 AND created_at < $2`, d, d.AddDate(0, 0, 1))
		exec(t, db, `UPDATE transactions SET status = 'failed' WHERE id = $1`, id)
		marks := scalar[int64](t, db, `SELECT marks FROM day_totals_stale WHERE series = 'tx' AND day = $1`, d.Format(time.DateOnly))
		old, err := daytotals.Sum(ctx, db, ledger.DaySums, d, d.AddDate(0, 0, 1)) // summed now...
		if err != nil {
			t.Fatal(err)
		}
		exec(t, db, `UPDATE transactions SET status = 'confirmed' WHERE id = $1`, id) // ...written to again meanwhile
		if err := db.Tx(ctx, func(tx *sql.Tx) error {
			return daytotals.ReplaceDay(ctx, tx, "tx", d.Format(time.DateOnly), marks, old[d.Format(time.DateOnly)])
		}); err != nil {
			t.Fatal(err)
		}
		if n := scalar[int64](t, db, `SELECT count(*) FROM day_totals_stale WHERE series = 'tx' AND day = $1`, d.Format(time.DateOnly)); n != 1 {
			t.Fatal("the day marked again lost its mark")
		}
		expectFresh(t, db, k, c, "the next read")
	})
}

// A long history is stored AdvanceDays at a time, each step kept when it
// commits: a first read cut short after one step keeps that step, and the
// next read goes on from there to the same sums as a fresh one.
func TestFirstStoringKeepsEachStep(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		c := &clock{now: time.Date(2026, 10, 20, 15, 30, 0, 0, time.UTC)}
		seed(t, db, c.now) // 90 days: three steps and a part
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		steps := 0
		cut := ledger.DaySums
		cut.Query = func(d store.Dialect) string {
			if steps++; steps == 2 {
				cancel() // the second step's sum fails
			}
			return ledger.DaySums.Query(d)
		}
		v := daytotals.NewView(daytotals.New(db, c.Now), cut,
			func(rows []daytotals.Row) ([]daytotals.Row, error) { return rows, nil },
			func(days map[string][]daytotals.Row) daytotals.Days { return days })
		if _, err := v.Read(ctx); err == nil {
			t.Fatal("a read cut short reported no error")
		}
		first := scalar[string](t, db, `SELECT `+db.Dialect.Day("min(created_at)")+` FROM transactions`)
		start, _ := time.Parse(time.DateOnly, first)
		through := scalar[string](t, db, `SELECT through FROM day_totals_series WHERE series = 'tx'`)
		if want := start.AddDate(0, 0, daytotals.AdvanceDays).Format(time.DateOnly); through != want {
			t.Fatalf("after one step the series is stored through %q, want %s", through, want)
		}
		expectFresh(t, db, node(db, c), c, "the next read")
	})
}
