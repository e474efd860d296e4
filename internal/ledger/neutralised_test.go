package ledger

import (
	"context"
	"database/sql"
	"testing"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/store/storetest"
)

// The export's neutralising in SQL (PostgreSQL's COPY) changes exactly the
// texts csvout.Neutralise changes: each character a formula can start with,
// alone, after spaces and after other text, and texts that only look close
// (a character just beside one of them, a full-width letter, spaces alone).
func TestNeutralisedIsNeutralise(t *testing.T) {
	db := storetest.Postgres(t) // the SQL form is PostgreSQL's COPY: its pass only
	texts := []string{"", " ", "   ", "plain", " plain", "alice@example.com", "0xabc", "Ｘ", "é=", "a=b", "x -y",
		"\x08x", "\x0bx", "\nx", " \tx", "  \rx", ",", "*", "<", ">", "?", "A", "`", "＜", "＞", "＊", "＿", "＃"}
	for _, start := range []string{"\t", "\r", "=", "+", "-", "@", "＝", "＋", "－", "＠"} {
		texts = append(texts, start, start+"1", " "+start+"SUM(A1)", "    "+start, "x"+start)
	}
	for _, text := range texts {
		var got sql.NullString
		if err := db.QueryRowContext(context.Background(), `SELECT `+neutralised(`CAST($1 AS TEXT)`), text).Scan(&got); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if want := csvout.Neutralise(text); got.String != want || got.Valid != (want != "") {
			t.Errorf("neutralised(%q) = %q (valid %v), csvout.Neutralise %q", text, got.String, got.Valid, want)
		}
	}
}
