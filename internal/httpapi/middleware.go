package httpapi

import (
	"crypto/subtle"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"
)

// statusRecorder remembers the status and size of a reply for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

// Flush lets streamed replies (CSV) reach the client row by row.
func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// logRequests writes one line per request. Only the path is logged: query
// strings and bodies may carry secrets.
func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := slog.LevelInfo
		if rec.status >= 500 {
			level = slog.LevelError
		}
		slog.Log(r.Context(), level, "request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
			"bytes", rec.bytes, "ms", float64(time.Since(start).Microseconds())/1000, "ip", clientIP(r), "request_id", requestID(r))
	})
}

// recoverPanics turns a panic into a logged 500 envelope; the stack never
// reaches the client.
func recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				slog.ErrorContext(r.Context(), "panic", "method", r.Method, "path", r.URL.Path, "request_id", requestID(r),
					"panic", p, "stack", string(debug.Stack()))
				writeError(w, r, Errorf(http.StatusInternalServerError, "Internal server error."))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// hstsValue is sent on replies to requests that came over TLS only: a
// browser ignores it over plain HTTP, and sending it there would mislead.
const hstsValue = "max-age=31536000; includeSubDomains"

// securityHeaders sets the headers every reply carries. HTML replies set
// their own Content-Security-Policy with a nonce (spa.go). HSTS goes out
// only when the request itself came over TLS (r.TLS): forwarded headers such
// as X-Forwarded-Proto are not trusted.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		h.Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
		if r.TLS != nil {
			h.Set("Strict-Transport-Security", hstsValue)
		}
		if isAPI(r.URL.Path) {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// requireGatewayKey refuses /api calls without the configured X-Gateway-Key.
func requireGatewayKey(key string, next http.Handler) http.Handler {
	if key == "" {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isAPI(r.URL.Path) && subtle.ConstantTimeCompare([]byte(r.Header.Get("X-Gateway-Key")), []byte(key)) != 1 {
			writeJSON(w, http.StatusForbidden, Errorf(http.StatusForbidden, "Missing or wrong gateway key."))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func isAPI(path string) bool { return path == "/api" || strings.HasPrefix(path, "/api/") }
