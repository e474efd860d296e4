package csvout

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// cellText is a cell as Row writes it, before quoting: Text neutralised,
// other values as they print.
func cellText(c any) string {
	switch v := c.(type) {
	case Text:
		return Neutralise(string(v))
	case string:
		return v
	}
	return toString(c)
}

// AppendRow appends row's cells of columns to line as Row writes them,
// quoted where encoding/csv quotes a field, without the line break: for a
// line made where the row is read (ledger's SQLite export), the same bytes
// as Write's.
func AppendRow[T any](line []byte, columns []Column[T], row T) []byte {
	for i, c := range columns {
		if i > 0 {
			line = append(line, ',')
		}
		line = appendField(line, cellText(c.Cell(row)))
	}
	return line
}

// appendField appends s quoted as encoding/csv quotes it.
func appendField(line []byte, s string) []byte {
	if !needsQuotes(s) {
		return append(line, s...)
	}
	line = append(line, '"')
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		line = append(append(line, s[:i+1]...), '"')
		s = s[i+1:]
	}
	return append(append(line, s...), '"')
}

// needsQuotes is encoding/csv's rule for a comma-separated field.
func needsQuotes(s string) bool {
	if s == "" {
		return false
	}
	if s == `\.` || strings.ContainsAny(s, ",\"\r\n") {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}
