package profile_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/csvout"
	"xapa/backoffice/internal/profile"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

var now = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func wantNotFound(t *testing.T, err error, what string) {
	t.Helper()
	var nf *apperr.NotFound
	if !errors.As(err, &nf) || nf.What != what {
		t.Errorf("error %v, want %s not found", err, what)
	}
}

func TestProfile(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		l := seedtest.NewLedger(t, db, now)
		seedtest.Bonuses(t, db, seedtest.Bonus{User: l.Holder, Invited: l.Evil, Wallet: 1, Kind: "inviter", Amount: "0.1", USD: "10.005", At: now})
		svc := profile.New(db)

		t.Run("brief", func(t *testing.T) {
			b, err := svc.GetBrief(ctx, l.Holder)
			if err != nil {
				t.Fatal(err)
			}
			// Wallets 1.25 BTC + 7 ETH = 125 + 70; income 1.5 BTC + 4 ETH (pending counts) = 150 + 40; outcome 0.5 BTC = 50
			// (the failed send and the test-network send do not count); exchange fees 0.02 BTC + 0.5 ETH = 2 + 5; bonus 10.005.
			want := profile.Brief{TotalBalance: "195.00", TotalIncome: "190.00", TotalOutcome: "50.00", XapaExchangeFee: "7.00",
				TotalBonus: "10.01", IncomeCount: 2, OutcomeCount: 1, ExchangeCount: 2}
			if b != want {
				t.Errorf("brief %+v\nwant  %+v", b, want)
			}
			// Evil: one wallet, one send, nothing else; sums of nothing are 0.00, not an error.
			b, err = svc.GetBrief(ctx, l.Evil)
			if want := (profile.Brief{TotalBalance: "125.00", TotalIncome: "0.00", TotalOutcome: "25.00", XapaExchangeFee: "0.00",
				TotalBonus: "0.00", OutcomeCount: 1}); err != nil || b != want {
				t.Errorf("evil's brief %+v, %v", b, err)
			}
			_, err = svc.GetBrief(ctx, 999999)
			wantNotFound(t, err, "User")
		})

		t.Run("wallets", func(t *testing.T) {
			seedtest.Exec(t, db, `INSERT INTO wallet_addresses (wallet_id, address, created_at) VALUES (1, 'bc1qzzz', $1), (1, 'bc1qaaa', $1)`, now)
			list := func(f profile.WalletFilter, limit, offset int) string {
				t.Helper()
				ws, total, err := svc.Wallets(ctx, f, limit, offset)
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, w := range ws {
					names = append(names, w.Name)
				}
				return fmt.Sprintf("%d: %s", total, strings.Join(names, ", "))
			}
			for _, c := range []struct {
				name          string
				f             profile.WalletFilter
				limit, offset int
				want          string
			}{
				{"all (limit 0)", profile.WalletFilter{UserID: l.Holder}, 0, 0, "2: Bitcoin Wallet, Ethereum Wallet"},
				{"a page", profile.WalletFilter{UserID: l.Holder}, 1, 1, "2: Ethereum Wallet"},
				{"by coin", profile.WalletFilter{UserID: l.Holder, CoinID: l.ETH}, 10, 0, "1: Ethereum Wallet"},
				{"by name, any case", profile.WalletFilter{UserID: l.Holder, WalletName: " BITCO "}, 10, 0, "1: Bitcoin Wallet"},
				{"a wildcard is a character", profile.WalletFilter{UserID: l.Holder, WalletName: "%"}, 10, 0, "0: "},
				{"only the user's", profile.WalletFilter{UserID: l.Evil}, 10, 0, "1: Bitcoin Wallet"},
			} {
				if got := list(c.f, c.limit, c.offset); got != c.want {
					t.Errorf("%s: %q, want %q", c.name, got, c.want)
				}
			}
			ws, _, err := svc.Wallets(ctx, profile.WalletFilter{UserID: l.Holder, CoinID: l.BTC}, 10, 0)
			if err != nil || len(ws) != 1 {
				t.Fatalf("%+v, %v", ws, err)
			}
			w := ws[0]
			if w.FormatedBalance != "1.250000" || w.USDValue != "125.00" || w.Network != "main" || w.CoinType.Symbol != "BTC" ||
				fmt.Sprint(w.WalletAddresses) != "[{bc1qaaa}]" || w.CreatedAt != "2026-11-20T12:00:00+00:00" {
				t.Errorf("wallet %+v: want its first address only", w)
			}
			if line := string(csvout.AppendRow(nil, profile.WalletColumns, w)); line != "1,Bitcoin Wallet,BTC,main,1.25,125.00,bc1qaaa,2026-11-20T12:00:00+00:00" {
				t.Errorf("wallet CSV line %s", line)
			}
			if _, _, err := svc.Wallets(ctx, profile.WalletFilter{UserID: l.Holder, CoinID: 99}, 10, 0); err == nil ||
				err.Error() != "coinType names no coin." {
				t.Errorf("an unknown coin: %v", err)
			}
			_, _, err = svc.Wallets(ctx, profile.WalletFilter{UserID: 999999}, 10, 0)
			wantNotFound(t, err, "User")
		})

		t.Run("invite tree", func(t *testing.T) {
			root := seedtest.Customer(t, db, "root")
			parent := root
			for i := 1; i <= profile.MaxInviteDepth+1; i++ { // a chain one level deeper than shown
				u := seedtest.Customer(t, db, fmt.Sprintf("level%d", i))
				seedtest.Exec(t, db, `UPDATE users SET invited_by = $1 WHERE id = $2`, parent, u)
				parent = u
			}
			sibling := seedtest.Customer(t, db, "sibling")
			seedtest.Exec(t, db, `UPDATE users SET invited_by = $1 WHERE id = $2`, root, sibling)
			tree, err := svc.Invites(ctx, root)
			if err != nil {
				t.Fatal(err)
			}
			if len(tree) != 2 || tree[0].Email != "level1@example.com" || tree[1].Email != "sibling@example.com" || len(tree[1].Children) != 0 {
				t.Fatalf("roots %+v", tree)
			}
			depth, n := 0, tree[0]
			for ; len(n.Children) > 0; n = n.Children[0] {
				depth++
			}
			if depth+1 != profile.MaxInviteDepth || n.Email != fmt.Sprintf("level%d@example.com", profile.MaxInviteDepth) {
				t.Errorf("the tree goes %d levels down to %s, want %d", depth+1, n.Email, profile.MaxInviteDepth)
			}
			if leaf, err := svc.Invites(ctx, parent); err != nil || len(leaf) != 0 {
				t.Errorf("a leaf invited %+v, %v", leaf, err)
			}
			_, err = svc.Invites(ctx, 999999)
			wantNotFound(t, err, "User")
		})

		t.Run("sessions", func(t *testing.T) {
			for i, s := range []struct {
				kind    string
				at      time.Time
				revoked any
			}{{"full", now.Add(-time.Hour), now}, {"pending", now, nil}, {"full", now.Add(-2 * time.Hour), nil}} {
				seedtest.Exec(t, db, `INSERT INTO sessions (user_id, token_hash, kind, platform, ip, created_at, updated_at, expires_at, revoked_at)
					VALUES ($1, $2, $3, 'Web', '192.0.2.7', $4, $4, $5, $6)`, l.Holder, fmt.Sprint("hash", i), s.kind, s.at, now.Add(time.Hour), s.revoked)
			}
			page, total, err := svc.Sessions(ctx, l.Holder, 2, 0)
			if err != nil || total != 3 || len(page) != 2 {
				t.Fatalf("%+v of %d, %v", page, total, err)
			}
			if page[0].Kind != "pending" || page[0].RevokedAt != nil || page[1].RevokedAt == nil ||
				*page[1].RevokedAt != "2026-11-20T12:00:00+00:00" || page[1].IP != "192.0.2.7" {
				t.Errorf("newest first: %+v", page)
			}
			if rest, _, err := svc.Sessions(ctx, l.Holder, 2, 2); err != nil || len(rest) != 1 || rest[0].CreatedAt != "2026-11-20T10:00:00+00:00" {
				t.Errorf("page 2: %+v, %v", rest, err)
			}
			if none, total, err := svc.Sessions(ctx, l.Evil, 2, 0); err != nil || total != 0 || len(none) != 0 {
				t.Errorf("evil's sessions %+v, %d, %v", none, total, err)
			}
			_, _, err = svc.Sessions(ctx, 999999, 2, 0)
			wantNotFound(t, err, "User")
		})
	})
}
