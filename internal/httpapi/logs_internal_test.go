package httpapi

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"xapa/backoffice/internal/store/storetest"
)

// TestPanicLogHoldsNoSecrets: a panicking handler is a logged 500 whose log
// lines (the panic with its stack, the request line) hold neither the
// request's headers, nor its query string, nor its body.
func TestPanicLogHoldsNoSecrets(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	t.Cleanup(func() { slog.SetDefault(old) })

	s := NewServer(Options{DB: storetest.SQLite(t)})
	s.mux.HandleFunc("POST /api/test/panic", func(_ http.ResponseWriter, r *http.Request) {
		_, _ = io.ReadAll(r.Body)
		panic("handler bug")
	})
	req := httptest.NewRequest("POST", "/api/test/panic?token=Query-secret-4711", strings.NewReader(`{"password":"Body-secret-4711"}`))
	req.Header.Set("Authorization", "Bearer Header-secret-4711")
	req.Header.Set("Cookie", "session=Cookie-secret-4711")
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), "handler bug") {
		t.Fatalf("reply %d %s", rec.Code, rec.Body)
	}
	out := buf.String()
	if !strings.Contains(out, `"panic":"handler bug"`) || !strings.Contains(out, `"status":500`) {
		t.Fatalf("the panic or the request line is missing from the log:\n%s", out)
	}
	for _, s := range []string{"secret-4711", "Authorization", "Bearer", "Cookie"} {
		if strings.Contains(out, s) {
			t.Errorf("the log holds %q:\n%s", s, out)
		}
	}
}
