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

// auditVerify checks the audit log's keyed chain: how many entries match,
// up to which entry (so a screen can say which entries it speaks of), the
// first that does not (null when none) and the newest checkpoint that holds
// (null when none).
func (s *Server) auditVerify(w http.ResponseWriter, r *http.Request) {
	v, c, err := s.audit.Checked(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	reply := auditVerifyReply{Verified: v.Verified, Unkeyed: v.Unkeyed, Unchained: v.Unchained, BrokenAt: v.BrokenAt}
	if v.Verified > 0 && v.BrokenAt == nil { // when broken, Last may be the broken entry
		last := v.Last
		reply.Last = &last
	}
	if c != nil {
		reply.Checkpoint = &auditCheckpointReply{EntryID: c.EntryID, SignedAt: c.SignedAt}
	}
	writeJSON(w, http.StatusOK, reply)
}
