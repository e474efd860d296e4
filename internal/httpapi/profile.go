package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/profile"
	"xapa/backoffice/internal/rbac"
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

// getUser answers a user's profile: the profile page's main read, recorded
// as its part "profile" (reads.go).
func (s *Server) getUser(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	u, err := s.accounts.LoadUser(r.Context(), id)
	if err == nil && slices.Contains(u.Roles, "ROLE_ADMIN") {
		err = mayReadStaff(r)
	}
	if err == nil {
		err = s.recordRead(r, dataRead{part: partProfile})
	}
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
	b, err := s.profile.GetBrief(r.Context(), id)
	if err == nil {
		err = s.recordRead(r, dataRead{part: partBrief})
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

// userReportList is a user's transactions (the profile's report): the
// History filters, for the user of the path.
func (s *Server) userReportList() lister {
	return list[ledger.Filter, ledger.Transaction, userReportPage]{part: partReport, filter: userTxFilter, page: s.transactionPage,
		reply: func(t []ledger.Transaction, p pageInfo) userReportPage { return userReportPage{t, p} },
		csv: s.transactionCSV(func(f ledger.Filter) csvout.File {
			return csvout.File{Kind: fmt.Sprintf("user-%d-transactions", f.UserID), From: f.From, To: f.To}
		})}
}

// userReportPage is a page of a user's transactions.
type userReportPage struct {
	Items []ledger.Transaction `json:"reports"`
	pageInfo
}

// userTxFilter is the History filters for the user of the path.
func userTxFilter(r *http.Request) (ledger.Filter, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return ledger.Filter{}, err
	}
	f, err := txFilter(r)
	f.UserID = id
	return f, err
}

// walletList is a user's wallets, filtered by coinType and wallet_name.
func (s *Server) walletList() lister {
	return list[profile.WalletFilter, profile.Wallet, walletsPage]{part: partWallets, filter: walletFilter,
		reply: func(v []profile.Wallet, p pageInfo) walletsPage { return walletsPage{v, p} },
		page: func(ctx context.Context, f profile.WalletFilter, p page) ([]profile.Wallet, int, error) {
			return s.profile.Wallets(ctx, f, p.limit(), p.offset())
		},
		csv: &csvTwin[profile.WalletFilter, profile.Wallet]{
			file: func(f profile.WalletFilter) csvout.File {
				return csvout.File{Kind: fmt.Sprintf("user-%d-wallets", f.UserID)}
			},
			each: func(ctx context.Context, f profile.WalletFilter, each func(profile.Wallet) error) error {
				all, _, err := s.profile.Wallets(ctx, f, 0, 0) // one user's few wallets
				for i := 0; err == nil && i < len(all); i++ {
					err = each(all[i])
				}
				return err
			},
			columns: profile.WalletColumns,
		}}
}

// walletsPage is a page of a user's wallets.
type walletsPage struct {
	Items []profile.Wallet `json:"wallets"`
	pageInfo
}

func walletFilter(r *http.Request) (profile.WalletFilter, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return profile.WalletFilter{}, err
	}
	var q walletQuery
	if err := bindQuery(r, &q); err != nil {
		return profile.WalletFilter{}, err
	}
	return profile.WalletFilter{UserID: id, CoinID: q.CoinType, WalletName: q.WalletName}, nil
}

// walletQuery is a user's wallets' filters.
type walletQuery struct {
	CoinQuery
	WalletName string `query:"wallet_name" maxLength:"100" description:"Part of a wallet's name."`
}

// sessionList is a user's sessions.
// errStaffNeedsSessions refuses a staff member's profile or sessions to a
// caller without ADMIN_SESSIONS: they show where and on what a colleague signs
// in, which is the Sessions console's to show.
var errStaffNeedsSessions = &apperr.Forbidden{Message: "A staff member's profile and sessions need the Sessions permission (ADMIN_SESSIONS)."}

func mayReadStaff(r *http.Request) error {
	if principal(r).Can(rbac.Sessions) {
		return nil
	}
	return errStaffNeedsSessions
}

// sessionFilter is the user of the path, whose sessions the caller may read.
func (s *Server) sessionFilter(r *http.Request) (int64, error) {
	id, err := pathID(r, "id")
	if err != nil || principal(r).Can(rbac.Sessions) {
		return id, err
	}
	staff, err := s.accounts.IsStaff(r.Context(), id)
	if err == nil && staff {
		err = errStaffNeedsSessions
	}
	return id, err
}

func (s *Server) sessionList() lister {
	return list[int64, profile.Session, userSessionsPage]{part: partSessions, filter: s.sessionFilter,
		reply: func(v []profile.Session, p pageInfo) userSessionsPage { return userSessionsPage{v, p} },
		page: func(ctx context.Context, id int64, p page) ([]profile.Session, int, error) {
			return s.profile.Sessions(ctx, id, p.limit(), p.offset())
		}}
}

// userSessionsPage is a page of a user's sessions.
type userSessionsPage struct {
	Items []profile.Session `json:"sessions"`
	pageInfo
}

func (s *Server) userInvites(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	tree, err := s.profile.Invites(r.Context(), id)
	if err == nil {
		err = s.recordRead(r, dataRead{part: partInvites})
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, invitesReply{Invites: tree})
}

// invitesReply is a user's invitation tree.
type invitesReply struct {
	Invites []*profile.Invite `json:"invites"`
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
	writeJSON(w, http.StatusOK, statusReply{Status: status})
}

// verifyEmail opens a verification mail's link: verifies, then sends the
// browser to the sign-in page.
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) {
	var q verifyQuery
	err := bindQuery(r, &q)
	if err == nil {
		err = s.auth.VerifyEmail(r.Context(), q.Token)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	http.Redirect(w, r, "/login?emailVerified=1", http.StatusSeeOther)
}

// verifyQuery is a verification link's token.
type verifyQuery struct {
	Token string `query:"token" required:"true"`
}

// rangeOrLastWeek reads minDate/maxDate, defaulting to the last week.
func (s *Server) rangeOrLastWeek(r *http.Request) (time.Time, time.Time, error) {
	var q RangeQuery
	if err := bindQuery(r, &q); err != nil {
		return time.Time{}, time.Time{}, err
	}
	from, to := q.bounds()
	now := s.now()
	if to == nil {
		to = &now
	}
	if from == nil {
		f := to.AddDate(0, 0, -7)
		from = &f
	}
	if to.Before(*from) { // a minDate after the default end
		return time.Time{}, time.Time{}, Errorf(http.StatusBadRequest, "maxDate is before minDate.", FieldError{"maxDate", "is before minDate"})
	}
	return *from, *to, nil
}
