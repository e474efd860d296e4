package ledger_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Count (per-day and per-hour counts plus index counts of the edges) must
// equal a plain count for any filter and range.
func TestCountMatchesAPlainCount(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC)
		if err := demo.Generate(ctx, db, demo.Options{Secrets: secrets.Ephemeral(), Users: 40, Transactions: 4000, Seed: 9, Now: now}); err != nil {
			t.Fatal(err)
		}
		s := ledger.New(db, func() time.Time { return now }, nil)
		rng := rand.New(rand.NewPCG(3, 4))
		pick := func(options ...string) string { return options[rng.IntN(len(options))] }
		for i := 0; i < 200; i++ {
			f := ledger.Filter{Network: ledger.Network(pick("", "main", "test")), Type: ledger.Type(pick("", "sent", "received"))}
			if rng.IntN(3) == 0 {
				f.CoinID = int64(1 + rng.IntN(11))
			}
			if rng.IntN(4) > 0 {
				from := now.Add(-time.Duration(rng.Int64N(int64(100 * 24 * time.Hour))))
				if rng.IntN(3) == 0 { // today, cutting or on an hour (today's closed hours are counted per hour)
					from = now.Add(-time.Duration(rng.Int64N(int64(16 * time.Hour))))
					if rng.IntN(2) == 0 {
						from = from.Truncate(time.Hour)
					}
				}
				f.From = &from
			}
			if rng.IntN(4) > 0 {
				to := now.Add(time.Duration(rng.Int64N(int64(48*time.Hour))) - 24*time.Hour)
				if rng.IntN(3) == 0 { // earlier today, or the end of a closed hour
					to = now.Add(-time.Duration(rng.Int64N(int64(15 * time.Hour))))
					if rng.IntN(2) == 0 {
						to = to.Truncate(time.Hour).Add(-time.Second)
					}
				}
				if rng.IntN(5) == 0 { // a whole-day edge, as the screens send
					to = time.Date(to.Year(), to.Month(), to.Day(), 23, 59, 59, 0, time.UTC)
				}
				f.To = &to
			}
			got, err := s.Count(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			want := plainCount(t, db, f)
			if got != want {
				t.Fatalf("filter %+v from %v to %v: Count = %d, plain count = %d", f, f.From, f.To, got, want)
			}
		}
	})
}

func plainCount(t *testing.T, db *store.DB, f ledger.Filter) int {
	t.Helper()
	q := `SELECT count(*) FROM transactions WHERE ($1 = '' OR network = $1) AND ($2 = '' OR type = $2) AND ($3 = 0 OR coin_id = $3)`
	args := []any{f.Network, f.Type, f.CoinID}
	if f.From != nil {
		args = append(args, *f.From)
		q += ` AND created_at >= $4`
	}
	if f.To != nil {
		args = append(args, *f.To)
		q += ` AND created_at <= $` + string(rune('0'+len(args)))
	}
	var n int
	if err := db.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
