// Package money formats exact amounts for display (coin
// amounts 6 decimals, USD 2, rates 5 significant digits). Raw amounts travel
// as decimal strings.
package money

import (
	"errors"
	"math/big"

	"github.com/shopspring/decimal"
)

// Coin formats a coin amount with 6 decimals.
func Coin(d decimal.Decimal) string { return d.StringFixed(6) }

// USD formats a dollar amount with 2 decimals.
func USD(d decimal.Decimal) string { return d.StringFixed(2) }

// RateDigits is how many significant digits a rate shows: enough to tell
// TRX→BTC (0.0000018370) from zero.
const RateDigits = 5

// Rate formats an exchange rate with RateDigits significant digits, trailing
// zeros kept; the whole part is never rounded (123456.7 → 123457).
func Rate(d decimal.Decimal) string {
	if d.IsZero() {
		return d.StringFixed(RateDigits - 1)
	}
	// d = coefficient × 10^exponent: its leading digit stands at 10^lead.
	lead := int32(len(new(big.Int).Abs(d.Coefficient()).String())) + d.Exponent() - 1
	return d.StringFixed(max(0, RateDigits-1-lead))
}

// Stored amounts are NUMERIC(38, 18): at most 20 digits before the point and
// 18 after it.
const (
	MaxIntegerDigits  = 20
	MaxFractionDigits = 18
)

// ErrOutOfRange refuses an amount the database cannot hold exactly.
var ErrOutOfRange = errors.New("the amount must have at most 20 digits before the point and 18 after it")

// Amount checks that d can be stored exactly and returns it without
// trailing zeros. It never expands d: an
// input such as 1e999999999 is refused without computing 10^999999999.
func Amount(d decimal.Decimal) (decimal.Decimal, error) {
	coef, exp := d.Coefficient(), int64(d.Exponent())
	if coef.Sign() == 0 {
		return decimal.Zero, nil
	}
	coef.Abs(coef)
	// Drop trailing zeros of the coefficient (bounded by its digit count).
	ten, q, r := big.NewInt(10), new(big.Int), new(big.Int)
	for {
		q.QuoRem(coef, ten, r)
		if r.Sign() != 0 {
			break
		}
		coef.Set(q)
		exp++
	}
	digits := int64(len(coef.String()))
	if -exp > MaxFractionDigits || digits+exp > MaxIntegerDigits {
		return decimal.Decimal{}, ErrOutOfRange
	}
	if d.Sign() < 0 {
		coef.Neg(coef)
	}
	return decimal.NewFromBigInt(coef, int32(exp)), nil
}
