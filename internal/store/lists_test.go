package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// An IN list of ids selects exactly those ids on both databases, and no ids
// select nothing (not a syntax error on PostgreSQL).
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
		}{{[]int64{3, 1}, []int64{1, 3}}, {[]int64{2}, []int64{2}}, {nil, []int64{}}, {[]int64{9}, []int64{}}} {
			list, args := store.IDList(2, c.ids)
			rows, err := db.QueryContext(ctx, `SELECT id FROM coins WHERE $1 = 1 AND id IN (`+list+`) ORDER BY id`, append([]any{1}, args...)...)
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
