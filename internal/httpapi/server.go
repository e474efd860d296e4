// Package httpapi is the HTTP layer: the JSON API under /api, /healthz and
// the embedded web app. Handlers are thin; every route and the rule guarding
// it are listed in routes.go.
package httpapi

import (
	"io/fs"
	"net/http"

	"xapa/backoffice/internal/store"
)

// Options configures the server.
type Options struct {
	DB         *store.DB
	Web        fs.FS  // the built web app (web/dist); nil serves a hint instead
	GatewayKey string // when set, every /api call must carry it in X-Gateway-Key
}

// Server holds what the handlers share.
type Server struct {
	db  *store.DB
	mux *http.ServeMux
}

// New builds the whole HTTP handler.
func New(o Options) http.Handler {
	s := &Server{db: o.DB, mux: http.NewServeMux()}
	for _, rt := range s.routes() {
		s.mux.Handle(rt.Method+" "+rt.Path, rt.Handler)
	}
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, Errorf(http.StatusNotFound, "No such API call: "+r.Method+" "+r.URL.Path+"."))
	})
	s.mux.Handle("/", newSPA(o.Web))
	var h http.Handler = s.mux
	h = requireGatewayKey(o.GatewayKey, h)
	h = recoverPanics(h)
	h = securityHeaders(h)
	return logRequests(h)
}
