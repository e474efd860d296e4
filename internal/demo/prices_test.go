package demo_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// A live step moves each coin's rate and today's candle, which closes at that rate, through the core's rate and
// candle events; the next day's first step opens a new candle at the last close. The clock is the test's.
func TestLiveMovesPricesThroughEvents(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 20, Transactions: 100, Seed: 5, Now: now}); err != nil {
			t.Fatal(err)
		}
		clock := now
		read := func() (map[string]decimal.Decimal, map[string]ledger.Candle) {
			t.Helper()
			l := ledger.New(db, func() time.Time { return clock }, nil) // a new one: no cached reply
			coins, err := l.Coins(ctx, false)
			if err != nil {
				t.Fatal(err)
			}
			rates, latest := map[string]decimal.Decimal{}, map[string]ledger.Candle{}
			for _, c := range coins {
				rates[c.Symbol] = c.FiatExchangeRate
				changes, err := l.Market(ctx, c.Symbol)
				if err != nil || len(changes) == 0 {
					t.Fatalf("market %s: %d candles, %v", c.Symbol, len(changes), err)
				}
				latest[c.Symbol] = changes[len(changes)-1]
			}
			return rates, latest
		}
		rates0, candles0 := read()
		rng := rand.New(rand.NewPCG(3, 4))

		clock = now.Add(3 * time.Second)
		if err := demo.StepAt(ctx, db, rng, clock); err != nil {
			t.Fatal(err)
		}
		rates1, candles1 := read()
		for _, symbol := range []string{"BTC", "ETH", "TRX", "BNB"} {
			before, after, c0, c1 := rates0[symbol], rates1[symbol], candles0[symbol], candles1[symbol]
			if after.Equal(before) {
				t.Errorf("%s: rate stayed %s", symbol, before)
			}
			if moved := after.Sub(before).Div(before).Abs(); moved.GreaterThan(decimal.RequireFromString("0.005")) {
				t.Errorf("%s: rate %s -> %s, a move above 0.5%%", symbol, before, after)
			}
			if c1.StartsAt != c0.StartsAt || !c1.Open.Equal(c0.Open) {
				t.Errorf("%s: latest candle %s opening %s became %s opening %s; want the same day's", symbol, c0.StartsAt, c0.Open, c1.StartsAt, c1.Open)
			}
			if !c1.Close.Equal(after) || c1.Close.Equal(c0.Close) {
				t.Errorf("%s: today's close %s -> %s, want the new rate %s", symbol, c0.Close, c1.Close, after)
			}
			if c1.High.LessThan(decimal.Max(c0.High, after)) || c1.Low.GreaterThan(decimal.Min(c0.Low, after)) {
				t.Errorf("%s: high %s and low %s do not span the close %s", symbol, c1.High, c1.Low, after)
			}
		}

		// The next day (UTC): a new candle opening at yesterday's close.
		clock = time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 1, 0, time.UTC)
		if err := demo.StepAt(ctx, db, rng, clock); err != nil {
			t.Fatal(err)
		}
		rates2, candles2 := read()
		for _, symbol := range []string{"BTC", "ETH"} {
			c := candles2[symbol]
			if c.StartsAt != "2026-11-23T00:00:00+00:00" || !c.Open.Equal(candles1[symbol].Close) || !c.Close.Equal(rates2[symbol]) {
				t.Errorf("%s: next day's candle %+v; want 2026-11-23 opening at %s, closing at %s", symbol, c, candles1[symbol].Close, rates2[symbol])
			}
		}
		everyRowCameFromTheCore(t, db)
	})
}
