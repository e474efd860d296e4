package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auth"
)

// The signed-in devices: each user's own sessions, and the staff sessions
// console (ADMIN_SESSIONS). Which sessions count and who may end which:
// internal/auth/devices.go.

func (s *Server) ownSessions(w http.ResponseWriter, r *http.Request) {
	sessions, err := s.auth.OwnSessions(r.Context(), principal(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ownSessionsReply{Sessions: sessions})
}

// ownSessionsReply is the caller's own sessions.
type ownSessionsReply struct {
	Sessions []auth.OwnSession `json:"sessions"`
}

// revokedReply counts the sessions ended.
type revokedReply struct {
	Revoked int64 `json:"revoked" minimum:"0"`
}

func (s *Server) revokeOtherSessions(w http.ResponseWriter, r *http.Request) {
	n, err := s.auth.RevokeOtherSessions(r.Context(), principal(r), clientIP(r))
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, revokedReply{Revoked: n})
}

// revokeSession ends the session of the path's {id} through revoke: 204, or
// 404 for a malformed id or one revoke does not find.
func revokeSession(revoke func(context.Context, audit.Actor, int64) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r, "id")
		if err == nil {
			err = revoke(r.Context(), actorOf(r), id)
		}
		if err != nil {
			writeError(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

// staffSessionList is the staff sessions console: every staff member's live
// session, filtered by user (part of an email or username).
func (s *Server) staffSessionList() lister {
	return list[auth.StaffFilter, auth.StaffSession, staffSessionsPage]{filter: staffSessionFilter,
		reply: func(v []auth.StaffSession, p pageInfo) staffSessionsPage { return staffSessionsPage{v, p} },
		page: func(ctx context.Context, f auth.StaffFilter, p page) ([]auth.StaffSession, int, error) {
			return s.auth.StaffSessions(ctx, f, p.limit(), p.offset())
		}}
}

// staffSessionsPage is a page of the staff sessions console.
type staffSessionsPage struct {
	Items []auth.StaffSession `json:"sessions"`
	pageInfo
}

// staffSessionQuery is the staff sessions console's filter.
type staffSessionQuery struct {
	User string `query:"user" maxLength:"200" description:"Part of a staff member's email or username."`
}

func staffSessionFilter(r *http.Request) (auth.StaffFilter, error) {
	var q staffSessionQuery
	err := bindQuery(r, &q)
	return auth.StaffFilter{User: q.User, Caller: principal(r).SessionID}, err
}
