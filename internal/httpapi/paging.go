package httpapi

import (
	"net/http"
	"strconv"
)

// Pagination of every list: page from 1 (default 1),
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
