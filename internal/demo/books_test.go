package demo_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/profile"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The simulated core keeps consistent books, seeded and live: every wallet
// holds what its moves leave, no move takes a wallet below zero, and no
// customer was last seen before their latest activity.
func TestTheDemoKeepsConsistentBooks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 120, Transactions: 1500, Seed: 11, Now: now}); err != nil {
			t.Fatal(err)
		}
		checkBooks(t, db, "seeded")
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 1; i <= 20; i++ {
			if err := demo.StepAt(ctx, db, rng, now.Add(time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		checkBooks(t, db, "after 20 live ticks")
		everyRowCameFromTheCore(t, db)
	})
}

// move is one change to a wallet's balance at a time.
type move struct {
	wallet int64
	at     time.Time
	delta  decimal.Decimal
}

// checkBooks recomputes every wallet's balance from its moves, as the core's
// model has them: a confirmed receipt adds its amount; a send that did not
// fail takes its amount and its fee when it is made; an exchange takes
// from_amount from one wallet and adds to_amount to the other; a bonus adds
// its amount.
func checkBooks(t *testing.T, db *store.DB, when string) {
	t.Helper()
	ctx := context.Background()
	var moves []move
	lastActive := map[int64]time.Time{}
	active := func(user int64, at time.Time) {
		if at.After(lastActive[user]) {
			lastActive[user] = at
		}
	}
	scan := func(q string, each func(scan func(...any))) {
		t.Helper()
		rows, err := db.QueryContext(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			each(func(dest ...any) {
				if err := rows.Scan(dest...); err != nil {
					t.Fatal(err)
				}
			})
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	scan(`SELECT user_id, wallet_id, type, status, amount, fee, created_at FROM transactions`, func(s func(...any)) {
		var user, wallet int64
		var typ, status string
		var amount, fee decimal.Decimal
		var at time.Time
		s(&user, &wallet, &typ, &status, &amount, &fee, &at)
		active(user, at)
		switch {
		case status == "failed":
		case typ == "sent":
			moves = append(moves, move{wallet, at, amount.Add(fee).Neg()})
		case status == "confirmed":
			moves = append(moves, move{wallet, at, amount})
		}
	})
	scan(`SELECT user_id, from_wallet_id, to_wallet_id, from_amount, to_amount, created_at FROM exchanges`, func(s func(...any)) {
		var user, from, to int64
		var fromAmount, toAmount decimal.Decimal
		var at time.Time
		s(&user, &from, &to, &fromAmount, &toAmount, &at)
		active(user, at)
		moves = append(moves, move{from, at, fromAmount.Neg()}, move{to, at, toAmount})
	})
	scan(`SELECT wallet_id, amount, created_at FROM bonuses`, func(s func(...any)) {
		var m move
		s(&m.wallet, &m.delta, &m.at)
		moves = append(moves, m)
	})

	// In time order, credits first at one instant: the running balance never goes below zero.
	slices.SortStableFunc(moves, func(a, b move) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return -a.delta.Cmp(b.delta)
	})
	running := map[int64]decimal.Decimal{}
	overdrawn := 0
	for _, m := range moves {
		running[m.wallet] = running[m.wallet].Add(m.delta)
		if running[m.wallet].IsNegative() {
			if overdrawn++; overdrawn <= 3 {
				t.Errorf("%s: wallet %d is at %s after a move at %s", when, m.wallet, running[m.wallet], m.at.Format(time.RFC3339))
			}
		}
	}

	wrong, wallets := 0, 0
	scan(`SELECT id, balance FROM wallets ORDER BY id`, func(s func(...any)) {
		var id int64
		var balance decimal.Decimal
		s(&id, &balance)
		wallets++
		if !balance.Equal(running[id]) {
			if wrong++; wrong <= 5 {
				t.Errorf("%s: wallet %d holds %s, its moves leave %s", when, id, balance, running[id])
			}
		}
	})
	if wrong > 0 || overdrawn > 0 {
		t.Errorf("%s: %d of %d wallets hold what their moves do not leave; %d moves overdraw", when, wrong, wallets, overdrawn)
	}
	if len(moves) == 0 || wallets == 0 {
		t.Fatalf("%s: %d moves, %d wallets: nothing checked", when, len(moves), wallets)
	}

	early := 0
	scan(`SELECT id, last_seen_at, last_login FROM users WHERE is_admin = FALSE`, func(s func(...any)) {
		var id int64
		var seen time.Time
		var login *time.Time
		s(&id, &seen, &login)
		last, ok := lastActive[id]
		if !ok {
			return
		}
		if seen.Before(last) || login == nil || login.Before(last) {
			if early++; early <= 5 {
				t.Errorf("%s: customer %d last seen %s, last login %v, but active at %s", when, id, seen.Format(time.RFC3339),
					login, last.Format(time.RFC3339))
			}
		}
	})
	if early > 0 {
		t.Errorf("%s: %d customers were last seen before their latest activity", when, early)
	}
}

// Every demo customer's Financial Brief agrees with their wallets: its
// balance is the sum of their main-network wallets' USD values (each rounded
// to the cent), and for a customer with no exchange and no bonus it is at
// most what came in minus what went out (the fees came off too).
func TestTheBriefAgreesWithTheBooks(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Generate(ctx, db, demo.Options{Secrets: box, Users: 80, Transactions: 1000, Seed: 5, Now: now}); err != nil {
			t.Fatal(err)
		}
		s := profile.New(db)
		cent := decimal.New(1, -2)
		checked, bounded := 0, 0
		for _, id := range storetest.Column[int64](t, db, `SELECT id FROM users WHERE is_admin = FALSE ORDER BY id`) {
			brief, err := s.GetBrief(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			wallets, _, err := s.Wallets(ctx, profile.WalletFilter{UserID: id}, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			sum, main := decimal.Zero, 0
			for _, w := range wallets {
				if w.Network == "main" {
					sum, main = sum.Add(decimal.RequireFromString(w.USDValue)), main+1
				}
			}
			balance := decimal.RequireFromString(brief.TotalBalance)
			if tolerance := cent.Mul(decimal.NewFromInt(int64(main + 1))).Div(decimal.NewFromInt(2)); balance.Sub(sum).Abs().GreaterThan(tolerance) {
				t.Errorf("customer %d: brief balance %s, main-network wallets %s", id, balance, sum)
			}
			checked++
			if brief.ExchangeCount > 0 || !decimal.RequireFromString(brief.TotalBonus).IsZero() {
				continue
			}
			in, out := decimal.RequireFromString(brief.TotalIncome), decimal.RequireFromString(brief.TotalOutcome)
			if balance.GreaterThan(in.Sub(out).Add(cent)) {
				t.Errorf("customer %d: balance %s, but %s came in and %s went out", id, balance, in, out)
			}
			bounded++
		}
		if checked == 0 || bounded == 0 {
			t.Fatalf("%d briefs checked, %d bounded", checked, bounded)
		}
	})
}
