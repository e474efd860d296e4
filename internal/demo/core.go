package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/ledger"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/utc"
)

// Source is the simulated core's CloudEvents source.
const Source = "xapa.demo-core"

// simCore is the demo's exchange core: what it owns (chains, customers,
// wallets, transactions, exchanges, bonuses, the company's wallets, rates,
// candles, the black list) reaches the database only as its events, through
// the applier every real core's events go through.
type simCore struct {
	ctx    context.Context
	apply  *ingest.Applier
	prefix string // of the events' ids: unique per generation
	n      int
	batch  []json.RawMessage
}

func newCore(ctx context.Context, db *store.DB, now time.Time, prefix string) (*simCore, error) {
	a, err := ingest.New(db, func() time.Time { return now })
	return &simCore{ctx: ctx, apply: a, prefix: prefix}, err
}

// send queues an event of data at a time, and applies a full batch.
func (c *simCore) send(at time.Time, data ingest.Data) error {
	c.n++
	raw, err := ingest.NewEvent(Source, fmt.Sprintf("%s%d", c.prefix, c.n), at, data)
	if err != nil {
		return err
	}
	c.batch = append(c.batch, raw)
	if len(c.batch) == ingest.MaxBatch {
		return c.flush()
	}
	return nil
}

// flush applies what is queued. The core sends things in an order that
// needs no waiting, so anything but applied is the demo's own mistake.
func (c *simCore) flush() error {
	if len(c.batch) == 0 {
		return nil
	}
	results, err := c.apply.Apply(c.ctx, c.batch)
	if err != nil {
		return err
	}
	c.batch = c.batch[:0]
	for _, r := range results {
		if r.Status != ingest.Applied {
			return fmt.Errorf("demo core: event %s was %s: %s", r.ID, r.Status, r.Reason)
		}
	}
	return nil
}

// coinName is coin i as events name it: "BTC" or "USDT@TRX".
func coinName(i int) string {
	if c := coins[i]; c.chain != "" {
		return c.symbol + "@" + c.chain
	}
	return coins[i].symbol
}

func customerID(u *user) string { return fmt.Sprintf("cus-%d", u.index+1) }
func walletID(w wallet) string  { return fmt.Sprintf("wal-%d", w.id) }

func amt(d decimal.Decimal) ingest.Amount { return ingest.Amount(d.String()) }

func (g *gen) sendChains(c *simCore) error {
	for i, s := range coins {
		if s.chain != "" {
			continue
		}
		err := c.send(g.now.AddDate(-2, 0, 0), ingest.Chain{Symbol: s.symbol, Name: s.name, Decimals: s.decimals,
			MaxConfirmation: s.maxConf, ExplorerTxURL: s.explorer, Icon: icon(i), Version: 1})
		if err != nil {
			return err
		}
	}
	return c.flush()
}

func icon(i int) string { return "/icons/" + strings.ToLower(coins[i].symbol) + ".svg" }

func (g *gen) sendRates(c *simCore) error {
	for i, s := range coins {
		if err := c.send(g.now, ingest.Rate{Coin: coinName(i), FiatRate: ingest.Amount(s.rate), ConversionRate: "1", At: g.now}); err != nil {
			return err
		}
	}
	return nil
}

// sendCandles sends 60 daily candles per coin, ending today at the coin's
// rate, with ups, downs and one unchanged day among the last seven.
func (g *gen) sendCandles(c *simCore) error {
	const days = 60
	today := time.Date(g.now.Year(), g.now.Month(), g.now.Day(), 0, 0, 0, 0, time.UTC)
	for ci := range coins {
		rate, _ := dec(coins[ci].rate).Float64()
		price := rate * (0.8 + 0.4*g.rng.Float64())
		for d := range days {
			open := price
			closing := open * (1 + (g.rng.Float64()-0.5)*0.08)
			switch {
			case d == days-1:
				closing = rate
			case d == days-3 && ci%2 == 0:
				closing = open // an unchanged day: the change shows orange
			}
			high := math.Max(open, closing) * (1 + g.rng.Float64()*0.02)
			low := math.Min(open, closing) * (1 - g.rng.Float64()*0.02)
			day := today.AddDate(0, 0, d-days+1)
			err := c.send(g.now, ingest.Candle{Coin: coinName(ci), Day: day.Format(time.DateOnly), Open: amt(price8(open)),
				High: amt(price8(high)), Low: amt(price8(low)), Close: amt(price8(closing)), At: g.now})
			if err != nil {
				return err
			}
			price = closing
		}
	}
	return nil
}

func (g *gen) sendBlacklist(c *simCore) error {
	for i, market := range blacklist {
		if err := c.send(g.now.AddDate(0, -i-1, 0), ingest.Blacklist{MarketName: market, Listed: true}); err != nil {
			return err
		}
	}
	return nil
}

// sendCustomers sends every user who is not staff, in the order they
// joined, so an inviter always comes first. The demo customer registered
// here (a sign-in of the demo) is linked by its backoffice_id.
func (g *gen) sendCustomers(c *simCore) error {
	for i := range g.users {
		if u := &g.users[i]; !u.isStaff() {
			if err := c.send(u.created, g.customerEvent(u, 1)); err != nil {
				return err
			}
		}
	}
	return nil
}

// customerEvent is u as the core holds it at version.
func (g *gen) customerEvent(u *user, version int64) ingest.Customer {
	lastLogin := u.lastSeen
	data := ingest.Customer{ID: customerID(u), Email: u.email, FullName: u.name, Enabled: u.enabled,
		EmailVerified: u.verified, VerifiedAt: u.verifiedAt, PhoneNumber: u.phone, GAEnabled: u.ga,
		SMS2FAEnabled: u.sms, SMSVerified: u.sms, InvitationCode: u.code, DeviceType: u.device,
		LastLogin: &lastLogin, CreatedAt: u.created, Version: version}
	if u.invitedBy != 0 {
		inviter := customerID(&g.users[u.invitedBy-1])
		data.InvitedBy = &inviter
	}
	if u.staff != nil {
		data.BackofficeID = &u.id
	}
	return data
}

// sendWallets opens every wallet empty: its moves fill it (sendActivity),
// and sendBooks sends what they leave.
func (g *gen) sendWallets(c *simCore) error {
	for i := range g.users {
		u := &g.users[i]
		for wi := range u.wallets {
			if err := c.send(u.created, g.walletEvent(u, wi, decimal.Zero, 1)); err != nil {
				return err
			}
		}
	}
	return nil
}

// walletEvent is u's wallet wi holding balance, at version.
func (g *gen) walletEvent(u *user, wi int, balance decimal.Decimal, version int64) ingest.Wallet {
	w := u.wallets[wi]
	name := coins[w.coin].name + " Wallet"
	if wi == u.bonusWallet {
		name = "Bonus Wallet"
	}
	return ingest.Wallet{ID: walletID(w), CustomerID: customerID(u), Coin: coinName(w.coin), Network: ledger.Network(w.network),
		Name: name, Balance: amt(balance), Addresses: []ingest.Address{ingest.Address(w.address)},
		CreatedAt: u.created, Version: version}
}

// sendCompanyWallets sets the company's balance per coin against the
// customers' total so that all three colours of the dashboard card show:
// blue (1.1 × company ≥ customers), orange (1.15 ×), red (below both).
func (g *gen) sendCompanyWallets(c *simCore) error {
	ratios := []string{"1.05", "1.12", "1.4"}
	for i := range coins {
		bal := g.customerBalance[i].DivRound(dec(ratios[i%3]), int32(min(coins[i].decimals, 8)))
		err := c.send(g.now, ingest.CompanyWallet{Coin: coinName(i), Address: g.address(g.chainOf(i)), Balance: amt(bal),
			NetworkFee: ingest.Amount(coins[i].fee), At: g.now})
		if err != nil {
			return err
		}
	}
	return nil
}

// eachTransaction makes the seeded transactions in the order they were
// made, each of a wallet of a customer who had joined by then.
func (g *gen) eachTransaction(each func(u *user, w wallet, t ingest.Transaction) error) error {
	n := g.o.Transactions
	span := time.Duration(g.days()) * 24 * time.Hour
	walletOwners := g.usersWithWallets()
	if len(walletOwners) == 0 {
		return nil
	}
	for i := 1; i <= n; i++ {
		// Denser towards now; the newest 40 are minutes old.
		frac := math.Pow(float64(i)/float64(n+1), 0.6)
		created := g.now.Add(-span + time.Duration(frac*float64(span)))
		fromEnd := n - i
		if fromEnd < 40 {
			created = g.now.Add(-time.Duration(fromEnd*45+g.rng.IntN(40)) * time.Second)
		}
		// A user who had joined by then (users are planned in the order they join).
		joined := max(1, sort.Search(len(walletOwners), func(j int) bool { return g.users[walletOwners[j]].created.After(created) }))
		u := &g.users[walletOwners[g.rng.IntN(joined)]]
		w := u.wallets[g.rng.IntN(len(u.wallets))]
		t := g.transaction(w, utc.Later(created.Truncate(time.Microsecond), u.created))
		t.ID, t.CustomerID = fmt.Sprintf("tx-%d", i), customerID(u)
		switch {
		case fromEnd < 40:
			// The newest: pending (0), confirming (1..max-1) or just confirmed.
			t.Confirmations = []int{0, 1, t.MaxConfirmation / 2, t.MaxConfirmation - 1, t.MaxConfirmation}[fromEnd%5]
			if t.Confirmations < t.MaxConfirmation {
				t.Status = "pending"
			}
		case g.rng.Float64() < 0.03:
			t.Status, t.Confirmations = "failed", 0
		}
		if err := each(u, w, t); err != nil {
			return err
		}
	}
	return nil
}

// transaction is a confirmed transaction of wallet w on its network made
// at created, of a random type and amount (the caller sets its ids).
func (g *gen) transaction(w wallet, created time.Time) ingest.Transaction {
	s := coins[w.coin]
	typ := "received"
	if g.rng.IntN(2) == 0 {
		typ = "sent"
	}
	amount := g.amount(w.coin)
	netFee, commission := decimal.Zero, decimal.Zero
	receiver := w.address
	if typ == "sent" {
		netFee = dec(s.fee)
		commission = amount.Mul(dec("0.002")).Truncate(int32(min(s.decimals, 8)))
		receiver = g.address(g.chainOf(w.coin))
	}
	return ingest.Transaction{WalletID: walletID(w), Coin: coinName(w.coin), Type: ledger.Type(typ), Network: ledger.Network(w.network),
		Status: "confirmed", Confirmations: s.maxConf, MaxConfirmation: s.maxConf, Amount: amt(amount),
		NetworkFee: amt(netFee), Commission: amt(commission), Fee: amt(netFee.Add(commission)),
		Hash: g.txHash(g.chainOf(w.coin)), ReceiverAddress: receiver, Exchange: g.rng.Float64() < 0.04,
		CreatedAt: created, Version: 1}
}

// readCustomerIDs sets every customer's id to ours, as the core's events
// made it.
func (g *gen) readCustomerIDs(ctx context.Context, db *store.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT core_id, local_id FROM core_ids WHERE kind = 'customer'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	local := map[string]int64{}
	for rows.Next() {
		var core string
		var id int64
		if err := rows.Scan(&core, &id); err != nil {
			return err
		}
		local[core] = id
	}
	for i := range g.users {
		if u := &g.users[i]; !u.isStaff() {
			u.id = local[customerID(u)]
		}
	}
	return rows.Err()
}

// readCoinIDs reads our ids of the core's chains, by position in coins (the
// tokens' come when they are added).
func (g *gen) readCoinIDs(ctx context.Context, db *store.DB) error {
	g.coinIDs = make([]int64, len(coins))
	for i := range coins {
		if coins[i].chain != "" {
			continue
		}
		if err := db.QueryRowContext(ctx, `SELECT id FROM coins WHERE kind = 'coin' AND symbol = $1`, coins[i].symbol).Scan(&g.coinIDs[i]); err != nil {
			return fmt.Errorf("demo: chain %s: %w", coins[i].symbol, err)
		}
	}
	return nil
}
