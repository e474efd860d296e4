package demo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// The simulated core keeps consistent books. A wallet's balance is what its
// moves leave: a confirmed receipt adds its amount; a send takes its amount
// and its fee (network fee and commission) when it is made, pending or
// confirmed, and gives them back if it fails; an exchange takes from_amount
// from one wallet and adds to_amount to the other; a bonus adds its amount.
// No send or exchange takes more than the wallet holds. A customer's
// transactions and exchanges are their activity: their last login is never
// before it.

// move is what t does to its wallet's balance.
func move(t *ingest.Transaction) decimal.Decimal {
	switch {
	case t.Status == "failed":
		return decimal.Zero
	case t.Type == "sent":
		return dec(string(t.Amount)).Add(dec(string(t.Fee))).Neg()
	case t.Status == "confirmed":
		return dec(string(t.Amount))
	}
	return decimal.Zero // a receipt still confirming
}

// fund makes t one that a wallet of coin holding balance can pay: a send of
// part of the balance when it covers the fee, else a receipt to address.
func fund(rng *rand.Rand, t *ingest.Transaction, coin int, address string, balance decimal.Decimal) {
	if !balance.Add(move(t)).IsNegative() {
		return
	}
	places := int32(min(coins[coin].decimals, 8))
	netFee := dec(coins[coin].fee)
	part := balance.Sub(netFee).Mul(decimal.NewFromFloat(0.3 + 0.6*rng.Float64())).Truncate(places)
	commission := part.Mul(dec("0.002")).Truncate(places)
	if part.IsPositive() && part.Add(netFee).Add(commission).LessThanOrEqual(balance) {
		t.Amount, t.Commission, t.Fee = amt(part), amt(commission), amt(netFee.Add(commission))
		return
	}
	t.Type, t.ReceiverAddress = "received", address
	t.NetworkFee, t.Commission, t.Fee = "0", "0", "0"
}

// later is an exchange or a bonus of the seeded activity, made at its
// time among the transactions.
type later struct {
	at       time.Time
	u        *user
	from, to wallet // an exchange's wallets
	want     decimal.Decimal
	bonus    *ingest.Bonus // or a bonus paid to wallet to
}

// sendActivity sends the seeded transactions, exchanges and bonuses in the
// order they were made, keeping each wallet's books (g.balances) and each
// customer's last activity.
func (g *gen) sendActivity(c *simCore) error {
	g.balances = make([]decimal.Decimal, g.nextWalletID)
	others := append(g.planExchanges(), g.planBonuses()...)
	slices.SortStableFunc(others, func(a, b later) int { return a.at.Compare(b.at) })
	next, exchanges := 0, 0
	until := func(at time.Time) error {
		for ; next < len(others) && !others[next].at.After(at); next++ {
			x := &others[next]
			if x.bonus != nil {
				g.book(x.to, dec(string(x.bonus.Amount)))
				if err := c.send(x.at, *x.bonus); err != nil {
					return err
				}
				continue
			}
			e, ok := g.exchange(x)
			if !ok {
				continue
			}
			exchanges++
			e.ID = fmt.Sprintf("ex-%d", exchanges)
			if err := c.send(x.at, e); err != nil {
				return err
			}
		}
		return nil
	}
	err := g.eachTransaction(func(u *user, w wallet, t ingest.Transaction) error {
		if err := until(t.CreatedAt); err != nil {
			return err
		}
		fund(g.rng, &t, w.coin, w.address, g.balances[w.id-1])
		g.book(w, move(&t))
		g.active(u, t.CreatedAt)
		return c.send(t.CreatedAt, t)
	})
	if err != nil {
		return err
	}
	return until(g.now)
}

func (g *gen) book(w wallet, d decimal.Decimal) { g.balances[w.id-1] = g.balances[w.id-1].Add(d) }

func (g *gen) active(u *user, at time.Time) {
	if at.After(u.lastSeen) {
		u.lastSeen, u.activeLater = at, true
	}
}

// planExchanges plans exchanges between two main-network wallets of one
// customer; each takes what its wallet holds when it is made.
func (g *gen) planExchanges() []later {
	main := func(u *user) []wallet {
		var out []wallet
		for _, w := range u.wallets {
			if w.network == "main" {
				out = append(out, w)
			}
		}
		return out
	}
	var owners []int
	for i := range g.users {
		if len(main(&g.users[i])) >= 2 {
			owners = append(owners, i)
		}
	}
	if len(owners) == 0 {
		return nil
	}
	n := max(g.o.Transactions/25, min(len(owners), 30))
	span := time.Duration(g.days()) * 24 * time.Hour
	out := make([]later, 0, n)
	for i := 1; i <= n; i++ {
		u := &g.users[owners[g.rng.IntN(len(owners))]]
		ws := main(u)
		a := g.rng.IntN(len(ws))
		b := (a + 1 + g.rng.IntN(len(ws)-1)) % len(ws)
		frac := math.Pow(float64(i)/float64(n+1), 0.6)
		created := utc.Later(g.now.Add(-span+time.Duration(frac*float64(span))).Truncate(time.Microsecond), u.created)
		out = append(out, later{at: created, u: u, from: ws[a], to: ws[b], want: g.amount(ws[a].coin)})
	}
	return out
}

// exchange is the planned exchange x as made from what its wallet holds
// (part of it when it holds less than x wants); false: nothing to exchange.
func (g *gen) exchange(x *later) (ingest.Exchange, bool) {
	have := g.balances[x.from.id-1]
	amount := x.want
	if amount.GreaterThan(have) {
		amount = have.Mul(decimal.NewFromFloat(0.3 + 0.6*g.rng.Float64())).Truncate(int32(min(coins[x.from.coin].decimals, 8)))
	}
	rate := dec(coins[x.from.coin].rate).DivRound(dec(coins[x.to.coin].rate), 10)
	fee := amount.Mul(dec("0.002")).Truncate(8)
	toAmount := amount.Sub(fee).Mul(rate).Truncate(int32(min(coins[x.to.coin].decimals, 8)))
	if !toAmount.IsPositive() {
		return ingest.Exchange{}, false
	}
	g.book(x.from, amount.Neg())
	g.book(x.to, toAmount)
	g.active(x.u, x.at)
	return ingest.Exchange{CustomerID: customerID(x.u), FromWalletID: walletID(x.from), ToWalletID: walletID(x.to),
		Rate: amt(rate), FromAmount: amt(amount), ToAmount: amt(toAmount), Fee: amt(fee), CreatedAt: x.at}, true
}

// planBonuses pays both sides of an invite: the inviter and the invited user.
func (g *gen) planBonuses() []later {
	var out []later
	for i := range g.users {
		invited := &g.users[i]
		if !invited.invitePaid {
			continue
		}
		inviter := &g.users[invited.invitedBy-1]
		created := utc.Earlier(invited.created.Add(time.Duration(1+g.rng.IntN(50))*24*time.Hour), g.now.Add(-time.Minute))
		for _, side := range []struct {
			receiver *user
			kind     string
			usd      decimal.Decimal
		}{{inviter, "inviter", dec("10")}, {invited, "invited", dec("5")}} {
			w := side.receiver.wallets[side.receiver.bonusWallet]
			out = append(out, later{at: created, to: w, bonus: &ingest.Bonus{ID: fmt.Sprintf("bonus-%d", len(out)+1),
				CustomerID: customerID(side.receiver), InvitedCustomerID: customerID(invited), WalletID: walletID(w),
				Kind: side.kind, Amount: amt(side.usd.DivRound(dec(coins[bonusCoin].rate), 6)), USDAmount: amt(side.usd),
				CreatedAt: created}})
		}
	}
	return out
}

// sendBooks sends what the seeded activity left: each wallet's balance at
// its next version, and the last login of each customer active after the
// one first sent. It counts the customers' balance per coin (main network).
func (g *gen) sendBooks(c *simCore) error {
	// The transactions go in batches of their own: the fast way takes no
	// transaction whose wallet its batch changes.
	if err := c.flush(); err != nil {
		return err
	}
	for i := range g.users {
		u := &g.users[i]
		for wi, w := range u.wallets {
			bal := g.balances[w.id-1]
			if w.network == "main" {
				g.customerBalance[w.coin] = g.customerBalance[w.coin].Add(bal)
			}
			if bal.IsZero() {
				continue
			}
			if err := c.send(g.now, g.walletEvent(u, wi, bal, 2)); err != nil {
				return err
			}
		}
		if u.activeLater && !u.isStaff() {
			if err := c.send(u.lastSeen, g.customerEvent(u, 2)); err != nil {
				return err
			}
		}
	}
	return nil
}

// liveBooks is one live tick's changes to the core's books: each wallet
// moved and each customer active is sent once, at its next version.
type liveBooks struct {
	ctx       context.Context
	db        *store.DB
	wallets   map[string]*ingest.Wallet
	moved     []string
	customers map[string]time.Time
	active    []string
}

func newLiveBooks(ctx context.Context, db *store.DB) *liveBooks {
	return &liveBooks{ctx: ctx, db: db, wallets: map[string]*ingest.Wallet{}, customers: map[string]time.Time{}}
}

// balance is what the core's wallet id holds, with this tick's moves.
func (b *liveBooks) balance(id string) (decimal.Decimal, error) {
	w, err := b.wallet(id)
	if err != nil {
		return decimal.Zero, err
	}
	return dec(string(w.Balance)), nil
}

func (b *liveBooks) wallet(id string) (*ingest.Wallet, error) {
	if w, ok := b.wallets[id]; ok {
		return w, nil
	}
	w, err := coreWallet(b.ctx, b.db, id)
	if err != nil {
		return nil, err
	}
	b.wallets[id] = &w
	return &w, nil
}

// move adds d to the core's wallet id.
func (b *liveBooks) move(id string, d decimal.Decimal) error {
	if d.IsZero() {
		return nil
	}
	w, err := b.wallet(id)
	if err != nil {
		return err
	}
	if !slices.Contains(b.moved, id) {
		b.moved = append(b.moved, id)
		w.Version++
	}
	w.Balance = amt(dec(string(w.Balance)).Add(d))
	return nil
}

// activity records that the core's customer id was active at.
func (b *liveBooks) activity(id string, at time.Time) {
	if last, ok := b.customers[id]; !ok {
		b.active = append(b.active, id)
	} else if last.After(at) {
		return
	}
	b.customers[id] = at
}

// send sends the wallets moved and the last login of the customers active.
func (b *liveBooks) send(core *simCore, now time.Time) error {
	for _, id := range b.moved {
		if err := core.send(now, *b.wallets[id]); err != nil {
			return err
		}
	}
	for _, id := range b.active {
		c, found, err := coreCustomer(b.ctx, b.db, `cc.core_id = $1`, id)
		if err != nil || !found {
			return err
		}
		at := b.customers[id]
		if c.LastLogin != nil && !c.LastLogin.Before(at) {
			continue
		}
		c.LastLogin = &at
		c.Version++
		if err := core.send(now, c); err != nil {
			return err
		}
	}
	return nil
}

// coreWallet reads the core's wallet id as the core holds it.
func coreWallet(ctx context.Context, db *store.DB, id string) (ingest.Wallet, error) {
	var w ingest.Wallet
	var local int64
	var symbol, chain string
	var balance decimal.Decimal
	err := db.QueryRowContext(ctx, `SELECT w.id, cw.core_id, cw.version, cc.core_id, c.symbol, coalesce(ch.symbol, ''),
			w.network, w.name, w.balance, w.created_at
		FROM wallets w JOIN core_ids cw ON cw.kind = 'wallet' AND cw.local_id = w.id
		JOIN core_ids cc ON cc.kind = 'customer' AND cc.local_id = w.user_id
		JOIN coins c ON c.id = w.coin_id LEFT JOIN coins ch ON ch.id = c.blockchain_id
		WHERE cw.core_id = $1`, id).Scan(&local, &w.ID, &w.Version, &w.CustomerID, &symbol, &chain, &w.Network, &w.Name,
		&balance, &w.CreatedAt)
	if err != nil {
		return w, fmt.Errorf("demo: wallet %s: %w", id, err)
	}
	w.Coin, w.Balance = symbol, amt(balance)
	if chain != "" {
		w.Coin += "@" + chain
	}
	rows, err := db.QueryContext(ctx, `SELECT address FROM wallet_addresses WHERE wallet_id = $1 ORDER BY id`, local)
	if err != nil {
		return w, err
	}
	defer rows.Close()
	w.Addresses = []ingest.Address{}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return w, err
		}
		w.Addresses = append(w.Addresses, ingest.Address(a))
	}
	return w, rows.Err()
}
