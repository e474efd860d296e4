package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"xapa/backoffice/internal/natstest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// serve --nats-url makes the stream the core publishes to, and applies what
// it publishes there.
func TestServeAppliesTheCoresEventsFromNATS(t *testing.T) {
	srv := natstest.Start(t)
	url := storetest.SQLiteURL(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--db", url, "--log-level", "warn", "--nats-url", srv.URL})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	js := natstest.JetStream(t, srv.URL)
	chain, _ := json.Marshal(map[string]any{"specversion": "1.0", "id": "e-1", "source": "core", "type": "xapa.chain.v1",
		"time": "2026-11-20T09:00:00Z", "data": map[string]any{"symbol": "BTC", "name": "Bitcoin", "decimals": 8,
			"max_confirmation": 3, "explorer_tx_url": "", "icon": "", "version": 1}})
	deadline := time.Now().Add(3 * time.Minute) // a hang's bound on a busy machine, not the expected time
	var err error
	for { // the stream exists once serve has started
		if _, err = js.Publish(ctx, "xapa.core.chain", chain); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("publishing: %v", err)
		}
		time.Sleep(20 * time.Millisecond) // polling serve's start-up
	}
	db, err := store.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM coins WHERE symbol = 'BTC'`).Scan(&n); err == nil && n == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the chain published to NATS never arrived")
		}
		time.Sleep(20 * time.Millisecond) // polling the database
	}
}
