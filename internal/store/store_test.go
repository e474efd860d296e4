package store_test

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestMigrationsApplyFromZero(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		v, err := db.MigrationVersion(ctx)
		if err != nil || v < 1 {
			t.Fatalf("version = %d, %v; want >= 1", v, err)
		}
		// Applying again is a no-op.
		if err := db.Migrate(ctx); err != nil {
			t.Fatalf("second migrate: %v", err)
		}
		for _, table := range []string{"users", "roles", "role_permissions", "sessions", "login_attempts",
			"captcha_used", "password_resets", "coins", "market_candles", "wallets", "wallet_addresses",
			"company_wallets", "transactions", "exchanges", "bonuses", "app_versions", "app_version_groups",
			"app_version_items", "changelog_group_names", "promotion_settings", "promotion_minimums",
			"market_blacklist", "outbox", "audit_log", "server_secrets", "email_verifications", "recovery_codes"} {
			var n int
			if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&n); err != nil {
				t.Errorf("table %s: %v", table, err)
			}
		}
	})
}

// Both dialects must hold the same tables and columns, or one code path cannot serve both.
func TestSchemasMatch(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pg := storetest.Postgres(t) // runs in the PostgreSQL pass; SQLite is always at hand
	lite := storetest.SQLite(t)
	columns := func(db *store.DB, q string) []string {
		rows, err := db.QueryContext(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var tbl, col string
			if err := rows.Scan(&tbl, &col); err != nil {
				t.Fatal(err)
			}
			// users_search*: SQLite's FTS5 index of user search keys and its shadow tables (migration 00004); write_lock:
			// the empty table SQLite's write transactions lock its file with (00032).
			if tbl != "goose_db_version" && tbl != "write_lock" && !strings.HasPrefix(tbl, "sqlite_") && !strings.HasPrefix(tbl, "users_search") {
				out = append(out, tbl+"."+col)
			}
		}
		sort.Strings(out)
		return out
	}
	// table_xinfo: generated columns (users.search_key) included. SQLite keeps the marks of reads in a file of their
	// own (reads_sqlite.go), attached as the schema reads.
	a := columns(lite, `SELECT m.name, p.name FROM sqlite_master m, pragma_table_xinfo(m.name) p WHERE m.type = 'table'
		UNION ALL SELECT m.name, p.name FROM reads.sqlite_master m, pragma_table_xinfo(m.name, 'reads') p WHERE m.type = 'table'`)
	b := columns(pg, `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`)
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Fatalf("schemas differ:\nsqlite:   %v\npostgres: %v", a, b)
	}
	// No money column may have REAL affinity in SQLite: it would round.
	rows, err := lite.QueryContext(ctx, `SELECT m.name, p.name, p.type FROM sqlite_master m, pragma_table_info(m.name) p
		WHERE m.type = 'table' AND upper(p.type) IN ('REAL', 'NUMERIC', 'DECIMAL', 'FLOAT', 'DOUBLE')`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var tbl, col, typ string
		_ = rows.Scan(&tbl, &col, &typ)
		t.Errorf("sqlite column %s.%s has type %s; money must be TEXT", tbl, col, typ)
	}
}

// A million rows of 0.1 must sum to exactly 100000 on both databases, in a
// column of the very type transactions.amount has (CREATE TABLE AS copies it;
// the copy has no indexes, so the load is quick).
func TestExactDecimalSum(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		series := `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT i FROM n`
		if db.Dialect == store.Postgres {
			series = `SELECT generate_series(1, 1000000) AS i`
		}
		mustExec(t, db, `CREATE TABLE money AS SELECT t.amount, c.fiat_rate FROM transactions t, coins c WHERE 1 = 0`)
		mustExec(t, db, `INSERT INTO money (amount, fiat_rate) SELECT $1, $2 FROM (`+series+`) s`,
			decimal.RequireFromString("0.1"), decimal.RequireFromString("3000.123456789012345678"))

		var sum string
		if err := db.QueryRowContext(ctx, "SELECT "+db.Dialect.Sum("amount")+" FROM money").Scan(&sum); err != nil {
			t.Fatal(err)
		}
		if got := decimal.RequireFromString(sum); !got.Equal(decimal.NewFromInt(100000)) {
			t.Fatalf("sum = %s, want exactly 100000", sum)
		}
		// USD value: amount × an 18-decimal rate, summed, stays exact too.
		var usd string
		q := "SELECT " + db.Dialect.Sum(db.Dialect.Mul("amount", "fiat_rate")) + " FROM money"
		if err := db.QueryRowContext(ctx, q).Scan(&usd); err != nil {
			t.Fatal(err)
		}
		if got, want := decimal.RequireFromString(usd), decimal.RequireFromString("300012345.6789012345678"); !got.Equal(want) {
			t.Fatalf("usd sum = %s, want %s", usd, want)
		}
		// Over no rows, a sum is NULL as in SQL.
		var none *string
		if err := db.QueryRowContext(ctx, "SELECT "+db.Dialect.Sum("amount")+" FROM money WHERE amount IS NULL").Scan(&none); err != nil || none != nil {
			t.Fatalf("empty sum = %v, %v; want NULL", none, err)
		}
	})
}

func TestTimestampsRoundTripAndOrder(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		base := time.Date(2026, 11, 22, 10, 15, 0, 0, time.UTC)
		// Fractions of different lengths must still order by time.
		for i, d := range []time.Duration{0, 500 * time.Millisecond, 450 * time.Millisecond, time.Microsecond, -time.Second} {
			mustExec(t, db, `INSERT INTO market_blacklist (id, market_name, created_at) VALUES ($1, $2, $3)`, i+1, string(rune('A'+i)), base.Add(d))
		}
		rows, err := db.QueryContext(ctx, `SELECT created_at FROM market_blacklist WHERE created_at >= $1 ORDER BY created_at`, base)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []time.Time
		for rows.Next() {
			var ts time.Time
			if err := rows.Scan(&ts); err != nil {
				t.Fatal(err)
			}
			got = append(got, ts)
		}
		want := []time.Time{base, base.Add(time.Microsecond), base.Add(450 * time.Millisecond), base.Add(500 * time.Millisecond)}
		if len(got) != len(want) {
			t.Fatalf("got %v, want %v", got, want)
		}
		for i := range want {
			if !got[i].Equal(want[i]) {
				t.Fatalf("row %d = %v, want %v", i, got[i], want[i])
			}
		}
	})
}

func TestUniqueViolationDetected(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		mustExec(t, db, `INSERT INTO market_blacklist (market_name, created_at) VALUES ('X', $1)`, store.Now())
		_, err := db.ExecContext(context.Background(), `INSERT INTO market_blacklist (market_name, created_at) VALUES ('X', $1)`, store.Now())
		if !store.IsUniqueViolation(err) {
			t.Fatalf("err = %v, want a unique violation", err)
		}
	})
}

func mustExec(t *testing.T, db *store.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// Whatever DateStyle the URL (or the server's configuration) gives, the
// store's connections write times as ISO text: the PostgreSQL export's COPY
// writes its times from that text.
func TestPostgresTimesAsISOText(t *testing.T) {
	t.Parallel()
	url := storetest.PostgresSchemaURL(t) + "&DateStyle=German"
	db, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var style, text string
	if err := db.QueryRowContext(context.Background(), `SELECT current_setting('DateStyle'),
		CAST(TIMESTAMP '2026-11-22 15:30:05.25' AS TEXT)`).Scan(&style, &text); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(style, "ISO") || text != "2026-11-22 15:30:05.25" {
		t.Errorf("DateStyle %q writes a time as %q, want ISO and 2026-11-22 15:30:05.25", style, text)
	}
}
