package httpapi

import (
	"context"
	"net/http"
	"strings"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/textutil"
)

// historyList is the History screen's list: every transaction, filtered by
// minDate, maxDate, coinType (a coin id), type (received or sent), network
// (main or test), the customer's email and an address, in sort and order.
func (s *Server) historyList() lister {
	return list[ledger.Filter, ledger.Transaction, historyPage]{filter: txFilter, page: s.transactionPage, reply: newHistoryPage,
		csv: s.transactionCSV(func(f ledger.Filter) csvout.File { return csvout.File{Kind: "transactions", From: f.From, To: f.To} })}
}

// historyPage is a page of transactions: the History list's, and the
// search's (its one page).
type historyPage struct {
	Items []ledger.Transaction `json:"transactionHistory"`
	pageInfo
}

func newHistoryPage(t []ledger.Transaction, p pageInfo) historyPage { return historyPage{t, p} }

// txFilter reads the history filters; the ledger checks them (ledger.Service.Page).
func txFilter(r *http.Request) (ledger.Filter, error) {
	var f ledger.Filter
	var err error
	if f.From, f.To, err = queryRange(r); err != nil {
		return f, err
	}
	if f.CoinID, err = queryID(r, "coinType"); err != nil {
		return f, err
	}
	if f.Email, err = queryText(r, "email", 254); err != nil {
		return f, err
	}
	if f.Address, err = queryText(r, "address", 200); err != nil {
		return f, err
	}
	f.Email, f.Address = strings.TrimSpace(f.Email), strings.TrimSpace(f.Address)
	q := r.URL.Query()
	f.Type, f.Network = q.Get("type"), q.Get("network")
	f.Order, err = queryOrder(r)
	return f, err
}

func (s *Server) transactionPage(ctx context.Context, f ledger.Filter, p page) ([]ledger.Transaction, int, error) {
	return s.ledger.Page(ctx, f, p.limit(), p.offset())
}

// transactionCSV is the CSV twin of a transaction list, named by file.
func (s *Server) transactionCSV(file func(ledger.Filter) csvout.File) *csvTwin[ledger.Filter, ledger.Transaction] {
	return &csvTwin[ledger.Filter, ledger.Transaction]{file: file, columns: ledger.Columns, lines: s.ledger.CopyCSV}
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
		writeError(w, r, Errorf(http.StatusNotFound, "No transaction has the hash "+textutil.Shorten(q, 80)+"."))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"transactionHistory": list, "page": 1, "items_per_page": len(list),
		"total_items": len(list), "total_pages": 1})
}

func (s *Server) coinTypes(w http.ResponseWriter, r *http.Request) {
	t := r.URL.Query().Get("type")
	if t != "" && t != "all" {
		writeError(w, r, Errorf(http.StatusBadRequest, "type must be empty or all.", FieldError{"type", "must be empty or all"}))
		return
	}
	list, err := s.ledger.Coins(r.Context(), t == "all")
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
	changes, err := s.ledger.Market(r.Context(), symbol)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, marketReply{Symbol: symbol, Changes: changes})
}

// marketReply is a coin's market candles.
type marketReply struct {
	Symbol  string          `json:"symbol"`
	Changes []ledger.Candle `json:"changes"`
}
