package demo_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
	"xapa/backoffice/internal/rbac"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

var now = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

// box seals the demo databases' secrets in these tests.
var box = secrets.Ephemeral()

func TestDemoShowsEveryState(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 300, Transactions: 3000, Seed: 7, Now: now}); err != nil {
			t.Fatal(err)
		}
		count := func(q string, args ...any) int {
			t.Helper()
			var n int
			if err := db.QueryRowContext(ctx, q, args...).Scan(&n); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return n
		}
		expect := func(what string, n int) {
			t.Helper()
			if n == 0 {
				t.Errorf("no %s", what)
			}
		}
		if n := count(`SELECT count(*) FROM transactions`); n != 3000 {
			t.Errorf("transactions = %d, want 3000", n)
		}
		if n := count(`SELECT count(*) FROM users WHERE is_admin = FALSE`); n != 301 {
			t.Errorf("customers = %d, want 300 and the demo customer", n)
		}
		expect("failed transaction", count(`SELECT count(*) FROM transactions WHERE status = 'failed'`))
		expect("pending main transaction among the newest", count(`SELECT count(*) FROM (SELECT * FROM transactions
			WHERE network = 'main' ORDER BY created_at DESC, id DESC LIMIT 10) t WHERE confirmations = 0 AND status = 'pending'`))
		expect("confirming transaction", count(`SELECT count(*) FROM transactions WHERE status = 'pending' AND confirmations > 0 AND confirmations < max_confirmation`))
		expect("confirmed transaction", count(`SELECT count(*) FROM transactions WHERE status = 'confirmed' AND confirmations >= max_confirmation`))
		expect("test-network transaction", count(`SELECT count(*) FROM transactions WHERE network = 'test'`))
		expect("sent transaction with commission", count(`SELECT count(*) FROM transactions WHERE type = 'sent'`))
		expect("exchange", count(`SELECT count(*) FROM exchanges`))
		expect("bonus", count(`SELECT count(*) FROM bonuses`))
		expect("user online in the last 2 minutes", count(`SELECT count(*) FROM users WHERE last_seen_at >= $1`, now.Add(-2*time.Minute)))
		expect("session", count(`SELECT count(*) FROM sessions WHERE revoked_at IS NOT NULL`))
		expect("verified user", count(`SELECT count(*) FROM users WHERE email_verified = TRUE AND verified_at IS NOT NULL`))
		expect("enabled promotion", count(`SELECT count(*) FROM promotion_settings WHERE is_enabled = TRUE AND end_date > $1`, now))
		expect("promotion minimum", count(`SELECT count(*) FROM promotion_minimums`))
		expect("blacklisted market", count(`SELECT count(*) FROM market_blacklist`))
		expect("token", count(`SELECT count(*) FROM coins WHERE kind = 'token' AND blockchain_id IS NOT NULL`))
		expect("wallet address", count(`SELECT count(*) FROM wallet_addresses`))
		for _, p := range []string{"Android", "IOS", "Web"} {
			expect(p+" app version with a changelog", count(`SELECT count(*) FROM app_versions v JOIN app_version_groups g
				ON g.app_version_id = v.id JOIN app_version_items i ON i.group_id = g.id WHERE v.platform = $1`, p))
		}
		for _, r := range []string{"Administrator", "Support", "Finance", "Compliance"} {
			expect("staff with role "+r, count(`SELECT count(*) FROM users u JOIN roles r ON r.id = u.role_id
				WHERE r.role = $1 AND u.is_admin = TRUE AND u.ga_enabled = TRUE`, r))
		}
		if n := count(`SELECT count(*) FROM role_permissions p JOIN roles r ON r.id = p.role_id WHERE r.role = 'Administrator'`); n != len(rbac.AllKeys()) {
			t.Errorf("Administrator holds %d keys, want all %d", n, len(rbac.AllKeys()))
		}
		expect("customer without roles", count(`SELECT count(*) FROM users WHERE username = 'customer' AND is_admin = FALSE AND role_id IS NULL`))

		// Invite trees several levels deep.
		var depth int
		if err := db.QueryRowContext(ctx, `WITH RECURSIVE chain(id, depth) AS (
				SELECT id, 1 FROM users WHERE invited_by IS NULL
				UNION ALL SELECT u.id, c.depth + 1 FROM users u JOIN chain c ON u.invited_by = c.id)
			SELECT max(depth) FROM chain`).Scan(&depth); err != nil || depth < 4 {
			t.Errorf("invite depth = %d (%v), want at least 4 levels", depth, err)
		}

		// Candles: 60 days per coin, with up, down and unchanged days in the last week.
		if n := count(`SELECT count(*) FROM market_candles WHERE coin_id = 1`); n != 60 {
			t.Errorf("candles of coin 1 = %d, want 60", n)
		}
		var up, down, flat int
		rows, err := db.QueryContext(ctx, `SELECT open, close FROM market_candles WHERE coin_id <= 4 AND day > $1`, now.AddDate(0, 0, -7))
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var o, c decimal.Decimal
			if err := rows.Scan(&o, &c); err != nil {
				t.Fatal(err)
			}
			switch c.Cmp(o) {
			case 1:
				up++
			case -1:
				down++
			default:
				flat++
			}
		}
		rows.Close()
		if up == 0 || down == 0 || flat == 0 {
			t.Errorf("last week's candles: %d up, %d down, %d unchanged; want each", up, down, flat)
		}

		// Company balances against customer balances: all three card colours.
		colours := map[string]int{}
		rows, err = db.QueryContext(ctx, `SELECT cw.balance, (SELECT `+db.Dialect.Sum("w.balance")+` FROM wallets w
			WHERE w.coin_id = cw.coin_id AND w.network = 'main') FROM company_wallets cw`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var company decimal.Decimal
			var customer decimal.NullDecimal
			if err := rows.Scan(&company, &customer); err != nil {
				t.Fatal(err)
			}
			switch {
			case company.Mul(decimal.RequireFromString("1.1")).GreaterThanOrEqual(customer.Decimal):
				colours["blue"]++
			case company.Mul(decimal.RequireFromString("1.15")).GreaterThanOrEqual(customer.Decimal):
				colours["orange"]++
			default:
				colours["red"]++
			}
		}
		rows.Close()
		if colours["blue"] == 0 || colours["orange"] == 0 || colours["red"] == 0 {
			t.Errorf("company balance colours = %v, want blue, orange and red", colours)
		}

		staff, err := demo.LoadStaff(ctx, db, box)
		if err != nil || len(staff) != 6 || staff[0].Username != "demo" || len(staff[0].TOTPSecret) != 32 {
			t.Errorf("demo staff = %+v, %v", staff, err)
		}
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 1, Seed: 7}); err != demo.ErrNotEmpty {
			t.Errorf("second generate = %v, want ErrNotEmpty", err)
		}
		everyRowCameFromTheCore(t, db)
	})
}

func TestDemoIsDeterministic(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	fingerprint := func(db *store.DB) string {
		var s string
		q := `SELECT count(*) || ':' || min(hash) || ':' || max(hash) || ':' || ` + db.Dialect.Sum("amount") + ` FROM transactions`
		if err := db.QueryRowContext(ctx, q).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := storetest.SQLite(t), storetest.SQLite(t)
	for _, db := range []*store.DB{a, b} {
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 50, Transactions: 500, Seed: 42, Now: now}); err != nil {
			t.Fatal(err)
		}
	}
	if fa, fb := fingerprint(a), fingerprint(b); fa != fb {
		t.Fatalf("same seed, different data: %s vs %s", fa, fb)
	}
}

func TestLiveKeepsDataMoving(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 30, Transactions: 200, Seed: 1}); err != nil {
			t.Fatal(err)
		}
		count := func(q string) int {
			var n int
			if err := db.QueryRowContext(ctx, q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := count(`SELECT count(*) FROM transactions`)
		confsBefore := count(`SELECT coalesce(sum(confirmations), 0) FROM transactions WHERE status <> 'failed'`)
		rng := rand.New(rand.NewPCG(1, 2))
		for i := 0; i < 3; i++ {
			if err := demo.Step(ctx, db, rng); err != nil {
				t.Fatal(err)
			}
		}
		if after := count(`SELECT count(*) FROM transactions`); after <= before {
			t.Errorf("transactions %d -> %d: none arrived", before, after)
		}
		if after := count(`SELECT coalesce(sum(confirmations), 0) FROM transactions WHERE status <> 'failed'`); after <= confsBefore {
			t.Errorf("confirmations did not rise")
		}
		everyRowCameFromTheCore(t, db)
	})
}

// everyRowCameFromTheCore checks that what the core owns reached the
// database only as the simulated core's events: each row is mapped to a
// core id, every event was applied, and none waits or was refused.
func everyRowCameFromTheCore(t *testing.T, db *store.DB) {
	t.Helper()
	for kind, rows := range map[string]string{
		"chain":       `SELECT count(*) FROM coins WHERE kind = 'coin'`,
		"customer":    `SELECT count(*) FROM users WHERE is_admin = FALSE`,
		"wallet":      `SELECT count(*) FROM wallets`,
		"transaction": `SELECT count(*) FROM transactions`,
		"exchange":    `SELECT count(*) FROM exchanges`,
		"bonus":       `SELECT count(*) FROM bonuses`,
		"candle":      `SELECT count(*) FROM market_candles`,
		"blacklist":   `SELECT count(*) FROM market_blacklist`,
	} {
		n := storetest.Column[int](t, db, rows)[0]
		mapped := storetest.Column[int](t, db, `SELECT count(*) FROM core_ids WHERE kind = $1`, kind)[0]
		if n == 0 || n != mapped {
			t.Errorf("%s: %d rows, %d sent by the core", kind, n, mapped)
		}
	}
	if n := storetest.Column[int](t, db, `SELECT count(*) FROM ingest_events WHERE source = $1 AND status <> 'applied'`, demo.Source)[0]; n != 0 {
		t.Errorf("%d of the core's events were not applied", n)
	}
	if n := storetest.Column[int](t, db, `SELECT count(*) FROM ingest_letters`)[0]; n != 0 {
		t.Errorf("%d events held or refused", n)
	}
}

// The demo's password and TOTP secrets differ from one database to the next (they are printed for anyone to read,
// so they must not be the same on every machine), while the seed still makes the same data otherwise.
func TestDemoSecretsAreRandomPerDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC)
	type made struct {
		password string
		staff    []demo.Staff
		txs      int
	}
	var dbs []made
	for range 2 {
		db := storetest.SQLite(t)
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 10, Transactions: 50, Seed: 7, Now: now}); err != nil {
			t.Fatal(err)
		}
		password, err := demo.StaffPassword(ctx, db, box)
		if err != nil {
			t.Fatal(err)
		}
		staff, err := demo.LoadStaff(ctx, db, box)
		if err != nil {
			t.Fatal(err)
		}
		var txs int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM transactions`).Scan(&txs); err != nil {
			t.Fatal(err)
		}
		dbs = append(dbs, made{password, staff, txs})
	}
	a, b := dbs[0], dbs[1]
	if len(a.password) < 16 || a.password == b.password {
		t.Fatalf("passwords %q and %q: want random ones", a.password, b.password)
	}
	if len(a.staff) == 0 || len(a.staff) != len(b.staff) || a.txs != b.txs {
		t.Fatalf("staff %d and %d, transactions %d and %d: the seed must make the same data", len(a.staff), len(b.staff), a.txs, b.txs)
	}
	for i := range a.staff {
		if a.staff[i].TOTPSecret == b.staff[i].TOTPSecret || len(a.staff[i].TOTPSecret) != 32 {
			t.Fatalf("%s: secrets %q and %q: want random ones", a.staff[i].Username, a.staff[i].TOTPSecret, b.staff[i].TOTPSecret)
		}
	}
}

// Three nodes started together with --demo on one empty database: one loads, the others wait for it and find the
// database filled; the data is one generation's, whole (before, two of three nodes failed on half-loaded tables).
func TestGenerateOnSeveralNodesAtOnce(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC)
		errs := make([]error, 3)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs[i] = demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 20, Transactions: 300, Seed: 3, Now: now})
			}()
		}
		close(start)
		wg.Wait()
		loaded := 0
		for i, err := range errs {
			switch {
			case err == nil:
				loaded++
			case !errors.Is(err, demo.ErrNotEmpty):
				t.Fatalf("node %d: %v", i, err)
			}
		}
		var txs int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM transactions`).Scan(&txs); err != nil {
			t.Fatal(err)
		}
		if loaded != 1 || txs != 300 {
			t.Fatalf("%d nodes loaded, %d transactions; want 1 and 300", loaded, txs)
		}
	})
}
