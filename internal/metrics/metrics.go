// Package metrics exposes the server's figures to Prometheus: requests per
// route pattern, their latency, the database pool, sign-in outcomes and
// throttle refusals. A nil *Metrics records nothing, so code that counts
// never checks whether metrics are on.
package metrics

import (
	"database/sql"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics holds the collectors of one server.
type Metrics struct {
	registry  *prometheus.Registry
	requests  *prometheus.CounterVec
	duration  *prometheus.HistogramVec
	signIns   *prometheus.CounterVec
	throttled *prometheus.CounterVec
	exports   *prometheus.CounterVec
	exportDur *prometheus.HistogramVec
	streamed  prometheus.Counter
	events    *prometheus.CounterVec
	delivered *prometheus.CounterVec
	stopped   prometheus.Counter
}

// New registers the server's collectors, the Go runtime's, the process's and
// db's connection pool (open, in use, idle, waits and time waited).
func New(db *sql.DB) *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "backoffice_http_requests_total",
			Help: "Requests answered, by route pattern, method and status class."}, []string{"route", "method", "class"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "backoffice_http_request_duration_seconds",
			Help: "Time to answer, by route pattern and method.", Buckets: prometheus.DefBuckets}, []string{"route", "method"}),
		signIns: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "backoffice_signin_total",
			Help: "Password sign-ins, by outcome."}, []string{"outcome"}),
		throttled: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "backoffice_throttled_total",
			Help: "Requests refused by a limit, by limit."}, []string{"limit"}),
		exports: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "backoffice_export_total",
			Help: "CSV exports: what they sent, by route pattern and what (exports, rows, bytes)."}, []string{"route", "what"}),
		exportDur: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "backoffice_export_duration_seconds",
			Help: "Time a CSV export ran, by route pattern.", Buckets: []float64{0.1, 0.5, 1, 5, 15, 60, 300}}, []string{"route"}),
		streamed: prometheus.NewCounter(prometheus.CounterOpts{Name: "backoffice_audit_stream_delivered_total",
			Help: "Audit entries this node delivered to --audit-webhook-url and the receiver acknowledged."}),
		stopped: prometheus.NewCounter(prometheus.CounterOpts{Name: "backoffice_audit_stream_stopped_total",
			Help: "Passes of the audit stream refused because the log no longer holds the last acknowledged entry."}),
	}
	m.events = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "backoffice_ingest_events_total",
		Help: "The core's events this node applied, by type and status (applied, duplicate, stale, held, rejected)."},
		[]string{"type", "status"})
	m.delivered = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "backoffice_core_command_deliveries_total",
		Help: "Attempts of this node to deliver a command to the core, by outcome (delivered, failed)."}, []string{"outcome"})
	m.registry.MustRegister(m.requests, m.duration, m.signIns, m.throttled, m.exports, m.exportDur, m.streamed, m.stopped,
		m.events, m.delivered,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if db != nil {
		m.registry.MustRegister(collectors.NewDBStatsCollector(db, "backoffice"))
	}
	return m
}

// Handler serves the exposition (serve --metrics-addr).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// Registry is where the collectors are (tests read it).
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

// Route counts and times the requests of one route, labelled by its pattern
// (never by the path, whose ids would make a series per user).
func (m *Metrics) Route(method, pattern string, next http.Handler) http.Handler {
	if m == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		m.requests.WithLabelValues(pattern, method, strconv.Itoa(rec.status/100)+"xx").Inc()
		m.duration.WithLabelValues(pattern, method).Observe(time.Since(start).Seconds())
	})
}

// SignIn counts a password sign-in's outcome: success, invalid, throttled,
// captcha_cost or busy.
func (m *Metrics) SignIn(outcome string) {
	if m != nil {
		m.signIns.WithLabelValues(outcome).Inc()
	}
}

// Throttled counts a refusal by the limit named limit.
func (m *Metrics) Throttled(limit string) {
	if m != nil {
		m.throttled.WithLabelValues(limit).Inc()
	}
}

// Export records one CSV export of route: rows and bytes sent, time taken.
func (m *Metrics) Export(route string, rows, bytes int64, took time.Duration) {
	if m == nil {
		return
	}
	m.exports.WithLabelValues(route, "exports").Inc()
	m.exports.WithLabelValues(route, "rows").Add(float64(rows))
	m.exports.WithLabelValues(route, "bytes").Add(float64(bytes))
	m.exportDur.WithLabelValues(route).Observe(took.Seconds())
}

// AuditStreamed counts n audit entries the receiver of the audit stream
// acknowledged.
func (m *Metrics) AuditStreamed(n int) {
	if m != nil {
		m.streamed.Add(float64(n))
	}
}

// AuditStreamStopped counts a pass of the audit stream refused because the
// log no longer holds the last entry the receiver acknowledged.
func (m *Metrics) AuditStreamStopped() {
	if m != nil {
		m.stopped.Inc()
	}
}

// statusWriter remembers the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(p []byte) (int, error) {
	s.wrote = true
	return s.ResponseWriter.Write(p)
}

// Flush lets streamed replies through.
func (s *statusWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (write deadlines).
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// EventApplied counts one of the core's events, by type and status.
func (m *Metrics) EventApplied(typ, status string) {
	if m != nil {
		m.events.WithLabelValues(typ, status).Inc()
	}
}

// CommandDelivery counts one attempt to deliver a command: delivered or failed.
func (m *Metrics) CommandDelivery(outcome string) {
	if m != nil {
		m.delivered.WithLabelValues(outcome).Inc()
	}
}
