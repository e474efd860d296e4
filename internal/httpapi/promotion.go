package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/promotion"
)

func (s *Server) getPromotion(w http.ResponseWriter, r *http.Request) {
	settings, err := s.promotion.Get(r.Context(), s.now())
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
	if err := s.promotion.Save(r.Context(), actorOf(r), in); err != nil {
		writeError(w, r, err)
		return
	}
	s.getPromotion(w, r)
}
