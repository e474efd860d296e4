package httpapi

import (
	"context"
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

// userTxFilter is the user report's filters (coinType, minDate, maxDate,
// type) for the user of the path, who must exist.
func (s *Server) userTxFilter(r *http.Request) (ledger.Filter, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return ledger.Filter{}, err
	}
	f, err := s.txFilter(r)
	if err != nil {
		return f, err
	}
	f.UserID = id
	return f, s.userExists(r, id)
}

func (s *Server) userReport(w http.ResponseWriter, r *http.Request) {
	servePage(w, r, "reports", s.userTxFilter, s.transactionPage)
}

func (s *Server) userReportCSV(w http.ResponseWriter, r *http.Request) {
	f, err := s.userTxFilter(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	s.streamTransactions(w, r, fmt.Sprintf("user-%d-transactions", f.UserID), f)
}

func (s *Server) userWallets(w http.ResponseWriter, r *http.Request) {
	servePage(w, r, "wallets", s.walletFilter, func(ctx context.Context, f profile.WalletFilter, p page) ([]profile.Wallet, int, error) {
		return profile.Wallets(ctx, s.db, f, p.limit(), p.offset())
	})
}

func (s *Server) userWalletsCSV(w http.ResponseWriter, r *http.Request) {
	f, err := s.walletFilter(r)
	if err != nil {
		writeError(w, r, err)
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

func (s *Server) walletFilter(r *http.Request) (profile.WalletFilter, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return profile.WalletFilter{}, err
	}
	coin, err := s.queryCoin(r)
	if err != nil {
		return profile.WalletFilter{}, err
	}
	name, err := queryText(r, "wallet_name", 100)
	if err != nil {
		return profile.WalletFilter{}, err
	}
	return profile.WalletFilter{UserID: id, CoinID: coin, WalletName: name}, nil
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
	servePage(w, r, "sessions", func(r *http.Request) (int64, error) { return pathID(r, "id") },
		func(ctx context.Context, id int64, p page) ([]profile.Session, int, error) {
			return profile.Sessions(ctx, s.db, id, p.limit(), p.offset())
		})
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
	to, err := queryEndDate(r, "maxDate")
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
