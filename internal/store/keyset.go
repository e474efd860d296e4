package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// Pause is how long EachNewest's reader waits for a caller that takes no
// rows (a download whose client stopped reading) before it gives its
// connection back.
const Pause = time.Second

// ResumeBatch is how many rows each statement reads once a read has been
// given back: bounded index ranges, each cheap to start, instead of one more
// plan of the whole remaining range for a caller that may stall again.
const ResumeBatch = 2000

// ReadAhead is how many rows EachNewest reads ahead of its caller unless the
// query says otherwise.
const ReadAhead = 256

// Newest is a query read newest first: its rows ordered by (At, ID)
// descending, both columns of an index, so that a read can resume after any
// row.
type Newest struct {
	Select string // "SELECT … FROM …", without WHERE or ORDER BY
	Where  string // " WHERE …" or empty
	Args   []any  // Where's arguments
	At, ID string // the order columns, e.g. "t.created_at", "t.id"
	// PageOrder orders a page (EachPage) when set, in place of newest first:
	// an ORDER BY list ending with ID (Dialect.OrderBy).
	PageOrder string
	Ahead     int // rows read ahead of the caller; 0: ReadAhead
}

func (q Newest) ahead() int {
	if q.Ahead > 0 {
		return q.Ahead
	}
	return ReadAhead
}

// batch is how many rows go to the caller at a time: a quarter of the
// read-ahead, at most 64 (so the reader holds at most one batch more than
// the read-ahead).
func (q Newest) batch() int { return max(1, min(64, q.ahead()/4)) }

// Cursor is where a row stands in a Newest query's order.
type Cursor struct {
	At time.Time
	ID int64
}

// before reports whether c comes after p in the newest-first order.
func (c Cursor) before(p Cursor) bool {
	return c.At.Before(p.At) || (c.At.Equal(p.At) && c.ID < p.ID)
}

// EachNewest streams q's rows to fn, newest first. One statement reads them
// while fn keeps up (the engine's fastest plan for the whole range). When
// fn has taken no row for Pause, with q.Ahead rows waiting (its client
// stopped reading), the statement is closed and its connection goes back to
// the pool; once fn has taken the waiting rows, statements of ResumeBatch
// rows go on after the last of them. So a stalled download holds no
// connection, and a download holds one only while it moves.
//
// A resumed read sees the rows after the last one sent as they stand then:
// a row written meanwhile with an earlier time (none are: rows are stamped
// when written) would be included, one changed meanwhile is read as changed.
func EachNewest[T any](ctx context.Context, db *DB, q Newest, scan func(*sql.Rows) (T, Cursor, error), fn func(T) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	q.PageOrder = "" // a stream resumes after its last row: newest first only
	var after *Cursor
	size := q.batch()
	for {
		batches := make(chan []T, q.ahead()/size)
		read := make(chan readEnd, 1)
		limit := 0
		if after != nil {
			limit = ResumeBatch
		}
		go func(after *Cursor) { read <- readAhead(ctx, db, q, after, limit, size, scan, batches) }(after)
		for batch := range batches {
			for _, row := range batch {
				if err := fn(row); err != nil {
					cancel()
					for range batches { // the reader stops at the cancellation and closes batches
					}
					<-read
					return err
				}
			}
		}
		end := <-read
		if end.err != nil || !end.more {
			return end.err
		}
		after = &end.last
	}
}

// readEnd is how a readAhead ended: with an error, at the last row, or
// with more rows possible after the one at last.
type readEnd struct {
	err  error
	more bool
	last Cursor
}

// readAhead runs q after the cursor (from the newest without one; limit
// rows, 0: all) and sends its rows to out in batches of size, closed at the
// end, until they are all sent or out has stayed full for Pause. The rows
// must come in the order's strict sequence: a row that does not would be
// sent again on a resumed read.
func readAhead[T any](ctx context.Context, db *DB, q Newest, after *Cursor, limit, size int, scan func(*sql.Rows) (T, Cursor, error), out chan<- []T) readEnd {
	defer close(out)
	stmt, args := q.statement(after, limit, 0)
	rows, err := db.QueryContext(ctx, stmt, args...)
	if err != nil {
		return readEnd{err: err}
	}
	defer rows.Close()
	b := batcher[T]{out: out, size: size, sent: after, pause: time.NewTimer(Pause)}
	b.pause.Stop()
	prev, n := after, 0
	for ; rows.Next(); n++ {
		row, at, err := scan(rows)
		if err != nil {
			return readEnd{err: err}
		}
		if prev != nil && !at.before(*prev) {
			return readEnd{err: fmt.Errorf("store: %s: row %d (%v) is not after row %d (%v) in the order", q.Select, at.ID, at.At, prev.ID, prev.At)}
		}
		prev = &at
		if end, stop := b.add(ctx, row, at); stop {
			return end
		}
	}
	if end, stop := b.flush(ctx); stop {
		return end
	}
	if limit > 0 && n == limit {
		return readEnd{err: rows.Err(), more: true, last: *b.sent}
	}
	return readEnd{err: rows.Err()}
}

// batcher hands rows to EachNewest's caller a batch at a time: one channel
// send per row cost a hand-over between goroutines per row, a large part of
// a long export's reading beside the engine's own work.
type batcher[T any] struct {
	out   chan<- []T
	size  int
	rows  []T
	last  Cursor  // of the last row in rows
	sent  *Cursor // of the last row handed over
	pause *time.Timer
}

// add queues a row and sends the batch once full; stop reports that the
// read must end (with end): the caller took nothing for Pause, or ctx ended.
func (b *batcher[T]) add(ctx context.Context, row T, at Cursor) (end readEnd, stop bool) {
	b.rows, b.last = append(b.rows, row), at
	if len(b.rows) < b.size {
		return readEnd{}, false
	}
	return b.flush(ctx)
}

// flush sends the queued rows, waiting at most Pause for room.
func (b *batcher[T]) flush(ctx context.Context) (readEnd, bool) {
	if len(b.rows) == 0 {
		return readEnd{}, false
	}
	select {
	case b.out <- b.rows:
	default: // the caller is behind by a whole read-ahead: wait a while, then give the connection back
		b.pause.Reset(Pause)
		select {
		case b.out <- b.rows:
			b.pause.Stop()
		case <-b.pause.C:
			if b.sent == nil { // cannot happen: out has room for the first batch
				return readEnd{err: fmt.Errorf("store: a read stalled before its first rows")}, true
			}
			return readEnd{more: true, last: *b.sent}, true
		case <-ctx.Done():
			return readEnd{err: ctx.Err()}, true
		}
	}
	last := b.last
	b.sent, b.rows = &last, make([]T, 0, b.size)
	return readEnd{}, false
}

// EachPage streams one page of q's rows to fn, newest first or in
// q.PageOrder: limit rows
// after the first offset (the numbered pages of a list screen).
func EachPage[T any](ctx context.Context, db *DB, q Newest, limit, offset int, scan func(*sql.Rows) (T, Cursor, error), fn func(T) error) error {
	stmt, args := q.statement(nil, limit, offset)
	page, _, err := read(ctx, db, stmt, args, limit, scan)
	if err != nil {
		return err
	}
	for _, row := range page {
		if err := fn(row); err != nil {
			return err
		}
	}
	return nil
}

// statement is q's rows after the cursor (if any), newest first: limit of
// them after offset, or (limit 0) all.
func (q Newest) statement(after *Cursor, limit, offset int) (string, []any) {
	where, args := q.Where, q.Args[:len(q.Args):len(q.Args)]
	if after != nil {
		args = append(args, after.At.UTC(), after.ID)
		cond := fmt.Sprintf("(%s, %s) < ($%d, $%d)", q.At, q.ID, len(args)-1, len(args))
		if where == "" {
			where = " WHERE " + cond
		} else {
			where += " AND " + cond
		}
	}
	order := fmt.Sprintf("%s DESC, %s DESC", q.At, q.ID)
	if q.PageOrder != "" {
		order = q.PageOrder
	}
	stmt := q.Select + where + " ORDER BY " + order
	if limit > 0 {
		args = append(args, limit, offset)
		stmt += fmt.Sprintf(" LIMIT $%d OFFSET $%d", len(args)-1, len(args))
	}
	return stmt, args
}

// read runs stmt, reads its rows whole (at most size) and closes them, so
// the connection is back in the pool when it returns.
func read[T any](ctx context.Context, db *DB, stmt string, args []any, size int, scan func(*sql.Rows) (T, Cursor, error)) ([]T, Cursor, error) {
	rows, err := db.QueryContext(ctx, stmt, args...)
	if err != nil {
		return nil, Cursor{}, err
	}
	defer rows.Close()
	out := make([]T, 0, size)
	var last Cursor
	for rows.Next() {
		row, at, err := scan(rows)
		if err != nil {
			return nil, Cursor{}, err
		}
		out, last = append(out, row), at
	}
	return out, last, rows.Err()
}
