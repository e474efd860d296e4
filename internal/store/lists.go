package store

import (
	"database/sql"
	"strconv"
	"strings"
)

// IDList is the parameter list "$first, $first+1, ..." of an IN condition
// over ids, with the ids as its arguments; for no ids, NULL, which matches
// nothing ("IN ()" is an error on PostgreSQL). (An array parameter would need
// a dialect of its own: SQLite has none.) The list has a power-of-two
// length, the last id repeated to fill it, so that a query over it has few
// texts and its prepared statement is kept (DB.QueryFixed).
func IDList(first int, ids []int64) (list string, args []any) {
	if len(ids) == 0 {
		return "NULL", nil
	}
	n := 1
	for n < len(ids) {
		n *= 2
	}
	var b strings.Builder
	args = make([]any, n)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(first+i))
		args[i] = ids[min(i, len(ids)-1)]
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
