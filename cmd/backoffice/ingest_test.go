package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// A backfill of more than one batch: each event once, in the file's order
// across batches, with the duplicate, the broken line and the other
// source's event counted as such.
func TestImportCommand(t *testing.T) {
	storetest.EachURL(t, func(t *testing.T, url string) {
		ctx := context.Background()
		n := 0
		line := func(source, typ string, data map[string]any) string {
			n++
			b, _ := json.Marshal(map[string]any{"specversion": "1.0", "id": fmt.Sprint("e-", n), "source": source, "type": typ,
				"time": "2026-11-20T09:00:00Z", "data": data})
			return string(b)
		}
		at := "2026-11-20T09:00:00Z"
		var lines []string
		// The first deposit comes before its wallet: it is held, then applied.
		deposit := func(i int) string {
			return line("core", "xapa.transaction.v1", map[string]any{"id": fmt.Sprint("t", i), "customer_id": "c1",
				"wallet_id": "w1", "coin": "BTC", "type": "received", "network": "main", "status": "pending", "confirmations": 0,
				"max_confirmation": 3, "amount": "0.00000001", "network_fee": "0", "commission": "0", "fee": "0",
				"hash": fmt.Sprint("h", i), "receiver_address": "bc1q", "exchange": false, "created_at": at, "version": 1})
		}
		lines = append(lines, line("core", "xapa.chain.v1", map[string]any{"symbol": "BTC", "name": "Bitcoin", "decimals": 8,
			"max_confirmation": 3, "explorer_tx_url": "", "icon": "", "version": 1}), deposit(0))
		lines = append(lines, line("core", "xapa.customer.v1", map[string]any{"id": "c1", "email": "c1@example.com",
			"full_name": "C One", "enabled": true, "email_verified": false, "verified_at": nil, "phone_number": nil,
			"ga_enabled": false, "sms_2fa_enabled": false, "sms_verified": false, "invitation_code": "C1", "invited_by": nil,
			"device_type": "", "last_login": nil, "created_at": at, "version": 1}))
		for i := 1; i < 1200; i++ {
			lines = append(lines, deposit(i))
		}
		lines = append(lines, line("core", "xapa.wallet.v1", map[string]any{"id": "w1", "customer_id": "c1", "coin": "BTC",
			"network": "main", "name": "BTC", "balance": "0", "addresses": []string{}, "created_at": at, "version": 1}))
		lines = append(lines, lines[5], "", `{"specversion":"1.0"`, line("elsewhere", "xapa.chain.v1", map[string]any{}))
		file := filepath.Join(t.TempDir(), "events.ndjson")
		if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		out := stdoutOf(t, func() error {
			return run(ctx, []string{"import", "--file", file, "--source", "core", "--db", url})
		})
		// 1,199 deposits wait for the wallet in the first two batches; the wallet releases them, in order.
		if want := "applied 3, duplicate 1, stale 0, held 1200, rejected 2\n"; out != want {
			t.Errorf("printed %q, want %q", out, want)
		}
		db, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if got := storetest.Column[int](t, db, `SELECT count(*) FROM transactions`)[0]; got != 1200 {
			t.Errorf("%d transactions, want 1200", got)
		}
		if got := storetest.Column[int](t, db, `SELECT count(*) FROM ingest_events WHERE status = 'applied'`)[0]; got != 1203 {
			t.Errorf("%d events applied in the end, want 1203", got)
		}
	})
}

// An ingest key made, listed and revoked from the command line; its secret
// is printed once and never listed.
func TestIngestKeyCommands(t *testing.T) {
	ctx := context.Background()
	url := storetest.SQLiteURL(t)
	made := stdoutOf(t, func() error { return run(ctx, []string{"ingest", "key", "create", "--source", "core", "--db", url}) })
	var id, secret string
	if _, err := fmt.Sscanf(made, "key id: %s\nsecret: %s\n", &id, &secret); err != nil || len(secret) != 64 {
		t.Fatalf("create printed %q", made)
	}
	list := []string{"ingest", "key", "list", "--db", url}
	if out := stdoutOf(t, func() error { return run(ctx, list) }); !strings.HasPrefix(out, id+"\tcore\t") ||
		!strings.HasSuffix(out, "\tactive\n") || strings.Contains(out, secret) {
		t.Fatalf("list printed %q", out)
	}
	stdoutOf(t, func() error { return run(ctx, []string{"ingest", "key", "revoke", id, "--db", url}) })
	if out := stdoutOf(t, func() error { return run(ctx, list) }); !strings.Contains(out, "\trevoked ") {
		t.Fatalf("after revoke, list printed %q", out)
	}
	if got := exitStatus(run(ctx, []string{"ingest", "key", "revoke", id, "--db", url})); got != 2 {
		t.Errorf("revoking it again: exit %d, want 2", got)
	}
}
