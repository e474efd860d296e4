package httpapi

import (
	"context"
	"log/slog"
	"maps"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/textutil"
)

// actionExport is the audit action of a CSV export (issue 23: reads that
// matter are recorded).
const actionExport = "read.csv_export"

// Bounds of the filters an audit entry keeps (an export's, a bulk read's): a
// route reads only a few parameters, but a caller may add any.
const (
	maxAuditFilters     = 20
	maxAuditFilterChars = 200
)

// recordExport wraps an export handler, inside its limits: it counts what
// the export sends and, when the export ends, reports it to the metrics and
// records one audit entry: the path, the filters as given, the rows and
// bytes sent, the seconds taken (on the server's clock) and whether it was
// cut. An export is cut when its handler aborts (a client gone part-way, a
// stall past csvout.StallTimeout, a database error after the first row): the
// entry then holds what was sent until then. An export answered with an
// error (a bad filter) sent no data and is not recorded.
func (s *Server) recordExport(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sent := &exportWriter{ResponseWriter: w}
		start := s.now()
		defer func() {
			aborted := recover()
			took := s.now().Sub(start)
			s.metrics.Export(r.Pattern, sent.rows, sent.bytes, took)
			if sent.status < http.StatusMultipleChoices {
				s.auditExport(r, sent, took, aborted != nil)
			}
			if aborted != nil {
				panic(aborted) // as the handler meant: recoverPanics cuts the connection
			}
		}()
		next.ServeHTTP(sent, r)
	})
}

// auditExport records an export that ended, even when its client has gone.
func (s *Server) auditExport(r *http.Request, sent *exportWriter, took time.Duration, cut bool) {
	ctx := context.WithoutCancel(r.Context())
	details := map[string]any{"route": r.URL.Path, "filters": auditFilters(givenQuery(r)), "rows": sent.rows,
		"bytes": sent.bytes, "seconds": math.Round(took.Seconds()*1000) / 1000, "cut": cut}
	if err := actorOf(r).Record(ctx, s.db, actionExport, exportTarget(r), details); err != nil {
		slog.ErrorContext(ctx, "export not audited", "path", r.URL.Path, "err", err)
	}
}

// exportTarget is the customer whose data an export of a profile holds
// (the {id} of its path), or "" for the other exports.
func exportTarget(r *http.Request) string {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return ""
	}
	return audit.UserTarget(id)
}

// auditFilters are a read's query parameters as given, as its audit entry
// keeps them: one value as text, several as a list, each cut to
// maxAuditFilterChars, at most maxAuditFilters of them (the first by name).
// A parameter whose name speaks of a secret is left out: no read takes one
// (tokens travel in the Authorization header), so such a parameter is a
// mistake that must not reach the log.
func auditFilters(q url.Values) map[string]any {
	out := map[string]any{}
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if len(out) == maxAuditFilters || secretParam(name) {
			continue
		}
		values := q[name]
		clipped := make([]string, len(values))
		for i, v := range values {
			clipped[i] = textutil.Clip(v, maxAuditFilterChars)
		}
		name = textutil.Clip(name, maxAuditFilterChars)
		if len(clipped) == 1 {
			out[name] = clipped[0]
		} else {
			out[name] = clipped
		}
	}
	return out
}

// secretParam reports whether a parameter's name speaks of a secret.
func secretParam(name string) bool {
	name = strings.ToLower(name)
	for _, word := range []string{"token", "password", "secret", "code"} {
		if strings.Contains(name, word) {
			return true
		}
	}
	return false
}

// exportWriter counts what an export sends, for the metrics and the audit
// log, and keeps the status it answered.
type exportWriter struct {
	http.ResponseWriter
	status      int // 0 until the first write
	rows, bytes int64
}

func (e *exportWriter) WriteHeader(code int) {
	if e.status == 0 {
		e.status = code
	}
	e.ResponseWriter.WriteHeader(code)
}

func (e *exportWriter) Write(p []byte) (int, error) {
	if e.status == 0 {
		e.status = http.StatusOK
	}
	n, err := e.ResponseWriter.Write(p)
	e.bytes += int64(n)
	return n, err
}

// CountRows is told by csvout of the rows that reached the client whole, as
// their bytes go.
func (e *exportWriter) CountRows(n int) { e.rows += int64(n) }

// Flush lets the rows through as they come.
func (e *exportWriter) Flush() {
	if f, ok := e.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (write deadlines).
func (e *exportWriter) Unwrap() http.ResponseWriter { return e.ResponseWriter }
