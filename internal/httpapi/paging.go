package httpapi

import (
	"context"
	"net/http"
	"strconv"
)

// Pagination of every list (api-decisions.md): page from 1 (default 1),
// maxPerPage 1..100 (default 25); anything else is a 400.
const (
	defaultPerPage = 25
	maxPerPage     = 100
	maxPage        = 1_000_000
)

type page struct {
	Number, PerPage int
}

func (p page) limit() int  { return p.PerPage }
func (p page) offset() int { return (p.Number - 1) * p.PerPage }

func parsePage(r *http.Request) (page, error) {
	p := page{Number: 1, PerPage: defaultPerPage}
	q := r.URL.Query()
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPage {
			return p, Errorf(http.StatusBadRequest, "page must be a whole number from 1.", FieldError{"page", "must be a whole number from 1"})
		}
		p.Number = n
	}
	if v := q.Get("maxPerPage"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxPerPage {
			return p, Errorf(http.StatusBadRequest, "maxPerPage must be from 1 to 100.", FieldError{"maxPerPage", "must be from 1 to 100"})
		}
		p.PerPage = n
	}
	return p, nil
}

// listReply is a page of a list under key, with the paging fields.
func listReply(key string, items any, p page, total int) map[string]any {
	pages := (total + p.PerPage - 1) / p.PerPage
	return map[string]any{key: items, "page": p.Number, "items_per_page": p.PerPage, "total_items": total, "total_pages": pages}
}

// pathID reads a numeric path parameter; a malformed id is a 404.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id < 1 {
		return 0, Errorf(http.StatusNotFound, "No such "+name+".")
	}
	return id, nil
}

// actor is the signed-in caller as the audit log records them.
func actorOf(r *http.Request) auditActor {
	p := principal(r)
	return auditActor{ID: p.UserID, Email: p.Email, IP: clientIP(r)}
}

// servePage answers a paginated list: the page and the filters from the
// query, then the items under key with the paging fields.
func servePage[F, T any](w http.ResponseWriter, r *http.Request, key string, filter func(*http.Request) (F, error),
	fetch func(context.Context, F, page) ([]T, int, error)) {
	p, err := parsePage(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	f, err := filter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items, total, err := fetch(r.Context(), f, p)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, listReply(key, items, p, total))
}

// noFilter is the filter of a list that has none.
func noFilter(*http.Request) (struct{}, error) { return struct{}{}, nil }

// collect gathers what a streaming reader hands to each, for a page reply.
func collect[T any](read func(each func(T) error) (int, error)) ([]T, int, error) {
	items := []T{}
	total, err := read(func(t T) error { items = append(items, t); return nil })
	return items, total, err
}
