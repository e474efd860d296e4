package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestIsUnavailable(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{sql.ErrNoRows, false},
		{errors.New("syntax error"), false},
		{&pgconn.PgError{Code: "23505"}, false},                                    // unique violation: the caller's fault
		{&pgconn.PgError{Code: "57014"}, false},                                    // query canceled
		{fmt.Errorf("load: %w", &pgconn.PgError{Code: "57P01"}), true},             // admin shutdown ends the session
		{&pgconn.PgError{Code: "57P02"}, true},                                     // crash shutdown
		{&pgconn.PgError{Code: "57P03"}, true},                                     // shutting down / starting up
		{&pgconn.PgError{Code: "08006"}, true},                                     // connection failure
		{&pgconn.ConnectError{}, true},                                             // cannot connect at all
		{fmt.Errorf("receive: %w", io.ErrUnexpectedEOF), true},                     // the server hung up mid-reply
		{fmt.Errorf("query: %w", pgconn.ErrConnClosed), true},                      // the connection is already closed
		{errors.New("sql: database is closed"), true},                              // shutting down
		{fmt.Errorf("begin: %w", sql.ErrConnDone), true},                           // a connection returned to the pool
		{fmt.Errorf("x: %w", &pgconn.PgError{Code: "42P01", Message: "x"}), false}, // undefined table
	} {
		if got := store.IsUnavailable(c.err); got != c.want {
			t.Errorf("IsUnavailable(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}

// TestTerminatedSessionIsUnavailable ends the server session under a
// connection (what a PostgreSQL shutdown or restart does to every session):
// the next query's error must read as "database unavailable" (503), not as
// a failed query (500).
func TestTerminatedSessionIsUnavailable(t *testing.T) {
	t.Parallel()
	db := storetest.Postgres(t)
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var pid int
	if err := conn.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	var ok bool
	if err := db.QueryRowContext(ctx, `SELECT pg_terminate_backend($1)`, pid).Scan(&ok); err != nil || !ok {
		t.Fatalf("terminate %d: %v %v", pid, ok, err)
	}
	err = conn.QueryRowContext(ctx, `SELECT 1`).Scan(new(int))
	if err == nil {
		t.Fatal("a query on a terminated session succeeded")
	}
	if !store.IsUnavailable(err) {
		t.Errorf("IsUnavailable(%v) = false; a terminated session is an unavailable database", err)
	}
	// The pool recovers by itself: the next query gets a new session.
	if err := db.QueryRowContext(ctx, `SELECT 1`).Scan(new(int)); err != nil {
		t.Errorf("after the terminated session: %v", err)
	}
}
