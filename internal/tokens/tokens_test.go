package tokens_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
	"xapa/backoffice/internal/tokens"
)

func ptr[T any](v T) *T { return &v }

// input is a valid token on ETH, changed by over.
func input(over func(*tokens.Input)) tokens.Input {
	in := tokens.Input{Name: "Wrapped Bitcoin", Symbol: "WBTC", Decimals: ptr(8), MainContract: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599",
		TestContract: "0x0000000000000000000000000000000000000001", MaxConfirmation: ptr(12),
		MinSpendable: ptr(decimal.RequireFromString("0.000100")), Blockchain: ptr(seedtest.ETH.ID)}
	if over != nil {
		over(&in)
	}
	return in
}

// wantField fails unless err is a field error on field saying want.
func wantField(t *testing.T, err error, field, want string) {
	t.Helper()
	var f *apperr.Field
	if !errors.As(err, &f) || f.Field != field || f.Message != want {
		t.Errorf("error %v (%T), want on %s: %q", err, err, field, want)
	}
}

func TestTokens(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		seedtest.Coins(t, db, seedtest.BTC, seedtest.ETH)
		actor := seedtest.Staff(t, db, "tokens", rbac.CreateToken)
		svc := tokens.New(db)

		// Create tidies the input, rounds nothing away, and tells the core.
		wbtc, err := svc.Create(ctx, actor, input(func(in *tokens.Input) { in.Symbol, in.Name = "  wbtc ", " Wrapped Bitcoin " }))
		if err != nil {
			t.Fatal(err)
		}
		if wbtc.Symbol != "WBTC" || wbtc.Name != "Wrapped Bitcoin" || wbtc.Blockchain != "ETH" || wbtc.Icon != "/icons/token.svg" ||
			wbtc.MinSpendable.String() != "0.0001" || wbtc.Decimals != 8 || wbtc.MaxConfirmation != 12 {
			t.Errorf("created %+v", wbtc)
		}
		if wbtc.Core == nil || wbtc.Core.State != "waiting" {
			t.Errorf("created token's core status %+v, want its command waiting", wbtc.Core)
		}
		// A known symbol gets its own icon; a missing minimum spendable is 0.
		usdt, err := svc.Create(ctx, actor, input(func(in *tokens.Input) { in.Symbol, in.Name, in.MinSpendable = "usdt", "Tether", nil }))
		if err != nil {
			t.Fatal(err)
		}
		if usdt.Icon != "/icons/usdt.svg" || !usdt.MinSpendable.IsZero() {
			t.Errorf("USDT: icon %q, min spendable %s", usdt.Icon, usdt.MinSpendable)
		}

		t.Run("refused input", func(t *testing.T) {
			for _, c := range []struct {
				name, field, want string
				over              func(*tokens.Input)
			}{
				{"an id", "id", "A new token gets its id from the server; leave id out.", func(in *tokens.Input) { in.ID = ptr(int64(9)) }},
				{"no chain", "blockchain", "Choose a blockchain.", func(in *tokens.Input) { in.Blockchain = nil }},
				{"no name", "name", "Enter the token name.", func(in *tokens.Input) { in.Name = "   " }},
				{"long name", "name", "The token name may have at most 120 characters.", func(in *tokens.Input) { in.Name = strings.Repeat("é", 121) }},
				{"short symbol", "symbol", "The symbol needs 3 to 20 characters.", func(in *tokens.Input) { in.Symbol = " ab " }},
				{"long symbol", "symbol", "The symbol needs 3 to 20 characters.", func(in *tokens.Input) { in.Symbol = strings.Repeat("A", 21) }},
				{"no decimals", "decimals", "Decimals must be from 1 to 36.", func(in *tokens.Input) { in.Decimals = nil }},
				{"0 decimals", "decimals", "Decimals must be from 1 to 36.", func(in *tokens.Input) { in.Decimals = ptr(0) }},
				{"37 decimals", "decimals", "Decimals must be from 1 to 36.", func(in *tokens.Input) { in.Decimals = ptr(37) }},
				{"short main contract", "mainContract", "The main contract address needs at least 10 characters.", func(in *tokens.Input) { in.MainContract = " 0x1234567 " }},
				{"short test contract", "testContract", "The test contract address needs at least 10 characters.", func(in *tokens.Input) { in.TestContract = "short" }},
				{"0 confirmations", "maxConfirmation", "Max confirmation must be from 1 to 10000.", func(in *tokens.Input) { in.MaxConfirmation = ptr(0) }},
				{"too many confirmations", "maxConfirmation", "Max confirmation must be from 1 to 10000.", func(in *tokens.Input) { in.MaxConfirmation = ptr(10_001) }},
				{"negative minimum", "minSpendable", "Min spendable cannot be negative.", func(in *tokens.Input) { in.MinSpendable = ptr(decimal.RequireFromString("-0.1")) }},
				{"minimum too precise", "minSpendable", "Min spendable: the amount must have at most 20 digits before the point and 18 after it.",
					func(in *tokens.Input) { in.MinSpendable = ptr(decimal.RequireFromString("0.0000000000000000001")) }},
				{"symbol taken on the chain, any case", "symbol", "A token WBTC already exists on this blockchain.", func(in *tokens.Input) { in.Symbol = "Wbtc" }},
				{"a token is no chain", "blockchain", "Choose a blockchain: one of the chain coins.", func(in *tokens.Input) { in.Symbol, in.Blockchain = "AAA", &wbtc.ID }},
				{"unknown chain", "blockchain", "Choose a blockchain: one of the chain coins.", func(in *tokens.Input) { in.Symbol, in.Blockchain = "AAA", ptr(int64(999)) }},
			} {
				_, err := svc.Create(ctx, actor, input(c.over))
				if t.Run(c.name, func(t *testing.T) { wantField(t, err, c.field, c.want) }) && err == nil {
					t.Errorf("%s: created", c.name)
				}
			}
		})

		// The same symbol on another chain is another token.
		onBTC, err := svc.Create(ctx, actor, input(func(in *tokens.Input) { in.Blockchain = ptr(seedtest.BTC.ID) }))
		if err != nil || onBTC.Blockchain != "BTC" {
			t.Fatalf("WBTC on BTC: %+v, %v", onBTC, err)
		}

		t.Run("update", func(t *testing.T) {
			_, err := svc.Update(ctx, actor, usdt.ID, input(func(in *tokens.Input) { in.ID, in.Symbol = ptr(usdt.ID+1), "USDT" }))
			wantField(t, err, "id", "The id in the body differs from the one in the path.")
			_, err = svc.Update(ctx, actor, usdt.ID, input(func(in *tokens.Input) { in.Name, in.Symbol = "Tet", "USDT" }))
			wantField(t, err, "name", "The token name needs at least 4 characters.")
			// Renaming onto a symbol its chain holds is refused; keeping its own symbol is not.
			_, err = svc.Update(ctx, actor, usdt.ID, input(func(in *tokens.Input) { in.Symbol = "wbtc" }))
			wantField(t, err, "symbol", "A token WBTC already exists on this blockchain.")
			var nf *apperr.NotFound
			if _, err := svc.Update(ctx, actor, seedtest.BTC.ID, input(nil)); !errors.As(err, &nf) || err.Error() != "Token not found." {
				t.Errorf("editing a chain coin as a token: %v, want Token not found.", err)
			}
			moved, err := svc.Update(ctx, actor, usdt.ID, input(func(in *tokens.Input) {
				in.ID, in.Name, in.Symbol, in.Blockchain, in.MaxConfirmation = ptr(usdt.ID), "Tether USD", "USDT", ptr(seedtest.BTC.ID), ptr(20)
			}))
			if err != nil || moved.Blockchain != "BTC" || moved.Name != "Tether USD" || moved.MaxConfirmation != 20 || moved.Icon != "/icons/usdt.svg" {
				t.Errorf("moved to BTC: %+v, %v", moved, err)
			}
		})

		list, err := svc.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		for _, tok := range list {
			order = append(order, tok.Symbol+"/"+tok.Blockchain)
		}
		if got := strings.Join(order, " "); got != "WBTC/ETH USDT/BTC WBTC/BTC" {
			t.Errorf("list %s: want the tokens only, in the order they were added", got)
		}
		// Every change, and no refused one, wrote one audit entry and one command for the core.
		if a, c := len(seedtest.Entries(t, db, "token.create")), len(seedtest.Entries(t, db, "token.update")); a != 3 || c != 1 {
			t.Errorf("audited %d creations and %d updates, want 3 and 1", a, c)
		}
		cmds := seedtest.Commands(t, db, "xapa.cmd.coin.v1")
		if len(cmds) != 4 {
			t.Fatalf("%d coin commands, want 4", len(cmds))
		}
		if last := cmds[3]; last["coin"] != "USDT@BTC" || last["name"] != "Tether USD" || last["min_spendable"] != "0.0001" {
			t.Errorf("the update as sent: %v", last)
		}

		seedtest.Exec(t, db, `INSERT INTO market_blacklist (id, market_name, created_at) VALUES (2, 'UST/USDT', $1), (1, 'LUNA/USDT', $1)`, store.Now())
		black, err := svc.Blacklist(ctx)
		if err != nil || len(black) != 2 || black[0] != (tokens.BlacklistEntry{ID: 1, MarketName: "LUNA/USDT"}) || black[1].MarketName != "UST/USDT" {
			t.Errorf("blacklist %+v, %v: want both, in id order", black, err)
		}
	})
}
