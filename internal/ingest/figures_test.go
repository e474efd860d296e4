package ingest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/daytotals"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/money"
	"xapa/backoffice/internal/reports"
	"xapa/backoffice/internal/stats"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The dashboard's widgets (volume, send and exchange revenue: all time and
// each day of the week; pending transactions; customer balances) and the
// accounting card's figures equal the plain SQL over the rows, and the
// balances the producer's ledger, whatever order the core's events come in:
// shuffled, sent twice, and late (changes to a day already closed and
// summed, and new rows dated in it).
func TestFiguresHoldWhateverOrderEventsComeIn(t *testing.T) {
	t.Parallel()
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
	var early, late []json.RawMessage
	// The producer's ledger: each wallet at its last version (the earlier seeds' wallets share the database).
	balances := decimal.RequireFromString(one[string](t, db, `SELECT coalesce(`+db.Dialect.Sum("balance")+` || '', '0') FROM wallets`))
	for i := range 3 {
		id := fmt.Sprint(prefix, "c", i)
		setup = append(setup, c.event("xapa.customer.v1", customer(id, 1)), c.event("xapa.wallet.v1", wallet(id+"w", id, 1)),
			c.event("xapa.wallet.v1", wallet(id+"x", id, 1)))
		for v := 2; v <= 3; v++ { // later balances, in any order
			balance := decimal.New(rng.Int64N(1_000_000), -6)
			early = append(early, c.event("xapa.wallet.v1", with(wallet(id+"x", id, v), "balance", balance.String())))
			if v == 3 {
				balances = balances.Add(balance)
			}
		}
		balances = balances.Add(decimal.RequireFromString("0.5")) // the "w" wallet's one version
	}
	// Exchanges never change; some arrive after their day was closed.
	fees := decimal.Zero // the producer's ledger of this core's exchanges
	for i := range exchanges {
		owner := fmt.Sprint(prefix, "c", rng.IntN(3))
		day := rng.IntN(6)
		fee := decimal.New(rng.Int64N(10_000)+1, -6)
		fees = fees.Add(fee)
		e := c.event("xapa.exchange.v1", map[string]any{"id": fmt.Sprint(prefix, "x", i), "customer_id": owner,
			"from_wallet_id": owner + "w", "to_wallet_id": owner + "x", "rate": "1", "from_amount": "1", "to_amount": "0.99",
			"fee":        fee.String(),
			"created_at": now.Add(-time.Duration(day) * 24 * time.Hour).Format(time.RFC3339)})
		if day > 0 && rng.IntN(2) == 0 {
			late = append(late, e)
		} else {
			early = append(early, e)
		}
	}
	// Each transaction in its versions; the last of some is a failure (a reorganisation of a confirmed one).
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
	if _, err := svc.ExchangeRevenue(ctx); err != nil {
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
	widgetsHold(t, db, svc, balances)
	reportHolds(t, db, prefix, fees)
}

const exchanges = 12

// reportHolds compares the Exchange Report of one core's customers with the
// producer's ledger: each exchange once, with its fee.
func reportHolds(t *testing.T, db *store.DB, customers string, fees decimal.Decimal) {
	t.Helper()
	ctx := context.Background()
	f := reports.Filter{User: customers}
	total, err := reports.New(db).Exchanges(ctx, f, 100, 0, func(reports.ExchangeRow) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	listed := decimal.Zero
	if _, err := reports.New(db).Exchanges(ctx, f, 0, 0, func(r reports.ExchangeRow) error {
		listed = listed.Add(r.Fee)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if total != exchanges || !listed.Equal(fees) {
		t.Errorf("the Exchange Report lists %d exchanges with %s in fees; the producer sent %d with %s", total, listed, exchanges, fees)
	}
}

// widgetsHold compares the dashboard's widgets with the plain SQL over the
// rows, and the customers' balance with the producer's ledger.
func widgetsHold(t *testing.T, db *store.DB, svc *stats.Service, balances decimal.Decimal) {
	t.Helper()
	ctx := context.Background()
	volume, err := svc.Volume(ctx)
	if err != nil {
		t.Fatal(err)
	}
	revenue, err := svc.SendRevenue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ever, later := time.Time{}, time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
	value := func(kind string, from, to time.Time) (string, string) {
		_, amount, commission := plainSQL(t, db, kind, from, to)
		return money.USD(decimal.RequireFromString(amount)), commission
	}
	sum := func(a, b string) string {
		return money.USD(decimal.RequireFromString(a).Add(decimal.RequireFromString(b)))
	}
	in, _ := value("received", ever, later)
	out, commission := value("sent", ever, later)
	if got := money.USD(volume.Total); got != sum(in, out) {
		t.Errorf("volume: the widget says $%s, the rows $%s", got, sum(in, out))
	}
	if got := money.USD(revenue.Total); got != commission {
		t.Errorf("send revenue: the widget says $%s, the rows $%s", got, commission)
	}
	for i, d := range volume.Week {
		start, _ := time.Parse(time.DateOnly, d.Day)
		end := start.Add(24*time.Hour - time.Microsecond)
		in, _ := value("received", start, end)
		out, commission := value("sent", start, end)
		if d.Amount != sum(in, out) || revenue.Week[i].Amount != commission {
			t.Errorf("%s: the widgets say $%s moved and $%s earned, the rows $%s and $%s", d.Day, d.Amount,
				revenue.Week[i].Amount, sum(in, out), commission)
		}
	}
	exchange, err := svc.ExchangeRevenue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	fees := decimal.Zero
	for _, f := range storetest.Column[string](t, db, `SELECT x.fee || ' ' || c.fiat_rate FROM exchanges x
		JOIN coins c ON c.id = x.from_coin_id`) {
		fee, rate, _ := strings.Cut(f, " ")
		fees = fees.Add(decimal.RequireFromString(fee).Mul(decimal.RequireFromString(rate)))
	}
	if got := money.USD(exchange.Total); got != money.USD(fees) {
		t.Errorf("exchange revenue: the widget says $%s, the rows $%s", got, money.USD(fees))
	}
	pending, err := svc.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := one[int](t, db, `SELECT count(*) FROM transactions WHERE status = 'pending'`); pending != want {
		t.Errorf("pending: the widget says %d, the rows %d", pending, want)
	}
	customers, err := svc.CustomerBalances(ctx)
	if err != nil {
		t.Fatal(err)
	}
	held := decimal.Zero
	for _, b := range customers {
		held = held.Add(b.Balance)
	}
	if !held.Equal(balances) {
		t.Errorf("customer balances: the widget says %s BTC, the producer's ledger %s", held, balances)
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
