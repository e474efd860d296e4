package ledger

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/utc"
)

// Coin is a coin type as GET /api/cointypes shows it.
type Coin struct {
	ID               int64           `json:"id"`
	Name             string          `json:"name"`
	Symbol           string          `json:"symbol"`
	Icon             string          `json:"icon"`
	FiatExchangeRate decimal.Decimal `json:"fiatExchangeRate"`
	ConversionRate   decimal.Decimal `json:"conversionRate"`
	Type             string          `json:"type" enum:"coin,token"`
	Blockchain       *string         `json:"blockchain"` // the chain coin's symbol, for tokens
	Decimals         int             `json:"decimals"`
	MaxConfirmation  int             `json:"maxConfirmation"`
}

// Coins lists the chain coins, and the tokens too when withTokens, in display order.
func (s *Service) Coins(ctx context.Context, withTokens bool) ([]Coin, error) {
	cond := ` WHERE c.kind = 'coin'`
	if withTokens {
		cond = ``
	}
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.name, c.symbol, c.icon, c.fiat_rate, c.conversion_rate, c.kind, b.symbol,
		c.decimals, c.max_confirmation FROM coins c LEFT JOIN coins b ON b.id = c.blockchain_id`+cond+` ORDER BY c.position, c.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Coin{}
	for rows.Next() {
		var c Coin
		var chain sql.NullString
		if err := rows.Scan(&c.ID, &c.Name, &c.Symbol, &c.Icon, &c.FiatExchangeRate, &c.ConversionRate, &c.Type, &chain,
			&c.Decimals, &c.MaxConfirmation); err != nil {
			return nil, err
		}
		if chain.Valid {
			c.Blockchain = &chain.String
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Candle is one day of a market.
type Candle struct {
	StartsAt      string          `json:"startsAt"`
	Open          decimal.Decimal `json:"open"`
	Close         decimal.Decimal `json:"close"`
	High          decimal.Decimal `json:"high"`
	Low           decimal.Decimal `json:"low"`
	AmountChange  decimal.Decimal `json:"amountChange"`
	PercentChange decimal.Decimal `json:"percentChange"`
}

// MarketDays is how many daily candles a market reply holds.
const MarketDays = 30

// Market returns a coin's last 30 daily candles, newest last.
func (s *Service) Market(ctx context.Context, symbol string) ([]Candle, error) {
	var coinID int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM coins WHERE lower(symbol) = lower($1) ORDER BY position, id LIMIT 1`,
		strings.TrimSpace(symbol)).Scan(&coinID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, &apperr.NotFound{What: "Market " + symbol}
	}
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT day, open, close, high, low FROM (SELECT day, open, close, high, low
		FROM market_candles WHERE coin_id = $1 ORDER BY day DESC LIMIT $2) recent ORDER BY day`, coinID, MarketDays)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Candle{}
	hundred := decimal.NewFromInt(100)
	for rows.Next() {
		var c Candle
		var day time.Time
		if err := rows.Scan(&day, &c.Open, &c.Close, &c.High, &c.Low); err != nil {
			return nil, err
		}
		c.StartsAt = utc.Stamp(day)
		c.AmountChange = c.Close.Sub(c.Open)
		if !c.Open.IsZero() {
			c.PercentChange = c.AmountChange.Div(c.Open).Mul(hundred).Round(2)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
