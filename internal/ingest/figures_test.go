package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The accounting card's figures equal the plain SQL over the rows, whatever
// order the core's events come in: shuffled, sent twice, and late (changes
// to a day already closed and summed, and new rows dated in it).
func TestFiguresHoldWhateverOrderEventsComeIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		for seed := range uint64(3) {
			t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) { figuresHold(t, db, seed) })
		}
	})
}

func figuresHold(t *testing.T, db *store.DB, seed uint64) {
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	a, err := ingest.New(db, clock)
	if err != nil {
		t.Fatal(err)
	}
	svc := stats.New(db, clock, daytotals.New(db, clock))
	rng := rand.New(rand.NewPCG(seed, 99))
	c := &core{source: fmt.Sprint("core-", seed)}
	prefix := fmt.Sprint("s", seed, "-")
	rate := c.event("xapa.rate.v1", map[string]any{"coin": "BTC", "fiat_rate": "100", "conversion_rate": "1", "at": stamp(int(seed))})
	setup := []json.RawMessage{c.event("xapa.chain.v1", chain(1)), rate}
	for i := range 3 {
		id := fmt.Sprint(prefix, "c", i)
		setup = append(setup, c.event("xapa.customer.v1", customer(id, 1)), c.event("xapa.wallet.v1", wallet(id+"w", id, 1)))
	}
	// Each transaction in its versions; the last of some is a failure (a reorganisation of a confirmed one).
	var early, late []json.RawMessage
	lateFailures := 0
	for i := range 40 {
		id := fmt.Sprint(prefix, "t", i)
		owner := fmt.Sprint(prefix, "c", rng.IntN(3))
		day := rng.IntN(6) // days before today
		created := now.Add(-time.Duration(day)*24*time.Hour - time.Duration(rng.IntN(10))*time.Hour)
		versions := []map[string]any{
			txData(id, owner, rng, created, "pending", 0, 1),
			txData(id, owner, rng, created, "confirmed", 3, 2),
		}
		versions[1]["amount"], versions[1]["commission"], versions[1]["type"] = versions[0]["amount"], versions[0]["commission"], versions[0]["type"]
		if rng.IntN(4) == 0 {
			failed := maps(versions[1])
			failed["status"], failed["version"] = "failed", 3
			versions = append(versions, failed)
		}
		for v, data := range versions {
			e := c.event("xapa.transaction.v1", data)
			if day > 0 && v == len(versions)-1 && rng.IntN(2) == 0 {
				late = append(late, e) // arrives after its day was closed and summed
				if data["status"] == "failed" {
					lateFailures++
				}
			} else {
				early = append(early, e)
			}
		}
	}
	if lateFailures == 0 {
		t.Fatal("no late failure: the history would not test a closed day changing")
	}
	rng.Shuffle(len(early), func(i, j int) { early[i], early[j] = early[j], early[i] })
	for range 10 {
		early = append(early, early[rng.IntN(len(early))])
	}
	apply(t, a, append(setup, early[:len(early)/2]...)...)
	apply(t, a, early[len(early)/2:]...)
	from, to := now.Add(-7*24*time.Hour), now
	if _, err := svc.Financial(ctx, from, to); err != nil { // the closed days are summed and kept now
		t.Fatal(err)
	}
	rng.Shuffle(len(late), func(i, j int) { late[i], late[j] = late[j], late[i] })
	apply(t, a, append(late, late...)...)
	// No figure is older than twice its lifetime (an expired one is served while it is computed again, decision 0004).
	now = now.Add(2*stats.ClosedTTL + time.Second)
	got, err := svc.Financial(ctx, from, to)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"received", "sent"} {
		flow := got.TotalIncome
		if kind == "sent" {
			flow = got.TotalOutcome
		}
		count, value, commission := plainSQL(t, db, kind, from, to)
		if flow.Count != count || flow.USDBalance != value {
			t.Errorf("%s: the card says %d for $%s, the rows %d for $%s", kind, flow.Count, flow.USDBalance, count, value)
		}
		if kind == "sent" && got.TotalRevenueEarnedBySend != commission {
			t.Errorf("revenue: the card says $%s, the rows $%s", got.TotalRevenueEarnedBySend, commission)
		}
	}
}

func maps(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func txData(id, owner string, rng *rand.Rand, created time.Time, status string, conf, version int) map[string]any {
	typ := []string{"received", "sent"}[rng.IntN(2)]
	amount := decimal.New(rng.Int64N(1_000_000)+1, -6)
	commission := "0"
	if typ == "sent" {
		commission = decimal.New(rng.Int64N(1000), -6).String()
	}
	return map[string]any{"id": id, "customer_id": owner, "wallet_id": owner + "w", "coin": "BTC", "type": typ, "network": "main",
		"status": status, "confirmations": conf, "max_confirmation": 3, "amount": amount.String(), "network_fee": "0",
		"commission": commission, "fee": commission, "hash": "h" + id, "receiver_address": "", "exchange": false,
		"created_at": created.Format(time.RFC3339), "version": version}
}

// plainSQL is the card's figure from the rows themselves: main-network
// transactions of kind, not failed, created in [from, to], in USD.
func plainSQL(t *testing.T, db *store.DB, kind string, from, to time.Time) (int, string, string) {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), `SELECT x.amount, x.commission, c.fiat_rate FROM transactions x
		JOIN coins c ON c.id = x.coin_id WHERE x.type = $1 AND x.network = 'main' AND x.status <> 'failed'
		AND x.created_at >= $2 AND x.created_at <= $3`, kind, from, to)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n, value, commission := 0, decimal.Zero, decimal.Zero
	for rows.Next() {
		var amount, comm, rate decimal.Decimal
		if err := rows.Scan(&amount, &comm, &rate); err != nil {
			t.Fatal(err)
		}
		n++
		value, commission = value.Add(amount.Mul(rate)), commission.Add(comm.Mul(rate))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return n, money.USD(value), money.USD(commission)
}
