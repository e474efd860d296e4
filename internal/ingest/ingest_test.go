package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

var t0 = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

// core is a test's exchange core: it numbers its events.
type core struct {
	source string
	n      int
}

func (c *core) event(typ string, data map[string]any) json.RawMessage {
	c.n++
	return c.eventID(fmt.Sprintf("e-%d", c.n), typ, data)
}

func (c *core) eventID(id, typ string, data map[string]any) json.RawMessage {
	b, err := json.Marshal(map[string]any{"specversion": "1.0", "id": id, "source": c.source, "type": typ,
		"time": t0.Format(time.RFC3339), "data": data})
	if err != nil {
		panic(err)
	}
	return b
}

func chain(version int) map[string]any {
	return map[string]any{"symbol": "BTC", "name": "Bitcoin", "decimals": 8, "max_confirmation": 3,
		"explorer_tx_url": "https://btc.example/tx/{hash}", "icon": "", "version": version}
}

func customer(id string, version int) map[string]any {
	return map[string]any{"id": id, "email": id + "@example.com", "full_name": "Customer " + id, "enabled": true,
		"email_verified": true, "verified_at": t0.Format(time.RFC3339), "phone_number": nil, "ga_enabled": false,
		"sms_2fa_enabled": false, "sms_verified": false, "invitation_code": "INV" + id, "invited_by": nil,
		"device_type": "iOS", "last_login": nil, "created_at": t0.Format(time.RFC3339), "version": version}
}

func wallet(id, customer string, version int) map[string]any {
	return map[string]any{"id": id, "customer_id": customer, "coin": "BTC", "network": "main", "name": "Bitcoin Wallet",
		"balance": "0.5", "addresses": []string{"bc1q" + id}, "created_at": t0.Format(time.RFC3339), "version": version}
}

func deposit(id, customer, wallet, status string, confirmations, version int) map[string]any {
	return map[string]any{"id": id, "customer_id": customer, "wallet_id": wallet, "coin": "BTC", "type": "received",
		"network": "main", "status": status, "confirmations": confirmations, "max_confirmation": 3,
		"amount": "0.123456789012345678", "network_fee": "0", "commission": "0", "fee": "0", "hash": "h" + id,
		"receiver_address": "bc1q" + wallet, "exchange": false, "created_at": t0.Format(time.RFC3339), "version": version}
}

func with(data map[string]any, key string, v any) map[string]any {
	data[key] = v
	return data
}

func without(data map[string]any, key string) map[string]any {
	delete(data, key)
	return data
}

// apply applies events as one batch. Every event that is not rejected must
// be valid under docs/asyncapi.yaml: the tests send what a core that knows
// only that file would send.
func apply(t *testing.T, a *ingest.Applier, events ...json.RawMessage) []ingest.Result {
	t.Helper()
	results, err := a.Apply(context.Background(), events)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != len(events) {
		t.Fatalf("%d results for %d events", len(results), len(events))
	}
	for i, r := range results {
		if r.Status != ingest.Rejected {
			if err := conforms(t, events[i]); err != nil {
				t.Fatalf("event %d was %s, but docs/asyncapi.yaml refuses it: %v", i, r.Status, err)
			}
		}
	}
	return results
}

func statuses(results []ingest.Result) string {
	s := make([]string, len(results))
	for i, r := range results {
		s[i] = r.Status
	}
	return strings.Join(s, ",")
}

func newApplier(t *testing.T, db *store.DB) *ingest.Applier {
	t.Helper()
	a, err := ingest.New(db, func() time.Time { return t0.Add(time.Hour) })
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func one[T any](t *testing.T, db *store.DB, q string, args ...any) T {
	t.Helper()
	v := storetest.Column[T](t, db, q, args...)
	if len(v) != 1 {
		t.Fatalf("%q: %d rows", q, len(v))
	}
	return v[0]
}

// A deposit, from the chain to its last confirmation: each change once, in
// version order, exact to the last of 18 decimals.
func TestADepositArrivesAndIsConfirmed(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, c := newApplier(t, db), &core{source: "wallet-service"}
		got := apply(t, a, c.event("xapa.chain.v1", chain(1)), c.event("xapa.customer.v1", customer("c1", 1)),
			c.event("xapa.wallet.v1", wallet("w1", "c1", 1)), c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "pending", 0, 1)))
		if s := statuses(got); s != "applied,applied,applied,applied" {
			t.Fatalf("statuses %s (%+v)", s, got)
		}
		for v, conf := range []int{1, 2} {
			apply(t, a, c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "pending", conf, v+2)))
		}
		apply(t, a, c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "confirmed", 3, 4)))
		status := one[string](t, db, `SELECT status || ' ' || CAST(confirmations AS TEXT) || ' ' || CAST(amount AS TEXT) FROM transactions`)
		if !strings.HasPrefix(status, "confirmed 3 0.123456789012345678") {
			t.Errorf("the deposit is %q", status)
		}
		owner := one[string](t, db, `SELECT u.email FROM transactions x JOIN users u ON u.id = x.user_id`)
		if owner != "c1@example.com" {
			t.Errorf("the deposit is %s's", owner)
		}
		if url := one[string](t, db, `SELECT explorer_url FROM transactions`); url != "https://btc.example/tx/ht1" {
			t.Errorf("explorer URL %q", url)
		}
		if n := one[int](t, db, `SELECT count(*) FROM users WHERE password_hash = '' AND NOT is_admin`); n != 1 {
			t.Errorf("%d customers without a password here, want 1", n)
		}
	})
}

// The same event again, or an older version, changes nothing.
func TestDuplicatesAndStaleVersionsChangeNothing(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, c := newApplier(t, db), &core{source: "wallet-service"}
		apply(t, a, c.event("xapa.chain.v1", chain(1)), c.event("xapa.customer.v1", customer("c1", 1)),
			c.event("xapa.wallet.v1", wallet("w1", "c1", 1)))
		second := c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "pending", 2, 3))
		got := apply(t, a, second, second, c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "pending", 1, 2)))
		if s := statuses(got); s != "applied,duplicate,stale" {
			t.Fatalf("statuses %s (%+v)", s, got)
		}
		if conf := one[int](t, db, `SELECT confirmations FROM transactions`); conf != 2 {
			t.Errorf("confirmations %d, want 2: the stale version applied", conf)
		}
		if got := apply(t, a, second); got[0].Status != ingest.Duplicate {
			t.Errorf("sent again in another batch: %s", got[0].Status)
		}
	})
}

// A transaction before its customer and wallet waits for them, and is
// applied when they come.
func TestAnEventWaitsForWhatItRefersTo(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, c := newApplier(t, db), &core{source: "wallet-service"}
		got := apply(t, a, c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "pending", 0, 1)),
			c.event("xapa.wallet.v1", wallet("w1", "c1", 1)), c.event("xapa.customer.v1", customer("c1", 1)))
		if s := statuses(got); s != "held,held,applied" {
			t.Fatalf("before the chain: %+v", got)
		}
		// The customer released both; the wallet now waits for its chain, and the deposit for its wallet.
		if w := storetest.Column[string](t, db, `SELECT waits_for FROM ingest_letters ORDER BY waits_for`); strings.Join(w, ",") != "chain:BTC,wallet:w1" {
			t.Fatalf("held for %v", w)
		}
		if n := one[int](t, db, `SELECT count(*) FROM transactions`); n != 0 {
			t.Fatalf("%d transactions before their chain", n)
		}
		if got := apply(t, a, c.event("xapa.chain.v1", chain(1))); got[0].Status != ingest.Applied {
			t.Fatalf("the chain: %+v", got)
		}
		if n := one[int](t, db, `SELECT count(*) FROM wallets`); n != 1 {
			t.Fatalf("%d wallets once their chain came, want 1", n)
		}
		got = apply(t, a, c.event("xapa.transaction.v1", deposit("t2", "c2", "w2", "pending", 0, 1)),
			c.event("xapa.wallet.v1", wallet("w2", "c2", 1)))
		if s := statuses(got); s != "held,held" || !strings.Contains(got[0].Reason, "customer:c2") {
			t.Fatalf("before the customer: %+v", got)
		}
		if n := one[int](t, db, `SELECT count(*) FROM transactions`); n != 1 {
			t.Fatalf("%d transactions while the second waits for its customer, want 1", n)
		}
		if got := apply(t, a, c.event("xapa.customer.v1", customer("c2", 1))); got[0].Status != ingest.Applied {
			t.Fatalf("the customer: %+v", got)
		}
		if n := one[int](t, db, `SELECT count(*) FROM transactions`); n != 2 {
			t.Errorf("%d transactions once chain, customers and wallets came, want 2", n)
		}
		if n := one[int](t, db, `SELECT count(*) FROM ingest_letters`); n != 0 {
			t.Errorf("%d letters still held", n)
		}
		if n := one[int](t, db, `SELECT count(*) FROM ingest_events WHERE status = 'applied'`); n != 7 {
			t.Errorf("%d events recorded applied, want 7", n)
		}
	})
}

// Each event that breaks the contract is rejected with its reason and kept
// as a dead letter; nothing of it is written, and the batch's good events
// apply.
func TestEventsThatBreakTheContractAreRejectedWithTheirReason(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, c := newApplier(t, db), &core{source: "wallet-service"}
		apply(t, a, c.event("xapa.chain.v1", chain(1)), c.event("xapa.customer.v1", customer("c1", 1)),
			c.event("xapa.wallet.v1", wallet("w1", "c1", 1)))
		cases := []struct {
			event  json.RawMessage
			reason string
		}{
			{c.event("xapa.order.v1", map[string]any{}), `unknown type "xapa.order.v1"`},
			{json.RawMessage(`{"specversion":"1.0","source":"wallet-service","type":"xapa.chain.v1","time":"2026-11-20T09:00:00Z","data":{}}`), "id"},
			{json.RawMessage(`[1,2]`), "the envelope"},
			{c.event("xapa.transaction.v1", with(deposit("t2", "c1", "w1", "pending", 0, 1), "amount", "1e5")), "data/amount:"},
			{c.event("xapa.transaction.v1", with(deposit("t3", "c1", "w1", "pending", 0, 1), "amount", "0.1234567890123456789")), "data/amount:"},
			{c.event("xapa.transaction.v1", without(deposit("t4", "c1", "w1", "pending", 0, 1), "hash")), "hash"},
			{c.event("xapa.transaction.v1", with(deposit("t5", "c1", "w1", "pending", 0, 1), "coin", "USDT@BTC")), `unknown token "USDT@BTC"`},
			{c.event("xapa.transaction.v1", with(deposit("t6", "c1", "w1", "pending", 0, 1), "status", "done")), "data/status:"},
			{c.event("xapa.customer.v1", with(customer("c2", 1), "email", "c1@example.com")), "email: another user holds it"},
			{c.event("xapa.wallet.v1", with(wallet("w2", "c1", 1), "version", 0)), "data/version:"},
		}
		events := []json.RawMessage{}
		for _, tc := range cases {
			events = append(events, tc.event)
		}
		events = append(events, c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "pending", 0, 1)))
		got := apply(t, a, events...)
		for i, tc := range cases {
			if got[i].Status != ingest.Rejected || !strings.Contains(got[i].Reason, tc.reason) {
				t.Errorf("case %d: %+v, want rejected for %q", i, got[i], tc.reason)
			}
		}
		if last := got[len(got)-1]; last.Status != ingest.Applied {
			t.Errorf("the good event of the batch: %+v", last)
		}
		if n := one[int](t, db, `SELECT count(*) FROM transactions`); n != 1 {
			t.Errorf("%d transactions, want only the good one", n)
		}
		if n := one[int](t, db, `SELECT count(*) FROM users`); n != 1 {
			t.Errorf("%d users, want 1: the rejected customer was written", n)
		}
		if n := one[int](t, db, `SELECT count(*) FROM ingest_letters WHERE state = 'dead'`); n != len(cases) {
			t.Errorf("%d dead letters, want %d", n, len(cases))
		}
	})
}

// A chain moves a transaction forward only: confirmations never go down,
// failed is final, and confirmed can only become failed.
func TestATransactionOnlyMovesForward(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, c := newApplier(t, db), &core{source: "wallet-service"}
		apply(t, a, c.event("xapa.chain.v1", chain(1)), c.event("xapa.customer.v1", customer("c1", 1)),
			c.event("xapa.wallet.v1", wallet("w1", "c1", 1)),
			c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "confirmed", 3, 1)))
		got := apply(t, a, c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "pending", 3, 2)),
			c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "confirmed", 2, 3)),
			c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "failed", 0, 4)),
			c.event("xapa.transaction.v1", deposit("t1", "c1", "w1", "confirmed", 5, 5)))
		if s := statuses(got); s != "rejected,rejected,applied,rejected" {
			t.Fatalf("statuses %s (%+v)", s, got)
		}
		if status := one[string](t, db, `SELECT status FROM transactions`); status != "failed" {
			t.Errorf("status %s", status)
		}
	})
}

// What an event waits for and never gets, within 24 hours, makes it a dead
// letter saying why.
func TestAHeldEventExpiresAfterADay(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := t0
		a, err := ingest.New(db, func() time.Time { return now })
		if err != nil {
			t.Fatal(err)
		}
		c := &core{source: "core"}
		apply(t, a, c.event("xapa.wallet.v1", wallet("w1", "c9", 1)))
		now = now.Add(ingest.HoldFor - time.Second)
		if n, err := a.ExpireHeld(context.Background()); err != nil || n != 0 {
			t.Fatalf("a second before the day is out: %d expired (%v)", n, err)
		}
		now = now.Add(time.Second)
		if n, err := a.ExpireHeld(context.Background()); err != nil || n != 1 {
			t.Fatalf("after a day: %d expired (%v), want 1", n, err)
		}
		if r := one[string](t, db, `SELECT reason FROM ingest_letters WHERE state = 'dead'`); r != "held for 24 hours: it waits for customer:c9" {
			t.Errorf("reason %q", r)
		}
		if s := one[string](t, db, `SELECT status FROM ingest_events`); s != "rejected" {
			t.Errorf("the event's status %q", s)
		}
	})
}

// Expiring held events reads the held letters and their events by key, never
// every event seen: each node runs it every minute, and SQLite holds its
// write lock meanwhile.
func TestExpiringReadsOnlyTheHeldEvents(t *testing.T) {
	t.Parallel()
	if !storetest.Enabled("sqlite") {
		t.Skip("SQLite tests run in the TEST_DB=sqlite pass")
	}
	db := storetest.SQLite(t)
	rows, err := db.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+ingest.ExpireEvents, t0)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var step string
		if err := rows.Scan(&id, &parent, &unused, &step); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, step)
	}
	if len(plan) == 0 || slices.ContainsFunc(plan, func(step string) bool { return strings.HasPrefix(step, "SCAN") }) {
		t.Errorf("expiring held events: %s, want searches by key alone", strings.Join(plan, "; "))
	}
}
