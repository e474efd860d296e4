package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"reflect"

	"xapa/backoffice/internal/csvout"
)

// A list is the product's main shape: a filtered, paged JSON reply and,
// when it has CSV columns, its CSV twin (every matching row, no paging) at
// the same path + "/CSV". Each list is declared once (lists in the route
// table, its declaration below the handlers of its screen) and serves both
// routes; routes.go gives its path and rule.
type list[F, T any] struct {
	key    string                                           // the reply's key for the page's items
	part   profilePart                                      // the part of the path's user's profile it is, if any (reads.go)
	filter func(*http.Request) (F, error)                   // the list's parameters, read and checked
	page   func(context.Context, F, page) ([]T, int, error) // a page and the count of every match
	csv    *csvTwin[F, T]                                   // nil: no CSV twin
}

// csvTwin is a list's CSV download.
type csvTwin[F, T any] struct {
	file    func(F) csvout.File                           // the download's name
	each    func(context.Context, F, func(T) error) error // every matching row, in the page order
	columns []csvout.Column[T]                            // declared by the list's domain package
	// lines, when set, hands over the rows as CSV lines the database made
	// (PostgreSQL's COPY, SQLite's lines) in place of each.
	lines func(context.Context, F, func([]byte, int) error) error
}

// lister is any list, as the route table holds it.
type lister interface {
	servePage(w http.ResponseWriter, r *http.Request, record func(dataRead) error)
	serveCSV(w http.ResponseWriter, r *http.Request)
	hasCSV() bool
	items() (key string, item reflect.Type) // for the OpenAPI document
}

// ListRoute is a list in the route table: its page at Path and, if it has
// one, its CSV twin at Path + "/CSV" under Export(Rule).
type ListRoute struct {
	Path string
	Rule Rule
	List lister
}

// routes are the list's routes. Every page is recorded as a read of the list
// at its path (reads.go): one hook for every list.
func (l ListRoute) routes(s *Server) []Route {
	page := func(w http.ResponseWriter, r *http.Request) {
		l.List.servePage(w, r, func(d dataRead) error {
			d.list = l.Path
			return s.recordRead(r, d)
		})
	}
	out := []Route{{"GET", l.Path, l.Rule, page}}
	if l.List.hasCSV() {
		out = append(out, Route{"GET", l.Path + "/CSV", Export(l.Rule), l.List.serveCSV})
	}
	return out
}

func (l list[F, T]) hasCSV() bool { return l.csv != nil }

// servePage answers a page: the paging and filter parameters from the
// query, then the items under key with the paging fields, once record has
// recorded what the page reads (its rows, and its part of a profile).
func (l list[F, T]) servePage(w http.ResponseWriter, r *http.Request, record func(dataRead) error) {
	p, err := parsePage(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	f, err := l.filter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items, total, err := l.page(r.Context(), f, p)
	if err == nil {
		err = record(dataRead{part: l.part, rows: len(items)})
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, listReply(l.key, items, p, total))
}

// serveCSV streams every matching row. An error before the first row is
// answered as an error; one after it cuts the connection, so the file
// cannot pass for complete.
func (l list[F, T]) serveCSV(w http.ResponseWriter, r *http.Request) {
	f, err := l.filter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	started, err := l.csv.write(w, r, f)
	switch {
	case err == nil:
	case !started:
		writeError(w, r, err)
	default:
		logStreamError(r, err)
		panic(http.ErrAbortHandler)
	}
}

// write streams the download: as the database's CSV lines where it makes
// them, else row by row.
func (c *csvTwin[F, T]) write(w http.ResponseWriter, r *http.Request, f F) (bool, error) {
	if c.lines != nil {
		return csvout.WriteLines(w, c.file(f), c.columns, func(sink func([]byte, int) error) error {
			return c.lines(r.Context(), f, sink)
		})
	}
	return csvout.Write(w, c.file(f), c.columns, func(each func(T) error) error {
		return c.each(r.Context(), f, each)
	})
}

// readList declares a list whose domain package reads it with one function:
// a page and its count, or every row when the limit is 0 (to each, in the
// page order). Its items are under key; its CSV twin is named by file.
func readList[F, T any](key string, filter func(*http.Request) (F, error),
	read func(context.Context, F, int, int, func(T) error) (int, error),
	file func(F) csvout.File, columns []csvout.Column[T]) lister {
	return list[F, T]{key: key, filter: filter,
		page: func(ctx context.Context, f F, p page) ([]T, int, error) {
			return collect(func(each func(T) error) (int, error) { return read(ctx, f, p.limit(), p.offset(), each) })
		},
		csv: &csvTwin[F, T]{file: file, columns: columns,
			each: func(ctx context.Context, f F, each func(T) error) error {
				_, err := read(ctx, f, 0, 0, each)
				return err
			}}}
}

func logStreamError(r *http.Request, err error) {
	slog.ErrorContext(r.Context(), "stream cut short", "method", r.Method, "path", r.URL.Path, "err", err)
}

// listReply is a page of a list under key, with the paging fields.
func listReply(key string, items any, p page, total int) map[string]any {
	pages := (total + p.PerPage - 1) / p.PerPage
	return map[string]any{key: items, "page": p.Number, "items_per_page": p.PerPage, "total_items": total, "total_pages": pages}
}

// noFilter is the filter of a list that has none.
func noFilter(*http.Request) (struct{}, error) { return struct{}{}, nil }

// collect gathers what a streaming reader hands to each, for a page reply.
func collect[T any](read func(each func(T) error) (int, error)) ([]T, int, error) {
	items := []T{}
	total, err := read(func(t T) error { items = append(items, t); return nil })
	return items, total, err
}
