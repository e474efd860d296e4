package httpapi

import (
	"net/http"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/reports"
)

// reportFilter reads a report's filters: minDate, maxDate and user (an
// email's part), and its page's sort and order.
func reportFilter(r *http.Request) (reports.Filter, error) {
	var f reports.Filter
	var err error
	if f.From, f.To, err = queryRange(r); err != nil {
		return f, err
	}
	if f.User, err = queryText(r, "user", 200); err != nil {
		return f, err
	}
	f.Order, err = queryOrder(r)
	return f, err
}

// bonusList is the bonus report (the promotion's paid bonuses).
func (s *Server) bonusList() lister {
	return readList("reports", reportFilter, s.reports.Bonuses, reportFile("bonuses"), reports.BonusColumns)
}

// exchangeList is the exchange report.
func (s *Server) exchangeList() lister {
	return readList("report", reportFilter, s.reports.Exchanges, reportFile("exchanges"), reports.ExchangeColumns)
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
	writeJSON(w, http.StatusOK, map[string]any{"accounting": a})
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
	writeJSON(w, http.StatusOK, map[string]any{"accounting": a})
}
