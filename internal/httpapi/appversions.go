package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/appversions"
)

// appVersionList is the app versions, newest first.
func (s *Server) appVersionList() lister {
	return list[struct{}, appversions.AppVersion, appVersionsPage]{filter: noFilter,
		reply: func(v []appversions.AppVersion, p pageInfo) appVersionsPage { return appVersionsPage{v, p} },
		page: func(ctx context.Context, _ struct{}, p page) ([]appversions.AppVersion, int, error) {
			return s.appversions.List(ctx, p.limit(), p.offset())
		}}
}

// appVersionsPage is a page of the app versions.
type appVersionsPage struct {
	Items []appversions.AppVersion `json:"appVersions"`
	pageInfo
}

func (s *Server) appVersionGroups(w http.ResponseWriter, r *http.Request) {
	groups, err := s.appversions.Groups(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, groups)
}

func (s *Server) createAppVersion(w http.ResponseWriter, r *http.Request) {
	var in appversions.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	id, err := s.appversions.Create(r.Context(), actorOf(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, createdReply{ID: id, Message: "App version created."})
}

// createdReply names what was created.
type createdReply struct {
	ID      int64  `json:"id"`
	Message string `json:"message"`
}

func (s *Server) deleteAppVersion(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.appversions.Delete(r.Context(), actorOf(r), id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
