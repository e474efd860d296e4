package ingest_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// 1,000 malformed events of 20 kinds, in one batch with good ones: each is
// rejected with its reason and kept as a dead letter, nothing of any is
// written, and the good events of the batch apply.
func TestAThousandMalformedEvents(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, c := newApplier(t, db), &core{source: "core"}
		apply(t, a, c.event("xapa.chain.v1", chain(1)), c.event("xapa.customer.v1", customer("c1", 1)),
			c.event("xapa.wallet.v1", wallet("w1", "c1", 1)))
		envelope := func(i int, change func(map[string]any)) json.RawMessage {
			e := map[string]any{"specversion": "1.0", "id": fmt.Sprint("bad-", i), "source": "core", "type": "xapa.transaction.v1",
				"time": t0.Format("2006-01-02T15:04:05Z"), "data": deposit(fmt.Sprint("tb", i), "c1", "w1", "pending", 0, 1)}
			change(e)
			b, _ := json.Marshal(e)
			return b
		}
		data := func(key string, v any) func(map[string]any) {
			return func(e map[string]any) { e["data"].(map[string]any)[key] = v }
		}
		kinds := []struct {
			change func(map[string]any)
			reason string
		}{
			{func(e map[string]any) { delete(e, "specversion") }, "missing property 'specversion'"},
			{func(e map[string]any) { e["specversion"] = "0.3" }, "/specversion"},
			{func(e map[string]any) { delete(e, "id") }, "missing property 'id'"},
			{func(e map[string]any) { e["id"] = strings.Repeat("x", 129) }, "/id"},
			{func(e map[string]any) { delete(e, "source") }, "missing property 'source'"},
			{func(e map[string]any) { delete(e, "type") }, "missing property 'type'"},
			{func(e map[string]any) { e["type"] = "xapa.order.v1" }, "unknown type"},
			{func(e map[string]any) { e["time"] = "yesterday" }, "/time"},
			{func(e map[string]any) { delete(e, "data") }, "missing property 'data'"},
			{func(e map[string]any) { e["data"] = "a deposit" }, "data"},
			{data("amount", "1e5"), "data/amount"},
			{data("amount", "-1"), "data/amount"},
			{data("amount", "0.1234567890123456789"), "data/amount"},
			{data("amount", 0.5), "data/amount"},
			{data("status", "done"), "data/status"},
			{data("confirmations", -1), "data/confirmations"},
			{data("version", 0), "data/version"},
			{func(e map[string]any) { delete(e["data"].(map[string]any), "hash") }, "missing property 'hash'"},
			{data("coin", "btc!"), "data/coin"},
			{data("coin", "USDT@BTC"), `unknown token "USDT@BTC"`},
		}
		var batch []json.RawMessage
		for i := range 1000 {
			batch = append(batch, envelope(i, kinds[i%len(kinds)].change))
			if i%100 == 0 {
				batch = append(batch, c.event("xapa.transaction.v1", deposit(fmt.Sprint("good", i), "c1", "w1", "pending", 0, 1)))
			}
		}
		got := apply(t, a, batch...)
		bad, good := 0, 0
		for i, r := range got {
			if strings.HasPrefix(string(batch[i]), `{"data":`) && strings.Contains(string(batch[i]), `"id":"e-`) {
				good++
				if r.Status != ingest.Applied {
					t.Errorf("a good event of the batch: %+v", r)
				}
				continue
			}
			kind := kinds[bad%len(kinds)]
			if r.Status != ingest.Rejected || !strings.Contains(r.Reason, kind.reason) {
				t.Errorf("malformed event %d (kind %d): %+v, want rejected for %q", bad, bad%len(kinds), r, kind.reason)
			}
			bad++
		}
		if bad != 1000 || good != 10 {
			t.Fatalf("%d malformed and %d good events counted", bad, good)
		}
		if n := one[int](t, db, `SELECT count(*) FROM transactions`); n != 10 {
			t.Errorf("%d transactions, want only the 10 good ones", n)
		}
		if n := one[int](t, db, `SELECT count(*) FROM ingest_letters WHERE state = 'dead' AND reason <> ''`); n != 1000 {
			t.Errorf("%d dead letters with a reason, want 1000", n)
		}
	})
}
