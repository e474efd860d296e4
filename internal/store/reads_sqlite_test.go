package store_test

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// conn is a connection of db's own, held until the test ends: another
// connection's view of the database.
func conn(t *testing.T, db *store.DB) *sql.Conn {
	t.Helper()
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// A count of a list's read leaves the database's own file unchanged on
// SQLite: another connection's PRAGMA main.data_version, which changes with
// every write another connection commits to that file (and with it the
// connection drops its page cache), stays the same.
func TestCountingAReadLeavesTheDatabaseFileAsItWas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.SQLite(t)
	reader := conn(t, db)
	version := func() int64 {
		var v int64
		if err := reader.QueryRowContext(ctx, `PRAGMA main.data_version`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	before := version()
	for hour := range 3 {
		if _, err := db.ExecContext(ctx, `INSERT INTO list_reads (staff_id, list, hour, row_count) VALUES (1, '/api/transactions', $1, 50)
			ON CONFLICT (staff_id, list, hour) DO UPDATE SET row_count = list_reads.row_count + excluded.row_count`, hour); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO profile_opens (staff_id, user_id, hour, part) VALUES (1, 2, $1, 'brief')`, hour); err != nil {
			t.Fatal(err)
		}
	}
	if after := version(); after != before {
		t.Fatalf("main.data_version went from %d to %d: the marks of reads were written to the database's own file", before, after)
	}
	// The check can fail: a write to the database's file moves it.
	if _, err := db.ExecContext(ctx, `INSERT INTO market_blacklist (market_name, created_at) VALUES ('XAPA-TEST', $1)`, store.Now()); err != nil {
		t.Fatal(err)
	}
	if after := version(); after == before {
		t.Fatal("main.data_version did not move after a write to the database's file")
	}
}

// The reads file holds hourly marks only, and a backup leaves it out: a
// database opened without it (restored from a backup) makes a new one and
// records reads again.
func TestADatabaseWithoutItsReadsFileMakesANewOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.SQLiteURL(t)
	path := url[len("sqlite:"):]
	count := func(db *store.DB) (n int) {
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM list_reads`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO list_reads (staff_id, list, hour, row_count) VALUES (1, '/api/transactions', 0, 50)`); err != nil {
		t.Fatal(err)
	}
	if n := count(db); n != 1 {
		t.Fatalf("%d marks, want 1", n)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(path + "-reads*")
	if len(files) == 0 {
		t.Fatalf("no reads file beside %s", path)
	}
	for _, f := range files {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	db, err = store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if n := count(db); n != 0 {
		t.Fatalf("%d marks in a new reads file, want 0", n)
	}
	if err := db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO profile_opens (staff_id, user_id, hour, part) VALUES (1, 2, 0, 'brief')`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

// Counting a read does not wait for the database's write lock: a batch of
// the core's events holding it (a write transaction, DB.Tx) does not hold
// up the pages read meanwhile. (Begun IMMEDIATE, a write transaction locked
// the attached file of the counts too, and the count failed after
// busy_timeout: "database is locked".)
func TestCountingAReadDoesNotWaitForTheDatabasesWriteLock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.SQLite(t)
	var runs []bool
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO market_blacklist (market_name, created_at) VALUES ('XAPA-HELD', $1)`, store.Now()); err != nil {
			return err
		}
		return db.TxReads(ctx, func(tx *sql.Tx, main bool) error {
			runs = append(runs, main)
			_, err := tx.ExecContext(ctx, `INSERT INTO list_reads (staff_id, list, hour, row_count) VALUES (1, '/api/transactions', 0, 50)`)
			return err
		})
	})
	if err != nil {
		t.Fatalf("counting a read while a write transaction held the database: %v", err)
	}
	if len(runs) != 1 || runs[0] {
		t.Fatalf("runs with main %v, want one with main false", runs)
	}
}

// A write transaction holds the database's write lock from its start, so
// two of them wait for each other instead of failing when one, having read,
// cannot take the lock the other holds.
func TestAWriteTransactionLocksTheDatabaseFromItsStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := storetest.SQLite(t)
	other := conn(t, db)
	if _, err := other.ExecContext(ctx, `PRAGMA busy_timeout = 0`); err != nil {
		t.Fatal(err)
	}
	err := db.Tx(ctx, func(*sql.Tx) error {
		_, err := other.ExecContext(ctx, `INSERT INTO market_blacklist (market_name, created_at) VALUES ('XAPA-OTHER', '2026-11-29')`)
		if err == nil {
			return errors.New("another connection wrote while a write transaction was open and had written nothing")
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Work that must also write the database's tables says so, and runs again
// in a transaction that may: once on PostgreSQL, twice on SQLite.
func TestTxReadsRunsAgainToWriteTheDatabase(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		var runs []bool
		err := db.TxReads(ctx, func(tx *sql.Tx, main bool) error {
			runs = append(runs, main)
			if _, err := tx.ExecContext(ctx, `INSERT INTO list_reads (staff_id, list, hour, row_count) VALUES (1, '/api/transactions', 0, 50)
				ON CONFLICT (staff_id, list, hour) DO UPDATE SET row_count = list_reads.row_count + excluded.row_count`); err != nil {
				return err
			}
			if !main {
				return store.ErrWritesMain
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO market_blacklist (market_name, created_at) VALUES ('XAPA-READ', $1)`, store.Now())
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		want := []bool{true}
		if db.Dialect == store.SQLite {
			want = []bool{false, true}
		}
		if !slices.Equal(runs, want) {
			t.Fatalf("runs with main %v, want %v", runs, want)
		}
		var count, marks int
		if err := db.QueryRowContext(ctx, `SELECT row_count, (SELECT count(*) FROM market_blacklist WHERE market_name = 'XAPA-READ')
			FROM list_reads`).Scan(&count, &marks); err != nil {
			t.Fatal(err)
		}
		if count != 50 || marks != 1 {
			t.Fatalf("count %d and %d rows written, want 50 (the first run's rolled back) and 1", count, marks)
		}
	})
}
