package accounts

import (
	"context"
	"database/sql"
	"errors"
	"sort"
	"time"

	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
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

// User is a user as the API shows it (product-spec.md section 3).
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
}

// Time marshals as RFC 3339 with a numeric offset (2026-11-22T10:15:00+00:00).
type Time struct{ time.Time }

// MarshalJSON writes the reply timestamp format of api-decisions.md.
func (t Time) MarshalJSON() ([]byte, error) {
	return []byte(`"` + t.UTC().Format("2006-01-02T15:04:05-07:00") + `"`), nil
}

func timePtr(t sql.NullTime) *Time {
	if !t.Valid {
		return nil
	}
	return &Time{t.Time}
}

// ErrNotFound is an unknown user id.
var ErrNotFound = errors.New("user not found")

// LoadUser reads one user with roles, permissions and invite count.
func LoadUser(ctx context.Context, db *store.DB, id int64) (User, error) {
	var (
		u                   User
		roleID              sql.NullInt64
		roleName            sql.NullString
		lastLogin, verified sql.NullTime
		phone               sql.NullString
		isAdmin             bool
	)
	err := db.QueryRowContext(ctx, `SELECT u.id, u.email, u.username, u.full_name, u.enabled, u.email_verified,
			u.ga_enabled, u.sms_2fa_enabled, u.sms_verified, u.last_login, u.phone_number, u.verified_at,
			u.invitation_code, u.created_at, u.is_admin, u.role_id, r.role,
			(SELECT count(*) FROM users i WHERE i.invited_by = u.id)
		FROM users u LEFT JOIN roles r ON r.id = u.role_id WHERE u.id = $1`, id).Scan(
		&u.ID, &u.Email, &u.Username, &u.FullName, &u.Enabled, &u.EmailVerified, &u.GAEnabled, &u.SMS2FaEnabled,
		&u.SMSVerified, &lastLogin, &phone, &verified, &u.InvitationCode, &u.CreatedAt.Time, &isAdmin, &roleID, &roleName,
		&u.TotalInvites)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, ErrNotFound
	}
	if err != nil {
		return User{}, err
	}
	u.LastLogin, u.VerifiedAt = timePtr(lastLogin), timePtr(verified)
	if phone.Valid {
		u.PhoneNumber = &phone.String
	}
	u.Roles, u.UserRoles, u.Permissions = []string{}, []UserRole{}, []string{}
	if isAdmin {
		u.Roles = []string{rbac.RoleAdmin}
		if roleID.Valid {
			u.Role = &roleName.String
			u.UserRoles = []UserRole{{RoleRef{roleID.Int64, roleName.String}}}
			if u.Permissions, err = rolePermissions(ctx, db, roleID.Int64); err != nil {
				return User{}, err
			}
		}
	}
	return u, nil
}

func rolePermissions(ctx context.Context, db *store.DB, roleID int64) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT permission FROM role_permissions WHERE role_id = $1`, roleID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	sort.Strings(out)
	return out, rows.Err()
}
