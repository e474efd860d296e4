package demo

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"math/rand/v2"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
)

// Largest move of a price in one live step, as a fraction: stablecoins
// barely move, so the demo does not show USDT at $1.04. Each step also
// pulls the price back by pullBack of its distance from the catalogue's
// rate, so a demo left running for days stays near realistic prices.
const (
	priceStep  = 0.004
	stableStep = 0.0002
	pullBack   = "0.02"
)

// stable are the demo's coins pegged to the dollar.
var stable = map[string]bool{"USDT": true, "USDC": true, "DAI": true}

// movePrices is the simulated price feed of one live step: each coin of the
// demo's catalogue gets a new rate a small random step from its last one,
// and today's candle (UTC) closes at it. They arrive as xapa.rate.v1 and
// xapa.candle.v1 events, as a real core sends them, never as table writes.
func movePrices(ctx context.Context, db *store.DB, core *simCore, rng *rand.Rand, now time.Time) error {
	type quote struct {
		name, symbol       string
		rate, conv, anchor decimal.Decimal
	}
	rows, err := db.QueryContext(ctx, `SELECT c.id, c.symbol, coalesce(ch.symbol, ''), c.fiat_rate, c.conversion_rate
		FROM coins c LEFT JOIN coins ch ON ch.id = c.blockchain_id ORDER BY c.id`)
	if err != nil {
		return err
	}
	var quotes []quote
	ids := map[string]int64{}
	for rows.Next() {
		var id int64
		var symbol, chain string
		var rate, conv decimal.NullDecimal
		if err := rows.Scan(&id, &symbol, &chain, &rate, &conv); err != nil {
			rows.Close()
			return err
		}
		i := catalogued(symbol, chain)
		if i < 0 || !rate.Valid || !rate.Decimal.IsPositive() {
			continue // a token staff added, or a coin the feed has not priced yet
		}
		if !conv.Valid {
			conv.Decimal = decimal.NewFromInt(1)
		}
		quotes = append(quotes, quote{coinName(i), coins[i].symbol, rate.Decimal, conv.Decimal, dec(coins[i].rate)})
		ids[coinName(i)] = id
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	for _, q := range quotes {
		step := priceStep
		if stable[q.symbol] {
			step = stableStep
		}
		price := nextPrice(q.rate, q.anchor, rng, step)
		at, err := after(ctx, db, "rate", q.name, now)
		if err != nil {
			return err
		}
		if err := core.send(at, ingest.Rate{Coin: q.name, FiatRate: amt(price), ConversionRate: amt(q.conv), At: at}); err != nil {
			return err
		}
		candle, err := todaysCandle(ctx, db, ids[q.name], today, q.rate)
		if err != nil {
			return err
		}
		candle.Coin, candle.Close = q.name, amt(price)
		candle.High = amt(decimal.Max(dec(string(candle.High)), price))
		candle.Low = amt(decimal.Min(dec(string(candle.Low)), price))
		if candle.At, err = after(ctx, db, "candle", q.name+"/"+candle.Day, now); err != nil {
			return err
		}
		if err := core.send(candle.At, candle); err != nil {
			return err
		}
	}
	return nil
}

// nextPrice is price moved by a random fraction of at most step and pulled
// towards anchor, kept to 8 significant digits (exact decimals; the float
// only draws the step).
func nextPrice(price, anchor decimal.Decimal, rng *rand.Rand, step float64) decimal.Decimal {
	factor := decimal.NewFromFloat(1 + (2*rng.Float64()-1)*step).Round(8)
	next := price.Mul(factor)
	next = next.Add(anchor.Sub(next).Mul(dec(pullBack)))
	f, _ := next.Float64()
	places := int32(min(18, max(2, 7-int(math.Floor(math.Log10(f))))))
	if rounded := next.Round(places); rounded.IsPositive() {
		return rounded
	}
	return price
}

// todaysCandle is the coin's candle of today as stored; a new day opens at
// the last close (or at rate when the coin has no candle yet).
func todaysCandle(ctx context.Context, db *store.DB, coin int64, today time.Time, rate decimal.Decimal) (ingest.Candle, error) {
	var day time.Time
	var open, high, low, closing decimal.Decimal
	err := db.QueryRowContext(ctx, `SELECT day, open, high, low, close FROM market_candles WHERE coin_id = $1
		ORDER BY day DESC LIMIT 1`, coin).Scan(&day, &open, &high, &low, &closing)
	c := ingest.Candle{Day: today.Format(time.DateOnly)}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		c.Open, c.High, c.Low = amt(rate), amt(rate), amt(rate)
	case err != nil:
		return c, err
	case day.UTC().Format(time.DateOnly) == c.Day:
		c.Open, c.High, c.Low = amt(open), amt(high), amt(low)
	default:
		c.Open, c.High, c.Low = amt(closing), amt(closing), amt(closing)
	}
	return c, nil
}

// after is now, or just after the last event of that kind and key when that
// is not older (another node's clock may run ahead): the newest at wins, so
// an older one would be refused as stale.
func after(ctx context.Context, db *store.DB, kind, key string, now time.Time) (time.Time, error) {
	var last int64
	err := db.QueryRowContext(ctx, `SELECT version FROM core_ids WHERE kind = $1 AND core_id = $2`, kind, key).Scan(&last)
	if errors.Is(err, sql.ErrNoRows) {
		return now, nil
	}
	if err != nil {
		return now, err
	}
	if now.UnixMicro() <= last {
		return time.UnixMicro(last + 1).UTC(), nil
	}
	return now, nil
}
