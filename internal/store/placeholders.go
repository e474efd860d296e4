package store

import (
	"database/sql"
	"strconv"
	"strings"
)

// IDList is the parameter list "$first, $first+1, ..." of an IN condition
// over ids, with the ids as its arguments. (An array parameter would need a
// dialect of its own: SQLite has none.)
func IDList(first int, ids []int64) (list string, args []any) {
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

// ScanIDs reads a one-column result of ids, and closes it.
func ScanIDs(rows *sql.Rows) ([]int64, error) {
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
