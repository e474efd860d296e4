package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/ledger"
)

// txFilter reads the history filters: minDate, maxDate, coinType (a coin
// id), type (received or sent) and network (main or test).
func (s *Server) txFilter(r *http.Request) (ledger.Filter, error) {
	var f ledger.Filter
	var err error
	if f.From, err = queryDate(r, "minDate"); err != nil {
		return f, err
	}
	if f.To, err = queryEndDate(r, "maxDate"); err != nil {
		return f, err
	}
	if f.CoinID, err = s.queryCoin(r); err != nil {
		return f, err
	}
	q := r.URL.Query()
	f.Type, f.Network = q.Get("type"), q.Get("network")
	return f, f.Validate()
}

func (s *Server) transactionHistory(w http.ResponseWriter, r *http.Request) {
	servePage(w, r, "transactionHistory", s.txFilter, s.transactionPage)
}

func (s *Server) transactionPage(ctx context.Context, f ledger.Filter, p page) ([]ledger.Transaction, int, error) {
	return s.ledger.Page(ctx, f, p.limit(), p.offset())
}

func (s *Server) transactionSearch(w http.ResponseWriter, r *http.Request) {
	q, err := queryText(r, "q", 200)
	if err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.ledger.ByHash(r.Context(), q)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if len(list) == 0 {
		writeError(w, r, Errorf(http.StatusNotFound, "No transaction has the hash "+clipText(q, 80)+"."))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"transactionHistory": list, "page": 1, "items_per_page": len(list),
		"total_items": len(list), "total_pages": 1})
}

// transactionCSV streams every transaction matching the filters.
func (s *Server) transactionCSV(w http.ResponseWriter, r *http.Request) {
	f, err := s.txFilter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.streamTransactions(w, r, "transactions", f)
}

// streamTransactions writes the transactions matching f as a CSV download.
func (s *Server) streamTransactions(w http.ResponseWriter, r *http.Request, kind string, f ledger.Filter) {
	out := csvout.Start(w, kind, f.From, f.To, []string{"ID", "Created At", "User ID", "User Email", "Coin",
		"Network", "Type", "Amount", "Network Fee", "Commission", "Fee", "Status", "Confirmations", "Max Confirmation",
		"Hash", "Receiver Address", "Wallet", "Exchange", "Explorer URL"})
	err := s.ledger.Each(r.Context(), f, func(t ledger.Transaction) error {
		return out.Row(t.ID, t.CreatedAt, t.User.ID, csvout.Text(t.User.Email), csvout.Text(t.CoinType.Symbol), t.Network,
			t.Type, t.Text.Amount, t.Text.NetworkFee, t.Text.Commission, t.Text.Fee,
			ledger.DisplayStatus(t.Status, t.Confirmations, t.MaxConfirmation), t.Confirmations, t.MaxConfirmation,
			csvout.Text(t.Hash), csvout.Text(t.ReceiverAddress), csvout.Text(t.Wallet.Name), t.Exchange, csvout.Text(t.ExplorerURL))
	})
	s.finishStream(r, out, err)
}

func (s *Server) coinTypes(w http.ResponseWriter, r *http.Request) {
	t := r.URL.Query().Get("type")
	if t != "" && t != "all" {
		writeError(w, r, Errorf(http.StatusBadRequest, "type must be empty or all.", FieldError{"type", "must be empty or all"}))
		return
	}
	list, err := ledger.Coins(r.Context(), s.db, t == "all")
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) market(w http.ResponseWriter, r *http.Request) {
	symbol := r.PathValue("symbol")
	if len(symbol) > 20 || !cleanText(symbol) {
		writeError(w, r, Errorf(http.StatusNotFound, "No such coin."))
		return
	}
	changes, err := ledger.Market(r.Context(), s.db, symbol)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"symbol": symbol, "changes": changes})
}

// queryCoin reads the optional coinType filter: the id of a known coin.
func (s *Server) queryCoin(r *http.Request) (int64, error) {
	id, err := queryID(r, "coinType")
	if err != nil || id == 0 {
		return id, err
	}
	var n int
	if err := s.db.QueryRowContext(r.Context(), `SELECT count(*) FROM coins WHERE id = $1`, id).Scan(&n); err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, Errorf(http.StatusBadRequest, "coinType names no coin.", FieldError{"coinType", "unknown coin"})
	}
	return id, nil
}

func clipText(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
