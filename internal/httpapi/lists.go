package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"xapa/backoffice/internal/csvout"
)

// A list is the product's main shape: a filtered, paged JSON reply and,
// when it has CSV columns, its CSV twin (every matching row, no paging) at
// the same path + "/CSV". Each list is declared once (lists in the route
// table, its declaration below the handlers of its screen) and serves both
// routes; routes.go gives its path and rule.
//
// P is the page's reply: a struct of the items under the list's key (its
// field Items) and the paging fields (pageInfo, embedded). The handler
// writes it and the OpenAPI document describes it.
type list[F, T, P any] struct {
	part   profilePart                                      // the part of the path's user's profile it is, if any (reads.go)
	filter func(*http.Request) (F, error)                   // the list's parameters, read and checked
	page   func(context.Context, F, page) ([]T, int, error) // a page and the count of every match
	reply  func([]T, pageInfo) P                            // the page's reply
	csv    *csvTwin[F, T]                                   // nil: no CSV twin
}

// pageInfo is the paging fields of a page.
type pageInfo struct {
	Page         int `json:"page" minimum:"1"`
	ItemsPerPage int `json:"items_per_page" minimum:"0"`
	TotalItems   int `json:"total_items" minimum:"0"`
	TotalPages   int `json:"total_pages" minimum:"0"`
}

// InlineJSONSchema keeps a page's schema in its operation: a page is named
// by its path, not by a schema of its own.
func (pageInfo) InlineJSONSchema() {}

// pageOf is the paging fields of page p of total items.
func pageOf(p page, total int) pageInfo {
	return pageInfo{Page: p.Number, ItemsPerPage: p.PerPage, TotalItems: total, TotalPages: (total + p.PerPage - 1) / p.PerPage}
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
	pageReply() any // the page's reply, for the OpenAPI document
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

func (l list[F, T, P]) hasCSV() bool { return l.csv != nil }

// servePage answers a page: the paging and filter parameters from the
// query, then the page's reply, once record has
// recorded what the page reads (its rows, and its part of a profile).
func (l list[F, T, P]) servePage(w http.ResponseWriter, r *http.Request, record func(dataRead) error) {
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
	writeJSON(w, http.StatusOK, l.reply(items, pageOf(p, total)))
}

// serveCSV streams every matching row. An error before the first row is
// answered as an error; one after it cuts the connection, so the file
// cannot pass for complete.
func (l list[F, T, P]) serveCSV(w http.ResponseWriter, r *http.Request) {
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
// page order). Its page's reply is reply's; its CSV twin is named by file.
func readList[F, T, P any](filter func(*http.Request) (F, error),
	read func(context.Context, F, int, int, func(T) error) (int, error), reply func([]T, pageInfo) P,
	file func(F) csvout.File, columns []csvout.Column[T]) lister {
	return list[F, T, P]{filter: filter, reply: reply,
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

func (l list[F, T, P]) pageReply() any { return new(P) }

// queryFilter is the filter of a list whose query struct is its domain's
// filter, bound as it is.
func queryFilter[F any](r *http.Request) (F, error) {
	var f F
	err := bindQuery(r, &f)
	return f, err
}

// noFilter is the filter of a list that has none.
func noFilter(*http.Request) (struct{}, error) { return struct{}{}, nil }

// collect gathers what a streaming reader hands to each, for a page reply.
func collect[T any](read func(each func(T) error) (int, error)) ([]T, int, error) {
	items := []T{}
	total, err := read(func(t T) error { items = append(items, t); return nil })
	return items, total, err
}
