package httpapi

import (
	"context"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/metrics"
)

// watch puts the business gauges and the caches' ages in the exposition
// (Options.Metrics): the dashboard's own cached figures, so a scrape costs
// the database nothing beyond what the dashboard costs.
func (s *Server) watch() {
	s.metrics.Watch(metrics.Business{Balances: s.reserves, Pending: s.stats.Pending},
		metrics.Cache{Name: "dashboard", Ages: s.stats.CacheAges}, metrics.Cache{Name: "history", Ages: s.ledger.CacheAges})
}

// reserves pairs the customers' and the company's balance of every coin.
func (s *Server) reserves(ctx context.Context) ([]metrics.CoinBalance, error) {
	customer, err := s.stats.CustomerBalances(ctx)
	if err != nil {
		return nil, err
	}
	company, err := s.stats.CompanyBalances(ctx)
	if err != nil {
		return nil, err
	}
	held := make(map[int64]decimal.Decimal, len(company))
	for _, b := range company {
		held[b.CoinID] = b.Balance
	}
	out := make([]metrics.CoinBalance, 0, len(customer))
	for _, b := range customer {
		out = append(out, metrics.CoinBalance{CoinID: b.CoinID, Coin: b.Symbol, Customer: b.Balance, Company: held[b.CoinID]})
	}
	return out, nil
}
