package webhook_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/webhook"
)

func TestRetryWait(t *testing.T) {
	for _, c := range []struct {
		n      int
		jitter float64
		want   time.Duration
	}{
		{1, 0, time.Second}, {2, 0, 2 * time.Second}, {6, 0, 32 * time.Second}, {7, 0, time.Minute}, {40, 0, time.Minute},
		{1, 0.5, 750 * time.Millisecond}, {7, 0.5, 45 * time.Second},
	} {
		if got := webhook.RetryWait(c.n, time.Second, time.Minute, c.jitter); got != c.want {
			t.Errorf("RetryWait(%d, jitter %v) = %s, want %s", c.n, c.jitter, got, c.want)
		}
	}
}

// The signature is the hex HMAC-SHA256 of the body (RFC 4231, test case 2);
// a changed body or another key does not verify.
func TestSignature(t *testing.T) {
	body := []byte("what do ya want for nothing?")
	want := "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
	if got := webhook.Sign("Jefe", body); got != want {
		t.Fatalf("Sign = %s, want %s", got, want)
	}
	if !webhook.Verify("Jefe", body, want) || webhook.Verify("Jefe", append(body, '!'), want) || webhook.Verify("Jeff", body, want) {
		t.Error("Verify takes a body only with its own signature and key")
	}
}

// A post carries its content type and signature; a reply other than 2xx,
// a redirect included, is an error.
func TestPost(t *testing.T) {
	const secret = "a secret of sixteen+"
	var status = http.StatusNoContent
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.Header.Get("Content-Type") != "application/cloudevents+json" || !webhook.Verify(secret, body, r.Header.Get(webhook.SignatureHeader)) {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if status == http.StatusFound {
			http.Redirect(w, r, "https://elsewhere.example/", status)
			return
		}
		w.WriteHeader(status)
	}))
	defer srv.Close()
	s, err := webhook.New("u", srv.URL, "s", secret, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Post(context.Background(), "application/cloudevents+json", []byte(`{"id":"1"}`)); err != nil {
		t.Errorf("a 204: %v", err)
	}
	for _, status = range []int{http.StatusInternalServerError, http.StatusFound} {
		if err := s.Post(context.Background(), "application/cloudevents+json", []byte(`{}`)); err == nil {
			t.Errorf("a %d taken as delivered", status)
		}
	}
	if err := s.Post(context.Background(), "text/plain", []byte(`{}`)); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("an unsigned type: %v, want the receiver's 401", err)
	}
}

// The address must be http(s) with a host, the secret at least 16 characters;
// the errors name the flags.
func TestNewChecksItsOptions(t *testing.T) {
	for _, c := range []struct{ url, secret, want string }{
		{"ftp://x", "a secret of sixteen+", "--u must be"},
		{"https://", "a secret of sixteen+", "--u must be"},
		{"https://x", "short", "--s must be at least 16"},
	} {
		if _, err := webhook.New("u", c.url, "s", c.secret, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%q, %q) = %v, want %q", c.url, c.secret, err, c.want)
		}
	}
}

// A failed post names the receiver without its query or password (a token
// may ride there; the error is logged and shown), and a hang is a timeout.
func TestPostErrorsHideTheAddressSecrets(t *testing.T) {
	hang := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-hang }))
	defer srv.Close()
	defer close(hang)
	withToken := strings.Replace(srv.URL, "http://", "http://user:pa55@", 1) + "/in?token=s3cret"
	s, err := webhook.New("u", withToken, "s", "a secret of sixteen+", &http.Client{Timeout: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	err = s.Post(context.Background(), "application/json", []byte(`{}`))
	if err == nil || strings.Contains(err.Error(), "s3cret") || strings.Contains(err.Error(), "pa55") {
		t.Errorf("the error %v shows the address's secrets", err)
	}
	if !webhook.Timeout(err) {
		t.Errorf("a hanging receiver: %v, want a timeout", err)
	}
}
