package store_test

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"testing"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

type entry struct {
	id int64
	at time.Time
}

// A read whose caller stops taking rows (a CSV download blocked on its
// client) gives its connection back, and resumes after the last row sent:
// every matching row comes once, newest first, across resumptions inside
// runs of equal times and at whole and fractional seconds. A numbered page
// is the same order.
func TestEachNewestGivesItsConnectionBackWhileTheCallerStalls(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		base := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
		var want []entry
		for i := range 23 {
			// Times repeat (i/3) and alternate whole seconds with fractions.
			at := base.Add(time.Duration(i/3) * time.Second).Add(time.Duration(i%2) * 500 * time.Microsecond)
			action := "keep"
			if i%5 == 4 {
				action = "skip"
			}
			var id int64
			if err := db.QueryRowContext(ctx, `INSERT INTO audit_log (actor_email, action, target, details, ip, created_at)
				VALUES ('a@x', $1, '', '{}', '', $2) RETURNING id`, action, at).Scan(&id); err != nil {
				t.Fatal(err)
			}
			if action == "keep" {
				want = append(want, entry{id, at})
			}
		}
		slices.SortFunc(want, func(a, b entry) int {
			return cmp.Or(b.at.Compare(a.at), cmp.Compare(b.id, a.id))
		})
		q := store.Newest{Select: `SELECT id, created_at FROM audit_log`, Where: ` WHERE action = $1`, Args: []any{"keep"},
			At: "created_at", ID: "id", Ahead: 2}
		scan := func(rows *sql.Rows) (entry, store.Cursor, error) {
			var e entry
			err := rows.Scan(&e.id, &e.at)
			return e, store.Cursor{At: e.at, ID: e.id}, err
		}
		var got []entry
		err := store.EachNewest(ctx, db, q, scan, func(e entry) error {
			if n := len(got); n == 3 || n == 10 { // the caller stalls: the reader gives its connection back
				for hang := time.Now().Add(30 * time.Second); db.Stats().InUse != 0; { // a bound for a hang only
					if time.Now().After(hang) {
						t.Fatalf("the read still holds its connection while the caller stalls at row %d", len(got))
					}
					time.Sleep(10 * time.Millisecond) // polling a condition (it holds after store.Pause)
				}
			}
			got = append(got, e)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, want, func(a, b entry) bool { return a.id == b.id && a.at.Equal(b.at) }) {
			t.Fatalf("batched read\n got %v\nwant %v", got, want)
		}
		var page []entry
		if err := store.EachPage(ctx, db, q, 5, 7, scan, func(e entry) error { page = append(page, e); return nil }); err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(page, want[7:12], func(a, b entry) bool { return a.id == b.id }) {
			t.Fatalf("page 5 after 7\n got %v\nwant %v", page, want[7:12])
		}
	})
}
