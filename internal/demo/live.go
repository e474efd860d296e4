package demo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
)

// LeaderRetry is how often a node that does not run the live generator checks
// whether the one that does is gone.
const LeaderRetry = 5 * time.Second

// LiveOnOneNode runs Live on one node of the database at a time
// (store.LockDemoLive): every --demo node calls it, so the demo traffic is one
// generator's however many nodes run, and another node takes over within
// LeaderRetry when the one running it stops.
func LiveOnOneNode(ctx context.Context, db *store.DB, every time.Duration) {
	db.Lead(ctx, store.LockDemoLive, LeaderRetry, func(ctx context.Context) {
		slog.Info("demo: this node runs the live generator")
		Live(ctx, db, every)
	})
}

// Live keeps a demo database moving until ctx ends, so polling screens show
// change: every tick a transaction or two arrives, pending ones gain a
// confirmation (and become confirmed at their maximum), and a few users come
// online while others drift away.
func Live(ctx context.Context, db *store.DB, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := Step(ctx, db, rng); err != nil && ctx.Err() == nil {
				slog.Warn("demo: live update failed", "err", err)
			}
		}
	}
}

// Step is one tick of Live: the simulated core sends what happened since
// the last tick, as a real core would.
func Step(ctx context.Context, db *store.DB, rng *rand.Rand) error {
	return StepAt(ctx, db, rng, store.Now())
}

// StepAt is Step at the time now (tests control the clock).
func StepAt(ctx context.Context, db *store.DB, rng *rand.Rand, now time.Time) error {
	core, err := newCore(ctx, db, now, fmt.Sprintf("live-%016x-", rng.Uint64()))
	if err != nil {
		return err
	}
	pending, err := pendingTransactions(ctx, db, now.Add(-24*time.Hour))
	if err != nil {
		return err
	}
	books := newLiveBooks(ctx, db)
	for _, t := range pending {
		t.Confirmations++
		if t.Confirmations >= t.MaxConfirmation {
			t.Status = "confirmed"
			if t.Type == "received" { // a receipt counts once confirmed; a send was taken when made
				if err := books.move(t.WalletID, move(&t)); err != nil {
					return err
				}
			}
		}
		t.Version++
		if err := core.send(now, t); err != nil {
			return err
		}
	}
	for i := 0; i < 1+rng.IntN(2); i++ {
		if err := newTransaction(ctx, db, core, books, rng, now); err != nil {
			return err
		}
	}
	// The books first: a sign-in below reads the customer's version they leave.
	if err := books.send(core, now); err != nil {
		return err
	}
	if err := core.flush(); err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		// Applied one by one: a customer picked twice reads the version the first sign-in left.
		if err := comeOnline(ctx, db, core, rng, now); err != nil {
			return err
		}
		if err := core.flush(); err != nil {
			return err
		}
	}
	if err := movePrices(ctx, db, core, rng, now); err != nil {
		return err
	}
	return core.flush()
}

// coreTransaction reads a transaction the core sent, as the core holds it.
const coreTransaction = `SELECT ct.core_id, ct.version, cc.core_id, cw.core_id, c.symbol, coalesce(ch.symbol, ''), t.type,
	t.network, t.status, t.confirmations, t.max_confirmation, t.amount, t.network_fee, t.commission, t.fee, t.hash,
	t.receiver_address, t.is_exchange, t.created_at
	FROM transactions t
	JOIN core_ids ct ON ct.kind = 'transaction' AND ct.local_id = t.id
	JOIN core_ids cc ON cc.kind = 'customer' AND cc.local_id = t.user_id
	JOIN core_ids cw ON cw.kind = 'wallet' AND cw.local_id = t.wallet_id
	JOIN coins c ON c.id = t.coin_id LEFT JOIN coins ch ON ch.id = c.blockchain_id`

// pendingTransactions are the transactions still confirming made since.
func pendingTransactions(ctx context.Context, db *store.DB, since time.Time) ([]ingest.Transaction, error) {
	rows, err := db.QueryContext(ctx, coreTransaction+` WHERE t.status = 'pending' AND t.created_at > $1 ORDER BY t.id`, since)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ingest.Transaction
	for rows.Next() {
		var t ingest.Transaction
		var symbol, chain string
		var amount, netFee, commission, fee decimal.Decimal
		if err := rows.Scan(&t.ID, &t.Version, &t.CustomerID, &t.WalletID, &symbol, &chain, &t.Type, &t.Network,
			&t.Status, &t.Confirmations, &t.MaxConfirmation, &amount, &netFee, &commission, &fee, &t.Hash,
			&t.ReceiverAddress, &t.Exchange, &t.CreatedAt); err != nil {
			return nil, err
		}
		t.Coin = symbol
		if chain != "" {
			t.Coin += "@" + chain
		}
		t.Amount, t.NetworkFee, t.Commission, t.Fee = amt(amount), amt(netFee), amt(commission), amt(fee)
		out = append(out, t)
	}
	return out, rows.Err()
}

// newTransaction sends a new pending transaction of a random wallet of a
// coin of the demo's catalogue: a send its balance can pay, taken from it
// now, and activity of its customer.
func newTransaction(ctx context.Context, db *store.DB, core *simCore, books *liveBooks, rng *rand.Rand, now time.Time) error {
	var maxWallet int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM wallets`).Scan(&maxWallet); err != nil || maxWallet == 0 {
		return err
	}
	var w wallet
	var walletCore, customer, symbol, chain string
	err := db.QueryRowContext(ctx, `SELECT cw.core_id, cc.core_id, c.symbol, coalesce(ch.symbol, ''), w.network,
			coalesce((SELECT address FROM wallet_addresses a WHERE a.wallet_id = w.id ORDER BY a.id LIMIT 1), '')
		FROM wallets w JOIN core_ids cw ON cw.kind = 'wallet' AND cw.local_id = w.id
		JOIN core_ids cc ON cc.kind = 'customer' AND cc.local_id = w.user_id
		JOIN coins c ON c.id = w.coin_id LEFT JOIN coins ch ON ch.id = c.blockchain_id
		WHERE w.id >= $1 ORDER BY w.id LIMIT 1`, 1+rng.Int64N(maxWallet)).Scan(&walletCore, &customer, &symbol, &chain, &w.network, &w.address)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	w.coin = catalogued(symbol, chain)
	if w.coin < 0 {
		return nil // a token staff added: the demo does not know its amounts
	}
	g := &gen{rng: rng}
	t := g.transaction(w, now)
	t.ID, t.CustomerID, t.WalletID = fmt.Sprintf("tx-live-%016x", rng.Uint64()), customer, walletCore
	t.Status, t.Confirmations = "pending", 0
	balance, err := books.balance(walletCore)
	if err != nil {
		return err
	}
	fund(rng, &t, w.coin, w.address, balance)
	if err := books.move(walletCore, move(&t)); err != nil {
		return err
	}
	books.activity(customer, now)
	return core.send(now, t)
}

// catalogued is the position in coins of the coin symbol on chain ("" for
// a chain's own coin), or -1.
func catalogued(symbol, chain string) int {
	for i, c := range coins {
		if strings.EqualFold(c.symbol, symbol) && strings.EqualFold(c.chain, chain) {
			return i
		}
	}
	return -1
}

// comeOnline sends a random customer's sign-in at the core.
func comeOnline(ctx context.Context, db *store.DB, core *simCore, rng *rand.Rand, now time.Time) error {
	var maxUser int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM users`).Scan(&maxUser); err != nil || maxUser == 0 {
		return err
	}
	c, found, err := coreCustomer(ctx, db, `u.id >= $1 ORDER BY u.id`, 1+rng.Int64N(maxUser))
	if err != nil || !found {
		return err
	}
	c.LastLogin = &now
	c.Version++
	return core.send(now, c)
}

// coreCustomer reads the first customer the core sent that matches where
// (on users u, with one argument), as the core holds it.
func coreCustomer(ctx context.Context, db *store.DB, where string, arg any) (ingest.Customer, bool, error) {
	var c ingest.Customer
	var verifiedAt sql.NullTime
	var phone, invitedBy sql.NullString
	err := db.QueryRowContext(ctx, `SELECT cc.core_id, cc.version, u.email, u.full_name, u.enabled, u.email_verified,
			u.verified_at, u.phone_number, u.ga_enabled, u.sms_2fa_enabled, u.sms_verified, u.invitation_code, inv.core_id,
			u.device_type, u.last_login, u.created_at
		FROM users u JOIN core_ids cc ON cc.kind = 'customer' AND cc.local_id = u.id
		LEFT JOIN core_ids inv ON inv.kind = 'customer' AND inv.local_id = u.invited_by
		WHERE `+where+` LIMIT 1`, arg).Scan(&c.ID, &c.Version, &c.Email, &c.FullName,
		&c.Enabled, &c.EmailVerified, &verifiedAt, &phone, &c.GAEnabled, &c.SMS2FAEnabled, &c.SMSVerified,
		&c.InvitationCode, &invitedBy, &c.DeviceType, &c.LastLogin, &c.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return c, false, nil
	}
	if err != nil {
		return c, false, err
	}
	if verifiedAt.Valid {
		c.VerifiedAt = &verifiedAt.Time
	}
	if phone.Valid {
		c.PhoneNumber = &phone.String
	}
	if invitedBy.Valid {
		c.InvitedBy = &invitedBy.String
	}
	return c, true, nil
}
