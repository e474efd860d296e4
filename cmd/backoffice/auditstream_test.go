package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/auditstream"
	"xapa/backoffice/internal/store/storetest"
	"xapa/backoffice/internal/webhook"
)

// serve refuses an audit stream without its address or secret, or with an
// address that is not http(s), at start.
func TestServeAuditWebhookFlags(t *testing.T) {
	const key = "a secret of sixteen or more"
	for _, args := range [][]string{
		{"--audit-webhook-url", "https://siem.example/in"},
		{"--audit-webhook-secret", key},
		{"--audit-webhook-url", "siem.example/in", "--audit-webhook-secret", key},
		{"--audit-webhook-url", "https://siem.example/in", "--audit-webhook-secret", "short"},
	} {
		err := run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0", "--db", storetest.SQLiteURL(t)}, args...))
		if err == nil || !strings.Contains(err.Error(), "--audit-webhook-") {
			t.Errorf("serve %q: %v, want an --audit-webhook-* error", args, err)
		}
	}
}

// serve configured by BACKOFFICE_AUDIT_WEBHOOK_URL and
// BACKOFFICE_AUDIT_WEBHOOK_SECRET delivers the audit log, signed with the
// secret, and stops with the server.
func TestServeStreamsTheAuditLog(t *testing.T) {
	ctx := context.Background()
	url := storetest.SQLiteURL(t)
	migratedWithEntries(t, url, "test.serve_stream", 3)
	const key = "the receiver's shared secret"
	ids := make(chan int64, 100)
	siem := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var b auditstream.Batch
		if !webhook.Verify(key, body, r.Header.Get("X-Signature")) || json.Unmarshal(body, &b) != nil {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		for _, e := range b.Entries {
			ids <- e.ID
		}
	}))
	defer siem.Close()
	t.Setenv("BACKOFFICE_AUDIT_WEBHOOK_URL", siem.URL)
	t.Setenv("BACKOFFICE_AUDIT_WEBHOOK_SECRET", key)
	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() {
		served <- run(serveCtx, []string{"serve", "--addr", "127.0.0.1:0", "--db", url, "--drain-delay", "0"})
	}()
	for want := int64(1); want <= 3; want++ {
		select {
		case id := <-ids:
			if id != want {
				t.Fatalf("entry %d delivered, want %d", id, want)
			}
		case err := <-served:
			t.Fatalf("serve ended: %v", err)
		case <-time.After(time.Minute):
			t.Fatalf("entry %d not delivered within a minute", want)
		}
	}
	stop()
	if err := <-served; err != nil {
		t.Errorf("serve: %v", err)
	}
}
