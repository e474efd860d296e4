package accounts

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/roles"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
)

// ListFilter selects users. Staff, when set, keeps the staff (true: the
// members screen) or the customers (false: User Management); unset, every
// user. Enabled, EmailVerified and SecondFactor, when set, keep the users
// whose status, verified email or second factor (either kind on) is that.
type ListFilter struct {
	Q             string
	Staff         *bool
	Enabled       *bool
	EmailVerified *bool
	SecondFactor  *bool
	Limit, Offset int
}

// conditions is the filter's SQL on users u, the search aside. They are
// literals: none takes an argument.
func (f ListFilter) conditions() []string {
	where := []string{"TRUE"}
	if f.Staff != nil {
		where = append(where, "u.is_admin = "+sqlBool(*f.Staff))
	}
	if f.Enabled != nil {
		where = append(where, "u.enabled = "+sqlBool(*f.Enabled))
	}
	if f.EmailVerified != nil {
		where = append(where, "u.email_verified = "+sqlBool(*f.EmailVerified))
	}
	if f.SecondFactor != nil {
		on := "(u.ga_enabled = TRUE OR u.sms_2fa_enabled = TRUE)"
		if !*f.SecondFactor {
			on = "NOT " + on
		}
		where = append(where, on)
	}
	return where
}

func sqlBool(b bool) string {
	if b {
		return "TRUE"
	}
	return "FALSE"
}

// List returns a page of users, newest first, and the total count.
func (s *Service) List(ctx context.Context, f ListFilter) ([]User, int, error) {
	q := strings.TrimSpace(f.Q)
	where := f.conditions()
	if q != "" {
		if ids, arg := s.db.Dialect.UserSearchIDs(q); ids != "" {
			return listMatches(ctx, s.db, `SELECT u.id FROM users u WHERE u.id IN (`+ids+`) AND `+strings.Join(where, " AND "), arg, f)
		}
	}
	var args []any
	if q != "" {
		cond, arg := s.db.Dialect.UserSearch(len(args)+1, q)
		args = append(args, arg)
		where = append(where, cond)
	}
	cond := "WHERE " + strings.Join(where, " AND ")
	var total int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM users u `+cond, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	if f.Offset >= total {
		return []User{}, total, nil
	}
	// Newest first is the primary key read backwards. For a search with few
	// matches the planner, which cannot know how few, would walk every user
	// that way looking for a page of them (52 ms for 165 matches of 100,000
	// on PostgreSQL); the exact count is known by now, so few matches are
	// read from the search index and sorted instead ("+ 0" keeps the key's
	// order from being used).
	order := "u.id DESC"
	if q != "" && total <= fewMatches {
		order = "u.id + 0 DESC"
	}
	args = append(args, f.Limit, f.Offset)
	users, err := queryUsers(ctx, s.db, fmt.Sprintf(`SELECT %s %s %s ORDER BY %s LIMIT $%d OFFSET $%d`,
		userColumns, userFrom, cond, order, len(args)-1, len(args)), args...)
	return users, total, err
}

// listMatches pages through the users that query (Dialect.UserSearchIDs)
// finds: every id read once, the count and the page taken from them.
func listMatches(ctx context.Context, db *store.DB, query, arg string, f ListFilter) ([]User, int, error) {
	rows, err := db.QueryContext(ctx, query, arg)
	if err != nil {
		return nil, 0, err
	}
	ids, err := store.ScanColumn[int64](rows)
	if err != nil {
		return nil, 0, err
	}
	if f.Offset >= len(ids) {
		return []User{}, len(ids), nil
	}
	slices.SortFunc(ids, func(a, b int64) int { return cmp.Compare(b, a) }) // newest first
	page := ids[f.Offset:min(f.Offset+f.Limit, len(ids))]
	list, args := store.IDList(1, page)
	users, err := queryUsers(ctx, db, `SELECT `+userColumns+userFrom+`WHERE u.id IN (`+list+`) ORDER BY u.id DESC`, args...)
	return users, len(ids), err
}

// fewMatches is the most matches of a search sorted after reading them all:
// cheap to sort, and many more than one page.
const fewMatches = 2000

// NewUser is the payload of POST /api/admin/users/new.
type NewUser struct {
	FullName string   `json:"full_name"`
	Username string   `json:"username"`
	Email    string   `json:"email"`
	Password string   `json:"password"`
	Enabled  *bool    `json:"enabled"`
	Roles    []string `json:"roles"`
	// RoleID is the permission role a staff member starts with (its id);
	// absent or null: none yet. Only with roles ["ROLE_ADMIN"].
	RoleID *int64 `json:"role_id"`
}

// Create adds a user: a member (staff, ROLE_ADMIN) or a plain user.
func (s *Service) Create(ctx context.Context, actor audit.Actor, in NewUser) (User, error) {
	in.FullName, in.Username = strings.TrimSpace(in.FullName), strings.TrimSpace(in.Username)
	email, err := cleanEmail(in.Email)
	if err != nil {
		return User{}, err
	}
	staff := false
	for _, r := range in.Roles {
		if r != rbac.RoleAdmin {
			return User{}, apperr.Fieldf("roles", "Unknown security role %q: only %s exists.", textutil.Clip(r, 40), rbac.RoleAdmin)
		}
		staff = true
	}
	switch {
	case in.FullName == "" || utf8.RuneCountInString(in.FullName) > 100:
		return User{}, apperr.Fieldf("full_name", "Enter the display name (up to 100 characters).")
	case in.Username == "" || utf8.RuneCountInString(in.Username) > 100:
		return User{}, apperr.Fieldf("username", "Enter the username (up to 100 characters).")
	case in.Enabled == nil:
		return User{}, apperr.Fieldf("enabled", "Choose the status.")
	case in.RoleID != nil && !staff:
		return User{}, apperr.Fieldf("role_id", "Only a staff member holds a role: leave the role empty for a customer.")
	}
	if err := auth.CheckNewPassword(in.Password); err != nil {
		return User{}, apperr.Fieldf("password", "%s", err.Error())
	}
	hash, err := auth.HashPassword(in.Password)
	if err != nil {
		return User{}, err
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := checkTaken(ctx, tx, email, in.Username, 0); err != nil {
			return err
		}
		details := map[string]any{"email": email, "username": in.Username, "staff": staff, "enabled": *in.Enabled}
		if in.RoleID != nil {
			// The same rule as Set Role: only a role whose every key the actor holds (decision 0008).
			role, err := roles.Get(ctx, tx, *in.RoleID)
			if nf := (*apperr.NotFound)(nil); errors.As(err, &nf) {
				return apperr.Fieldf("role_id", "Choose one of the roles listed.")
			}
			if err != nil {
				return err
			}
			if err := roles.EnsureKeysWithin(ctx, tx, actor.ID, role.Permissions); err != nil {
				return err
			}
			details["role_id"], details["role"] = role.ID, role.Role
		}
		now := store.Now()
		err := tx.QueryRowContext(ctx, `INSERT INTO users (email, username, full_name, password_hash, enabled, is_admin,
			role_id, invitation_code, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
			email, in.Username, in.FullName, hash, *in.Enabled, staff, in.RoleID, auth.InvitationCode(), now).Scan(&id)
		if err != nil {
			return uniqueAsField(err)
		}
		return actor.Record(ctx, tx, "user.create", audit.UserTarget(id), details)
	})
	if err != nil {
		return User{}, err
	}
	return s.LoadUser(ctx, id)
}

// Edit is the payload of POST /api/admin/users/{id}/edit; absent fields stay.
type Edit struct {
	Email       *string `json:"email"`
	FullName    *string `json:"full_name"`
	Username    *string `json:"username"`
	Enabled     *bool   `json:"enabled"`
	GAEnabled   *bool   `json:"isGoogleAuthenticatorEnabled"`
	SMS2FA      *bool   `json:"isSMS2FaEnabled"`
	PhoneNumber *string `json:"phone_number"`
	// Code is the actor's current authenticator code: needed to change another
	// staff member's email or switch their second factor off.
	Code *string `json:"code"`
}

// FreshCode checks the actor's current second-factor code (auth.Service.CheckFreshCode).
type FreshCode func(ctx context.Context, code string) error

// SteppedUp checks that the actor's session gave a second factor lately (the
// API's step-up): nil, or the refusal to answer. covered says the edit is one
// the approval policy's user.edit covers (another user's email, status or
// second factor), not only a staff member's name or phone.
type SteppedUp func(covered bool) error

// errNoStepUpCheck refuses a sensitive edit when the caller gave no step-up check.
var errNoStepUpCheck = &apperr.Forbidden{Message: "Confirm with your second factor to continue."}

// Update edits a user. The 2FA flags can only be switched off (which clears
// the secret); disabling a user, a new email and a second factor switched off
// end their sessions. Changing another user's email, status or second factor,
// or another staff member's name or phone, needs a fresh step-up (checked by
// steppedUp). Changing another staff
// member's email or second factor also needs the actor to hold every key
// they hold and one more, and a fresh code (checked by fresh); the result
// says the old address when it changed.
func (s *Service) Update(ctx context.Context, actor audit.Actor, id int64, e Edit, fresh FreshCode, steppedUp SteppedUp) (User, error) {
	cur, err := s.LoadUser(ctx, id)
	if err != nil {
		return User{}, err
	}
	u, err := edited(cur, e, id == actor.ID)
	if err != nil {
		return User{}, err
	}
	takeover, err := s.checkUpdate(ctx, actor, id, u, e.Code, fresh, steppedUp)
	if err != nil {
		return User{}, err
	}
	if err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := u.write(ctx, s.db.Dialect, tx, actor, takeover); err != nil {
			return err
		}
		return s.tell(ctx, tx, u.notices(actor)...)
	}); err != nil {
		return User{}, err
	}
	return s.LoadUser(ctx, id)
}

// checkUpdate runs the checks an edit of user id needs, in order: the
// actor's rank for a takeover, the step-up for a sensitive change, the
// fresh code for a takeover. It says whether the edit is a takeover.
func (s *Service) checkUpdate(ctx context.Context, actor audit.Actor, id int64, u userEdit, code *string, fresh FreshCode, steppedUp SteppedUp) (bool, error) {
	cur := u.cur
	signIn := !strings.EqualFold(u.next.Email, cur.Email) || (cur.GAEnabled && !u.next.GAEnabled) || (cur.SMS2FaEnabled && !u.next.SMS2FaEnabled)
	other, staff := id != actor.ID, slices.Contains(cur.Roles, "ROLE_ADMIN")
	covered := other && (signIn || cur.Enabled != u.next.Enabled)
	sensitive := covered || (other && staff && u.renames())
	takeover := other && staff && signIn
	if takeover { // refused before a step-up or a code is asked
		if err := roles.EnsureStrictlyAbove(ctx, s.db, actor.ID, id); err != nil {
			return false, err
		}
	}
	if sensitive {
		if steppedUp == nil {
			return false, errNoStepUpCheck
		}
		if err := steppedUp(covered); err != nil {
			return false, err
		}
	}
	if takeover {
		if err := checkTakeoverCode(ctx, code, fresh); err != nil {
			return false, err
		}
	}
	return takeover, nil
}

// notices are what the owner of an edited account is told: a new email (at
// both addresses), the authenticator switched off.
func (u userEdit) notices(actor audit.Actor) []auth.Notice {
	var out []auth.Notice
	if !strings.EqualFold(u.next.Email, u.cur.Email) {
		out = append(out, auth.EmailChanged(u.cur.Email, u.next.Email, actor.IP, actor.Email)...)
	}
	if u.cur.GAEnabled && !u.next.GAEnabled {
		out = append(out, auth.SecondFactorOff(u.next.Email, actor.IP, actor.Email))
	}
	return out
}

// userEdit is a user as they are (cur) and as an edit leaves them (next).
type userEdit struct {
	cur, next User
	phone     any // the phone number to store (nil: none)
	changes   map[string]any
}

// edited checks an edit and applies it to cur. Only email
// and status are required here. A blank display name or username keeps the
// current one (a user always has both).
func edited(cur User, e Edit, self bool) (userEdit, error) {
	u := userEdit{cur: cur, next: cur}
	var err error
	if e.Email != nil {
		if u.next.Email, err = cleanEmail(*e.Email); err != nil {
			return u, err
		}
	}
	if u.next.FullName, err = keptOr(cur.FullName, e.FullName, "full_name", "The display name may have at most 100 characters."); err != nil {
		return u, err
	}
	if u.next.Username, err = keptOr(cur.Username, e.Username, "username", "The username may have at most 100 characters."); err != nil {
		return u, err
	}
	if e.Enabled != nil {
		if !*e.Enabled && self {
			return u, apperr.Fieldf("enabled", "You cannot disable your own account.")
		}
		u.next.Enabled = *e.Enabled
	}
	if err := u.secondFactors(e); err != nil {
		return u, err
	}
	if u.phone, err = editedPhone(cur.PhoneNumber, e.PhoneNumber); err != nil {
		return u, err
	}
	u.changes = u.changed(e.PhoneNumber != nil)
	return u, nil
}

// keptOr is a name edited to v (at most 100 characters), or cur when v is blank.
func keptOr(cur string, v *string, field, tooLong string) (string, error) {
	t := trimmed(v)
	switch {
	case t == "":
		return cur, nil
	case utf8.RuneCountInString(t) > 100:
		return cur, apperr.Fieldf(field, "%s", tooLong)
	}
	return t, nil
}

// secondFactors applies the 2FA flags, which can only be switched off.
func (u *userEdit) secondFactors(e Edit) error {
	if e.GAEnabled != nil {
		if *e.GAEnabled && !u.cur.GAEnabled {
			return apperr.Fieldf("isGoogleAuthenticatorEnabled", "Google Authenticator can only be switched off here; the user switches it on at sign-in.")
		}
		u.next.GAEnabled = *e.GAEnabled
	}
	if e.SMS2FA != nil {
		if *e.SMS2FA && !u.cur.SMS2FaEnabled {
			return apperr.Fieldf("isSMS2FaEnabled", "SMS 2FA can only be switched off here.")
		}
		u.next.SMS2FaEnabled = *e.SMS2FA
	}
	return nil
}

// editedPhone is the phone number to store: cur, or the edit's (blank: none).
func editedPhone(cur, edit *string) (any, error) {
	if edit == nil {
		if cur == nil {
			return nil, nil
		}
		return *cur, nil
	}
	p := strings.TrimSpace(*edit)
	if len(p) > 20 || strings.Trim(p, "+0123456789 ") != "" {
		return nil, apperr.Fieldf("phone_number", "Enter the phone number as digits, optionally with a leading +.")
	}
	if p == "" {
		return nil, nil
	}
	return p, nil
}

// changed lists what the edit changes, for the audit log (the phone number
// without its digits).
// renames reports whether the edit changes the username, display name or
// phone number: how a staff member is known to colleagues and to support.
func (u userEdit) renames() bool {
	for _, field := range []string{"username", "full_name", "phone_number"} {
		if _, ok := u.changes[field]; ok {
			return true
		}
	}
	return false
}

func (u userEdit) changed(phoneEdited bool) map[string]any {
	changes := map[string]any{}
	for name, pair := range map[string][2]any{
		"email": {u.cur.Email, u.next.Email}, "full_name": {u.cur.FullName, u.next.FullName}, "username": {u.cur.Username, u.next.Username},
		"enabled": {u.cur.Enabled, u.next.Enabled}, "isGoogleAuthenticatorEnabled": {u.cur.GAEnabled, u.next.GAEnabled},
		"isSMS2FaEnabled": {u.cur.SMS2FaEnabled, u.next.SMS2FaEnabled},
	} {
		if pair[0] != pair[1] {
			changes[name] = map[string]any{"from": pair[0], "to": pair[1]}
		}
	}
	if phoneEdited && fmt.Sprint(u.phone) != fmt.Sprint(derefOr(u.cur.PhoneNumber)) {
		changes["phone_number"] = "changed"
	}
	return changes
}

// checkTakeoverCode admits a change of another staff member's email or
// second factor (once the actor is known to hold every key they hold and one
// more): the actor gives a fresh code of their own.
func checkTakeoverCode(ctx context.Context, code *string, fresh FreshCode) error {
	if code == nil || strings.TrimSpace(*code) == "" || fresh == nil {
		return apperr.Fieldf("code", "Enter a current code from your authenticator app to change another staff member's email or second factor.")
	}
	return fresh(ctx, strings.TrimSpace(*code))
}

// write stores the edit in tx, with its audit row; the rules that span
// users are checked again inside it.
func (u userEdit) write(ctx context.Context, d store.Dialect, tx *sql.Tx, actor audit.Actor, takeover bool) error {
	id, cur, next := u.cur.ID, u.cur, u.next
	if err := roles.EnsureUsersWithin(ctx, tx, actor.ID, id); err != nil {
		return err
	}
	if takeover {
		if err := roles.EnsureStrictlyAbove(ctx, tx, actor.ID, id); err != nil {
			return err
		}
	}
	if len(u.changes) == 0 {
		return nil // nothing to write, nor to put in the audit log
	}
	if err := checkTaken(ctx, tx, next.Email, next.Username, id); err != nil {
		return err
	}
	now := store.Now()
	_, err := tx.ExecContext(ctx, `UPDATE users SET email = $1, full_name = $2, username = $3, enabled = $4,
		ga_enabled = $5, ga_secret = CASE WHEN $5 THEN ga_secret ELSE NULL END, sms_2fa_enabled = $6,
		phone_number = $7, updated_at = $8 WHERE id = $9`,
		next.Email, next.FullName, next.Username, next.Enabled, next.GAEnabled, next.SMS2FaEnabled, u.phone, now, id)
	if err != nil {
		return uniqueAsField(err)
	}
	// A new email (where reset links go), a second factor switched off, or a disabled account: every
	// session and every unused reset link of the account ends.
	if !strings.EqualFold(next.Email, cur.Email) || (cur.GAEnabled && !next.GAEnabled) || (cur.Enabled && !next.Enabled) {
		if err := auth.EndSessionsAndLinks(ctx, tx, id, now); err != nil {
			return err
		}
	}
	if cur.GAEnabled && !next.GAEnabled { // recovery codes stand in for the authenticator switched off
		if err := auth.DropSecondFactors(ctx, tx, id); err != nil {
			return err
		}
	}
	if !next.Enabled && cur.Enabled {
		if err := roles.EnsureRoleEditorRemains(ctx, d, tx, "enabled"); err != nil {
			return err
		}
	}
	if err := actor.Record(ctx, tx, "user.update", audit.UserTarget(id), u.changes); err != nil {
		return err
	}
	return u.tellCore(ctx, tx)
}

// tellCore writes, beside a customer's edit, the command that tells the
// core: the customer is the core's, and it would otherwise go on as before.
func (u userEdit) tellCore(ctx context.Context, tx *sql.Tx) error {
	if slices.Contains(u.cur.Roles, rbac.RoleAdmin) {
		return nil // staff are the back office's own
	}
	coreID, err := commands.CoreCustomerID(ctx, tx, u.cur.ID)
	if err != nil {
		return err
	}
	c := commands.Customer{CustomerID: coreID, BackofficeID: u.cur.ID}
	cur, next := u.cur, u.next
	c.Email = changedTo(cur.Email, next.Email)
	c.FullName = changedTo(cur.FullName, next.FullName)
	c.Enabled = changedTo(cur.Enabled, next.Enabled)
	c.GAEnabled = changedTo(cur.GAEnabled, next.GAEnabled)
	c.SMS2FAEnabled = changedTo(cur.SMS2FaEnabled, next.SMS2FaEnabled)
	if _, ok := u.changes["phone_number"]; ok {
		phone, _ := u.phone.(string) // "" for none
		c.PhoneNumber = &phone
	}
	if c == (commands.Customer{CustomerID: coreID, BackofficeID: u.cur.ID}) {
		return nil // only what the core does not hold changed (a username)
	}
	_, err = commands.Write(ctx, tx, c)
	return err
}

// changedTo is next when it differs from cur, else nil.
func changedTo[T comparable](cur, next T) *T {
	if cur == next {
		return nil
	}
	return &next
}

// SetRole gives the staff members ids the permission role roleID (Set Role).
func (s *Service) SetRole(ctx context.Context, actor audit.Actor, roleID int64, ids []int64) error {
	if err := checkIDs(ids, actor.ID, "change your own role"); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		role, err := roles.Get(ctx, tx, roleID)
		if err != nil {
			return err
		}
		if err := roles.EnsureKeysWithin(ctx, tx, actor.ID, role.Permissions); err != nil {
			return err
		}
		if err := roles.EnsureUsersWithin(ctx, tx, actor.ID, ids...); err != nil {
			return err
		}
		for _, id := range ids {
			res, err := tx.ExecContext(ctx, `UPDATE users SET role_id = $1, updated_at = $2 WHERE id = $3 AND is_admin = TRUE`,
				roleID, store.Now(), id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return apperr.Fieldf("users", "User %d is not a staff member.", id)
			}
			if err := actor.Record(ctx, tx, "user.set_role", audit.UserTarget(id), map[string]any{"role_id": roleID, "role": role.Role}); err != nil {
				return err
			}
		}
		return roles.EnsureRoleEditorRemains(ctx, s.db.Dialect, tx, "users")
	})
}

// RemoveStaff takes ROLE_ADMIN and the permission role from the staff
// members ids (Remove Selected) and ends their sessions.
func (s *Service) RemoveStaff(ctx context.Context, actor audit.Actor, ids []int64) error {
	if err := checkIDs(ids, actor.ID, "remove yourself"); err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := roles.EnsureUsersWithin(ctx, tx, actor.ID, ids...); err != nil {
			return err
		}
		now := store.Now()
		for _, id := range ids {
			res, err := tx.ExecContext(ctx, `UPDATE users SET is_admin = FALSE, role_id = NULL, updated_at = $1
				WHERE id = $2 AND is_admin = TRUE`, now, id)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return apperr.Fieldf("users", "User %d is not a staff member.", id)
			}
			if err := auth.RevokeUserSessions(ctx, tx, id, now); err != nil {
				return err
			}
			if err := actor.Record(ctx, tx, "user.remove_staff", audit.UserTarget(id), nil); err != nil {
				return err
			}
		}
		return roles.EnsureRoleEditorRemains(ctx, s.db.Dialect, tx, "users")
	})
}

func trimmed(s *string) string {
	if s == nil {
		return ""
	}
	return strings.TrimSpace(*s)
}

func checkIDs(ids []int64, self int64, selfAction string) error {
	if len(ids) == 0 {
		return apperr.Fieldf("users", "Select at least one user.")
	}
	if len(ids) > 1000 {
		return apperr.Fieldf("users", "Select at most 1000 users at a time.")
	}
	for _, id := range ids {
		if id == self {
			return apperr.Fieldf("users", "You cannot %s.", selfAction)
		}
	}
	return nil
}

func cleanEmail(s string) (string, error) {
	email := strings.ToLower(strings.TrimSpace(s))
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || len(email) > 254 {
		return "", apperr.Fieldf("email", "Enter a valid email address.")
	}
	return email, nil
}

// checkTaken refuses an email or username another user has (case-insensitive).
func checkTaken(ctx context.Context, tx *sql.Tx, email, username string, self int64) error {
	var emailTaken, nameTaken bool
	err := tx.QueryRowContext(ctx, `SELECT
		EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $3),
		EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($2) AND id <> $3)`, email, username, self).Scan(&emailTaken, &nameTaken)
	switch {
	case err != nil:
		return err
	case emailTaken:
		return apperr.Fieldf("email", "The email %s is already in use.", email)
	case nameTaken:
		return apperr.Fieldf("username", "The username %s is already in use.", username)
	}
	return nil
}

// uniqueAsField reports a unique violation that raced past checkTaken.
func uniqueAsField(err error) error {
	if store.IsUniqueViolation(err) {
		return apperr.Fieldf("email", "The email or username is already in use.")
	}
	return err
}

func derefOr(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}
