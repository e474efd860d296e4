package store

import (
	"database/sql"
	"strconv"
	"strings"
)

// IDList is the parameter list "$first, $first+1, ..." of an IN condition
// over ids, with the ids as its arguments; for no ids, NULL, which matches
// nothing ("IN ()" is an error on PostgreSQL). (An array parameter would need
// a dialect of its own: SQLite has none.)
func IDList(first int, ids []int64) (list string, args []any) {
	if len(ids) == 0 {
		return "NULL", nil
	}
	var b strings.Builder
	args = make([]any, len(ids))
	for i, id := range ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(first+i))
		args[i] = id
	}
	return b.String(), args
}

// ScanColumn reads a one-column result (empty: an empty slice, not nil), and
// closes it.
func ScanColumn[T any](rows *sql.Rows) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
