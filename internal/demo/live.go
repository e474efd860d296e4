package demo

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/shopspring/decimal"

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

// Step is one tick of Live.
func Step(ctx context.Context, db *store.DB, rng *rand.Rand) error {
	now := store.Now()
	if _, err := db.ExecContext(ctx, `UPDATE transactions SET confirmations = confirmations + 1,
		status = CASE WHEN confirmations + 1 >= max_confirmation THEN 'confirmed' ELSE status END, updated_at = $1
		WHERE status = 'pending' AND created_at > $2`, now, now.Add(-24*time.Hour)); err != nil {
		return err
	}
	for i := 0; i < 1+rng.IntN(2); i++ {
		if err := newTransaction(ctx, db, rng, now); err != nil {
			return err
		}
	}
	var maxUser int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM users`).Scan(&maxUser); err != nil || maxUser == 0 {
		return err
	}
	for i := 0; i < 3; i++ {
		if _, err := db.ExecContext(ctx, `UPDATE users SET last_seen_at = $1 WHERE id = $2`, now, 1+rng.Int64N(maxUser)); err != nil {
			return err
		}
	}
	return nil
}

// newTransaction adds a pending transaction to a random wallet.
func newTransaction(ctx context.Context, db *store.DB, rng *rand.Rand, now time.Time) error {
	var maxWallet int64
	if err := db.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM wallets`).Scan(&maxWallet); err != nil || maxWallet == 0 {
		return err
	}
	var (
		walletID, userID, coinID int64
		symbol, explorer, addr   string
		maxConf                  int
	)
	err := db.QueryRowContext(ctx, `SELECT w.id, w.user_id, c.id, c.symbol, c.explorer_tx_url, c.max_confirmation,
			coalesce((SELECT address FROM wallet_addresses a WHERE a.wallet_id = w.id LIMIT 1), '')
		FROM wallets w JOIN coins c ON c.id = w.coin_id WHERE w.id >= $1 ORDER BY w.id LIMIT 1`, 1+rng.Int64N(maxWallet)).Scan(
		&walletID, &userID, &coinID, &symbol, &explorer, &maxConf, &addr)
	if err != nil {
		return err
	}
	idx := 0
	for i, c := range coins {
		if c.symbol == symbol {
			idx = i
			break
		}
	}
	g := &gen{rng: rng}
	amount := g.amount(idx)
	typ, network := "received", "main"
	if rng.IntN(2) == 0 {
		typ = "sent"
	}
	if rng.IntN(7) == 0 {
		network = "test"
	}
	fee, commission := decimal.Zero, decimal.Zero
	if typ == "sent" {
		fee = dec(coins[idx].fee)
		commission = amount.Mul(dec("0.002")).Truncate(8)
		addr = g.address(g.chainOf(idx))
	}
	hash := g.txHash(g.chainOf(idx))
	_, err = db.ExecContext(ctx, `INSERT INTO transactions (user_id, wallet_id, coin_id, type, network, status, confirmations,
		max_confirmation, amount, network_fee, commission, fee, hash, explorer_url, receiver_address, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
		userID, walletID, coinID, typ, network, maxConf, amount, fee, commission, fee.Add(commission), hash,
		strings.Replace(explorer, "{hash}", hash, 1), addr, now)
	if err != nil {
		return fmt.Errorf("demo transaction: %w", err)
	}
	return nil
}
