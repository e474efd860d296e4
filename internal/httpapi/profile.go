package httpapi

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
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
		err = s.recordProfileOpen(r, id)
	}
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, u)
}

// actionProfileOpen is the audit action of opening a user's profile (issue
// 23: reads that matter are recorded).
const actionProfileOpen = "read.profile_open"

// recordProfileOpen records that the caller opened user id's profile. The
// opening is GET /api/admin/users/{id}, the profile page's main read, made
// once as the page opens; its other calls (brief, report, wallets, sessions,
// invites) read parts of what it shows and are not recorded. At most one
// entry per staff member, user and clock hour (the server's clock), across
// every node: the hour's first opening inserts its mark into profile_opens
// and its audit entry in one transaction; a later one finds the mark and
// records nothing. The profile is answered only once recorded.
func (s *Server) recordProfileOpen(r *http.Request, id int64) error {
	ctx, actor := r.Context(), actorOf(r)
	hour := s.now().Truncate(time.Hour)
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO profile_opens (staff_id, user_id, hour) VALUES ($1, $2, $3)
			ON CONFLICT DO NOTHING`, actor.ID, id, hour.Unix())
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return err // opened before within the hour
		}
		return actor.Record(ctx, tx, actionProfileOpen, audit.UserTarget(id), map[string]any{"hour": hour.Format(time.RFC3339)})
	})
}

func (s *Server) userBrief(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	b, err := s.profile.GetBrief(r.Context(), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

// userReportList is a user's transactions (the profile's report): the
// History filters, for the user of the path.
func (s *Server) userReportList() lister {
	return list[ledger.Filter, ledger.Transaction]{key: "reports", filter: userTxFilter, page: s.transactionPage,
		csv: s.transactionCSV(func(f ledger.Filter) csvout.File {
			return csvout.File{Kind: fmt.Sprintf("user-%d-transactions", f.UserID), From: f.From, To: f.To}
		})}
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
	return list[profile.WalletFilter, profile.Wallet]{key: "wallets", filter: walletFilter,
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

func walletFilter(r *http.Request) (profile.WalletFilter, error) {
	id, err := pathID(r, "id")
	if err != nil {
		return profile.WalletFilter{}, err
	}
	coin, err := queryID(r, "coinType")
	if err != nil {
		return profile.WalletFilter{}, err
	}
	name, err := queryText(r, "wallet_name", 100)
	if err != nil {
		return profile.WalletFilter{}, err
	}
	return profile.WalletFilter{UserID: id, CoinID: coin, WalletName: name}, nil
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
	return list[int64, profile.Session]{key: "sessions", filter: s.sessionFilter,
		page: func(ctx context.Context, id int64, p page) ([]profile.Session, int, error) {
			return s.profile.Sessions(ctx, id, p.limit(), p.offset())
		}}
}

func (s *Server) userInvites(w http.ResponseWriter, r *http.Request) {
	id, ok := userPath(w, r)
	if !ok {
		return
	}
	tree, err := s.profile.Invites(r.Context(), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"invites": tree})
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

// rangeOrLastWeek reads minDate/maxDate, defaulting to the last week.
func (s *Server) rangeOrLastWeek(r *http.Request) (time.Time, time.Time, error) {
	from, to, err := queryRange(r)
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
	if to.Before(*from) { // a minDate after the default end
		return time.Time{}, time.Time{}, Errorf(http.StatusBadRequest, "maxDate is before minDate.", FieldError{"maxDate", "is before minDate"})
	}
	return *from, *to, nil
}
