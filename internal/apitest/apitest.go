// Package apitest runs table-driven API scenarios against the real router
// and a real database: each case is a call and the reply it must get.
package apitest

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// Case is one call and what its reply must hold.
type Case struct {
	Name    string
	Method  string
	Path    string
	Token   string            // sent as a bearer token when set
	Body    any               // a string or []byte is sent as is; anything else as JSON
	Headers map[string]string // extra request headers
	// RemoteAddr is the caller's address (host:port); default 192.0.2.10:4321.
	RemoteAddr string
	Status     int // expected status
	// JSON, when set, is a JSON document the reply must contain: objects
	// match on the keys given (others are ignored), arrays element by
	// element with the same length, and everything else exactly.
	JSON string
	// Check, when set, inspects the reply further.
	Check func(t *testing.T, rec *httptest.ResponseRecorder)
}

// Run runs every case as a subtest, in order (later cases may depend on
// earlier ones' writes).
func Run(t *testing.T, h http.Handler, cases []Case) {
	t.Helper()
	for _, c := range cases {
		name := c.Name
		if name == "" {
			name = c.Method + " " + c.Path
		}
		t.Run(name, func(t *testing.T) {
			rec := Do(t, h, c)
			if rec.Code != c.Status {
				t.Fatalf("%s %s: status %d, want %d; body: %s", c.Method, c.Path, rec.Code, c.Status, rec.Body.String())
			}
			if c.JSON != "" {
				var want, got any
				if err := json.Unmarshal([]byte(c.JSON), &want); err != nil {
					t.Fatalf("case JSON: %v", err)
				}
				if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
					t.Fatalf("reply is not JSON: %v; body: %s", err, rec.Body.String())
				}
				if err := Contains(got, want, "$"); err != nil {
					t.Fatalf("%s %s: %v\nbody: %s", c.Method, c.Path, err, rec.Body.String())
				}
			}
			if c.Check != nil {
				c.Check(t, rec)
			}
		})
	}
}

// Do sends one call and returns the recorded reply.
func Do(t testing.TB, h http.Handler, c Case) *httptest.ResponseRecorder {
	t.Helper()
	var body io.Reader
	switch b := c.Body.(type) {
	case nil:
	case string:
		body = strings.NewReader(b)
	case []byte:
		body = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			t.Fatalf("marshal body: %v", err)
		}
		body = bytes.NewReader(j)
	}
	req := httptest.NewRequest(c.Method, c.Path, body)
	req.RemoteAddr = cmp.Or(c.RemoteAddr, "192.0.2.10:4321")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	for k, v := range c.Headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Contains reports where got does not hold want (see Case.JSON).
func Contains(got, want any, at string) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: got %s, want an object", at, show(got))
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("%s.%s: missing", at, k)
			}
			if err := Contains(gv, wv, at+"."+k); err != nil {
				return err
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return fmt.Errorf("%s: got %s, want %d elements", at, show(got), len(w))
		}
		for i := range w {
			if err := Contains(g[i], w[i], fmt.Sprintf("%s[%d]", at, i)); err != nil {
				return err
			}
		}
	default:
		if !reflect.DeepEqual(got, want) {
			return fmt.Errorf("%s: got %s, want %s", at, show(got), show(want))
		}
	}
	return nil
}

func show(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
