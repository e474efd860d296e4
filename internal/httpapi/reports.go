package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/reports"
	"xapa/backoffice/internal/stats"
)

// reportFilter reads a report's filters: minDate, maxDate and user (an
// email's part), and its page's sort and order.
func reportFilter(r *http.Request) (reports.Filter, error) {
	var q reportQuery
	err := bindQuery(r, &q)
	f := reports.Filter{User: q.User, Order: q.order()}
	f.From, f.To = q.bounds()
	return f, err
}

// reportQuery is a report's filters.
type reportQuery struct {
	RangeQuery
	OrderQuery
	User string `query:"user" maxLength:"200" description:"Part of a user's email."`
}

// bonusList is the bonus report (the promotion's paid bonuses).
func (s *Server) bonusList() lister {
	return readList(reportFilter, s.reports.Bonuses, func(v []reports.BonusRow, p pageInfo) bonusPage { return bonusPage{v, p} },
		reportFile("bonuses"), reports.BonusColumns)
}

// bonusPage is a page of the bonus report.
type bonusPage struct {
	Items []reports.BonusRow `json:"reports"`
	pageInfo
}

// exchangeList is the exchange report.
func (s *Server) exchangeList() lister {
	return readList(reportFilter, s.reports.Exchanges, func(v []reports.ExchangeRow, p pageInfo) exchangePage { return exchangePage{v, p} },
		reportFile("exchanges"), reports.ExchangeColumns)
}

// exchangePage is a page of the exchange report.
type exchangePage struct {
	Items []reports.ExchangeRow `json:"report"`
	pageInfo
}

// reportFile names a report's download by kind and its date range.
func reportFile(kind string) func(reports.Filter) csvout.File {
	return func(f reports.Filter) csvout.File { return csvout.File{Kind: kind, From: f.From, To: f.To} }
}

func (s *Server) userAccounting(w http.ResponseWriter, r *http.Request) {
	from, to, err := s.rangeOrLastWeek(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.stats.Users(r.Context(), from, to)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, userAccountingReply{Accounting: a})
}

// userAccountingReply is the user accounting of a date range.
type userAccountingReply struct {
	Accounting stats.UserAccounting `json:"accounting"`
}

// financialReply is the financial accounting of a date range.
type financialReply struct {
	Accounting stats.FinancialAccounting `json:"accounting"`
}

func (s *Server) transactionAccounting(w http.ResponseWriter, r *http.Request) {
	from, to, err := s.rangeOrLastWeek(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	a, err := s.stats.Financial(r.Context(), from, to)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, financialReply{Accounting: a})
}
