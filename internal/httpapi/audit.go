package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/csvout"
)

// auditList is the audit log: entries filtered by minDate, maxDate, actor
// (an email's part) and action.
func (s *Server) auditList() lister {
	return readList("audit", auditFilter, s.audit.List,
		func(f audit.Filter) csvout.File { return csvout.File{Kind: "audit", From: f.From, To: f.To} }, audit.Columns)
}

func auditFilter(r *http.Request) (audit.Filter, error) {
	var f audit.Filter
	var err error
	if f.From, f.To, err = queryRange(r); err != nil {
		return f, err
	}
	if f.Actor, err = queryText(r, "actor", 200); err != nil {
		return f, err
	}
	f.Action, err = queryText(r, "action", 100)
	return f, err
}

// auditVerify checks the audit log's hash chain: how many entries match, and
// the first that does not (null when none).
func (s *Server) auditVerify(w http.ResponseWriter, r *http.Request) {
	v, err := s.audit.Verify(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, auditVerifyReply{Verified: v.Verified, BrokenAt: v.BrokenAt})
}
