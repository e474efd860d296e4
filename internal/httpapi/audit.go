package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/csvout"
)

func auditFilter(r *http.Request) (audit.Filter, error) {
	var f audit.Filter
	var err error
	if f.From, err = queryDate(r, "minDate"); err != nil {
		return f, err
	}
	if f.To, err = queryEndDate(r, "maxDate"); err != nil {
		return f, err
	}
	if f.From != nil && f.To != nil && f.To.Before(*f.From) {
		return f, Errorf(http.StatusBadRequest, "maxDate is before minDate.", FieldError{"maxDate", "is before minDate"})
	}
	if f.Actor, err = queryText(r, "actor", 200); err != nil {
		return f, err
	}
	f.Action, err = queryText(r, "action", 100)
	return f, err
}

func (s *Server) auditLog(w http.ResponseWriter, r *http.Request) {
	servePage(w, r, "audit", auditFilter, func(ctx context.Context, f audit.Filter, p page) ([]audit.Row, int, error) {
		return collect(func(each func(audit.Row) error) (int, error) {
			return audit.List(ctx, s.db, f, p.limit(), p.offset(), each)
		})
	})
}

func (s *Server) auditLogCSV(w http.ResponseWriter, r *http.Request) {
	f, err := auditFilter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := csvout.Start(w, "audit", f.From, f.To, []string{"ID", "Time", "Actor ID", "Actor", "Action", "Target", "Details", "IP"})
	_, err = audit.List(r.Context(), s.db, f, 0, 0, func(row audit.Row) error {
		var actor any
		if row.Actor.ID != nil {
			actor = *row.Actor.ID
		}
		return out.Row(row.ID, row.CreatedAt, actor, csvout.Text(row.Actor.Email), csvout.Text(row.Action),
			csvout.Text(row.Target), csvout.Text(string(row.Details)), csvout.Text(row.IP))
	})
	s.finishStream(r, out, err)
}
