package csvout

import (
	"net/http"
	"time"
)

// Column is one column of a list's CSV twin: its header and its cell of a
// row (a Text cell for free text, which is neutralised).
type Column[T any] struct {
	Name string
	Cell func(T) any
}

// Col is a column named name whose cells cell gives.
func Col[T any](name string, cell func(T) any) Column[T] { return Column[T]{Name: name, Cell: cell} }

// File names a download "<Kind>-<from>-<to>.csv" (see Start).
type File struct {
	Kind     string
	From, To *time.Time
}

// WriteLines streams CSV lines that produce hands over (made by the database)
// as a download with the header of columns; like Write, it sends nothing
// before the first lines.
func WriteLines[T any](w http.ResponseWriter, f File, columns []Column[T], produce func(sink func([]byte, int) error) error) (started bool, err error) {
	var out *Writer
	err = produce(func(lines []byte, rows int) error {
		if out == nil {
			out = Start(w, f.Kind, f.From, f.To, header(columns))
		}
		return out.Lines(lines, rows)
	})
	if err != nil {
		return out != nil, err
	}
	if out == nil {
		out = Start(w, f.Kind, f.From, f.To, header(columns))
	}
	return true, out.Close()
}

func header[T any](columns []Column[T]) []string {
	names := make([]string, len(columns))
	for i, c := range columns {
		names[i] = c.Name
	}
	return names
}

// Write streams the rows each hands over as a CSV download of columns.
// Nothing is sent before the first row (or the end of an empty list), so an
// error before it can still be answered as an error: started tells whether
// the download had begun when err came.
func Write[T any](w http.ResponseWriter, f File, columns []Column[T], each func(func(T) error) error) (started bool, err error) {
	var out *Writer
	cells := make([]any, len(columns))
	start := func() { out = Start(w, f.Kind, f.From, f.To, header(columns)) }
	err = each(func(row T) error {
		if out == nil {
			start()
		}
		for i, c := range columns {
			cells[i] = c.Cell(row)
		}
		return out.Row(cells...)
	})
	if err != nil {
		return out != nil, err
	}
	if out == nil {
		start()
	}
	return true, out.Close()
}
