// Package accounts creates staff members and keeps the built-in
// Administrator role holding every permission key.
package accounts

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
)

// Service serves users and staff from the database.
type Service struct {
	db     *store.DB
	notify Notifier
}

// Notifier queues a notice by mail in a transaction (auth.Service).
type Notifier interface {
	NotifyIn(ctx context.Context, tx store.Execer, n auth.Notice) error
}

// New returns the service over db; notify tells account owners of changes
// made to their accounts (nil: nobody is told, for tools).
func New(db *store.DB, notify Notifier) *Service { return &Service{db: db, notify: notify} }

// tell queues notices in tx, when the service has a notifier.
func (s *Service) tell(ctx context.Context, tx *sql.Tx, notices ...auth.Notice) error {
	for _, n := range notices {
		if s.notify == nil {
			return nil
		}
		if err := s.notify.NotifyIn(ctx, tx, n); err != nil {
			return err
		}
	}
	return nil
}

// AdministratorRole is the built-in role holding every permission key.
const AdministratorRole = "Administrator"

// ErrTaken is returned when the email or username is already in use.
var ErrTaken = errors.New("email or username already taken")

// EnsureAdministratorRole creates the Administrator role if missing and gives
// it every key of the catalogue (new keys included), returning its id.
func EnsureAdministratorRole(ctx context.Context, tx *sql.Tx) (int64, error) {
	now := store.Now()
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM roles WHERE lower(role) = lower($1)`, AdministratorRole).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = tx.QueryRowContext(ctx, `INSERT INTO roles (role, description, builtin, created_at, updated_at)
			VALUES ($1, $2, TRUE, $3, $3) RETURNING id`, AdministratorRole, "Every permission", now).Scan(&id)
	}
	if err != nil {
		return 0, err
	}
	for _, key := range rbac.AllKeys() {
		if _, err := tx.ExecContext(ctx, `INSERT INTO role_permissions (role_id, permission) VALUES ($1, $2)
			ON CONFLICT DO NOTHING`, id, key); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// CompleteBuiltinRoles gives the built-in roles every key of the catalogue.
// A release that adds a key would otherwise leave an older database's
// Administrator without it, and nobody could grant a key that no role holds
// (decision 0008). It runs with the migrations, as part of the schema's
// version, so it writes no audit entry.
func CompleteBuiltinRoles(ctx context.Context, db *store.DB) error {
	for _, key := range rbac.AllKeys() {
		if _, err := db.ExecContext(ctx, `INSERT INTO role_permissions (role_id, permission)
			SELECT id, $1 FROM roles WHERE builtin = TRUE ON CONFLICT DO NOTHING`, key); err != nil {
			return err
		}
	}
	return nil
}

// NewStaff is a staff member to create.
type NewStaff struct {
	Username, Email, FullName, Password string
}

// CreateAdministrator creates a staff member (ROLE_ADMIN) holding the
// Administrator role. Google Authenticator is set up at first sign-in.
func (s *Service) CreateAdministrator(ctx context.Context, staff NewStaff) (int64, error) {
	staff.Username, staff.Email = strings.TrimSpace(staff.Username), strings.ToLower(strings.TrimSpace(staff.Email))
	if staff.Username == "" || !strings.Contains(staff.Email, "@") {
		return 0, errors.New("a username and a valid email are required")
	}
	if len(staff.Password) < 8 {
		return 0, errors.New("the password needs at least 8 characters")
	}
	if staff.FullName == "" {
		staff.FullName = staff.Username
	}
	hash, err := auth.HashPassword(staff.Password)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		roleID, err := EnsureAdministratorRole(ctx, tx)
		if err != nil {
			return err
		}
		now := store.Now()
		return tx.QueryRowContext(ctx, `INSERT INTO users (email, username, full_name, password_hash, enabled,
			email_verified, verified_at, is_admin, role_id, invitation_code, created_at, updated_at)
			VALUES ($1, $2, $3, $4, TRUE, TRUE, $5, TRUE, $6, $7, $5, $5) RETURNING id`,
			staff.Email, staff.Username, staff.FullName, hash, now, roleID, auth.InvitationCode()).Scan(&id)
	})
	if store.IsUniqueViolation(err) {
		return 0, ErrTaken
	}
	return id, err
}
