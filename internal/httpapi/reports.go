package httpapi

import (
	"context"
	"net/http"

	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/reports"
)

func reportFilter(r *http.Request) (reports.Filter, error) {
	var f reports.Filter
	var err error
	if f.From, err = queryDate(r, "minDate"); err != nil {
		return f, err
	}
	if f.To, err = queryEndDate(r, "maxDate"); err != nil {
		return f, err
	}
	if f.From != nil && f.To != nil && f.To.Before(*f.From) {
		return f, Errorf(http.StatusBadRequest, "maxDate is before minDate.", FieldError{"maxDate", "is before minDate"})
	}
	f.User, err = queryText(r, "user", 200)
	return f, err
}

func (s *Server) bonusReport(w http.ResponseWriter, r *http.Request) {
	servePage(w, r, "reports", reportFilter, func(ctx context.Context, f reports.Filter, p page) ([]reports.BonusRow, int, error) {
		return collect(func(each func(reports.BonusRow) error) (int, error) {
			return reports.Bonuses(ctx, s.db, f, p.limit(), p.offset(), each)
		})
	})
}

func (s *Server) bonusReportCSV(w http.ResponseWriter, r *http.Request) {
	f, err := reportFilter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := csvout.Start(w, "bonuses", f.From, f.To, []string{"U-ID", "User", "Invited User", "Bonus Amount (Coin)", "Coin",
		"Bonus Amount ($)", "Kind", "Time Stamp"})
	_, err = reports.Bonuses(r.Context(), s.db, f, 0, 0, func(b reports.BonusRow) error {
		return out.Row(b.User.ID, csvout.Text(b.User.Email), csvout.Text(b.InvitedUser.Email), b.BonusAmount,
			csvout.Text(b.BonusWallet.CoinType.Symbol), b.UsdAmount, b.Kind, b.CreatedAt)
	})
	s.finishStream(r, out, err)
}

func (s *Server) exchangeReport(w http.ResponseWriter, r *http.Request) {
	servePage(w, r, "report", reportFilter, func(ctx context.Context, f reports.Filter, p page) ([]reports.ExchangeRow, int, error) {
		return collect(func(each func(reports.ExchangeRow) error) (int, error) {
			return reports.Exchanges(ctx, s.db, f, p.limit(), p.offset(), each)
		})
	})
}

func (s *Server) exchangeReportCSV(w http.ResponseWriter, r *http.Request) {
	f, err := reportFilter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := csvout.Start(w, "exchanges", f.From, f.To, []string{"ID", "User ID", "User", "Source Coin", "Target Coin",
		"Exchange Rate", "Sent Amount", "Received Amount", "Fee", "Created At"})
	_, err = reports.Exchanges(r.Context(), s.db, f, 0, 0, func(e reports.ExchangeRow) error {
		return out.Row(e.ID, e.User.ID, csvout.Text(e.User.Email), csvout.Text(e.FromWallet.CoinType.Symbol),
			csvout.Text(e.ToWallet.CoinType.Symbol), e.ExchangeRate, e.FromAmount, e.ToAmount, e.Fee, e.CreatedAt)
	})
	s.finishStream(r, out, err)
}

// finishStream ends a CSV download; a failure after the headers went out
// cuts the connection so the file cannot pass for complete.
func (s *Server) finishStream(r *http.Request, out *csvout.Writer, err error) {
	if err == nil {
		err = out.Close()
	}
	if err != nil {
		logStreamError(r, err)
		panic(http.ErrAbortHandler)
	}
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
