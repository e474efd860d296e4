package httpapi

import (
	"context"
	"net/http"
	"time"
)

// health answers 200 when the database answers, else 503.
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.PingContext(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, Errorf(http.StatusServiceUnavailable, "database unavailable"))
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
}
