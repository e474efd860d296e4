// Package csvout streams CSV downloads: header first, row by row, flushed
// as it goes, with spreadsheet formula injection neutralised.
package csvout

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"net/http"
	"strings"
	"time"
)

// StallTimeout is how long a download may wait on a client that reads
// nothing: past it the write fails, the export ends and its database
// connection goes back to the pool (a stalled download held it for as long
// as the client liked).
var StallTimeout = 60 * time.Second

// Writer writes one CSV download.
type Writer struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	csv     *csv.Writer
	rows    int         // rows written
	sent    lineCounter // the lines the connection took whole, the header first
	told    int         // rows a RowCounter has been told of
	flusher http.Flusher
}

// touch gives the next write StallTimeout to complete.
func (cw *Writer) touch() { _ = cw.rc.SetWriteDeadline(time.Now().Add(StallTimeout)) }

// deadlineWriter renews the write deadline before every write it passes on,
// and counts the rows of what the connection took. Every byte of a download
// goes through it.
type deadlineWriter struct{ cw *Writer }

func (d deadlineWriter) Write(p []byte) (int, error) {
	d.cw.touch()
	n, err := d.cw.w.Write(p)
	d.cw.took(p[:n])
	return n, err
}

// took counts the lines of p, which the connection took, and tells a
// RowCounter of the rows that reached it whole. Rows are counted where their
// bytes go, not where they are written: a buffer sent in part when the client
// goes away holds rows that reached it and rows that did not.
func (cw *Writer) took(p []byte) {
	cw.sent.count(p)
	rows := max(cw.sent.lines-1, 0) // the header is no row
	if rc, ok := cw.w.(RowCounter); ok && rows > cw.told {
		rc.CountRows(rows - cw.told)
	}
	cw.told = rows
}

// lineCounter counts CSV lines as their bytes go by: a line break ends a line
// outside quotes only (a quoted field may hold one; a quote doubled inside a
// field flips twice). encoding/csv and PostgreSQL's COPY quote alike.
type lineCounter struct {
	lines  int
	quoted bool
}

// count counts the lines p ends: linear in p (about 650 MB/s, a small part
// of an export's time).
func (c *lineCounter) count(p []byte) {
	for {
		i := bytes.IndexAny(p, "\"\n")
		if i < 0 {
			return
		}
		if p[i] == '"' {
			c.quoted = !c.quoted
		} else if !c.quoted {
			c.lines++
		}
		p = p[i+1:]
	}
}

// Start sends the headers of a download named "<kind>-<from>-<to>.csv"
// (dates as YYYYMMDD, "all" for an open end) and the header row.
func Start(w http.ResponseWriter, kind string, from, to *time.Time, header []string) *Writer {
	name := kind + "-" + day(from) + "-" + day(to) + ".csv"
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	// 64 KiB writes, not encoding/csv's 4 KiB: a million-row export makes
	// a sixteenth of the system calls. (csv.NewWriter keeps a large enough
	// *bufio.Writer as it is.)
	cw := &Writer{w: w, rc: http.NewResponseController(w)}
	cw.csv = csv.NewWriter(bufio.NewWriterSize(deadlineWriter{cw}, 64<<10))
	cw.flusher, _ = w.(http.Flusher)
	_ = cw.csv.Write(header)
	return cw
}

func day(t *time.Time) string {
	if t == nil {
		return "all"
	}
	return t.UTC().Format("20060102")
}

// Text is a cell holding free text: neutralised against formula injection.
type Text string

// Row writes one row. Text cells that a spreadsheet would run as a formula
// (starting with =, +, -, @, tab or carriage return) get a leading '; other
// cells (numbers, dates, ids) are written as they are.
func (cw *Writer) Row(cells ...any) error {
	rec := make([]string, len(cells))
	for i, c := range cells {
		rec[i] = cellText(c)
	}
	if err := cw.csv.Write(rec); err != nil {
		return err
	}
	cw.rows++
	if cw.rows%1000 == 0 {
		cw.csv.Flush()
		if err := cw.csv.Error(); err != nil {
			return err
		}
		if cw.flusher != nil {
			cw.touch()
			cw.flusher.Flush()
		}
	}
	return cw.csv.Error()
}

// Lines writes rows already made as CSV lines (a database's own CSV, such
// as PostgreSQL's COPY), then sends what is buffered.
func (cw *Writer) Lines(lines []byte, rows int) error {
	cw.csv.Flush()
	if err := cw.csv.Error(); err != nil {
		return err
	}
	if _, err := (deadlineWriter{cw}).Write(lines); err != nil {
		return err
	}
	cw.rows += rows
	if cw.flusher != nil {
		cw.flusher.Flush()
	}
	return nil
}

// RowCounter is a ResponseWriter that wants to know how many rows a
// download sent (the export metrics and audit): it is told as the rows'
// bytes go, so a download cut part-way has told it of every row that
// reached the connection whole, the header left out.
type RowCounter interface{ CountRows(n int) }

// Close flushes what is left.
func (cw *Writer) Close() error {
	cw.csv.Flush()
	cw.touch()
	return cw.csv.Error()
}

// Neutralise prefixes a text that a spreadsheet would evaluate with '. A
// formula starts with = + - @ (or their full-width forms ＝＋－＠, which some
// spreadsheets read alike), a tab or a carriage return, possibly after
// leading spaces (which spreadsheets skip).
func Neutralise(s string) string {
	if strings.ContainsRune("\t\r", firstRune(s)) {
		return "'" + s
	}
	if strings.ContainsRune("=+-@＝＋－＠", firstRune(strings.TrimLeft(s, " "))) {
		return "'" + s
	}
	return s
}

// firstRune is s's first character, or 0 for an empty s.
func firstRune(s string) rune {
	for _, r := range s {
		return r
	}
	return 0
}
