package httpapi

import (
	"fmt"
	"net/http"
	"time"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/profile"
)

// userPath reads the {id} of a profile route.
func userPath(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return 0, false
	}
	return id, true
}

func (s *Server) getUser(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	u, err := accounts.LoadUser(r.Context(), s.db, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

func (s *Server) userBrief(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	b, err := profile.GetBrief(r.Context(), s.db, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

// userTxFilter is the user report's filters: coinType, minDate, maxDate, type.
func userTxFilter(w http.ResponseWriter, r *http.Request) (ledger.Filter, bool) {
	id, ok := userPath(w, r)
	if !ok {
		return ledger.Filter{}, false
	}
	f, err := txFilter(r)
	if err != nil {
		writeError(w, r, err)
		return f, false
	}
	f.UserID = id
	return f, true
}

func (s *Server) userReport(w http.ResponseWriter, r *http.Request) {
	p, err := parsePage(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	f, ok := userTxFilter(w, r)
	if !ok {
		return
	}
	if err := s.userExists(r, f.UserID); err != nil {
		writeError(w, r, err)
		return
	}
	list, total, err := s.ledger.Page(r.Context(), f, p.limit(), p.offset())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, listReply("reports", list, p, total))
}

func (s *Server) userReportCSV(w http.ResponseWriter, r *http.Request) {
	f, ok := userTxFilter(w, r)
	if !ok {
		return
	}
	if err := s.userExists(r, f.UserID); err != nil {
		writeError(w, r, err)
		return
	}
	s.streamTransactions(w, r, fmt.Sprintf("user-%d-transactions", f.UserID), f)
}

func (s *Server) userWallets(w http.ResponseWriter, r *http.Request) {
	p, err := parsePage(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	f, ok := walletFilter(w, r)
	if !ok {
		return
	}
	list, total, err := profile.Wallets(r.Context(), s.db, f, p.limit(), p.offset())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, listReply("wallets", list, p, total))
}

func (s *Server) userWalletsCSV(w http.ResponseWriter, r *http.Request) {
	f, ok := walletFilter(w, r)
	if !ok {
		return
	}
	list, _, err := profile.Wallets(r.Context(), s.db, f, 0, 0)
	if err != nil {
		writeError(w, r, err)
		return
	}
	out := csvout.Start(w, fmt.Sprintf("user-%d-wallets", f.UserID), nil, nil,
		[]string{"ID", "Name", "Coin", "Network", "Balance", "Address", "Created At"})
	for _, wl := range list {
		addr := ""
		if len(wl.WalletAddresses) > 0 {
			addr = wl.WalletAddresses[0].Address
		}
		if err := out.Row(wl.ID, csvout.Text(wl.Name), csvout.Text(wl.CoinType.Symbol), wl.Network, wl.Balance, csvout.Text(addr), wl.CreatedAt); err != nil {
			break
		}
	}
	_ = out.Close()
}

func walletFilter(w http.ResponseWriter, r *http.Request) (profile.WalletFilter, bool) {
	id, ok := userPath(w, r)
	if !ok {
		return profile.WalletFilter{}, false
	}
	coin, err := queryID(r, "coinType")
	if err != nil {
		writeError(w, r, err)
		return profile.WalletFilter{}, false
	}
	name := r.URL.Query().Get("wallet_name")
	if len(name) > 100 {
		writeError(w, r, Errorf(http.StatusBadRequest, "wallet_name is too long.", FieldError{"wallet_name", "at most 100 characters"}))
		return profile.WalletFilter{}, false
	}
	return profile.WalletFilter{UserID: id, CoinID: coin, WalletName: name}, true
}

func (s *Server) userInvites(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	tree, err := profile.Invites(r.Context(), s.db, id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"invites": tree})
}

func (s *Server) userSessions(w http.ResponseWriter, r *http.Request) {
	p, err := parsePage(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	list, total, err := profile.Sessions(r.Context(), s.db, id, p.limit(), p.offset())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, listReply("sessions", list, p, total))
}

func (s *Server) sendVerification(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	status, err := s.auth.SendVerification(r.Context(), actorOf(r), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": status})
}

// verifyEmail opens a verification mail's link: verifies, then sends the
// browser to the sign-in page.
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) {
	if err := s.auth.VerifyEmail(r.Context(), r.URL.Query().Get("token")); err != nil {
		writeError(w, r, err)
		return
	}
	http.Redirect(w, r, "/login?emailVerified=1", http.StatusSeeOther)
}

func (s *Server) userExists(r *http.Request, id int64) error {
	_, err := accounts.LoadUser(r.Context(), s.db, id)
	return err
}

// rangeOrLastWeek reads minDate/maxDate, defaulting to the last week.
func (s *Server) rangeOrLastWeek(r *http.Request) (time.Time, time.Time, error) {
	from, err := queryDate(r, "minDate")
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	to, err := queryDate(r, "maxDate")
	if err != nil {
		return time.Time{}, time.Time{}, err
	}
	now := s.now()
	if to == nil {
		to = &now
	}
	if from == nil {
		f := to.AddDate(0, 0, -7)
		from = &f
	}
	if to.Before(*from) {
		return time.Time{}, time.Time{}, Errorf(http.StatusBadRequest, "maxDate is before minDate.", FieldError{"maxDate", "is before minDate"})
	}
	return *from, *to, nil
}
