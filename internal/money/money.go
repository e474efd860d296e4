// Package money formats exact amounts for display (api-decisions.md: coin
// amounts 6 decimals, USD 2, rates 5). Raw amounts travel as decimal strings.
package money

import "github.com/shopspring/decimal"

// Coin formats a coin amount with 6 decimals.
func Coin(d decimal.Decimal) string { return d.StringFixed(6) }

// USD formats a dollar amount with 2 decimals.
func USD(d decimal.Decimal) string { return d.StringFixed(2) }

// Rate formats an exchange rate with 5 decimals.
func Rate(d decimal.Decimal) string { return d.StringFixed(5) }
