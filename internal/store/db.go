// Package store is the database layer: one code path for SQLite (the
// embedded default) and PostgreSQL (production). Dialect differences live in
// dialect.go only.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	neturl "net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// DB is an open database with its dialect.
type DB struct {
	*sql.DB
	Dialect Dialect
	// AuditKey is the key the audit log's chain is written and checked with
	// (internal/audit), from the secrets key file: never stored in the
	// database. Whoever opens the database with its key file sets it.
	AuditKey []byte
	local    *localLocks  // WithLock and Lead on SQLite
	stmts    stmtCache    // QueryFixed on SQLite
	reads    sync.Mutex   // TxReads' first try on SQLite
	opener   *attachReads // SQLite's connector: Close shuts it
}

// Open connects to url: "sqlite:PATH" or a "postgres://" / "postgresql://" URL.
func Open(ctx context.Context, url string) (*DB, error) {
	var (
		db     *sql.DB
		opener *attachReads
		d      Dialect
		err    error
	)
	switch {
	case strings.HasPrefix(url, "sqlite:"):
		d = SQLite
		db, opener, err = openSQLite(strings.TrimPrefix(url, "sqlite:"))
	case strings.HasPrefix(url, "postgres://"), strings.HasPrefix(url, "postgresql://"):
		d = Postgres
		db, err = sql.Open("pgx", pgURL(url))
		if err == nil {
			db.SetMaxOpenConns(20)
			db.SetMaxIdleConns(20)
			db.SetConnMaxIdleTime(5 * time.Minute)
		}
	default:
		return nil, fmt.Errorf("database URL %q: want sqlite:PATH or postgres://", url)
	}
	if err != nil {
		return nil, err
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	out := &DB{DB: db, Dialect: d, local: &localLocks{}, opener: opener}
	if err := db.PingContext(pingCtx); err != nil {
		out.Close()
		return nil, fmt.Errorf("connect to %s database: %w", d, err)
	}
	return out, nil
}

// Close closes the database. On SQLite, once it returns, no connection is
// being opened and none will be: nothing of this process touches the
// database's files (a test's folder can be removed).
func (db *DB) Close() error {
	err := db.DB.Close()
	if db.opener != nil {
		db.opener.shut()
	}
	return err
}

// connectTimeout bounds each attempt to open a PostgreSQL connection when
// the URL sets no connect_timeout: a database host that does not answer at
// all then costs a caller seconds (answered 503), not minutes of TCP retries.
const connectTimeout = "5"

// pgURL is a PostgreSQL URL as the store connects with it: connect_timeout
// set unless the URL sets it, and DateStyle ISO whatever the URL or the
// server's configuration says, so that a time PostgreSQL writes as text (the
// CSV export's COPY) has one form: YYYY-MM-DD HH:MM:SS.
func pgURL(raw string) string {
	u, err := neturl.Parse(raw)
	if err != nil {
		return raw // a URL pgx cannot read fails in Open with pgx's own message
	}
	q := u.Query()
	if !q.Has("connect_timeout") {
		q.Set("connect_timeout", connectTimeout)
	}
	q.Set("DateStyle", "ISO")
	u.RawQuery = q.Encode()
	return u.String()
}

// sqliteCacheKiB is the page cache of each SQLite connection (openSQLite).
const sqliteCacheKiB = 512

func openSQLite(path string) (*sql.DB, *attachReads, error) {
	if path == "" {
		return nil, nil, errors.New("sqlite: empty path")
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, nil, err
		}
	}
	registerSQLiteFunctions()
	// A write transaction takes the database's write lock with its first
	// statement (lockMain), so concurrent writers wait on busy_timeout
	// instead of failing with "database is locked" when a read lock cannot
	// be upgraded. Not BEGIN IMMEDIATE: that locks every attached file, the
	// counts of reads' too (TxReads).
	//
	// Pages are read through a memory map (mmap_size: the most this build of
	// SQLite maps, 2 GiB), which every connection shares with the kernel's
	// page cache, beside a small page cache of each connection's own
	// (512 KiB). Eight private caches of 16 MiB held about 310 MB of the
	// process's anonymous memory under the mixed workload. A
	// file larger than the map reads the rest through the caches, and the
	// driver's allocator gives each page buffer (4 KiB and a header) a slot
	// of 8 KiB and keeps what is freed: caches of 2 MiB (or 1 MiB) held
	// 57 MB of SQLite's memory at 5M transactions, 512 KiB 23 MB, at the
	// same rate (docs/decisions/0006-performance.md, "Memory on SQLite").
	dsn := "file:" + path + "?_time_format=sqlite" +
		"&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)" +
		"&_pragma=synchronous(NORMAL)&_pragma=cache_size(-" + strconv.Itoa(sqliteCacheKiB) + ")&_pragma=mmap_size(2147418112)"
	db, opener, err := openSQLiteWithReads(dsn, readsPath(path))
	if err != nil {
		return nil, nil, err
	}
	db.SetMaxOpenConns(8)
	db.SetMaxIdleConns(8)
	return db, opener, nil
}

// Tx runs fn in a transaction, committing when it returns nil. The work fn
// queued with BeforeCommit runs after fn, last in the transaction.
func (db *DB) Tx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.beginWrite(ctx, db.BeginTx)
	if err != nil {
		return err
	}
	return db.run(ctx, tx, fn)
}

// lockMain takes the write lock of SQLite's database file alone: a write
// to a table kept empty for it, which changes nothing.
const lockMain = `DELETE FROM main.write_lock`

// beginWrite begins a transaction with begin (the pool's or a
// connection's) that holds the database's write lock from its start.
func (db *DB) beginWrite(ctx context.Context, begin func(context.Context, *sql.TxOptions) (*sql.Tx, error)) (*sql.Tx, error) {
	tx, err := begin(ctx, nil)
	if err != nil || db.Dialect != SQLite {
		return tx, err
	}
	if _, err := tx.ExecContext(ctx, lockMain); err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return tx, nil
}

// ErrWritesMain is returned by a function run with TxReads that must also
// write the database's own tables: TxReads then runs it again in a
// transaction that may.
var ErrWritesMain = errors.New("store: the transaction must also write the database's tables")

// TxReads runs fn in a transaction for work that mostly writes only the
// counts of reads. On SQLite those live in a file of their own, and fn
// first runs with main false in a transaction that does not take the
// database's write lock: its first write, to the counts, locks their file
// alone, so a page read does not queue behind a batch of the core's events.
// A deferred transaction cannot safely write the database's file too (its
// lock cannot wait once the transaction has read): fn returns
// ErrWritesMain before it would, and runs again, with main true, in a
// write transaction (Tx). On PostgreSQL fn runs once, with main true.
func (db *DB) TxReads(ctx context.Context, fn func(tx *sql.Tx, main bool) error) error {
	if db.Dialect == SQLite {
		err := db.readsOnly(ctx, fn)
		if !errors.Is(err, ErrWritesMain) {
			return err
		}
	}
	return db.Tx(ctx, func(tx *sql.Tx) error { return fn(tx, true) })
}

// readsOnly is TxReads' first try on SQLite. One at a time: SQLite's wait
// for a file's write lock is a sleep of 1, 2, 5, then up to 100 ms, so
// pages read at once and waiting on each other's counts slept far longer
// than the counts took, holding pooled connections meanwhile. A mutex
// queues them without sleeping, before they take a connection.
func (db *DB) readsOnly(ctx context.Context, fn func(tx *sql.Tx, main bool) error) error {
	db.reads.Lock()
	defer db.reads.Unlock()
	tx, err := db.BeginTx(ctx, nil) // deferred: it locks the file it first writes
	if err != nil {
		return err
	}
	return db.run(ctx, tx, func(tx *sql.Tx) error { return fn(tx, false) })
}

// TxConn is Tx for work that also needs the transaction's connection (a
// COPY into a table, CopyIn): fn gets both.
func (db *DB) TxConn(ctx context.Context, fn func(conn *sql.Conn, tx *sql.Tx) error) error {
	return db.TxCache(ctx, 0, fn)
}

// TxCache is TxConn with a page cache of cacheKiB for the transaction on
// SQLite (0: the connection's own): a write transaction that changes more
// pages than its cache holds writes them to the WAL before it commits, and
// again when it changes them again. The cache shrinks back after the
// commit. PostgreSQL ignores it.
func (db *DB) TxCache(ctx context.Context, cacheKiB int, fn func(conn *sql.Conn, tx *sql.Tx) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if cacheKiB > 0 && db.Dialect == SQLite {
		if _, err := conn.ExecContext(ctx, fmt.Sprintf("PRAGMA cache_size = -%d", cacheKiB)); err != nil {
			return err
		}
		defer func() {
			// A failure leaves this pooled connection with the larger cache: memory, not data, so it is only logged.
			if _, err := conn.ExecContext(context.WithoutCancel(ctx), fmt.Sprintf("PRAGMA cache_size = -%d", sqliteCacheKiB)); err != nil {
				slog.Warn("store: a connection keeps the import's page cache", "err", err)
			}
		}()
	}
	tx, err := db.beginWrite(ctx, conn.BeginTx)
	if err != nil {
		return err
	}
	return db.run(ctx, tx, func(tx *sql.Tx) error { return fn(conn, tx) })
}

// run runs fn in tx, then the work queued with BeforeCommit, and commits.
func (db *DB) run(ctx context.Context, tx *sql.Tx, fn func(tx *sql.Tx) error) error {
	st := &txState{}
	openTxs.Store(tx, st)
	defer openTxs.Delete(tx)
	// A panic in fn (a handler's, recovered by net/http) would leave tx open:
	// its connection never back in the pool, and TxConn's close of the
	// connection waiting for it forever.
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	for i := 0; i < len(st.last); i++ { // work queued by queued work runs too
		if err := st.last[i](ctx, tx, db); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// TxWork is work queued with BeforeCommit.
type TxWork func(ctx context.Context, tx *sql.Tx, db *DB) error

// txState is what Tx knows of a transaction it runs: code handed only the
// *sql.Tx finds it in openTxs.
type txState struct {
	last []TxWork
}

// openTxs holds the state of every transaction Tx is running, by *sql.Tx.
var openTxs sync.Map

// BeforeCommit queues work to run in tx, which Tx began, after the rest of
// the transaction's work and just before its commit, in the order queued.
// It is for work that takes a lock every writer needs (the audit chain's):
// taken last, the lock is held for that work and the commit only, and no
// transaction holding it waits for another lock, so it closes no deadlock.
func BeforeCommit(tx *sql.Tx, work TxWork) error {
	v, ok := openTxs.Load(tx)
	if !ok {
		return errors.New("store: BeforeCommit needs a transaction begun by DB.Tx")
	}
	st := v.(*txState)
	st.last = append(st.last, work)
	return nil
}

// Execer is the database or one of its transactions, as a write sees it.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Querier is the database or one of its transactions, as a read sees it.
type Querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Now is the current time as the store keeps it: UTC, to the microsecond,
// which both databases hold exactly.
func Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
