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
		ctx, now := context.Background(), demoAt(t, db, 40, 4000, 9)
		// Rows dated later in the current hour (a core whose clock runs ahead), which a total up to now leaves out.
		if _, err := db.ExecContext(ctx, `INSERT INTO transactions (user_id, wallet_id, coin_id, type, network, status,
			confirmations, max_confirmation, amount, hash, created_at, updated_at) SELECT user_id, wallet_id, coin_id, type,
			network, status, confirmations, max_confirmation, amount, hash || 'ahead', $1, $1 FROM transactions
			WHERE id % 50 = 0`, now.Add(20*time.Minute)); err != nil {
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
				if rng.IntN(6) == 0 { // later in the current hour: counted as the hour less the rest of it
					to = now.Add(time.Duration(rng.Int64N(int64(25 * time.Minute))))
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

// A transaction written for an earlier hour of today, or moved or removed by
// another writer, changes the total at once: today's hours are kept exact
// by the database's triggers, not cached.
func TestTodaysLateRowsCountAtOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx, now := context.Background(), demoAt(t, db, 20, 1000, 5)
		s := ledger.New(db, func() time.Time { return now }, nil)
		from, to := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 22, 23, 59, 59, 0, time.UTC)
		f := ledger.Filter{From: &from, To: &to, Network: "main"}
		check := func(step string) {
			t.Helper()
			got, err := s.Count(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if want := plainCount(t, db, f); got != want {
				t.Fatalf("after %s: Count = %d, plain count = %d", step, got, want)
			}
		}
		check("the demo")
		var id int64
		if err := db.QueryRowContext(ctx, `SELECT min(id) FROM transactions WHERE network = 'main'`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := db.ExecContext(ctx, q, args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`INSERT INTO transactions (user_id, wallet_id, coin_id, type, network, status, confirmations, max_confirmation,
			amount, hash, created_at, updated_at) SELECT user_id, wallet_id, coin_id, type, network, status, confirmations,
			max_confirmation, amount, hash || 'late', $1, $1 FROM transactions WHERE network = 'main' ORDER BY id LIMIT 3`,
			now.Add(-3*time.Hour))
		check("three rows for 12:30")
		exec(`UPDATE transactions SET created_at = $1 WHERE id = $2`, now.Add(-5*time.Hour), id)
		check("a row moved to 10:30")
		exec(`UPDATE transactions SET network = 'test' WHERE id = $1`, id)
		check("a row moved to the test network")
		exec(`DELETE FROM transactions WHERE id IN (SELECT id FROM transactions WHERE network = 'main' AND created_at >= $1 ORDER BY id LIMIT 2)`, from)
		check("two of today's rows removed")
	})
}

// transaction_hours holds, per hour, network, type and coin, the count of
// the rows, after inserts, updates and deletes of any shape.
func TestHourCountsEqualTheRows(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		demoAt(t, db, 20, 1000, 6)
		for _, q := range []string{
			`UPDATE transactions SET coin_id = 2 WHERE id % 7 = 0`,
			`UPDATE transactions SET type = CASE WHEN type = 'sent' THEN 'received' ELSE 'sent' END WHERE id % 5 = 0`,
			`UPDATE transactions SET status = 'failed' WHERE id % 3 = 0`,
			`DELETE FROM transactions WHERE id % 11 = 0`,
			`INSERT INTO transactions (user_id, wallet_id, coin_id, type, network, status, confirmations, max_confirmation,
				amount, hash, created_at, updated_at) SELECT user_id, wallet_id, coin_id, type, network, status, confirmations,
				max_confirmation, amount, hash || 'again', created_at, updated_at FROM transactions WHERE id % 13 = 0`,
		} {
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		hour := db.Dialect.Hour("created_at")
		var differ int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM (
			SELECT `+hour+` AS hour, network, type, coin_id, count(*) AS n FROM transactions GROUP BY 1, 2, 3, 4) r
			FULL JOIN (SELECT * FROM transaction_hours WHERE count <> 0) h
			ON h.hour = r.hour AND h.network = r.network AND h.type = r.type AND h.coin_id = r.coin_id
			WHERE h.count IS NULL OR r.n IS NULL OR h.count <> r.n`).Scan(&differ); err != nil {
			t.Fatal(err)
		}
		if differ != 0 {
			t.Fatalf("%d buckets of transaction_hours differ from the rows", differ)
		}
	})
}

// demoAt fills db with the demo's data as of 2026-11-22 15:30 UTC, which it
// returns.
func demoAt(t *testing.T, db *store.DB, users, transactions int, seed int64) time.Time {
	t.Helper()
	now := time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC)
	o := demo.Options{Secrets: secrets.Ephemeral(), Users: users, Transactions: transactions, Seed: seed, Now: now}
	if err := demo.Generate(context.Background(), db, o); err != nil {
		t.Fatal(err)
	}
	return now
}
