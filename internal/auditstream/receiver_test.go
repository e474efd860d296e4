package auditstream_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"xapa/backoffice/internal/auditstream"
	"xapa/backoffice/internal/webhook"
)

// receiver is a SIEM's end of the stream on 127.0.0.1: it checks each body's
// signature and type, records the batches it takes, and can be stopped and
// started again on the same port. failAt > 0 makes it crash at its failAt-th
// batch: it records it, answers 500 and answers 503 from then on (down)
// until started again.
type receiver struct {
	t      *testing.T
	secret string
	failAt int

	mu         sync.Mutex
	srv        *httptest.Server
	addr       string
	down       bool
	wentDown   chan struct{} // closed at the crash
	batches    [][]auditstream.Entry
	rejected   int // bodies refused for their signature or type
	inFlight   int
	mostAtOnce int // most posts handled at once
}

func newReceiver(t *testing.T, secret string, failAt int) *receiver {
	r := &receiver{t: t, secret: secret, failAt: failAt, wentDown: make(chan struct{})}
	r.start()
	t.Cleanup(r.stop)
	return r
}

// url is where the receiver listens, the same across restarts.
func (r *receiver) url() string { return "http://" + r.addr + "/siem" }

// start listens (again, on the first start's port) and takes batches.
func (r *receiver) start() {
	r.t.Helper()
	addr := r.addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		r.t.Fatalf("receiver: %v", err)
	}
	srv := httptest.NewUnstartedServer(r)
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	r.mu.Lock()
	r.srv, r.addr, r.down = srv, ln.Addr().String(), false
	r.mu.Unlock()
}

// bringUp makes a receiver that crashed take batches again, without a restart.
func (r *receiver) bringUp() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.down = false
}

// stop closes the port: posts meet a refused connection.
func (r *receiver) stop() {
	r.mu.Lock()
	srv := r.srv
	r.mu.Unlock()
	srv.Close()
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.enter(1)
	defer r.enter(-1)
	body, err := io.ReadAll(io.LimitReader(req.Body, 8<<20))
	if err != nil {
		return
	}
	r.mu.Lock()
	status := r.take(req, body)
	r.mu.Unlock()
	w.WriteHeader(status)
}

// enter counts a post in (1) or out (-1).
func (r *receiver) enter(n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.inFlight += n
	r.mostAtOnce = max(r.mostAtOnce, r.inFlight)
}

// take records a batch (r.mu held) and returns the status to answer.
func (r *receiver) take(req *http.Request, body []byte) int {
	var b auditstream.Batch
	if req.Header.Get("Content-Type") != "application/json" || !webhook.Verify(r.secret, body, req.Header.Get("X-Signature")) ||
		json.Unmarshal(body, &b) != nil {
		r.rejected++
		return http.StatusUnauthorized
	}
	if r.down {
		return http.StatusServiceUnavailable
	}
	r.batches = append(r.batches, b.Entries)
	if len(r.batches) == r.failAt {
		r.down = true
		close(r.wentDown)
		return http.StatusInternalServerError
	}
	return http.StatusOK
}

// received is every entry taken, in order of arrival, duplicates included.
func (r *receiver) received() []auditstream.Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	var all []auditstream.Entry
	for _, b := range r.batches {
		all = append(all, b...)
	}
	return all
}

// counts are the rejected bodies and the most posts handled at once.
func (r *receiver) counts() (rejected, mostAtOnce int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.rejected, r.mostAtOnce
}
