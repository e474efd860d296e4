package httpapi

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// spa serves the built web app: hashed assets with long cache lifetimes,
// other files with a day, and index.html for every other path so the
// browser router can take over. index.html gets a fresh CSP nonce per reply.
type spa struct {
	files fs.FS
	index []byte // nil when the web app was not built
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
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'nonce-"+nonce+"'; "+
		"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; "+
		"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	body := bytes.ReplaceAll(s.index, []byte(noncePlaceholder), []byte(nonce))
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

func newNonce() string {
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}
