package accounts

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"strconv"
	"strings"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/commands"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// RoleRef names a permission role.
type RoleRef struct {
	ID   int64  `json:"id"`
	Role string `json:"role"`
}

// UserRole is one entry of userRoles.
type UserRole struct {
	Role RoleRef `json:"role"`
}

// User is a user as the API shows it.
type User struct {
	ID             int64      `json:"id"`
	Email          string     `json:"email"`
	Username       string     `json:"username"`
	FullName       string     `json:"full_name"`
	Permissions    []string   `json:"permissions"`
	Role           *string    `json:"role"`
	Roles          []string   `json:"roles"`
	UserRoles      []UserRole `json:"userRoles"`
	Enabled        bool       `json:"enabled"`
	EmailVerified  bool       `json:"email_verified"`
	GAEnabled      bool       `json:"isGoogleAuthenticatorEnabled"`
	SMS2FaEnabled  bool       `json:"isSMS2FaEnabled"`
	SMSVerified    bool       `json:"smsVerified"`
	LastLogin      *Time      `json:"lastLogin"`
	PhoneNumber    *string    `json:"phone_number"`
	VerifiedAt     *Time      `json:"verified_at"`
	InvitationCode string     `json:"invitationCode"`
	TotalInvites   int        `json:"totalInvites"`
	CreatedAt      Time       `json:"created_at"`
	// Core is where the last change staff made to a customer stands at the exchange core (absent for staff and for
	// customers never changed here).
	Core   *commands.Status `json:"core,omitempty"`
	roleID int64
}

// Time marshals as RFC 3339 with a numeric offset (2026-11-22T10:15:00+00:00).
type Time struct{ time.Time }

// MarshalJSON writes the API's timestamp format (utc.Stamp).
func (t Time) MarshalJSON() ([]byte, error) {
	return []byte(`"` + utc.Stamp(t.Time) + `"`), nil
}

func timePtr(t sql.NullTime) *Time {
	if !t.Valid {
		return nil
	}
	return &Time{t.Time}
}

const userColumns = `u.id, u.email, u.username, u.full_name, u.enabled, u.email_verified, u.ga_enabled,
	u.sms_2fa_enabled, u.sms_verified, u.last_login, u.phone_number, u.verified_at, u.invitation_code, u.created_at,
	u.is_admin, u.role_id, r.role, (SELECT count(*) FROM users i WHERE i.invited_by = u.id)`

const userFrom = ` FROM users u LEFT JOIN roles r ON r.id = u.role_id `

// LoadUser reads one user with roles, permissions and invite count.
func (s *Service) LoadUser(ctx context.Context, id int64) (User, error) {
	users, err := queryUsers(ctx, s.db, `SELECT `+userColumns+userFrom+`WHERE u.id = $1`, id)
	if err != nil {
		return User{}, err
	}
	if len(users) == 0 {
		return User{}, &apperr.NotFound{What: "User"}
	}
	return users[0], nil
}

// IsStaff reports whether user id is a staff member (false for no such user).
func (s *Service) IsStaff(ctx context.Context, id int64) (bool, error) {
	var staff bool
	err := s.db.QueryRowContext(ctx, `SELECT is_admin FROM users WHERE id = $1`, id).Scan(&staff)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return staff, err
}

// queryUsers runs a query selecting userColumns and fills in the
// permissions of every role on the page, and each user's state at the core,
// with one more query each.
func queryUsers(ctx context.Context, db *store.DB, q string, args ...any) ([]User, error) {
	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	users := []User{}
	for rows.Next() {
		var (
			u                   User
			roleID              sql.NullInt64
			roleName            sql.NullString
			lastLogin, verified sql.NullTime
			phone               sql.NullString
			isAdmin             bool
		)
		if err := rows.Scan(&u.ID, &u.Email, &u.Username, &u.FullName, &u.Enabled, &u.EmailVerified, &u.GAEnabled,
			&u.SMS2FaEnabled, &u.SMSVerified, &lastLogin, &phone, &verified, &u.InvitationCode, &u.CreatedAt.Time,
			&isAdmin, &roleID, &roleName, &u.TotalInvites); err != nil {
			return nil, err
		}
		u.LastLogin, u.VerifiedAt = timePtr(lastLogin), timePtr(verified)
		if phone.Valid {
			u.PhoneNumber = &phone.String
		}
		u.Roles, u.UserRoles, u.Permissions = []string{}, []UserRole{}, []string{}
		if isAdmin {
			u.Roles = []string{rbac.RoleAdmin}
			if roleID.Valid {
				u.Role, u.roleID = &roleName.String, roleID.Int64
				u.UserRoles = []UserRole{{RoleRef{roleID.Int64, roleName.String}}}
			}
		}
		users = append(users, u)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if err := fillPermissions(ctx, db, users); err != nil {
		return nil, err
	}
	return users, commands.Mark(ctx, db, users, func(u *User) string { return commands.Customer{BackofficeID: u.ID}.Entity() },
		func(u *User, st *commands.Status) { u.Core = st })
}

func fillPermissions(ctx context.Context, db *store.DB, users []User) error {
	var ids []any
	seen := map[int64]bool{}
	for _, u := range users {
		if u.roleID != 0 && !seen[u.roleID] {
			seen[u.roleID] = true
			ids = append(ids, u.roleID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	ph := make([]string, len(ids))
	for i := range ids {
		ph[i] = "$" + strconv.Itoa(i+1)
	}
	rows, err := db.QueryContext(ctx, `SELECT role_id, permission FROM role_permissions WHERE role_id IN (`+strings.Join(ph, ",")+`)`, ids...)
	if err != nil {
		return err
	}
	defer rows.Close()
	perms := map[int64][]string{}
	for rows.Next() {
		var id int64
		var k string
		if err := rows.Scan(&id, &k); err != nil {
			return err
		}
		perms[id] = append(perms[id], k)
	}
	for i := range users {
		if p := perms[users[i].roleID]; p != nil {
			sort.Strings(p)
			users[i].Permissions = p
		}
	}
	return rows.Err()
}
