package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/shopspring/decimal"
)

// Loader writes generated rows fast: COPY on PostgreSQL, multi-row inserts in
// one transaction on SQLite. Foreign keys are not checked row by row (the
// caller's data must be consistent), which makes loads about 8 times faster.
type Loader struct {
	db   *DB
	conn *sql.Conn
	tx   *sql.Tx // SQLite only
}

// Rows yields the next row, or ok=false at the end.
type Rows func() (row []any, ok bool, err error)

// Load runs fn with a Loader. The secondary indexes of tables are dropped
// first and rebuilt after fn, since building an index once is much faster
// than keeping it up to date row by row.
func (db *DB) Load(ctx context.Context, tables []string, fn func(l *Loader) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	l := &Loader{db: db, conn: conn}
	var defs []string
	for _, t := range tables {
		d, err := db.dropIndexes(ctx, conn, t)
		if err != nil {
			return err
		}
		defs = append(defs, d...)
	}
	loadErr := l.run(ctx, fn)
	var rebuildErr error
	for _, d := range defs {
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), d); err != nil {
			rebuildErr = errors.Join(rebuildErr, fmt.Errorf("rebuild index: %w", err))
		}
	}
	// Fresh planner statistics after a bulk load. On PostgreSQL, VACUUM also
	// sets the visibility map, so counts are index-only scans from the start
	// instead of after autovacuum's first pass.
	refresh := "VACUUM (ANALYZE) "
	if db.Dialect == SQLite {
		refresh = "ANALYZE "
		_, _ = conn.ExecContext(ctx, "PRAGMA analysis_limit = 2000") // sampled statistics: a full ANALYZE of millions of rows takes seconds
	}
	for _, t := range tables {
		_, _ = conn.ExecContext(ctx, refresh+t)
	}
	return errors.Join(loadErr, rebuildErr)
}

func (l *Loader) run(ctx context.Context, fn func(l *Loader) error) error {
	if l.db.Dialect == Postgres {
		_, _ = l.conn.ExecContext(ctx, "SET maintenance_work_mem = '256MB'") // faster index rebuilds
		if _, err := l.conn.ExecContext(ctx, "SET session_replication_role = replica"); err != nil {
			slog.Warn("bulk load keeps foreign-key checks (needs a superuser to skip them)", "err", err)
		}
		defer l.undo(ctx, "RESET session_replication_role")
		return fn(l)
	}
	if _, err := l.conn.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return err
	}
	defer l.undo(ctx, "PRAGMA foreign_keys = ON")
	tx, err := l.conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	l.tx = tx
	if err := fn(l); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Exec runs a statement on the loader's connection (inside its transaction on SQLite).
func (l *Loader) Exec(ctx context.Context, q string, args ...any) error {
	var err error
	if l.tx != nil {
		_, err = l.tx.ExecContext(ctx, q, args...)
	} else {
		_, err = l.conn.ExecContext(ctx, q, args...)
	}
	return err
}

// Copy writes every row of next into table's columns and returns the count.
// Rows with explicit ids are fine: the identity continues after the largest.
func (l *Loader) Copy(ctx context.Context, table string, columns []string, next Rows) (n int64, err error) {
	defer func() {
		// A panicking row source would otherwise leave the connection locked.
		if p := recover(); p != nil {
			err = fmt.Errorf("load %s: row source panicked: %v", table, p)
		}
	}()
	if l.db.Dialect == Postgres {
		n, err = l.copyPostgres(ctx, table, columns, next)
	} else {
		n, err = l.insertSQLite(ctx, table, columns, next)
	}
	if err != nil {
		return n, fmt.Errorf("load %s: %w", table, err)
	}
	if q := l.db.Dialect.ResetSequences(table); q != "" && slices.Contains(columns, "id") {
		err = l.Exec(ctx, q)
	}
	return n, err
}

func (l *Loader) copyPostgres(ctx context.Context, table string, columns []string, next Rows) (int64, error) {
	var n int64
	err := l.conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		var err error
		n, err = pc.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromFunc(func() ([]any, error) {
			row, ok, err := next()
			if err != nil || !ok {
				return nil, err
			}
			for i, v := range row {
				row[i] = pgValue(v)
			}
			return row, nil
		}))
		return err
	})
	return n, err
}

// pgValue converts what COPY's binary encoding cannot take as is.
func pgValue(v any) any {
	switch x := v.(type) {
	case decimal.Decimal:
		return pgtype.Numeric{Int: x.Coefficient(), Exp: x.Exponent(), Valid: true}
	case time.Time:
		return x.UTC()
	}
	return v
}

// sqliteBatch rows per INSERT statement keeps well under SQLite's 32766 variables.
const sqliteBatch = 500

func (l *Loader) insertSQLite(ctx context.Context, table string, columns []string, next Rows) (int64, error) {
	one := "(" + strings.TrimSuffix(strings.Repeat("?,", len(columns)), ",") + ")"
	head := "INSERT INTO " + table + " (" + strings.Join(columns, ", ") + ") VALUES "
	full, err := l.tx.PrepareContext(ctx, head+strings.TrimSuffix(strings.Repeat(one+",", sqliteBatch), ","))
	if err != nil {
		return 0, err
	}
	defer full.Close()
	var n int64
	args := make([]any, 0, sqliteBatch*len(columns))
	for {
		row, ok, err := next()
		if err != nil {
			return n, err
		}
		if ok {
			args = append(args, row...)
			n++
		}
		rowsHeld := len(args) / len(columns)
		switch {
		case rowsHeld == sqliteBatch:
			if _, err := full.ExecContext(ctx, args...); err != nil {
				return n, err
			}
			args = args[:0]
		case !ok && rowsHeld > 0:
			q := head + strings.TrimSuffix(strings.Repeat(one+",", rowsHeld), ",")
			if _, err := l.tx.ExecContext(ctx, q, args...); err != nil {
				return n, err
			}
			args = args[:0]
		}
		if !ok {
			return n, nil
		}
	}
}

// dropIndexes drops table's secondary indexes and returns their definitions.
func (db *DB) dropIndexes(ctx context.Context, conn *sql.Conn, table string) ([]string, error) {
	q := `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = $1 AND sql IS NOT NULL`
	if db.Dialect == Postgres {
		q = `SELECT indexname, indexdef FROM pg_indexes i WHERE schemaname = current_schema() AND tablename = $1
			AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`
	}
	rows, err := conn.QueryContext(ctx, q, table)
	if err != nil {
		return nil, err
	}
	var names, defs []string
	for rows.Next() {
		var n, d string
		if err := rows.Scan(&n, &d); err != nil {
			rows.Close()
			return nil, err
		}
		names, defs = append(names, n), append(defs, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, n := range names {
		if _, err := conn.ExecContext(ctx, `DROP INDEX "`+n+`"`); err != nil {
			return nil, err
		}
	}
	return defs, nil
}

// CopyIn writes rows into table's columns with COPY (PostgreSQL only), on
// conn, inside the transaction open on it (DB.TxConn): the table's triggers
// and constraints apply as to an INSERT. Values as Loader.Copy takes them.
func CopyIn(ctx context.Context, conn *sql.Conn, table string, columns []string, rows [][]any) error {
	return conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		i := 0
		_, err := pc.CopyFrom(ctx, pgx.Identifier{table}, columns, pgx.CopyFromFunc(func() ([]any, error) {
			if i == len(rows) {
				return nil, nil
			}
			row := rows[i]
			i++
			for c, v := range row {
				row[c] = pgValue(v)
			}
			return row, nil
		}))
		return err
	})
}

// undo runs a statement that undoes a setting of the load, even when ctx
// is cancelled. A failure is logged: the load's own error matters more.
func (l *Loader) undo(ctx context.Context, stmt string) {
	if _, err := l.conn.ExecContext(context.WithoutCancel(ctx), stmt); err != nil {
		slog.Warn("bulk load could not undo a setting", "stmt", stmt, "err", err)
	}
}
