package ledger_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The lines the database makes (PostgreSQL's COPY, SQLite's lines) hold
// the same cells as the row-by-row export, for every filter, with free text
// that needs neutralising or quoting, and with a reader that stalls: the
// read gives its connection up and goes on after the last row handed over,
// inside runs of equal times, with no row lost or repeated. SQLite's lines
// are the row-by-row export's bytes.
func TestCopyExportMatchesTheRowByRowOne(t *testing.T) {
	t.Parallel()
	storetest.Each(t, testCopyExport)
}

func testCopyExport(t *testing.T, db *store.DB) {
	ctx := context.Background()
	now := time.Date(2026, 11, 22, 15, 30, 0, 0, time.UTC)
	if err := demo.Generate(ctx, db, demo.Options{Secrets: secrets.Ephemeral(), Users: 30, Transactions: 600, Seed: 4, Now: now}); err != nil {
		t.Fatal(err)
	}
	// Runs of equal times, so a resumed read starts inside them; text with
	// a tab, line break or carriage return.
	hour, tab, lf, cr := `date_trunc('hour', created_at)`, `E'\t'`, `E'\n'`, `E'\r'`
	if db.Dialect == store.SQLite {
		hour, tab, lf, cr = `substr(created_at, 1, 13) || ':00:00+00:00'`, `char(9)`, `char(10)`, `char(13)`
	}
	for _, q := range []string{
		`UPDATE transactions SET created_at = ` + hour + ` WHERE id % 3 = 0`,
		`UPDATE users SET email = '=HYPERLINK("x"),y@example.com' WHERE id = (SELECT min(user_id) FROM transactions)`,
		`UPDATE users SET email = '  +1 "quoted"@example.com' WHERE id = (SELECT max(user_id) FROM transactions)`,
		`UPDATE wallets SET name = '' WHERE id IN (SELECT wallet_id FROM transactions WHERE id % 7 = 0)`,
		`UPDATE wallets SET name = 'line' || ` + lf + ` || 'break, and -minus' WHERE id IN (SELECT wallet_id FROM transactions WHERE id % 11 = 0)`,
		`UPDATE transactions SET receiver_address = ' leading space', explorer_url = ` + tab + ` || 'x' WHERE id % 13 = 0`,
		`UPDATE transactions SET hash = '   ＠sum(A1)', receiver_address = ` + cr + ` || 'x', explorer_url = 'a=b' WHERE id % 23 = 0`,
		`UPDATE transactions SET hash = '－1', receiver_address = ' x -y' WHERE id % 29 = 0`,
		`UPDATE transactions SET status = 'failed' WHERE id % 17 = 0`,
		`UPDATE transactions SET confirmations = 0, status = 'pending' WHERE id % 19 = 0`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	defer ledger.SetCopySizes(300, 2)() // chunks of a row or two, two ahead
	defer ledger.SetPieces(7, 3)()      // SQLite: pieces of 7 rows, three read at once
	s := ledger.New(db, func() time.Time { return now }, nil)
	from, to := now.AddDate(0, 0, -30), now.AddDate(0, 0, -2)
	var user int64
	if err := db.QueryRowContext(ctx, `SELECT max(user_id) FROM transactions`).Scan(&user); err != nil {
		t.Fatal(err)
	}
	for _, f := range []ledger.Filter{{}, {Network: "main"}, {Type: "sent", CoinID: 1}, {From: &from, To: &to},
		{UserID: user}, {Network: "test", Type: "received", From: &from}} {
		var want bytes.Buffer
		rec := httptest.NewRecorder()
		if _, err := csvout.Write(rec, csvout.File{Kind: "t"}, ledger.Columns, func(each func(ledger.Transaction) error) error {
			return s.Each(ctx, f, each)
		}); err != nil {
			t.Fatal(err)
		}
		want.Write(rec.Body.Bytes())
		var got bytes.Buffer
		sent, calls := 0, 0
		if err := s.CopyCSV(ctx, f, func(lines []byte, rows int) error {
			calls++
			if calls == 3 {
				waitForIdlePool(t, db) // a stalled reader: the read, far from its end, lets its connection go
			}
			got.Write(lines)
			sent += rows
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, body, _ := bytes.Cut(want.Bytes(), []byte("\n")); db.Dialect == store.SQLite && !bytes.Equal(got.Bytes(), body) {
			t.Fatalf("filter %+v: SQLite's lines are not the row-by-row export's bytes", f)
		}
		wantRows, err := csv.NewReader(&want).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		gotRows, err := csv.NewReader(&got).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(wantRows) < 2 {
			t.Fatalf("filter %+v: the row-by-row export is empty", f)
		}
		if sent != len(gotRows) || !reflect.DeepEqual(gotRows, wantRows[1:]) {
			t.Fatalf("filter %+v: the database wrote %d rows (sink told %d), row by row %d; first difference:\n%s", f, len(gotRows), sent, len(wantRows)-1,
				firstDifference(gotRows, wantRows[1:]))
		}
	}
}

// waitForIdlePool waits until no connection of db is in use.
func waitForIdlePool(t *testing.T, db *store.DB) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second) // a bound on a hang, not a timing
	for db.Stats().InUse > 0 {
		if time.Now().After(deadline) {
			t.Fatal("a stalled export still holds its connection")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func firstDifference(got, want [][]string) string {
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			return "database:   " + fmtRow(got[i]) + "\nrow by row: " + fmtRow(want[i])
		}
	}
	return "one is a prefix of the other"
}

func fmtRow(r []string) string {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write(r)
	w.Flush()
	return b.String()
}
