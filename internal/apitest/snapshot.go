package apitest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"testing"

	"xapa/backoffice/internal/auth"
)

// snapshotTables are the tables a refused write must leave alone, each with
// the columns compared. Columns every authenticated call moves by design
// are left out: sessions.updated_at and users.last_seen_at (last seen), the
// failed-code counter of sessions (a wrong 2FA code is counted), the
// session's open passkey challenge (an answer, right or wrong, closes it). Tables
// that record attempts by design (audit_log, login_attempts, captcha_used,
// outbox) are compared by SnapshotAll only.
var snapshotTables = map[string]string{
	"users": `id, email, username, full_name, password_hash, enabled, email_verified, is_admin, role_id, ga_enabled,
		ga_secret, ga_last_step, sms_2fa_enabled, phone_number, invitation_code, invited_by, device_type`,
	"roles":               "id, role, description, builtin",
	"role_permissions":    "role_id, permission",
	"coins":               "id, name, symbol, icon, kind, blockchain_id, main_contract, test_contract, decimals, max_confirmation, min_spendable, fiat_rate",
	"app_versions":        "id, name, platform, release_date, force_update_required",
	"app_version_groups":  "id, app_version_id, group_name, position",
	"app_version_items":   "id, group_id, text, position",
	"promotion_settings":  "id, is_enabled, start_date, end_date, inviter_coin_id, inviter_amount, inviter_default, invited_coin_id, invited_amount, invited_default, network, waiting_days",
	"promotion_minimums":  "id, coin_id, amount, position",
	"sessions":            "id, user_id, token_hash, kind, revoked_at, stepped_up_at",
	"recovery_codes":      "id, user_id, code_hash, used_at",
	"passkeys":            "id, user_id, credential_id, name, credential, last_used_at",
	"wallets":             "id, user_id, coin_id, name, balance",
	"password_resets":     "id, user_id, token_hash",
	"email_verifications": "id, user_id, token_hash",
	"market_blacklist":    "id, market_name",
}

// attemptTables record attempts (failed ones too) by design.
var attemptTables = map[string]string{
	"audit_log":      "id, actor_id, action, target, details",
	"login_attempts": "id, username, ip",
	"outbox":         "id, to_address, subject",
}

// Snapshot is the row count and a checksum of each table a refused write
// must not change.
type Snapshot map[string]string

// Snapshot takes the state of the data tables (see snapshotTables).
func (e *Env) Snapshot(t testing.TB) Snapshot { t.Helper(); return e.snapshot(t, snapshotTables) }

// SnapshotAll also covers the tables recording attempts (audit log, login
// attempts, outbox).
func (e *Env) SnapshotAll(t testing.TB) Snapshot {
	t.Helper()
	s := e.snapshot(t, snapshotTables)
	for k, v := range e.snapshot(t, attemptTables) {
		s[k] = v
	}
	return s
}

func (e *Env) snapshot(t testing.TB, tables map[string]string) Snapshot {
	t.Helper()
	// One query for every table, each row as one text value: a snapshot is
	// taken around every call of the bad-input sweep.
	names := make([]string, 0, len(tables))
	for table := range tables {
		names = append(names, table)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, table := range names {
		var cols []string
		for _, c := range strings.Split(tables[table], ",") {
			cols = append(cols, "coalesce(CAST("+strings.TrimSpace(c)+" AS TEXT), '<null>')")
		}
		parts[i] = "SELECT '" + table + "' AS t, " + strings.Join(cols, " || '|' || ") + " AS v FROM " + table
	}
	rows, err := e.DB.QueryContext(context.Background(), "SELECT t, v FROM ("+strings.Join(parts, " UNION ALL ")+") s")
	if err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	defer rows.Close()
	values := map[string][]string{}
	for rows.Next() {
		var table, v string
		if err := rows.Scan(&table, &v); err != nil {
			t.Fatalf("snapshot: %v", err)
		}
		values[table] = append(values[table], v)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("snapshot: %v", err)
	}
	out := Snapshot{}
	for _, table := range names {
		// Sorted here: ORDER BY on text costs the database far more.
		sort.Strings(values[table])
		h := sha256.New()
		for _, v := range values[table] {
			h.Write([]byte(v + "\x1e"))
		}
		out[table] = fmt.Sprintf("%d rows %s", len(values[table]), hex.EncodeToString(h.Sum(nil))[:16])
	}
	return out
}

// Diff names the tables whose state differs between two snapshots.
func (s Snapshot) Diff(after Snapshot) []string {
	var changed []string
	for k, v := range s {
		if after[k] != v {
			changed = append(changed, fmt.Sprintf("%s: %s -> %s", k, v, after[k]))
		}
	}
	return changed
}

// SignInStep creates a staff member holding perms who is part-way through
// signing in and returns a token of that kind: auth.Pending (password
// accepted, Google Authenticator on, code not given yet) or auth.Setup
// (password accepted, Google Authenticator still to be set up).
func (e *Env) SignInStep(t testing.TB, username string, kind auth.Kind, perms ...string) (User, string) {
	t.Helper()
	if kind != auth.Pending && kind != auth.Setup {
		t.Fatalf("SignInStep: %s is no sign-in step", kind)
	}
	u := e.CreateUser(t, username, true, kind == auth.Pending, perms...)
	return u, e.Token(t, u, kind)
}
