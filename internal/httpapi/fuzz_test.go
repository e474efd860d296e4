package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Any body gets a 2xx or a 4xx JSON envelope from the decoder, never a panic.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{`{}`, `{"name":"a","count":1,"tags":["x"]}`, `{"name":`, `[]`, `null`, `{"count":"1"}`,
		`{"extra":true}`, "\xff\xfe", `{"name":"a"} trailing`, `{"name":"=cmd|calc"}`} {
		f.Add(seed)
	}
	type payload struct {
		Name  string   `json:"name"`
		Count int      `json:"count"`
		Tags  []string `json:"tags"`
	}
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest("POST", "/api/x", strings.NewReader(body))
		rec := httptest.NewRecorder()
		var p payload
		if err := decodeJSON(rec, req, &p); err != nil {
			e := asError(req, err)
			if e.Code < 400 || e.Code > 499 {
				t.Fatalf("body %q: status %d", body, e.Code)
			}
		}
	})
}

// Any query gets a parsed value or a 400, never a panic.
func FuzzQueryParams(f *testing.F) {
	for _, seed := range []string{"minDate=2026-01-01%2000:00:00", "minDate=2026-02-30", "page=0&maxPerPage=101", "page=99999999999999999999",
		"coinType=-1", "minDate=%ff", "maxPerPage=1e3"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, query string) {
		req, err := http.NewRequest("GET", "/api/x?"+query, nil)
		if err != nil {
			return
		}
		for _, e := range []error{func() error { _, err := queryDate(req, "minDate"); return err }(),
			func() error { _, err := parsePage(req); return err }(),
			func() error { _, err := queryID(req, "coinType"); return err }()} {
			if e != nil && asError(req, e).Code != 400 {
				t.Fatalf("query %q: %v", query, e)
			}
		}
		if p, err := parsePage(req); err == nil && (p.Number < 1 || p.PerPage < 1 || p.PerPage > 100) {
			t.Fatalf("query %q: page %+v accepted", query, p)
		}
	})
}
