package ledger

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// SQLite has no COPY: its export's lines are made as it reads the rows, by
// csv_line (the row as the row-by-row export writes it, Columns, one call a
// row), in pieces of pieceRows rows, up to pieceReaders pieces at once on
// connections of their own. One reader alone is bound by the embedded engine
// (SQLite compiled to Go), which reads the export's query about as fast as
// the native sqlite3 CLI reads and writes it; two use both cores
// (docs/decisions/0006-performance.md, "Exports"). Variables for the
// tests.
var (
	pieceRows    = 4000
	pieceReaders = 2
)

// linePiece is the rows of the order after after (none: from the newest)
// down to until (none: to the oldest; the row at until included), as CSV
// lines, read by readPiece; done closes when lines, rows or err are set.
type linePiece struct {
	after, until *storedKey
	lines        []byte
	rows         int
	err          error
	done         chan struct{}
}

// storedKey is a row's place in the order as SQLite stores it: the time's
// text (compared as text, as the driver writes it) and the id.
type storedKey struct {
	at string
	id int64
}

// sqliteLines is CopyCSV on SQLite. A piece's rows are read whole and its
// connection given back before the piece waits for the sink, so a client
// that stops reading holds no connection; an export holds at most
// pieceReaders connections, and at most pieceReaders + 2 pieces (about a
// megabyte and a half each) wait in memory.
func (s *Service) sqliteLines(ctx context.Context, f Filter, sink func([]byte, int) error) (err error) {
	ctx, cancel := context.WithCancel(ctx)
	cond, args := f.where()
	order := make(chan *linePiece, pieceReaders)
	// The lines' buffers go round: a piece the sink has written gives its
	// buffer to a piece still to read (a megabyte grown afresh for every
	// piece was most of the export's garbage).
	spare := make(chan []byte, pieceReaders+2)
	planned := make(chan error, 1)
	go func() { planned <- s.planPieces(ctx, cond, args, order, spare) }()
	defer func() { // whatever ended the export, the planner and its readers have ended when it returns
		cancel()
		for range order {
		}
		if planErr := <-planned; err == nil {
			err = planErr
		}
	}()
	for p := range order {
		select {
		case <-p.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		if p.err != nil {
			return p.err
		}
		if p.rows == 0 {
			continue
		}
		if err := sink(p.lines, p.rows); err != nil {
			return err
		}
		select {
		case spare <- p.lines[:0]:
		default:
		}
	}
	return nil
}

// planPieces finds each piece's last row (the pieceRows-th after the piece
// before, by the order's index alone), starts its reading and queues it in
// order; the queue's bound keeps the reading at most pieceReaders pieces
// ahead of the sink.
func (s *Service) planPieces(ctx context.Context, cond string, args []any, order chan<- *linePiece, spare <-chan []byte) error {
	defer close(order)
	var reading sync.WaitGroup
	defer reading.Wait()
	readers := make(chan struct{}, pieceReaders)
	var after *storedKey
	for {
		until, err := s.pieceEnd(ctx, cond, args, after, readers)
		if err != nil {
			return err
		}
		p := &linePiece{after: after, until: until, done: make(chan struct{})}
		reading.Go(func() { s.readPiece(ctx, cond, args, p, readers, spare) })
		select {
		case order <- p:
		case <-ctx.Done():
			return ctx.Err()
		}
		if until == nil {
			return nil
		}
		after = until
	}
}

// pieceEnd is the key of the pieceRows-th row after after, or nil when
// fewer rows are left. It takes one of readers' places too, so an export
// holds at most pieceReaders connections.
func (s *Service) pieceEnd(ctx context.Context, cond string, args []any, after *storedKey, readers chan struct{}) (*storedKey, error) {
	select {
	case readers <- struct{}{}:
		defer func() { <-readers }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	where, args := pieceWhere(cond, args, after, nil)
	var k storedKey
	err := s.db.QueryRowContext(ctx, `SELECT t.created_at || '', t.id FROM transactions t`+where+
		fmt.Sprintf(` ORDER BY t.created_at DESC, t.id DESC LIMIT 1 OFFSET %d`, pieceRows-1), args...).Scan(&k.at, &k.id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &k, nil
}

// readPiece reads p's lines, into a spare buffer if there is one, while one
// of readers' places is free.
func (s *Service) readPiece(ctx context.Context, cond string, args []any, p *linePiece, readers chan struct{}, spare <-chan []byte) {
	defer close(p.done)
	select {
	case readers <- struct{}{}:
		defer func() { <-readers }()
	case <-ctx.Done():
		p.err = ctx.Err()
		return
	}
	where, args := pieceWhere(cond, args, p.after, p.until)
	rows, err := s.db.QueryContext(ctx, `SELECT csv_line(`+txColumns(store.SQLite)+`)`+txFrom+where+
		` ORDER BY t.created_at DESC, t.id DESC`, args...)
	if err != nil {
		p.err = err
		return
	}
	defer rows.Close()
	select {
	case p.lines = <-spare:
	default:
	}
	var line sql.RawBytes
	for rows.Next() {
		if p.err = rows.Scan(&line); p.err != nil {
			return
		}
		p.lines = append(append(p.lines, line...), '\n')
		p.rows++
	}
	p.err = rows.Err()
}

func init() {
	store.RegisterSQLiteFunction("csv_line", len(txCells(nil, &Transaction{}, nil)), csvLine)
}

// csvLine is csv_line: the CSV line of the transaction of txColumns' cells,
// as Write writes it with Columns. The line is made in Go: SQLite's
// allocator is one for every connection, behind one lock, and a line made by
// SQL (a text for each || and each cell) had the two readers take turns at it.
func csvLine(args []driver.Value) (driver.Value, error) {
	w := lineWork.Get().(*lineScratch)
	defer lineWork.Put(w)
	w.t, w.created = Transaction{}, ""
	for i, arg := range args {
		if err := assign(w.cells[i], arg); err != nil {
			return nil, fmt.Errorf("csv_line: cell %d: %w", i+1, err)
		}
	}
	var err error
	if w.t.CreatedAt, err = storedStamp(w.created); err != nil {
		return nil, err
	}
	// A copy: w goes back to the pool on return, before the driver has
	// copied the result into SQLite, and the other reader may take it.
	w.line = csvout.AppendRow(w.line[:0], Columns, w.t)
	return string(w.line), nil
}

// lineScratch is one csv_line call's row, its cells (pointers into it) and
// its line, kept for the next call: a row's allocations were a third of the
// export's garbage.
type lineScratch struct {
	t       Transaction
	created string
	cells   []any
	line    []byte
}

var lineWork = sync.Pool{New: func() any {
	w := &lineScratch{line: make([]byte, 0, 400)}
	w.cells = txCells(nil, &w.t, &w.created)
	return w
}}

// assign stores a cell the driver hands a function (int64, float64,
// string or nil) in dst.
func assign(dst, v any) error {
	switch d := dst.(type) {
	case *int64:
		n, ok := v.(int64)
		*d = n
		return okOr(ok, v)
	case *int:
		n, ok := v.(int64)
		*d = int(n)
		return okOr(ok, v)
	case *bool:
		n, ok := v.(int64)
		*d = n != 0
		return okOr(ok, v)
	case *string:
		return assignText(d, v)
	case *Type:
		return assignText((*string)(d), v)
	case *Network:
		return assignText((*string)(d), v)
	case *Status:
		return assignText((*string)(d), v)
	}
	return fmt.Errorf("no cell of type %T", dst)
}

// assignText stores a text cell, as database/sql would convert a number
// stored in a text column.
func assignText(d *string, v any) error {
	switch x := v.(type) {
	case string:
		*d = x
	case int64:
		*d = strconv.FormatInt(x, 10)
	case float64:
		*d = strconv.FormatFloat(x, 'g', -1, 64)
	case []byte:
		*d = string(x)
	case nil:
		*d = ""
	default:
		return okOr(false, v)
	}
	return nil
}

func okOr(ok bool, v any) error {
	if ok {
		return nil
	}
	return fmt.Errorf("unexpected %T", v)
}

// storedStamp is utc.Stamp of a time as SQLite keeps it: the driver's
// "2006-01-02 15:04:05.999999999-07:00", in UTC as this server writes it, is
// cut out of the text; another text is read as the driver reads a TIMESTAMP
// column (its layouts, in its order; UTC when it names no offset).
func storedStamp(s string) (string, error) {
	if len(s) >= 25 && strings.HasSuffix(s, "+00:00") && s[10] == ' ' && (s[19] == '.' || s[19] == '+') &&
		digitsAt(s, 0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18) && s[4] == '-' && s[7] == '-' && s[13] == ':' && s[16] == ':' {
		return s[:10] + "T" + s[11:19] + "+00:00", nil
	}
	at, err := storedTime(s)
	if err != nil {
		return "", err
	}
	return utc.Stamp(at), nil
}

// storedTime reads a time as SQLite keeps it as the driver reads a
// TIMESTAMP column (its layouts, in its order; UTC when it names no offset).
func storedTime(s string) (time.Time, error) {
	for _, layout := range storedLayouts {
		if at, err := time.Parse(layout, strings.TrimSuffix(s, "Z")); err == nil {
			return at, nil
		}
	}
	return time.Time{}, fmt.Errorf("ledger: created_at %q is not a time", s)
}

// storedLayouts are the layouts modernc.org/sqlite reads a TIMESTAMP in.
var storedLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00", "2006-01-02T15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999", "2006-01-02 15:04", "2006-01-02T15:04", "2006-01-02",
}

func digitsAt(s string, at ...int) bool {
	for _, i := range at {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// pieceWhere is the filter's condition with the rows after after and down to
// until (each when set).
func pieceWhere(cond string, args []any, after, until *storedKey) (string, []any) {
	conds := []string{}
	if cond != "" {
		conds = append(conds, strings.TrimPrefix(cond, " WHERE "))
	}
	args = args[:len(args):len(args)]
	if after != nil {
		args = append(args, after.at, after.id)
		conds = append(conds, fmt.Sprintf("(t.created_at, t.id) < ($%d, $%d)", len(args)-1, len(args)))
	}
	if until != nil {
		args = append(args, until.at, until.id)
		conds = append(conds, fmt.Sprintf("(t.created_at, t.id) >= ($%d, $%d)", len(args)-1, len(args)))
	}
	if len(conds) == 0 {
		return "", args
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}
