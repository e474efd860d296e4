package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/appversions"
)

// appVersionList is the app versions, newest first.
func (s *Server) appVersionList() lister {
	return list[struct{}, appversions.AppVersion]{key: "appVersions", filter: noFilter,
		page: func(ctx context.Context, _ struct{}, p page) ([]appversions.AppVersion, int, error) {
			return s.appversions.List(ctx, p.limit(), p.offset())
		}}
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
	writeJSON(w, http.StatusCreated, map[string]any{"id": id, "message": "App version created."})
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
