package store

import (
	"database/sql/driver"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// Rows is a table of values written into a statement, for writing or
// reading many rows at once: a relation whose columns are named column1,
// column2, ..., with their PostgreSQL types (types[i]). Use it as
// "INSERT INTO t (...) " + rows, or "FROM (" + rows + ") AS v".
//
// PostgreSQL takes one array per column (unnest): a statement of a few
// parameters, planned in the same time whatever the number of rows; a
// VALUES list of ten thousand rows costs more to parse and plan than to
// run. SQLite takes a VALUES list, at most RowsPerStatement rows of it.
// args are numbered from first.
func (d Dialect) Rows(first int, types []string, rows [][]any) (query string, args []any) {
	var b strings.Builder
	if d == SQLite {
		b.WriteString("VALUES ")
		args = make([]any, 0, len(types)*len(rows))
		for i, row := range rows {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(")
			for c := range row {
				if c > 0 {
					b.WriteString(", ")
				}
				b.WriteString("?")
			}
			b.WriteString(")")
			args = append(args, row...)
		}
		return b.String(), args
	}
	b.WriteString("SELECT * FROM unnest(")
	for c, typ := range types {
		if c > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d::text[]::%s[]", first+c, typ)
		column := make([]*string, len(rows))
		for r, row := range rows {
			column[r] = text(row[c])
		}
		args = append(args, column)
	}
	b.WriteString(") AS v(")
	for c := range types {
		if c > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "column%d", c+1)
	}
	b.WriteString(")")
	return b.String(), args
}

// RowsPerStatement is how many rows one statement of Rows should hold:
// SQLite's statements grow with their rows (and its parameters are bounded).
func (d Dialect) RowsPerStatement() int {
	if d == SQLite {
		return 500
	}
	return 100_000
}

// text is v as PostgreSQL reads it from text; nil is NULL.
func text(v any) *string {
	if valuer, ok := v.(driver.Valuer); ok {
		var err error
		if v, err = valuer.Value(); err != nil {
			panic(fmt.Sprintf("store: a value for Rows: %v", err))
		}
	}
	var s string
	switch v := v.(type) {
	case nil:
		return nil
	case string:
		s = v
	case int64:
		s = strconv.FormatInt(v, 10)
	case int:
		s = strconv.Itoa(v)
	case bool:
		s = strconv.FormatBool(v)
	case time.Time:
		s = v.Format(time.RFC3339Nano)
	case fmt.Stringer:
		s = v.String()
	default:
		// A named string type (ledger.Status), as database/sql takes it.
		rv := reflect.ValueOf(v)
		if rv.Kind() != reflect.String {
			panic(fmt.Sprintf("store: Rows takes no %T", v))
		}
		s = rv.String()
	}
	return &s
}

// In is the condition "is one of values", as a column's suffix (" IN (...)",
// " = ANY($n)"), with its args numbered from first. PostgreSQL reads an
// index once for an array's values in order; it may join a Rows of as
// many by scanning the table.
func (d Dialect) In(first int, values []string) (cond string, args []any) {
	if d == SQLite {
		var b strings.Builder
		b.WriteString(" IN (")
		args = make([]any, len(values))
		for i, v := range values {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("?")
			args[i] = v
		}
		b.WriteString(")")
		return b.String(), args
	}
	return fmt.Sprintf(" = ANY($%d::text[])", first), []any{values}
}
