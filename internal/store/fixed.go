package store

import (
	"context"
	"database/sql"
	"sync"
)

// The SQLite driver prepares every query afresh: parsing and planning took
// about a fifth of the CPU of a History page. The queries the API runs on
// every call (the session lookup, a page's ids and rows, the counts) have
// fixed texts, so their prepared statements are kept. pgx keeps prepared
// statements on PostgreSQL by itself.

// maxFixed bounds the statements kept: a text beyond it is prepared afresh.
const maxFixed = 512

// stmtCache keeps prepared statements by their text.
type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// QueryFixed runs q, a query of fixed text (its values as arguments, never
// in the text), through a prepared statement kept for the life of db on
// SQLite.
func (db *DB) QueryFixed(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if s := db.fixed(ctx, q); s != nil {
		return s.QueryContext(ctx, args...)
	}
	return db.QueryContext(ctx, q, args...)
}

// QueryRowFixed is QueryFixed for one row.
func (db *DB) QueryRowFixed(ctx context.Context, q string, args ...any) *sql.Row {
	if s := db.fixed(ctx, q); s != nil {
		return s.QueryRowContext(ctx, args...)
	}
	return db.QueryRowContext(ctx, q, args...)
}

// fixed is q's kept statement; nil on PostgreSQL, when q cannot be prepared
// (the query then reports the error) or when the cache is full.
func (db *DB) fixed(ctx context.Context, q string) *sql.Stmt {
	if db.Dialect != SQLite {
		return nil
	}
	c := &db.stmts
	c.mu.Lock()
	s, ok := c.stmts[q]
	full := len(c.stmts) >= maxFixed
	c.mu.Unlock()
	if ok || full {
		return s
	}
	s, err := db.PrepareContext(ctx, q)
	if err != nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.stmts[q]; ok {
		_ = s.Close()
		return kept
	}
	if c.stmts == nil {
		c.stmts = map[string]*sql.Stmt{}
	}
	c.stmts[q] = s
	return s
}

// ExecFixed runs q, a statement of fixed text, in tx through a statement
// kept prepared on tx's connection (on SQLite; PostgreSQL's driver keeps its
// own). For statements a caller runs again and again with other values,
// such as a batch's inserts of a fixed number of rows.
func (db *DB) ExecFixed(ctx context.Context, tx *sql.Tx, q string, args ...any) (sql.Result, error) {
	if s := db.fixedInTx(ctx, q); s != nil {
		return tx.StmtContext(ctx, s).ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, q, args...)
}

// QueryFixedTx is ExecFixed for a query.
func (db *DB) QueryFixedTx(ctx context.Context, tx *sql.Tx, q string, args ...any) (*sql.Rows, error) {
	if s := db.fixedInTx(ctx, q); s != nil {
		return tx.StmtContext(ctx, s).QueryContext(ctx, args...)
	}
	return tx.QueryContext(ctx, q, args...)
}

// fixedInTx is fixed for a caller holding a transaction's connection: a
// statement not yet kept is prepared only when another connection is idle
// (preparing takes one), so that a pool of one connection, held by the
// caller, never waits for itself. tx.StmtContext then prepares the kept
// statement on the transaction's connection.
func (db *DB) fixedInTx(ctx context.Context, q string) *sql.Stmt {
	if db.Dialect != SQLite {
		return nil
	}
	db.stmts.mu.Lock()
	s, ok := db.stmts.stmts[q]
	db.stmts.mu.Unlock()
	if ok || db.Stats().Idle == 0 {
		return s
	}
	return db.fixed(ctx, q)
}
