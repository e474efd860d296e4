package httpapi

import (
	"cmp"
	"net/http"
)

// Pagination of every list: page from 1 (default 1), maxPerPage 1..100
// (default 25); anything else is a 400 (PageQuery's tags).
const defaultPerPage = 25

type page struct {
	Number, PerPage int
}

func (p page) limit() int  { return p.PerPage }
func (p page) offset() int { return (p.Number - 1) * p.PerPage }

// PageQuery is the paging of a list's page.
type PageQuery struct {
	Page       int `query:"page" minimum:"1" maximum:"1000000" invalid:"must be a whole number from 1" description:"The page, from 1 (default 1)."`
	MaxPerPage int `query:"maxPerPage" minimum:"1" maximum:"100" invalid:"must be from 1 to 100" description:"Items per page (default 25)."`
}

func parsePage(r *http.Request) (page, error) {
	var q PageQuery
	if err := bindQuery(r, &q); err != nil {
		return page{Number: 1, PerPage: defaultPerPage}, err
	}
	return page{Number: max(q.Page, 1), PerPage: cmp.Or(q.MaxPerPage, defaultPerPage)}, nil
}
