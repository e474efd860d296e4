package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/appversions"
	"xapa/backoffice/internal/promotion"
	"xapa/backoffice/internal/tokens"
)

func (s *Server) listTokens(w http.ResponseWriter, r *http.Request) {
	list, err := tokens.List(r.Context(), s.db)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"tokens": list})
}

func (s *Server) createToken(w http.ResponseWriter, r *http.Request) {
	var in tokens.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	t, err := tokens.Create(r.Context(), s.db, actorOf(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, t)
}

func (s *Server) editToken(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in tokens.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	t, err := tokens.Update(r.Context(), s.db, actorOf(r), id, in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

// blacklist answers in the reply shape product-spec.md gives: {code, res: {result}}.
func (s *Server) blacklist(w http.ResponseWriter, r *http.Request) {
	list, err := tokens.Blacklist(r.Context(), s.db)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"code": http.StatusOK, "res": map[string]any{"result": list}})
}

// appVersionList is the app versions, newest first.
func (s *Server) appVersionList() lister {
	return list[struct{}, appversions.AppVersion]{key: "appVersions", filter: noFilter,
		page: func(ctx context.Context, _ struct{}, p page) ([]appversions.AppVersion, int, error) {
			return appversions.List(ctx, s.db, p.limit(), p.offset())
		}}
}

func (s *Server) appVersionGroups(w http.ResponseWriter, r *http.Request) {
	groups, err := appversions.Groups(r.Context(), s.db)
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
	id, err := appversions.Create(r.Context(), s.db, actorOf(r), in)
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
	if err := appversions.Delete(r.Context(), s.db, actorOf(r), id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) getPromotion(w http.ResponseWriter, r *http.Request) {
	settings, err := promotion.Get(r.Context(), s.db, s.now())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, settings)
}

func (s *Server) savePromotion(w http.ResponseWriter, r *http.Request) {
	var in promotion.Input
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := promotion.Save(r.Context(), s.db, actorOf(r), in, s.now()); err != nil {
		writeError(w, r, err)
		return
	}
	s.getPromotion(w, r)
}
