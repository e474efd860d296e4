package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/csvout"
)

// auditList is the audit log: entries filtered by minDate, maxDate, actor
// (an email's part) and action.
func (s *Server) auditList() lister {
	return readList(auditFilter, s.audit.List, func(v []audit.Row, p pageInfo) auditPage { return auditPage{v, p} },
		func(f audit.Filter) csvout.File { return csvout.File{Kind: "audit", From: f.From, To: f.To} }, audit.Columns)
}

// auditPage is a page of the audit log.
type auditPage struct {
	Items []audit.Row `json:"audit"`
	pageInfo
}

// auditQuery is the audit log's filters.
type auditQuery struct {
	RangeQuery
	Actor  string `query:"actor" maxLength:"200" description:"Part of the actor's email."`
	Action string `query:"action" maxLength:"100"`
}

func auditFilter(r *http.Request) (audit.Filter, error) {
	var q auditQuery
	err := bindQuery(r, &q)
	f := audit.Filter{Actor: q.Actor, Action: q.Action}
	f.From, f.To = q.bounds()
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

// auditVerifyReply is the check of the audit log's keyed chain.
type auditVerifyReply struct {
	Verified   int64                 `json:"verified" minimum:"0" description:"Entries of the chain whose content and link to the entry before match, up to the first that does not. Entries from before the chain (no hash) are not counted."`
	Unkeyed    int64                 `json:"unkeyed" minimum:"0" description:"Of those, the entries hashed by an older version, before the chain was keyed: only a checkpoint kept outside proves them."`
	Unchained  int64                 `json:"unchained" minimum:"0" description:"Entries written before the chain existed (no hash): not verified, and not counted in verified."`
	Last       *int64                `json:"last_entry_id" description:"The id of the newest entry verified: the check covers the log up to it, so entries written since are not counted; null when none was verified."`
	BrokenAt   *int64                `json:"broken_at" description:"The id of the first entry whose content or link does not match (changed, or an entry before it removed or slipped in, or its hash missing), or the newest entry when it is not keyed; null when every entry matches."`
	Checkpoint *auditCheckpointReply `json:"checkpoint" description:"The newest checkpoint the log holds whose signature and entry check; null when none."`
}

// auditCheckpointReply is the newest checkpoint that holds.
type auditCheckpointReply struct {
	EntryID  int64  `json:"entry_id" description:"The entry the server signed."`
	SignedAt string `json:"signed_at" format:"date-time" description:"When it signed it (UTC)."`
}
