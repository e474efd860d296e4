package httpapi

import (
	"context"
	"net/http"
	"time"
)

// health answers 200 when the database answers, else 503 (the sign-in page's "Server:" tag).
func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.PingContext(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, Errorf(http.StatusServiceUnavailable, "database unavailable"))
		return
	}
	writeJSON(w, http.StatusOK, healthReply{Status: "ok", Database: "ok"})
}

// healthReply says the server and its database answer.
type healthReply struct {
	Status   string `json:"status"`
	Database string `json:"database"`
}

// statusReply is a one-word state.
type statusReply struct {
	Status string `json:"status"`
}

// live answers 200 while the process answers at all: a balancer or
// supervisor restarts a node only when this fails, never because the
// database is down (every node would be restarted for nothing).
func (s *Server) live(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, statusReply{Status: "ok"})
}

// ready answers 200 when this node should get traffic: not draining, the
// database reachable and migrated as far as this binary needs.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		writeJSON(w, http.StatusServiceUnavailable, Errorf(http.StatusServiceUnavailable, "draining: this node is stopping"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	migrated, err := s.db.Migrated(ctx)
	switch {
	case err != nil:
		writeJSON(w, http.StatusServiceUnavailable, Errorf(http.StatusServiceUnavailable, "database unavailable"))
	case !migrated:
		writeJSON(w, http.StatusServiceUnavailable, Errorf(http.StatusServiceUnavailable, "database not migrated: run backoffice migrate"))
	default:
		writeJSON(w, http.StatusOK, statusReply{Status: "ready"})
	}
}

// Drain makes /readyz answer 503 from now on, so balancers stop sending this
// node new requests while it finishes the ones in flight (serve's SIGTERM).
func (s *Server) Drain() { s.draining.Store(true) }
