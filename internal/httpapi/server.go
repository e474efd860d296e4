// Package httpapi is the HTTP layer: the JSON API under /api, /healthz and
// the embedded web app. Handlers are thin; every route and the rule guarding
// it are listed in routes.go.
package httpapi

import (
	"io/fs"
	"net/http"
	"sync/atomic"
	"time"
	"xapa/backoffice/internal/approvals"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/appversions"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/profile"
	"xapa/backoffice/internal/promotion"
	"xapa/backoffice/internal/ratelimit"
	"xapa/backoffice/internal/reports"
	"xapa/backoffice/internal/roles"
	"xapa/backoffice/internal/secrets"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/tokens"
)

// Options configures the server.
type Options struct {
	DB         *store.DB
	Auth       *auth.Service
	Stats      *stats.Service   // nil: one is made on DB
	Ledger     *ledger.Service  // nil: one is made on DB
	Web        fs.FS            // the built web app (web/dist); nil serves a hint instead
	GatewayKey string           // when set, every /api call must carry it in X-Gateway-Key
	Now        func() time.Time // the clock (nil: time.Now); tests move it
	// TrustedProxies: connections from these addresses say the client's in X-Forwarded-For.
	TrustedProxies TrustedProxies
	Metrics        *metrics.Metrics // nil: nothing is counted
}

// Server holds what the handlers share.
type Server struct {
	db     *store.DB
	auth   *auth.Service
	stats  *stats.Service
	ledger *ledger.Service
	domain
	mux        *http.ServeMux
	exports    *exportLimiter
	limits     *ratelimit.Limiter
	proxies    TrustedProxies
	gatewayKey string
	now        func() time.Time
	draining   atomic.Bool // Drain: /readyz answers 503
	metrics    *metrics.Metrics
	approvals  *approvals.Service
	ingest     *ingest.Applier // the exchange core's events, by every way in
	ingestKeys *ingest.Keys
}

// domain is the services the handlers call, one per domain package.
type domain struct {
	accounts    *accounts.Service
	roles       *roles.Service
	profile     *profile.Service
	reports     *reports.Service
	tokens      *tokens.Service
	appversions *appversions.Service
	promotion   *promotion.Service
	audit       *audit.Service
}

func newDomain(db *store.DB, notify accounts.Notifier) domain {
	return domain{accounts: accounts.New(db, notify), roles: roles.New(db), profile: profile.New(db), reports: reports.New(db),
		tokens: tokens.New(db), appversions: appversions.New(db), promotion: promotion.New(db), audit: audit.New(db)}
}

// New builds the whole HTTP handler.
func New(o Options) http.Handler { return NewServer(o).Handler() }

// NewServer builds the server; Handler serves it.
func NewServer(o Options) *Server {
	if o.Stats == nil {
		o.Stats = stats.New(o.DB, nil, nil)
	}
	if o.Ledger == nil {
		o.Ledger = ledger.New(o.DB, nil, nil)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	s := &Server{now: func() time.Time { return o.Now().UTC() }, db: o.DB, auth: o.Auth, stats: o.Stats, ledger: o.Ledger, mux: http.NewServeMux(), gatewayKey: o.GatewayKey}
	s.limits, s.proxies, s.metrics = ratelimit.New(o.DB, o.Now), o.TrustedProxies, o.Metrics
	var notify accounts.Notifier // account owners are told of changes to their accounts (auth.Service's mail)
	var box *secrets.Box         // seals what approval requests keep
	if o.Auth != nil {
		notify, box = o.Auth, o.Auth.Secrets()
	}
	s.domain = newDomain(o.DB, notify)
	s.exports = newExportLimiter(s.limits, o.DB.Stats().MaxOpenConnections)
	s.watch()
	applier, err := ingest.New(o.DB, o.Now)
	if err != nil {
		panic(err) // the event types' schemas are the code's: a test fails first
	}
	s.ingest, s.ingestKeys = applier, ingest.NewKeys(o.DB, o.Now)
	rights := ruleRights{}
	s.approvals = approvals.New(approvals.Options{DB: o.DB, Box: box, Rights: rights, Staff: s.standing, Now: o.Now})
	for _, rt := range s.Routes() {
		var h http.Handler = rt.Handler
		if rt.Rule.Export {
			h = s.exports.limit(s.recordExport(h)) // inside the guard: the caller is known
		}
		if rt.Rule.Approval != "" {
			h = s.fourEyes(rt.Rule, h) // inside the guard too
			rights[rt.Rule.Approval] = rt.Rule
		}
		h = s.guard(rt.Rule, h)
		if rt.Rule.Client != nil {
			h = s.limitClient(rt, h) // before the token check: every call counts
		}
		s.mux.Handle(rt.Method+" "+rt.Path, s.metrics.Route(rt.Method, rt.Path, h))
	}
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, Errorf(http.StatusNotFound, "No such API call: "+r.Method+" "+r.URL.Path+"."))
	})
	s.mux.Handle("/", newSPA(o.Web))
	return s
}

// Handler is the whole HTTP handler: routes, the web app and middleware.
func (s *Server) Handler() http.Handler {
	var h http.Handler = s.mux
	h = requireGatewayKey(s.gatewayKey, h)
	h = recoverPanics(h)
	h = securityHeaders(h)
	return s.proxies.resolveClient(logRequests(h))
}
