// Package seedtest writes, straight into a test's database, the rows the
// tests of the domain packages start from: users and staff members with
// their roles, coins, a small hand-checkable ledger; and reads back what a
// change wrote besides its rows (audit entries, commands to the core).
// internal/apitest makes its users with it too.
package seedtest

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// IP is the address of the staff members Staff makes.
const IP = "192.0.2.10"

// User is a user to insert.
type User struct {
	Username string // the email is Username@example.com, the full name "Test Username"
	// Staff makes a staff member (ROLE_ADMIN) with a role of their own, "role-Username", holding Perms.
	Staff bool
	Perms []string
	// PasswordHash is the stored hash; empty, no password signs in.
	PasswordHash string
	// GASecret, when set, is the sealed TOTP secret: Google Authenticator is on.
	GASecret any
}

// Insert writes u and returns its id.
func Insert(t testing.TB, db *store.DB, u User) int64 {
	t.Helper()
	ctx := context.Background()
	now := store.Now()
	var id int64
	err := db.Tx(ctx, func(tx *sql.Tx) error {
		var roleID any
		if u.Staff {
			var rid int64
			if err := tx.QueryRowContext(ctx, `INSERT INTO roles (role, description, created_at, updated_at)
				VALUES ($1, 'test role', $2, $2) RETURNING id`, "role-"+u.Username, now).Scan(&rid); err != nil {
				return err
			}
			if err := grant(ctx, tx, rid, u.Perms); err != nil {
				return err
			}
			roleID = rid
		}
		hash := u.PasswordHash
		if hash == "" {
			hash = "!" // matches no password
		}
		return tx.QueryRowContext(ctx, `INSERT INTO users (email, username, full_name, password_hash, is_admin, role_id,
			ga_enabled, ga_secret, email_verified, invitation_code, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, TRUE, $9, $10, $10) RETURNING id`,
			u.Username+"@example.com", u.Username, "Test "+u.Username, hash, u.Staff, roleID, u.GASecret != nil, u.GASecret,
			fmt.Sprintf("T%09d", time.Now().UnixNano()%1e9), now).Scan(&id)
	})
	if err != nil {
		t.Fatalf("insert user %s: %v", u.Username, err)
	}
	return id
}

// grant gives role id the keys, in one statement: tests make many staff members.
func grant(ctx context.Context, tx *sql.Tx, id int64, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	values, args := make([]string, len(keys)), []any{id}
	for i, k := range keys {
		values[i] = fmt.Sprintf("($1, $%d)", i+2)
		args = append(args, k)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO role_permissions (role_id, permission) VALUES `+strings.Join(values, ", "), args...)
	return err
}

// Staff inserts a staff member holding perms and returns them as the actor
// of their changes, calling from IP.
func Staff(t testing.TB, db *store.DB, username string, perms ...string) audit.Actor {
	t.Helper()
	id := Insert(t, db, User{Username: username, Staff: true, Perms: perms})
	return audit.Actor{ID: id, Email: username + "@example.com", IP: IP}
}

// Customer inserts a user who is not staff and returns their id.
func Customer(t testing.TB, db *store.DB, username string) int64 {
	t.Helper()
	return Insert(t, db, User{Username: username})
}

// Exec runs q, failing the test on an error.
func Exec(t testing.TB, db *store.DB, q string, args ...any) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// Dec is s as a decimal.
func Dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Coin is a chain coin to insert.
type Coin struct {
	ID       int64
	Name     string
	Symbol   string
	Decimals int
	Confirm  int    // max confirmation
	Rate     string // USD per coin; "" for none yet
}

// BTC and ETH are the coins Coins inserts, at easy rates.
var (
	BTC = Coin{ID: 1, Name: "Bitcoin", Symbol: "BTC", Decimals: 8, Confirm: 3, Rate: "100"}
	ETH = Coin{ID: 2, Name: "Ethereum", Symbol: "ETH", Decimals: 18, Confirm: 12, Rate: "10"}
)

// Coins inserts chain coins, in the order given (their position).
func Coins(t testing.TB, db *store.DB, coins ...Coin) {
	t.Helper()
	now := store.Now()
	for i, c := range coins {
		rate := c.Rate
		if rate == "" {
			rate = "0"
		}
		Exec(t, db, `INSERT INTO coins (id, name, symbol, icon, kind, decimals, max_confirmation, fiat_rate, position,
			created_at, updated_at) VALUES ($1, $2, $3, $4, 'coin', $5, $6, $7, $8, $9, $9)`,
			c.ID, c.Name, c.Symbol, "/icons/"+strings.ToLower(c.Symbol)+".svg", c.Decimals, c.Confirm, Dec(rate), i+1, now)
	}
	continueIDs(t, db, "coins")
}

// continueIDs makes table's next generated id follow the ids written by hand
// (on PostgreSQL the sequence does not see them).
func continueIDs(t testing.TB, db *store.DB, tables ...string) {
	t.Helper()
	for _, table := range tables {
		if q := db.Dialect.ResetSequences(table); q != "" {
			Exec(t, db, q)
		}
	}
}

// Ledger is a small, hand-checkable ledger: BTC at $100, ETH at $10.
//
// Holder has wallets 1 (1.25 BTC, "Bitcoin Wallet") and 2 (7 ETH, "Ethereum
// Wallet"); Evil (email "=cmd|calc@example.com") wallet 3 (1.25 BTC). The
// company holds 2.4 BTC. Transactions, by id: 1 received 1.5 BTC main
// confirmed an hour ago; 2 sent 0.5 BTC main confirmed 2 days ago; 3 sent 2
// ETH test pending 2 hours ago; 4 sent 3 ETH main failed a day ago; 5
// received 4 ETH main pending 10 days ago; 6 Evil's sent 0.25 BTC 40 days
// ago. Holder's exchanges: 1 BTC → 9.8 ETH at 10, fee 0.02 BTC, a minute
// ago; 5 ETH → 0.45 BTC at 0.1, fee 0.5 ETH, 3 days ago.
type Ledger struct {
	Now          time.Time
	Holder, Evil int64 // user ids
	BTC, ETH     int64 // coin ids
}

// NewLedger writes the ledger, its times counted back from now.
func NewLedger(t testing.TB, db *store.DB, now time.Time) Ledger {
	t.Helper()
	Coins(t, db, BTC, ETH)
	f := Ledger{Now: now, Holder: Customer(t, db, "holder"), Evil: Customer(t, db, "evil"), BTC: BTC.ID, ETH: ETH.ID}
	Exec(t, db, `UPDATE users SET email = '=cmd|calc@example.com' WHERE id = $1`, f.Evil)
	Exec(t, db, `INSERT INTO wallets (id, user_id, coin_id, name, balance, created_at, updated_at) VALUES
		(1, $1, 1, 'Bitcoin Wallet', $3, $5, $5), (2, $1, 2, 'Ethereum Wallet', $4, $5, $5), (3, $2, 1, 'Bitcoin Wallet', $3, $5, $5)`,
		f.Holder, f.Evil, Dec("1.25"), Dec("7"), now)
	Exec(t, db, `INSERT INTO company_wallets (coin_id, address, balance, network_fee, updated_at) VALUES (1, 'bc1qcompany', $1, $2, $3)`,
		Dec("2.4"), Dec("0.0001"), now)
	tx := func(id int64, user, wallet, coin int64, typ, network, status string, confs, needed int, amount, commission string, at time.Time, hash string) {
		Exec(t, db, `INSERT INTO transactions (id, user_id, wallet_id, coin_id, type, network, status, confirmations, max_confirmation,
			amount, commission, fee, hash, explorer_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $14)`,
			id, user, wallet, coin, typ, network, status, confs, needed, Dec(amount), Dec(commission), hash, "https://explorer.test/"+hash, at)
	}
	tx(1, f.Holder, 1, 1, "received", "main", "confirmed", 3, 3, "1.5", "0", now.Add(-time.Hour), "0xaaaaaa1ffff")
	tx(2, f.Holder, 1, 1, "sent", "main", "confirmed", 3, 3, "0.5", "0.01", now.AddDate(0, 0, -2), "0xaaaaaa2ffff")
	tx(3, f.Holder, 2, 2, "sent", "test", "pending", 5, 12, "2", "0.1", now.Add(-2*time.Hour), "0xAAAAAA3FFFF")
	tx(4, f.Holder, 2, 2, "sent", "main", "failed", 0, 12, "3", "0.3", now.AddDate(0, 0, -1), "0xaaaaaa4ffff")
	tx(5, f.Holder, 2, 2, "received", "main", "pending", 0, 12, "4", "0", now.AddDate(0, 0, -10), "0xaaaaaa5ffff")
	tx(6, f.Evil, 3, 1, "sent", "main", "confirmed", 3, 3, "0.25", "0", now.AddDate(0, 0, -40), "=HYPERLINK(1)")
	Exec(t, db, `INSERT INTO exchanges (user_id, from_wallet_id, to_wallet_id, from_coin_id, to_coin_id, exchange_rate, from_amount, to_amount, fee, created_at) VALUES
		($1, 1, 2, 1, 2, $2, $3, $4, $5, $6), ($1, 2, 1, 2, 1, $7, $8, $9, $10, $11)`,
		f.Holder, Dec("10"), Dec("1"), Dec("9.8"), Dec("0.02"), now.Add(-time.Minute),
		Dec("0.1"), Dec("5"), Dec("0.45"), Dec("0.5"), now.AddDate(0, 0, -3))
	continueIDs(t, db, "wallets", "transactions")
	return f
}

// Bonus is a paid bonus to insert: of user, for inviting (kind "inviter") or
// being invited ("invited"), in a BTC wallet.
type Bonus struct {
	User, Invited, Wallet int64
	Kind                  string
	Amount, USD           string
	At                    time.Time
}

// Bonuses inserts bonuses paid in BTC.
func Bonuses(t testing.TB, db *store.DB, bonuses ...Bonus) {
	t.Helper()
	for _, b := range bonuses {
		Exec(t, db, `INSERT INTO bonuses (user_id, invited_user_id, wallet_id, coin_id, kind, amount, usd_amount, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, b.User, b.Invited, b.Wallet, BTC.ID, b.Kind, Dec(b.Amount), Dec(b.USD), b.At)
	}
}

// Commands are the data of the commands of type typ written so far, in order.
func Commands(t testing.TB, db *store.DB, typ string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, body := range storetest.Column[string](t, db, `SELECT body FROM core_commands WHERE type = $1 ORDER BY seq`, typ) {
		var e struct{ Data map[string]any }
		if err := json.Unmarshal([]byte(body), &e); err != nil {
			t.Fatal(err)
		}
		out = append(out, e.Data)
	}
	return out
}

// Audited is an audit entry as Entries reads it.
type Audited struct {
	ActorID int64
	Target  string
	Details map[string]any
}

// Entries are the audit entries of action written so far, in order.
func Entries(t testing.TB, db *store.DB, action string) []Audited {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), `SELECT coalesce(actor_id, 0), target, details FROM audit_log
		WHERE action = $1 ORDER BY id`, action)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []Audited
	for rows.Next() {
		var a Audited
		var details string
		if err := rows.Scan(&a.ActorID, &a.Target, &details); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(details), &a.Details); err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
