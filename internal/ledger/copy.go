package ledger

import (
	"bytes"
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/stdlib"

	"xapa/backoffice/internal/store"
)

// copyRows are the stored columns the columns' PostgreSQL cells read. The rows are sorted as
// they are (a subquery kept whole by OFFSET 0, its order the outer SELECT's)
// and made into text after: sorting the made text, wider than the stored
// columns, spilled more to disk, and five million rows took 1.6 times as long
// (docs/decisions/0006-performance.md, "Exports").
const copyRows = `t.id, t.created_at, t.user_id, u.email, c.symbol, t.network, t.type, t.amount, t.network_fee, t.commission,
	t.fee, t.status, t.confirmations, t.max_confirmation, t.hash, t.receiver_address, w.name AS wallet_name, t.is_exchange,
	t.explorer_url`

// neutralised is csvout.Neutralise in SQL: a text a spreadsheet would
// evaluate (=, +, -, @ or their full-width forms after leading spaces, or a
// tab or carriage return first) gets a leading '. One anchored regular
// expression decides (compiled once per connection, it costs PostgreSQL about
// a third of the left()/ltrim() tests it replaced), but only for a text whose
// first character could start such a text: ascii() (the first character's
// code point, 0 for an empty text) costs about a quarter of the expression,
// which runs over the whole text, and an export asks for six columns of every
// row (docs/decisions/0006-performance.md, "Exports").
func neutralised(col string) string {
	return `NULLIF(CASE WHEN ascii(` + col + `) IN (` + formulaStarts + `) AND ` + col +
		` ~ '^([\t\r]| *[-=+@＝＋－＠])' THEN '''' || ` + col + ` ELSE ` + col + ` END, '')`
}

// formulaStarts are the code points a text csvout.Neutralise changes can
// start with: tab, carriage return, space, + - = @ and ＋ － ＝ ＠.
const formulaStarts = "9, 13, 32, 43, 45, 61, 64, 65291, 65293, 65309, 65312"

// CopyCSV hands sink the CSV lines of every transaction f matches, newest
// first: the cells of Columns, made and quoted by PostgreSQL (one
// COPY ... TO STDOUT while the client reads). A field is quoted where
// PostgreSQL quotes it (a comma, a quote or a line break in it), as
// encoding/csv also does, so a reader of either file reads the same cells.
//
// As store.EachNewest does for row-by-row exports: when sink has taken
// nothing for store.Pause with copyAhead chunks waiting, the COPY is
// cancelled and its connection closed, so a client that stops reading holds
// none; once sink has taken the waiting lines, a new COPY goes on after the
// last row handed over.
//
// SQLite has no COPY: sqliteLines makes the same lines there. sink must not
// keep lines past its return.
func (s *Service) CopyCSV(ctx context.Context, f Filter, sink func(lines []byte, rows int) error) error {
	if err := s.check(ctx, f); err != nil {
		return err
	}
	if s.db.Dialect == store.SQLite {
		return s.sqliteLines(ctx, f, sink)
	}
	cond, args := f.where()
	base := inlined(cond, args)
	var after *rowKey // the last row handed to sink
	for {
		last, stalled, err := s.copyOnce(ctx, base, after, sink)
		if err != nil || !stalled {
			return err
		}
		if last != 0 {
			k := rowKey{id: last}
			if err := s.db.QueryRowContext(ctx, `SELECT created_at FROM transactions WHERE id = $1`, last).Scan(&k.at); err != nil {
				return fmt.Errorf("resume the export after transaction %d: %w", last, err)
			}
			after = &k
		}
	}
}

// The pieces handed to the sink are whole rows of about copyChunk bytes;
// CopyCSV reads copyAhead of them ahead of its sink. Variables for the
// tests of a stalled reader.
var (
	copyChunk = 64 << 10
	copyAhead = 16
)

// rowKey is a transaction's place in the export's order.
type rowKey struct {
	at time.Time
	id int64
}

// copySelect is the query whose rows a COPY writes: the rows after after
// (none: from the newest) matching base, as copyCells.
func copySelect(base string, after *rowKey) string {
	return `SELECT ` + strings.Join(copyCells, ", ") + ` FROM (SELECT ` + copyRows + txFrom + where(base, after) +
		` ORDER BY t.created_at DESC, t.id DESC OFFSET 0) s`
}

// ExportQuery is the query PostgreSQL's export of every transaction f
// matches runs in its COPY, for bench/run.sh to time the database's own tool
// on it (tools/sqlrun --export-query).
func ExportQuery(f Filter) string {
	cond, args := f.where()
	return copySelect(inlined(cond, args), nil)
}

// errStalled ends a COPY whose reader took nothing for store.Pause.
var errStalled = errors.New("ledger: export reader stalled")

// copyOnce runs one COPY of the rows after after, handing whole rows to
// sink; it returns the id of the last row handed over and whether the COPY
// was cut because sink stalled.
func (s *Service) copyOnce(ctx context.Context, base string, after *rowKey, sink func([]byte, int) error) (int64, bool, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	q := `COPY (` + copySelect(base, after) + `) TO STDOUT WITH (FORMAT csv)`
	chunks := make(chan csvChunk, copyAhead)
	copied := make(chan error, 1)
	go func() {
		defer close(chunks)
		copied <- s.copyTo(ctx, q, &chunker{out: chunks, done: ctx.Done()})
	}()
	var last int64
	for c := range chunks {
		if err := sink(c.lines, c.rows); err != nil {
			cancel()
			for range chunks { // let the COPY end
			}
			return last, false, err
		}
		last = c.last
	}
	err := <-copied
	if errors.Is(err, errStalled) {
		return last, true, nil
	}
	return last, false, err
}

// copyTo runs q (a COPY ... TO STDOUT) on a connection of its own into w.
// A COPY cut short leaves its connection unusable: it is closed.
func (s *Service) copyTo(ctx context.Context, q string, w *chunker) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	var copyErr error
	err = conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn().PgConn()
		// In a transaction of its own, without JIT compilation: PostgreSQL
		// compiles this query's expressions for every export, and a million
		// rows' COPY took 0.15-0.2 s longer with it
		// (docs/decisions/0006-performance.md, "Exports").
		copyErr = pc.Exec(ctx, `BEGIN READ ONLY; SET LOCAL jit = off`).Close()
		if copyErr == nil {
			_, copyErr = pc.CopyTo(ctx, w, q)
		}
		if copyErr == nil {
			copyErr = pc.Exec(ctx, `COMMIT`).Close()
		}
		if copyErr == nil {
			copyErr = w.flush()
		}
		if copyErr != nil {
			return driver.ErrBadConn // not back to the pool
		}
		return nil
	})
	if copyErr != nil {
		return copyErr
	}
	return err
}

// csvChunk is whole CSV rows: their bytes, how many, the last one's id.
type csvChunk struct {
	lines []byte
	rows  int
	last  int64
}

// chunker cuts COPY's output into chunks of whole rows. A row ends at a line
// break outside quotes (PostgreSQL doubles a quote inside a quoted field, so
// each quote flips the state).
type chunker struct {
	out     chan<- csvChunk
	done    <-chan struct{}
	buf     []byte
	scanned int  // bytes of buf already looked at
	quoted  bool // within a quoted field at scanned
	ends    int  // bytes of buf that are whole rows
	lastRow int  // where the last whole row starts
	rows    int  // whole rows in buf
}

func (c *chunker) Write(p []byte) (int, error) {
	c.buf = append(c.buf, p...)
	c.scan()
	if c.ends >= copyChunk {
		return len(p), c.send()
	}
	return len(p), nil
}

// scan finds the whole rows in the bytes not looked at yet. Without a quote
// among them (outside a quoted field), every line break ends a row: they
// are counted and the last two found by the vectorised searches of package
// bytes; otherwise they are read quote by quote.
func (c *chunker) scan() {
	rest := c.buf[c.scanned:]
	if !c.quoted && bytes.IndexByte(rest, '"') < 0 {
		if n := bytes.Count(rest, newline); n > 0 {
			end := c.scanned + bytes.LastIndexByte(rest, '\n') + 1
			c.lastRow = c.ends
			if n > 1 {
				c.lastRow = c.scanned + bytes.LastIndexByte(c.buf[c.scanned:end-1], '\n') + 1
			}
			c.ends, c.rows = end, c.rows+n
		}
		c.scanned = len(c.buf)
		return
	}
	for {
		i := bytes.IndexAny(c.buf[c.scanned:], "\"\n")
		if i < 0 {
			c.scanned = len(c.buf)
			return
		}
		c.scanned += i + 1
		if c.buf[c.scanned-1] == '"' {
			c.quoted = !c.quoted
		} else if !c.quoted {
			c.lastRow, c.ends, c.rows = c.ends, c.scanned, c.rows+1
		}
	}
}

var newline = []byte{'\n'}

// flush sends the whole rows left at the end of the COPY.
func (c *chunker) flush() error {
	if c.ends == 0 {
		return nil
	}
	return c.send()
}

// send hands the whole rows on; it gives up (errStalled) when the reader
// has taken nothing for store.Pause.
func (c *chunker) send() error {
	row := c.buf[c.lastRow:c.ends]
	comma := bytes.IndexByte(row, ',')
	last, err := strconv.ParseInt(string(row[:max(comma, 0)]), 10, 64)
	if err != nil {
		return fmt.Errorf("ledger: a COPY row without its id: %w", err)
	}
	chunk := csvChunk{lines: bytes.Clone(c.buf[:c.ends]), rows: c.rows, last: last}
	c.buf = append(c.buf[:0], c.buf[c.ends:]...)
	c.scanned -= c.ends
	c.ends, c.lastRow, c.rows = 0, 0, 0
	pause := time.NewTimer(store.Pause)
	defer pause.Stop()
	select {
	case c.out <- chunk:
		return nil
	case <-pause.C:
		return errStalled
	case <-c.done:
		return context.Canceled
	}
}

// where joins a filter's condition with the rows after after.
func where(base string, after *rowKey) string {
	conds := []string{}
	if base != "" {
		conds = append(conds, base)
	}
	if after != nil {
		conds = append(conds, "(t.created_at, t.id) < ("+timeLiteral(after.at)+", "+strconv.FormatInt(after.id, 10)+")")
	}
	if len(conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(conds, " AND ")
}

var placeholder = regexp.MustCompile(`\$(\d+)`)

// inlined is a filter's condition with its arguments written in (COPY takes
// no parameters). The arguments are the filter's checked values: ids,
// times and the network and type names.
func inlined(cond string, args []any) string {
	cond = strings.TrimPrefix(cond, " WHERE ")
	return placeholder.ReplaceAllStringFunc(cond, func(p string) string {
		n, _ := strconv.Atoi(p[1:])
		switch v := args[n-1].(type) {
		case int64:
			return strconv.FormatInt(v, 10)
		case time.Time:
			return timeLiteral(v)
		case string:
			return "'" + strings.ReplaceAll(v, "'", "''") + "'"
		default:
			panic(fmt.Sprintf("ledger: no literal for %T", v))
		}
	})
}

func timeLiteral(t time.Time) string {
	return "'" + t.UTC().Format("2006-01-02 15:04:05.999999") + "+00'::timestamptz"
}
