package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"sync"

	"modernc.org/sqlite"
)

// On SQLite the marks of reads (profile_opens, list_reads: internal/httpapi,
// reads.go) live in a file of their own beside the database, PATH-reads,
// attached to every connection as the schema "reads". Every page of a list
// writes its count. In the database's own file, each count made every other
// connection drop its whole page cache at its next read (SQLite resets a
// connection's cache when the file changed under it), and waited for the
// file's one write lock with the exchange core's events (decision 0003,
// "Reads that matter"). A table name without a schema finds these tables in
// "reads", so the queries are PostgreSQL's.
//
// The file holds hourly marks only: a backup (VACUUM INTO) leaves it out,
// and a database opened without it starts an empty one. A transaction that
// writes both files commits the database's first, so a crash between the two
// leaves an audit entry whose count is missing, never a count without its
// entry.

// readsSetup sets the reads file up on a connection: the database's journal
// and sync settings, and its tables where missing, the same as PostgreSQL's
// (migrations/postgres, 00018 and 00022).
const readsSetup = `
PRAGMA reads.journal_mode = WAL;
PRAGMA reads.synchronous = NORMAL;
CREATE TABLE IF NOT EXISTS reads.profile_opens (
    staff_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    hour     BIGINT NOT NULL,
    part     TEXT   NOT NULL DEFAULT 'profile',
    PRIMARY KEY (staff_id, user_id, hour, part)
);
CREATE INDEX IF NOT EXISTS reads.profile_opens_hour_idx ON profile_opens (hour);
CREATE TABLE IF NOT EXISTS reads.list_reads (
    staff_id  BIGINT NOT NULL,
    list      TEXT   NOT NULL,
    hour      BIGINT NOT NULL,
    row_count BIGINT NOT NULL,
    PRIMARY KEY (staff_id, list, hour)
);
CREATE INDEX IF NOT EXISTS reads.list_reads_hour_idx ON list_reads (hour);`

// readsPath is the reads file of the database at path.
func readsPath(path string) string { return path + "-reads" }

// attachReads is a connector whose connections have the reads file attached.
type attachReads struct {
	driver.Connector
	path string // the reads file
	// database/sql opens connections on a goroutine of its own, which Close
	// does not wait for: shut waits for an open in flight and refuses later
	// ones, so that nothing touches the database's files after Close.
	mu     sync.RWMutex
	closed bool
}

// openSQLiteWithReads opens the database of dsn with the reads file at
// readsPath attached to each connection.
func openSQLiteWithReads(dsn, readsPath string) (*sql.DB, *attachReads, error) {
	base, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, nil, err
	}
	a := &attachReads{Connector: base, path: readsPath}
	return sql.OpenDB(a), a, nil
}

// errClosed refuses a connection asked for after Close.
var errClosed = errors.New("sqlite: the database is closed")

func (a *attachReads) shut() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.closed = true
}

func (a *attachReads) Connect(ctx context.Context) (driver.Conn, error) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	if a.closed {
		return nil, errClosed
	}
	conn, err := a.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	exec, ok := conn.(driver.ExecerContext)
	if !ok {
		return nil, errors.Join(errors.New("sqlite: the driver's connection runs no statements"), conn.Close())
	}
	if _, err := exec.ExecContext(ctx, `ATTACH DATABASE $1 AS reads`, []driver.NamedValue{{Ordinal: 1, Value: a.path}}); err != nil {
		return nil, errors.Join(err, conn.Close())
	}
	if _, err := exec.ExecContext(ctx, readsSetup, nil); err != nil {
		return nil, errors.Join(err, conn.Close())
	}
	return conn, nil
}
