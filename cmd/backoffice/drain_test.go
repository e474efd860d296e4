package main

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/store/storetest"
)

// On SIGTERM the node leaves the balancer's rotation at once (/readyz 503) and keeps serving through the delay.
func TestDrainKeepsServingOutOfRotation(t *testing.T) {
	api := httpapi.NewServer(httpapi.Options{DB: storetest.SQLite(t)})
	h := api.Handler()
	status := func(path string) int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code
	}
	if s := status("/readyz"); s != http.StatusOK {
		t.Fatalf("before: /readyz %d", s)
	}
	served := make(chan error, 1)
	done := make(chan error, 1)
	go func() { done <- drain(api, time.Hour, served) }()
	for status("/readyz") != http.StatusServiceUnavailable {
		select {
		case err := <-done:
			t.Fatalf("drain returned before the delay: %v", err)
		default:
		}
	}
	if s := status("/livez"); s != http.StatusOK {
		t.Fatalf("while draining: /livez %d", s)
	}
	if s := status("/healthz"); s != http.StatusOK {
		t.Fatalf("while draining, still serving: /healthz %d", s)
	}
	stopped := errors.New("listener closed")
	served <- stopped // the server stops meanwhile: drain ends with its error
	if err := <-done; !errors.Is(err, stopped) {
		t.Fatalf("drain: %v", err)
	}
	if err := drain(api, 0, served); err != nil {
		t.Fatalf("no delay: %v", err)
	}
}
