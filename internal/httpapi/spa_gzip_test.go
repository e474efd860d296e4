package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// Text assets go out gzipped to clients that accept it, and as they are to
// the others; the bytes decompress to the file itself.
func TestAssetsGzipped(t *testing.T) {
	t.Parallel()
	js := strings.Repeat("export const answer = 42;\n", 200)
	s := newSPA(fstest.MapFS{
		"index.html":         {Data: []byte("<html></html>")},
		"assets/app-1a.js":   {Data: []byte(js)},
		"assets/logo-2b.png": {Data: []byte("\x89PNG not text")},
	})
	get := func(name, accept string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, name, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		return rec
	}
	for _, accept := range []string{"gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*"} {
		rec := get("/assets/app-1a.js", accept)
		if rec.Header().Get("Content-Encoding") != "gzip" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") ||
			!strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") || rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("Accept-Encoding %q: headers %v", accept, rec.Header())
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := io.ReadAll(zr); string(got) != js || rec.Body.Len() != 0 {
			t.Fatalf("Accept-Encoding %q: the body does not decompress to the asset", accept)
		}
	}
	for _, accept := range []string{"", "identity", "gzip;q=0", "gzip; q=0.000", "br"} {
		rec := get("/assets/app-1a.js", accept)
		if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != js {
			t.Fatalf("Accept-Encoding %q: want the plain asset, got %v", accept, rec.Header())
		}
	}
	if rec := get("/assets/logo-2b.png", "gzip"); rec.Header().Get("Content-Encoding") != "" || !bytes.HasPrefix(rec.Body.Bytes(), []byte("\x89PNG")) {
		t.Fatalf("a PNG is sent as it is: %v", rec.Header())
	}
}
