package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// An IN list of ids selects exactly those ids on both databases, through a
// kept statement on SQLite (QueryFixed), and no ids select nothing (not a
// syntax error on PostgreSQL).
func TestIDListSelectsExactlyItsIDs(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if _, err := db.ExecContext(ctx, `INSERT INTO coins (id, name, symbol, icon, kind, decimals, max_confirmation,
			position, fiat_rate, conversion_rate, created_at, updated_at)
			SELECT n, 'Coin', 'C' || n, '', 'coin', 8, 3, n, 1, 1, $1, $1 FROM (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) x`,
			time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			ids  []int64
			want []int64
		}{{[]int64{3, 1}, []int64{1, 3}}, {[]int64{2}, []int64{2}}, {nil, []int64{}}, {[]int64{9}, []int64{}},
			{[]int64{3, 2, 1}, []int64{1, 2, 3}}, {[]int64{1, 9, 3, 2, 7}, []int64{1, 2, 3}}} {
			list, args := store.IDList(2, c.ids)
			if n := len(args); n&(n-1) != 0 {
				t.Errorf("ids %v: a list of %d parameters, want a power of two (few texts, kept statements)", c.ids, n)
			}
			rows, err := db.QueryFixed(ctx, `SELECT id FROM coins WHERE $1 = 1 AND id IN (`+list+`) ORDER BY id`, append([]any{1}, args...)...)
			if err != nil {
				t.Fatalf("ids %v: %v", c.ids, err)
			}
			got, err := store.ScanColumn[int64](rows)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("ids %v: got %v, want %v", c.ids, got, c.want)
			}
		}
	})
}
