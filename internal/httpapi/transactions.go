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
	var q historyQuery
	err := bindQuery(r, &q)
	f := ledger.Filter{CoinID: q.CoinType, Type: q.Type, Network: q.Network, Order: q.order(),
		Email: strings.TrimSpace(q.Email), Address: strings.TrimSpace(q.Address)}
	f.From, f.To = q.bounds()
	return f, err
}

// historyQuery is the History filters. Type and network are the ledger's
// to check (ledger.Filter.Validate); the document lists their values from
// the ledger too (ledger.Type.Enum).
type historyQuery struct {
	RangeQuery
	CoinQuery
	OrderQuery
	Type    ledger.Type    `query:"type"`
	Network ledger.Network `query:"network"`
	Email   string         `query:"email" maxLength:"254" description:"The customer's whole email, in any case."`
	Address string         `query:"address" maxLength:"200" description:"An address: the transactions sent to it, and those of the wallet it belongs to."`
}

func (s *Server) transactionPage(ctx context.Context, f ledger.Filter, p page) ([]ledger.Transaction, int, error) {
	return s.ledger.Page(ctx, f, p.limit(), p.offset())
}

// transactionCSV is the CSV twin of a transaction list, named by file.
func (s *Server) transactionCSV(file func(ledger.Filter) csvout.File) *csvTwin[ledger.Filter, ledger.Transaction] {
	return &csvTwin[ledger.Filter, ledger.Transaction]{file: file, columns: ledger.Columns, lines: s.ledger.CopyCSV}
}

func (s *Server) transactionSearch(w http.ResponseWriter, r *http.Request) {
	var q searchQuery
	if err := bindQuery(r, &q); err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.ledger.ByHash(r.Context(), q.Q)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if len(list) == 0 {
		writeError(w, r, Errorf(http.StatusNotFound, "No transaction has the hash "+textutil.Shorten(q.Q, 80)+"."))
		return
	}
	writeJSON(w, http.StatusOK, newHistoryPage(list, pageInfo{Page: 1, ItemsPerPage: len(list), TotalItems: len(list), TotalPages: 1}))
}

// searchQuery is a hash to search by; the ledger checks it (ledger.Service.ByHash).
type searchQuery struct {
	Q string `query:"q" minLength:"8" maxLength:"200" pattern:"^[0-9A-Za-z]+$" description:"A transaction hash, or its first 8 characters or more: the newest 20 transactions whose hash starts so, as typed or in lower case."`
}

// coinTypesQuery asks for the tokens too.
type coinTypesQuery struct {
	Type string `query:"type" enum:"all" invalid:"must be empty or all" description:"all: tokens too."`
}

func (s *Server) coinTypes(w http.ResponseWriter, r *http.Request) {
	var q coinTypesQuery
	if err := bindQuery(r, &q); err != nil {
		writeError(w, r, err)
		return
	}
	list, err := s.ledger.Coins(r.Context(), q.Type == "all")
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
