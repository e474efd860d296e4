package httpapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestPanicBecomesA500Envelope(t *testing.T) {
	var logs bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, nil)))
	defer slog.SetDefault(prev)

	h := recoverPanics(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("SELECT secret FROM somewhere: boom")
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x", nil))
	if rec.Code != 500 {
		t.Fatalf("status %d", rec.Code)
	}
	var e Error
	if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Code != 500 || e.Errors == nil {
		t.Fatalf("body %s (%v)", rec.Body.String(), err)
	}
	if strings.Contains(rec.Body.String(), "SELECT") || strings.Contains(rec.Body.String(), "goroutine") {
		t.Fatalf("panic leaked to the client: %s", rec.Body.String())
	}
	if !strings.Contains(logs.String(), "boom") {
		t.Fatalf("panic not logged: %s", logs.String())
	}
}

func TestDecodeJSONErrors(t *testing.T) {
	t.Parallel()
	type payload struct {
		Name  string `json:"name"`
		Count int    `json:"count"`
	}
	for _, c := range []struct {
		name, body, contentType string
		status                  int
		field                   string
	}{
		{"valid", `{"name":"a","count":1}`, "application/json", 200, ""},
		{"malformed", `{"name":`, "application/json", 400, ""},
		{"empty", ``, "application/json", 400, ""},
		{"wrong type", `{"count":"many"}`, "application/json", 400, "count"},
		{"unknown field", `{"name":"a","isAdmin":true}`, "application/json", 400, "isAdmin"},
		{"trailing data", `{"name":"a"} {"name":"b"}`, "application/json", 400, ""},
		{"too large", `{"name":"` + strings.Repeat("a", 1<<20) + `"}`, "application/json", 413, ""},
		{"not JSON", `name=a`, "application/x-www-form-urlencoded", 415, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var p payload
				if err := decodeJSON(w, r, &p); err != nil {
					writeError(w, r, err)
					return
				}
				writeJSON(w, 200, p)
			})
			req := httptest.NewRequest("POST", "/api/x", strings.NewReader(c.body))
			req.Header.Set("Content-Type", c.contentType)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != c.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, c.status, rec.Body.String())
			}
			if c.status == 200 {
				return
			}
			var e Error
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Code != c.status || e.Message == "" {
				t.Fatalf("envelope %s (%v)", rec.Body.String(), err)
			}
			if c.field != "" && (len(e.Errors) == 0 || e.Errors[0].Field != c.field) {
				t.Fatalf("errors %+v, want field %s", e.Errors, c.field)
			}
		})
	}
}

func TestUnexpectedErrorIsHidden(t *testing.T) {
	t.Parallel()
	rec := httptest.NewRecorder()
	writeError(rec, httptest.NewRequest("GET", "/api/x", nil), errString("pq: relation users does not exist"))
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "relation") {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
}

type errString string

func (e errString) Error() string { return string(e) }
