package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/base64"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// spa serves the built web app: hashed assets with long cache lifetimes,
// other files with a day, and index.html for every other path so the
// browser router can take over. index.html gets a fresh CSP nonce per reply.
type spa struct {
	files fs.FS
	index []byte   // nil when the web app was not built
	gz    sync.Map // asset name -> its gzipped bytes (nil: not worth it)
}

const noncePlaceholder = "__CSP_NONCE__"

func newSPA(files fs.FS) *spa {
	s := &spa{files: files}
	if files != nil {
		s.index, _ = fs.ReadFile(files, "index.html")
	}
	return s
}

func (s *spa) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if name != "" && name != "index.html" && s.files != nil {
		if st, err := fs.Stat(s.files, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "public, max-age=86400")
			}
			w.Header().Add("Vary", "Accept-Encoding")
			if body := s.gzipped(name); body != nil && acceptsGzip(r) {
				w.Header().Set("Content-Encoding", "gzip")
				w.Header().Set("Content-Type", mime.TypeByExtension(path.Ext(name)))
				w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				if r.Method == http.MethodGet {
					_, _ = w.Write(body)
				}
				return
			}
			http.ServeFileFS(w, r, s.files, name)
			return
		}
		// A missing hashed asset is a 404, never the page: a stale page
		// asking for an old chunk must fail loudly, not parse HTML as JS.
		if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
			http.NotFound(w, r)
			return
		}
	}
	if s.index == nil {
		http.Error(w, "The web app is not built into this binary: run `make build`.", http.StatusServiceUnavailable)
		return
	}
	nonce := newNonce()
	// worker-src is 'self' only: the captcha's proof-of-work worker is a
	// bundled file under /assets (altcha/external), never a blob: URL.
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'nonce-"+nonce+"'; "+
		"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; "+
		"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	body := bytes.ReplaceAll(s.index, []byte(noncePlaceholder), []byte(nonce))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

// gzipped is a text asset compressed once (the assets never change within a
// binary), so the JavaScript a page loads travels at a third of its size
// without a compressing proxy in front. nil: not a text asset, or no smaller.
func (s *spa) gzipped(name string) []byte {
	if v, ok := s.gz.Load(name); ok {
		return v.([]byte)
	}
	var out []byte
	switch path.Ext(name) {
	case ".js", ".mjs", ".css", ".svg", ".json", ".map", ".txt", ".webmanifest":
		if raw, err := fs.ReadFile(s.files, name); err == nil {
			var buf bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			_, _ = zw.Write(raw)
			if zw.Close() == nil && buf.Len() < len(raw) {
				out = buf.Bytes()
			}
		}
	}
	s.gz.Store(name, out)
	return out
}

// acceptsGzip reads Accept-Encoding: gzip (or *) listed without q=0.
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if coding = strings.ToLower(strings.TrimSpace(coding)); coding != "gzip" && coding != "*" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(params)), "q="); ok {
			q, _ = strconv.ParseFloat(v, 64)
		}
		return q > 0
	}
	return false
}

func newNonce() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}
