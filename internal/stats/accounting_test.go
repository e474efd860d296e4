package stats_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The accounting cards (cached per-day sums plus direct reads of partial
// days) must equal plain SQL over every row, for any range: whole days as the
// screens send them, ranges through today, within one day, in the future.
func TestAccountingMatchesPlainSQL(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC)
		if err := demo.Generate(ctx, db, demo.Options{Secrets: secrets.Ephemeral(), Users: 60, Transactions: 3000, Seed: 5, Now: now}); err != nil {
			t.Fatal(err)
		}
		// A staff member's own main wallet: not a customer's asset, but in the customers' credit card total.
		if _, err := db.ExecContext(ctx, `INSERT INTO wallets (user_id, coin_id, name, network, balance, created_at, updated_at)
			SELECT id, 1, 'Main', 'main', '3.25', $1, $1 FROM users WHERE is_admin = TRUE ORDER BY id LIMIT 1`, now); err != nil {
			t.Fatal(err)
		}
		s := stats.New(db, func() time.Time { return now }, nil)
		rng := rand.New(rand.NewPCG(7, 8))
		compareRanges(ctx, t, db, s, rng, now, 40)

		// Late writes to past days (kept days are marked stale and summed
		// again): a user registered and one verified on past days, a bonus
		// deleted and one moved; seen once the closed days' cache expires.
		for _, q := range []string{
			`UPDATE users SET email_verified = TRUE, verified_at = $1 WHERE id = (SELECT min(id) FROM users WHERE email_verified = FALSE AND is_admin = FALSE)`,
			`INSERT INTO users (username, email, full_name, password_hash, created_at, updated_at, invitation_code)
				SELECT username || 'late', 'late.' || email, full_name, password_hash, $1, $1, invitation_code || 'L' FROM users WHERE id = (SELECT max(id) FROM users)`,
			`DELETE FROM bonuses WHERE id = (SELECT min(id) FROM bonuses WHERE created_at < $1)`,
			`UPDATE bonuses SET created_at = $1 WHERE id = (SELECT max(id) FROM bonuses WHERE created_at < $1)`,
		} {
			if _, err := db.ExecContext(ctx, q, now.AddDate(0, 0, -9)); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		for _, series := range []string{"users", "bonuses"} {
			var marked int
			if err := db.QueryRowContext(ctx, `SELECT count(*) FROM day_totals_stale WHERE series = $1`, series).Scan(&marked); err != nil || marked == 0 {
				t.Fatalf("no day of %s marked stale by the late writes (%v)", series, err)
			}
		}
		now = now.Add(2*stats.ClosedTTL + time.Second) // older than twice its TTL: not served while it refreshes
		compareRanges(ctx, t, db, s, rng, now, 20)
	})
}

// compareRanges checks n random ranges of both cards against plain SQL.
func compareRanges(ctx context.Context, t *testing.T, db *store.DB, s *stats.Service, rng *rand.Rand, now time.Time, n int) {
	t.Helper()
	day := func(t time.Time) time.Time { return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC) }
	for i := 0; i < n; i++ {
		from := now.Add(-time.Duration(rng.Int64N(int64(100 * 24 * time.Hour))))
		to := from.Add(time.Duration(rng.Int64N(int64(60 * 24 * time.Hour))))
		switch rng.IntN(4) {
		case 0: // whole days, as the report screens send them
			from, to = day(from), day(to).Add(24*time.Hour-time.Second)
		case 1: // through the end of today
			from, to = day(from), day(now).Add(24*time.Hour-time.Second)
		case 2: // within one day
			to = from.Add(time.Duration(rng.Int64N(int64(20 * time.Hour))))
		}
		gotU, err := s.Users(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		wantU, err := plainUsers(ctx, db, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if gotU != wantU {
			t.Fatalf("users %v..%v: got %+v, plain SQL %+v", from, to, gotU, wantU)
		}
		gotF, err := s.Financial(ctx, from, to)
		if err != nil {
			t.Fatal(err)
		}
		wantF, err := plainFinancial(ctx, db, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(gotF, wantF) {
			t.Fatalf("financial %v..%v: got %+v, plain SQL %+v", from, to, gotF, wantF)
		}
	}
}
