package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The Integration screen's calls: the flow of the last hour, the events kept
// aside (retry; discard with a reason and a fresh step-up, audited) and the
// commands waiting. Only ADMIN_INTEGRATION opens them.
func TestIntegration(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "ops", rbac.Integration)
		_, other := env.Staff(t, "nosy", rbac.AuditLog)
		a, err := ingest.New(db, env.Clock.Now)
		if err != nil {
			t.Fatal(err)
		}
		at := env.Clock.Now().Add(-time.Minute)
		event := func(id string, data ingest.Data) json.RawMessage {
			raw, err := ingest.NewEvent("core", id, at, data)
			if err != nil {
				t.Fatal(err)
			}
			return raw
		}
		chain := ingest.Chain{Symbol: "BTC", Name: "Bitcoin", Decimals: 8, MaxConfirmation: 3,
			ExplorerTxURL: "https://btc.example/tx/{hash}", Version: 1}
		bad := chain
		bad.Decimals = 40 // over 18: rejected
		orphan := ingest.Wallet{ID: "w-1", CustomerID: "c-nobody", Coin: "BTC", Network: "main", Name: "W",
			Balance: "1", Addresses: []ingest.Address{"bc1"}, CreatedAt: at, Version: 1}
		if _, err := a.Apply(context.Background(), []json.RawMessage{event("e-1", chain), event("e-2", bad), event("e-3", orphan)}); err != nil {
			t.Fatal(err)
		}
		if err := db.Tx(context.Background(), func(tx *sql.Tx) error {
			off := false
			_, err := commands.Write(context.Background(), tx, commands.Customer{BackofficeID: 9, Enabled: &off})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{
			{Name: "the summary", Method: "GET", Path: "/api/admin/integration", Token: tok, Status: 200,
				JSON: fmt.Sprintf(`{"sources":[{"name":"core","lastEventAt":%q}],"lastHour":{"applied":1,"held":1,"rejected":1},
					"held":1,"dead":1,"commands":{"waiting":1,"failing":0,"rejected":0}}`, at.Format(time.RFC3339))},
			{Name: "not without its key", Method: "GET", Path: "/api/admin/integration", Token: other, Status: 403},
			{Name: "the letters kept aside", Method: "GET", Path: "/api/admin/integration/letters?state=dead", Token: tok, Status: 200,
				JSON: `{"letters":[{"eventId":"e-2","type":"xapa.chain.v1","state":"dead","retryable":true}],"total_items":1}`},
			{Name: "an unknown state", Method: "GET", Path: "/api/admin/integration/letters?state=lost", Token: tok, Status: 400},
			{Name: "the commands waiting", Method: "GET", Path: "/api/admin/integration/commands?state=waiting", Token: tok, Status: 200,
				JSON: `{"commands":[{"type":"xapa.cmd.customer.v1","entity":"customer:9","state":"waiting","attempts":0}],"total_items":1}`},
		})
		dead := storetest.Column[int64](t, db, `SELECT id FROM ingest_letters WHERE state = 'dead'`)[0]
		held := storetest.Column[int64](t, db, `SELECT id FROM ingest_letters WHERE state = 'held'`)[0]
		env.Run(t, []apitest.Case{
			{Name: "retry: still wrong", Method: "POST", Path: fmt.Sprintf("/api/admin/integration/letters/%d/retry", dead), Token: tok,
				Status: 200, JSON: `{"result":{"id":"e-2","status":"rejected"}}`},
			{Name: "the retried letter is gone", Method: "POST", Path: fmt.Sprintf("/api/admin/integration/letters/%d/retry", dead), Token: tok,
				Status: 404},
		})
		env.NotSteppedUp(t, tok)
		env.Run(t, []apitest.Case{{Name: "discard needs a fresh step-up", Method: "POST", Token: tok,
			Path: fmt.Sprintf("/api/admin/integration/letters/%d/discard", held), Body: map[string]string{"reason": "test data"}, Status: 403}})
		env.StepUp(t, tok)
		env.Run(t, []apitest.Case{
			{Name: "discard needs a reason", Method: "POST", Path: fmt.Sprintf("/api/admin/integration/letters/%d/discard", held), Token: tok,
				Body: map[string]string{"reason": " "}, Status: 400},
			{Name: "discard", Method: "POST", Path: fmt.Sprintf("/api/admin/integration/letters/%d/discard", held), Token: tok,
				Body: map[string]string{"reason": "A test wallet of a customer the core never had"}, Status: 204},
			{Name: "what is left", Method: "GET", Path: "/api/admin/integration", Token: tok, Status: 200, JSON: `{"held":0,"dead":1}`},
		})
		actions := storetest.Column[string](t, db, `SELECT action FROM audit_log WHERE action LIKE 'integration.%' ORDER BY id`)
		if fmt.Sprint(actions) != "[integration.letter.retry integration.letter.discard]" {
			t.Errorf("audited %v", actions)
		}
	})
}
