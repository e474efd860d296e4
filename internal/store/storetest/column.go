package storetest

import (
	"context"
	"testing"

	"xapa/backoffice/internal/store"
)

// Column is the one column query answers, row by row, as T.
func Column[T any](t testing.TB, db *store.DB, query string, args ...any) []T {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return out
}
