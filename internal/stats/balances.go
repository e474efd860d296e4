package stats

import (
	"context"
	"database/sql"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/memo"
	"xapa/backoffice/internal/money"
)

// Balance is one coin's balance.
type Balance struct {
	CoinID           int64           `json:"coin_id"`
	Name             string          `json:"name"`
	Symbol           string          `json:"symbol"`
	Icon             string          `json:"icon"`
	Balance          decimal.Decimal `json:"balance"`
	FormattedBalance string          `json:"formatted_balance"`
	Price            decimal.Decimal `json:"price"`
	USDValue         string          `json:"usd_value"`
	NetworkFee       decimal.Decimal `json:"network_fee"`
	WalletAddress    string          `json:"wallet_address"`
}

// CustomerBalances sums the customers' main-network wallets per coin.
func (s *Service) CustomerBalances(ctx context.Context) ([]Balance, error) {
	d := s.db.Dialect
	return s.balances(ctx, "customer", `SELECT c.id, c.name, c.symbol, c.icon, c.fiat_rate,
			coalesce(cw.network_fee, 0), '', sums.total
		FROM coins c LEFT JOIN company_wallets cw ON cw.coin_id = c.id
		LEFT JOIN (SELECT `+d.Unindexed("coin_id")+` AS coin_id, `+d.Sum("balance")+` AS total
			FROM wallets WHERE network = 'main' GROUP BY `+d.Unindexed("coin_id")+`) sums
			ON sums.coin_id = c.id
		ORDER BY c.position, c.id`)
}

// CompanyBalances is the company's own wallet per coin.
func (s *Service) CompanyBalances(ctx context.Context) ([]Balance, error) {
	return s.balances(ctx, "company", `SELECT c.id, c.name, c.symbol, c.icon, c.fiat_rate, cw.network_fee, cw.address, cw.balance
		FROM company_wallets cw JOIN coins c ON c.id = cw.coin_id ORDER BY c.position, c.id`)
}

func (s *Service) balances(ctx context.Context, key, q string) ([]Balance, error) {
	return memo.Get(ctx, s.cache, "balances:"+key, LiveTTL, func(ctx context.Context) ([]Balance, error) {
		rows, err := s.db.QueryContext(ctx, q)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		out := []Balance{}
		for rows.Next() {
			var b Balance
			var total decimal.NullDecimal
			var addr sql.NullString
			if err := rows.Scan(&b.CoinID, &b.Name, &b.Symbol, &b.Icon, &b.Price, &b.NetworkFee, &addr, &total); err != nil {
				return nil, err
			}
			b.Balance, b.WalletAddress = total.Decimal, addr.String
			b.FormattedBalance = money.Coin(b.Balance)
			b.USDValue = money.USD(b.Balance.Mul(b.Price))
			out = append(out, b)
		}
		return out, rows.Err()
	})
}
