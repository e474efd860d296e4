package httpapi

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Any body gets a 2xx or a 4xx JSON envelope from the decoder, never a panic.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{`{}`, `{"name":"a","count":1,"tags":["x"]}`, `{"name":`, `[]`, `null`, `{"count":"1"}`,
		`{"extra":true}`, "\xff\xfe", `{"name":"a"} trailing`, `{"name":"=cmd|calc"}`, `{"name":"a\u0000b"}`,
		`{"tags":["ok","\u0000"]}`, "{\"name\":\"\xff\"}", `{"name":"\ud800"}`, `{"name":"<script>alert(1)</script>"}`, `{"count":1e999}`,
		`{"count":99999999999999999999}`, strings.Repeat("[", 20000), `{"name":"a","name":"b"}`, `{"NAME":"case"}`} {
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
			return
		}
		// Accepted text is UTF-8 without NUL: it can be stored as it came.
		for _, s := range append([]string{p.Name}, p.Tags...) {
			if !cleanText(s) {
				t.Fatalf("body %q: accepted text %q", body, s)
			}
		}
	})
}

// Any date parameter is a UTC time of the documented layouts or a 400; an
// accepted date prints back as it was given, and an end date covers its
// whole second.
func FuzzQueryDate(f *testing.F) {
	for _, seed := range []string{"2026-01-01 00:00:00", "2026-01-01", "2026-02-30", "2026-13-45", "abc", "0000-01-01 00:00:00",
		"9999-12-31 23:59:59", "2026-01-01T00:00:00Z", "2026-01-01 24:00:00", "2026-1-1", " 2026-01-01", "2026-01-01 00:00:60", "\x00"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, v string) {
		req := httptest.NewRequest("GET", "/api/x", nil)
		from, err := parseDate("minDate", v)
		if err != nil {
			if e := asError(req, err); e.Code != 400 || len(e.Errors) != 1 || e.Errors[0].Field != "minDate" {
				t.Fatalf("%q: %+v", v, e)
			}
			return
		}
		if v == "" {
			if from != nil {
				t.Fatalf("an absent date parsed as %v", from)
			}
			return
		}
		if from.Location() != time.UTC || (from.Format(dateLayout) != v && from.Format("2006-01-02") != v) {
			t.Fatalf("%q parsed as %v", v, from)
		}
		var q RangeQuery
		req.URL.RawQuery = url.Values{"minDate": {v}, "maxDate": {v}}.Encode()
		err = bindQuery(req, &q)
		if _, to := q.bounds(); err != nil || to == nil || to.Sub(*from) != time.Second-time.Microsecond {
			t.Fatalf("%q: end %+v, %v", v, q, err)
		}
	})
}

// Free-text query parameters are bounded UTF-8 without NUL, or a 400 naming
// the parameter.
func FuzzQueryText(f *testing.F) {
	for _, seed := range []string{"alice", "", "%00", "%ff%fe", "'; DROP TABLE users;--", "<script>", "=cmd|' /C calc'!A0", "a%20b", strings.Repeat("x", 201)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		req, err := http.NewRequest("GET", "/api/x?q="+raw, nil)
		if err != nil {
			return
		}
		var q searchQuery
		err = bindQuery(req, &q)
		v := q.Q
		if err != nil {
			if e := asError(req, err); e.Code != 400 || len(e.Errors) != 1 || e.Errors[0].Field != "q" {
				t.Fatalf("%q: %+v", raw, e)
			}
			return
		}
		if len(v) > 200 || !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
			t.Fatalf("%q accepted as %q", raw, v)
		}
	})
}

// Any query gets a parsed value or a 400, never a panic.
func FuzzQueryParams(f *testing.F) {
	for _, seed := range []string{"minDate=2026-01-01%2000:00:00", "minDate=2026-02-30", "page=0&maxPerPage=101", "page=99999999999999999999",
		"coinType=-1", "minDate=%ff", "maxPerPage=1e3", "page=%00", "page=+1", "page=1000001", "maxPerPage=-0", "page=0x10"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, query string) {
		req, err := http.NewRequest("GET", "/api/x?"+query, nil)
		if err != nil {
			return
		}
		for _, e := range []error{bindQuery(req, new(RangeQuery)),
			func() error { _, err := parsePage(req); return err }(),
			bindQuery(req, new(CoinQuery))} {
			if e != nil && asError(req, e).Code != 400 {
				t.Fatalf("query %q: %v", query, e)
			}
		}
		if p, err := parsePage(req); err == nil && (p.Number < 1 || p.PerPage < 1 || p.PerPage > 100) {
			t.Fatalf("query %q: page %+v accepted", query, p)
		}
	})
}
