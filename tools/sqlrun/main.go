// Command sqlrun runs SQL through the server's own driver and connection
// settings (store.Open), for bench/run.sh: what the embedded engine alone
// costs, beside the database's command-line tool and the API.
//
//	sqlrun --db URL --file F --repeat N   runs F's statements in turn, N times; prints ms per run
//	sqlrun --db URL --file F --rows       runs F's one query, reads every cell and drops it; prints rows and seconds
//	sqlrun --export-query                 prints the query of PostgreSQL's export of every transaction (its COPY's)
//
// With --repeat, --kept keeps each statement prepared across runs (as the
// server does, store.DB.QueryFixed); without it each is prepared every run,
// as the sqlite3 CLI does with a script.
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/store"
)

func main() {
	db := flag.String("db", "", "database: sqlite:PATH or a postgres:// URL")
	file := flag.String("file", "", "SQL file: statements ending with ';' at the end of a line")
	repeat := flag.Int("repeat", 0, "runs of every statement")
	kept := flag.Bool("kept", false, "with --repeat: prepare each statement once")
	rows := flag.Bool("rows", false, "read every row of the file's one query")
	exportQuery := flag.Bool("export-query", false, "print the query of PostgreSQL's export of every transaction")
	flag.Parse()
	if *exportQuery {
		fmt.Println(ledger.ExportQuery(ledger.Filter{}))
		return
	}
	if err := run(*db, *file, *repeat, *kept, *rows); err != nil {
		fmt.Fprintln(os.Stderr, "sqlrun:", err)
		os.Exit(1)
	}
}

func run(url, file string, repeat int, kept, rows bool) error {
	text, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	var stmts []string
	for _, s := range strings.Split(string(text), ";\n") {
		if s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ";")); s != "" {
			stmts = append(stmts, s)
		}
	}
	ctx := context.Background()
	db, err := store.Open(ctx, url)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // one connection, as the CLI has
	if rows {
		if len(stmts) != 1 {
			return fmt.Errorf("--rows: want one query in %s, found %d", file, len(stmts))
		}
		start := time.Now()
		n, err := drain(ctx, db.DB, stmts[0])
		fmt.Printf("%d rows in %.2f s\n", n, time.Since(start).Seconds())
		return err
	}
	if repeat < 1 {
		return fmt.Errorf("give --repeat N or --rows")
	}
	run := func() error { // prepared every run
		for _, s := range stmts {
			if _, err := drain(ctx, db.DB, s); err != nil {
				return err
			}
		}
		return nil
	}
	if kept {
		prepared := make([]*sql.Stmt, len(stmts))
		for i, s := range stmts {
			if prepared[i], err = db.PrepareContext(ctx, s); err != nil {
				return err
			}
			defer prepared[i].Close()
		}
		run = func() error {
			for _, st := range prepared {
				if _, err := drain(ctx, st, ""); err != nil {
					return err
				}
			}
			return nil
		}
	}
	if err := run(); err != nil { // warm, as the CLI's first run in bench/run.sh
		return err
	}
	start := time.Now()
	for i := 0; i < repeat; i++ {
		if err := run(); err != nil {
			return err
		}
	}
	fmt.Printf("%.3f\n", float64(time.Since(start).Microseconds())/1000/float64(repeat))
	return nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

type stmtQuerier interface {
	QueryContext(ctx context.Context, args ...any) (*sql.Rows, error)
}

// drain runs q on a (a database, or a prepared statement when q is empty)
// and reads every cell of every row.
func drain(ctx context.Context, a any, q string) (int, error) {
	var rs *sql.Rows
	var err error
	if st, ok := a.(stmtQuerier); ok && q == "" {
		rs, err = st.QueryContext(ctx)
	} else {
		rs, err = a.(querier).QueryContext(ctx, q)
	}
	if err != nil {
		return 0, err
	}
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		return 0, err
	}
	cells := make([]sql.RawBytes, len(cols))
	dest := make([]any, len(cols))
	for i := range cells {
		dest[i] = &cells[i]
	}
	n := 0
	for rs.Next() {
		if err := rs.Scan(dest...); err != nil {
			return n, err
		}
		n++
	}
	return n, rs.Err()
}
