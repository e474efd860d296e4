package ingest_test

import (
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func stamp(minutes int) string {
	return t0.Add(time.Duration(minutes) * time.Minute).Format(time.RFC3339)
}

// Exchanges and bonuses are written once; the company's wallets, rates,
// candles and the black list keep the newest value, whatever order they
// come in.
func TestFactsAndNewestValues(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, c := newApplier(t, db), &core{source: "core"}
		eth := with(with(chain(1), "symbol", "ETH"), "name", "Ether")
		apply(t, a, c.event("xapa.chain.v1", chain(1)), c.event("xapa.chain.v1", eth),
			c.event("xapa.customer.v1", customer("c1", 1)), c.event("xapa.customer.v1", customer("c2", 1)),
			c.event("xapa.wallet.v1", wallet("w1", "c1", 1)), c.event("xapa.wallet.v1", with(wallet("w2", "c1", 1), "coin", "ETH")))
		exchange := map[string]any{"id": "x1", "customer_id": "c1", "from_wallet_id": "w1", "to_wallet_id": "w2", "rate": "20.5",
			"from_amount": "0.1", "to_amount": "2.05", "fee": "0.001", "created_at": stamp(0)}
		bonus := map[string]any{"id": "b1", "customer_id": "c1", "invited_customer_id": "c2", "wallet_id": "w1", "kind": "inviter",
			"amount": "0.0001", "usd_amount": "5", "created_at": stamp(0)}
		rate := func(usd string, minute int) map[string]any {
			return map[string]any{"coin": "BTC", "fiat_rate": usd, "conversion_rate": "1", "at": stamp(minute)}
		}
		candle := func(closing string, minute int) map[string]any {
			return map[string]any{"coin": "BTC", "day": "2026-11-19", "open": "1", "high": "3", "low": "0.5", "close": closing,
				"at": stamp(minute)}
		}
		company := func(balance string, minute int) map[string]any {
			return map[string]any{"coin": "ETH", "address": "0xabc", "balance": balance, "network_fee": "0.0001", "at": stamp(minute)}
		}
		listed := func(on bool, minute int) []byte {
			e := c.event("xapa.blacklist.v1", map[string]any{"market_name": "BTC-ETH", "listed": on})
			return []byte(strings.Replace(string(e), t0.Format(time.RFC3339), stamp(minute), 1))
		}
		got := apply(t, a, c.event("xapa.exchange.v1", exchange), c.event("xapa.exchange.v1", with(exchange, "fee", "9")),
			c.event("xapa.bonus.v1", bonus),
			c.event("xapa.rate.v1", rate("90000", 2)), c.event("xapa.rate.v1", rate("80000", 1)),
			c.event("xapa.candle.v1", candle("2", 2)), c.event("xapa.candle.v1", candle("1.5", 1)),
			c.event("xapa.company_wallet.v1", company("3", 2)), c.event("xapa.company_wallet.v1", company("2", 1)),
			listed(false, 2), listed(true, 1))
		if s := statuses(got); s != "applied,stale,applied,applied,stale,applied,stale,applied,stale,applied,stale" {
			t.Fatalf("statuses %s (%+v)", s, got)
		}
		checks := []struct{ query, want string }{
			{`SELECT CAST(fee AS TEXT) FROM exchanges`, "0.001"},
			{`SELECT CAST(count(*) AS TEXT) FROM bonuses WHERE kind = 'inviter'`, "1"},
			{`SELECT CAST(fiat_rate AS TEXT) FROM coins WHERE symbol = 'BTC'`, "90000"},
			{`SELECT CAST(close AS TEXT) FROM market_candles`, "2"},
			{`SELECT CAST(balance AS TEXT) FROM company_wallets`, "3"},
			{`SELECT CAST(count(*) AS TEXT) FROM market_blacklist`, "0"},
		}
		for _, ch := range checks {
			if got := one[string](t, db, ch.query); strings.TrimRight(strings.TrimRight(got, "0"), ".") != ch.want && got != ch.want {
				t.Errorf("%s = %s, want %s", ch.query, got, ch.want)
			}
		}
		// An exchange between another customer's wallets is refused.
		got = apply(t, a, c.event("xapa.exchange.v1", with(with(exchange, "id", "x2"), "customer_id", "c2")))
		if got[0].Status != "rejected" || !strings.Contains(got[0].Reason, "another customer's") {
			t.Errorf("another customer's wallets: %+v", got[0])
		}
	})
}
