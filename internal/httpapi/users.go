package httpapi

import (
	"context"
	"net/http"
	"slices"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/roles"
)

// userList is every user, the staff (role=ROLE_ADMIN or staff=true) or the
// customers (staff=false): q (email, username or name contains), enabled,
// email_verified, second_factor.
func (s *Server) userList() lister {
	return list[accounts.ListFilter, accounts.User, usersPage]{filter: userFilter,
		reply: func(u []accounts.User, p pageInfo) usersPage { return usersPage{u, p} },
		page: func(ctx context.Context, f accounts.ListFilter, p page) ([]accounts.User, int, error) {
			f.Limit, f.Offset = p.limit(), p.offset()
			return s.accounts.List(ctx, f)
		}}
}

// usersPage is a page of the users list.
type usersPage struct {
	Items []accounts.User `json:"users"`
	pageInfo
}

// userFilter reads q (email, username or name contains), role (empty: every
// user; ROLE_ADMIN: the staff), staff and the three yes-or-no filters.
func userFilter(r *http.Request) (accounts.ListFilter, error) {
	var q userQuery
	if err := bindQuery(r, &q); err != nil {
		return accounts.ListFilter{}, err
	}
	f := accounts.ListFilter{Q: q.Q, Staff: yesNo(q.Staff), Enabled: yesNo(q.Enabled), EmailVerified: yesNo(q.EmailVerified),
		SecondFactor: yesNo(q.SecondFactor)}
	if q.Role != "" {
		f.Staff = &[]bool{true}[0]
	}
	return f, nil
}

// userQuery is the users list's filters.
type userQuery struct {
	Q             string `query:"q" maxLength:"200" description:"Part of an email, username or name."`
	Role          string `query:"role" enum:"ROLE_ADMIN" invalid:"unknown security role" refusal:"role must be empty or ROLE_ADMIN." description:"ROLE_ADMIN: the staff. Absent: every user (or as staff says)."`
	Staff         string `query:"staff" enum:"true,false" invalid:"must be true or false" description:"true: the staff only; false: the customers only (users who are not staff)."`
	Enabled       string `query:"enabled" enum:"true,false" invalid:"must be true or false" description:"Status: true, active users only; false, inactive only."`
	EmailVerified string `query:"email_verified" enum:"true,false" invalid:"must be true or false" description:"true: users whose email is verified; false: not verified."`
	SecondFactor  string `query:"second_factor" enum:"true,false" invalid:"must be true or false" description:"true: users with a second factor on (Google Authenticator or SMS); false: neither."`
}

// check refuses role=ROLE_ADMIN, which lists the staff, with staff=false.
func (q *userQuery) check() error {
	if q.Role != "" && q.Staff == "false" {
		return Errorf(http.StatusBadRequest, "role=ROLE_ADMIN lists the staff: it cannot go with staff=false.", FieldError{"staff", "contradicts role"})
	}
	return nil
}

func (s *Server) createUser(w http.ResponseWriter, r *http.Request) {
	var in accounts.NewUser
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if in.RoleID != nil && !principal(r).Can(rbac.AddUserRole) {
		writeError(w, r, errRoleNeedsAddUserRole) // giving a role is Set Role's, whichever screen does it
		return
	}
	if slices.Contains(in.Roles, rbac.RoleAdmin) { // a staff member: a sensitive call
		if err := s.requireStepUp(r); err != nil {
			writeError(w, r, err)
			return
		}
		armFourEyes(r)
	}
	u, err := s.accounts.Create(r.Context(), actorOf(r), in)
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, u)
}

// errRoleNeedsAddUserRole refuses a new staff member's role to a caller who
// could not give it with Set Role.
var errRoleNeedsAddUserRole = &apperr.Forbidden{Message: "Giving a role needs the permission to set a member's role (ADMIN_ADD_USER_ROLE)."}

func (s *Server) editUser(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in accounts.Edit
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	fresh := func(ctx context.Context, code string) error {
		if applyingApproval(r) {
			return nil // a second person approved it, with a fresh step-up: the maker's code was checked when made
		}
		return s.auth.CheckFreshCode(ctx, principal(r), code)
	}
	steppedUp := func(covered bool) error {
		if err := s.requireStepUp(r); err != nil {
			return err
		}
		if covered {
			armFourEyes(r)
		}
		return nil
	}
	u, err := s.accounts.Update(r.Context(), actorOf(r), id, in, fresh, steppedUp)
	if err != nil {
		writeError(w, r, authError(w, err))
		return
	}
	writeJSON(w, http.StatusOK, u) // both addresses of a changed email are told (accounts.Update)
}

type userIDs struct {
	Users []int64 `json:"users"`
}

func (s *Server) setUsersRole(w http.ResponseWriter, r *http.Request) {
	roleID, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	var in userIDs
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.SetRole(r.Context(), actorOf(r), roleID, in.Users); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, usersReply{Message: "Role set.", Users: in.Users})
}

// usersReply names the users a change was made to.
type usersReply struct {
	Message string  `json:"message"`
	Users   []int64 `json:"users"`
}

func (s *Server) removeMembers(w http.ResponseWriter, r *http.Request) {
	var in userIDs
	if err := decodeJSON(w, r, &in); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.accounts.RemoveStaff(r.Context(), actorOf(r), in.Users); err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, usersReply{Message: "Removed from the members.", Users: in.Users})
}

// unlockUser lifts every sign-in lock of a user: failed passwords from any
// address and wrong codes (audited). Never of a colleague who holds more.
func (s *Server) unlockUser(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		writeError(w, r, err)
		return
	}
	if err := roles.EnsureUsersWithin(r.Context(), s.db, principal(r).UserID, id); err != nil {
		writeError(w, r, err)
		return
	}
	if err := s.auth.Unlock(r.Context(), actorOf(r), id); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
