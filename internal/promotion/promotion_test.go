package promotion_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/promotion"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// At is the tests' "now".
var at = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// Coins: BTC at a rate with many digits, ETH at 10, XRP with no USD rate yet.
var (
	btc = seedtest.Coin{ID: 1, Name: "Bitcoin", Symbol: "BTC", Decimals: 8, Confirm: 3, Rate: "67250.12"}
	xrp = seedtest.Coin{ID: 3, Name: "Ripple", Symbol: "XRP", Decimals: 6, Confirm: 1}
)

func stamp(d time.Duration) string { return at.Add(d).Format(time.DateTime) }

// input is a valid promotion running from an hour before at to two hours
// after, changed by over (its top-level keys replaced), as the API decodes it.
func input(t *testing.T, over map[string]any) promotion.Input {
	t.Helper()
	b := map[string]any{"isEnabled": true, "minimum": []map[string]any{{"coin": 2, "main": "60"}, {"coin": 1, "main": "100"}},
		"invited_bonus": map[string]any{"coin": 1, "amount": "0", "default": "33.625060", "network": "main"},
		"inviter_bonus": map[string]any{"coin": 2, "amount": "10.50", "default": "0"},
		"waiting_time":  map[string]any{"days": 50}, "range": map[string]any{"start_date": stamp(-time.Hour), "end_date": stamp(2 * time.Hour)}}
	for k, v := range over {
		b[k] = v
	}
	raw, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var in promotion.Input
	if err := json.Unmarshal(raw, &in); err != nil {
		t.Fatal(err)
	}
	return in
}

func TestPromotion(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		seedtest.Coins(t, db, btc, seedtest.ETH, xrp)
		actor := seedtest.Staff(t, db, "promo", rbac.ShowPromotion)
		svc := promotion.New(db)

		var nf *apperr.NotFound
		if _, err := svc.Get(ctx, at); !errors.As(err, &nf) || err.Error() != "Promotion settings not found." {
			t.Fatalf("before the first save: %v", err)
		}
		if err := svc.Save(ctx, actor, input(t, nil)); err != nil {
			t.Fatal(err)
		}

		t.Run("amounts, exact and in coin", func(t *testing.T) {
			s, err := svc.Get(ctx, at)
			if err != nil {
				t.Fatal(err)
			}
			inviter, invited := s.InvitationBonus.InviterBonus, s.InvitationBonus.InvitedBonus
			// 33.62506 USD at 67250.12 is 0.0005000 BTC; 10.5 USD at 10 is 1.05 ETH; 100 USD is 0.00149 BTC (5 places).
			if invited.Coin.Symbol != "BTC" || invited.Default.String() != "33.62506" || invited.CoinDefault != "0.0005000" ||
				invited.CoinAmount != "0.0000000" || invited.Network != "main" {
				t.Errorf("invited bonus %+v", invited)
			}
			if inviter.Coin.Symbol != "ETH" || inviter.Amount.String() != "10.5" || inviter.CoinAmount != "1.0500000" {
				t.Errorf("inviter bonus %+v", inviter)
			}
			if m := s.InvitationBonus.Minimum; len(m) != 2 || m[0].Coin.Symbol != "ETH" || m[0].CoinAmount != "6.00000" ||
				m[1].Main.String() != "100" || m[1].CoinAmount != "0.00149" {
				t.Errorf("minimums %+v: want them in the order saved", m)
			}
			if s.WaitingTime.Days != 50 || s.Range.StartDate != "2026-11-20T11:00:00+00:00" || s.Range.EndDate != "2026-11-20T14:00:00+00:00" {
				t.Errorf("waiting %d, range %+v", s.WaitingTime.Days, s.Range)
			}
			if s.Core == nil || s.Core.State != "waiting" {
				t.Errorf("core status %+v, want the save's command waiting", s.Core)
			}
		})

		t.Run("the timer follows the clock", func(t *testing.T) {
			for _, c := range []struct {
				name             string
				now              time.Time
				enabled, started bool
				left             time.Duration
			}{
				{"running", at, true, true, 2 * time.Hour},
				{"not yet started", at.Add(-2 * time.Hour), true, false, 4 * time.Hour},
				{"at its start", at.Add(-time.Hour), true, true, 3 * time.Hour},
				{"at its end", at.Add(2 * time.Hour), false, false, 0},
				{"past its end", at.Add(2*time.Hour + time.Second), false, false, 0},
			} {
				s, err := svc.Get(ctx, c.now)
				if err != nil {
					t.Fatal(err)
				}
				if s.Enabled.IsEnabled != c.enabled || s.Timer.IsStart != c.started || s.Timer.TotalDuration != c.left.Milliseconds() {
					t.Errorf("%s: enabled %v, started %v, %d ms left; want %v, %v, %d", c.name, s.Enabled.IsEnabled, s.Timer.IsStart,
						s.Timer.TotalDuration, c.enabled, c.started, c.left.Milliseconds())
				}
			}
		})

		t.Run("refused input", func(t *testing.T) {
			bonus := func(coin int, amount, def, network string) map[string]any {
				return map[string]any{"coin": coin, "amount": amount, "default": def, "network": network}
			}
			for _, c := range []struct {
				name, field, want string
				over              map[string]any
			}{
				{"start not a date", "range.start_date", "The start must be a date as YYYY-MM-DD HH:mm:ss.", map[string]any{"range": map[string]any{"start_date": "today", "end_date": stamp(0)}}},
				{"fractional seconds", "range.end_date", "The end must be a date as YYYY-MM-DD HH:mm:ss.", map[string]any{"range": map[string]any{"start_date": stamp(0), "end_date": stamp(0) + ".5"}}},
				{"end before start", "range.end_date", "The end cannot be before the start.", map[string]any{"range": map[string]any{"start_date": stamp(time.Hour), "end_date": stamp(0)}}},
				{"negative waiting", "waiting_time.days", "The waiting time must be from 0 to 3650 days.", map[string]any{"waiting_time": map[string]any{"days": -1}}},
				{"waiting over ten years", "waiting_time.days", "The waiting time must be from 0 to 3650 days.", map[string]any{"waiting_time": map[string]any{"days": 3651}}},
				{"unknown bonus coin", "inviter_bonus.coin", "Choose the bonus coin.", map[string]any{"inviter_bonus": bonus(99, "1", "0", "main")}},
				{"bonus coin without a rate", "invited_bonus.coin", "The coin XRP has no USD rate yet.", map[string]any{"invited_bonus": bonus(3, "1", "0", "main")}},
				{"negative amount", "inviter_bonus.amount", "Amounts cannot be negative.", map[string]any{"inviter_bonus": bonus(2, "0", "-1", "main")}},
				{"both amounts", "inviter_bonus.default", "Give either a promotion amount or a default amount, not both.", map[string]any{"inviter_bonus": bonus(2, "10", "5", "main")}},
				{"amount too precise", "inviter_bonus.amount", "The amount: the amount must have at most 20 digits before the point and 18 after it.",
					map[string]any{"inviter_bonus": bonus(2, "0.0000000000000000001", "0", "main")}},
				{"test network", "inviter_bonus.network", "The promotion pays on the main network.", map[string]any{"inviter_bonus": bonus(2, "10", "0", "test")}},
				{"enabled without minimum", "minimum", "Add at least one minimum bonus.", map[string]any{"minimum": []any{}}},
				{"minimum of an unknown coin", "minimum", "Unknown coin in the minimum list.", map[string]any{"minimum": []map[string]any{{"coin": 99, "main": "1"}}}},
				{"minimum without a rate", "minimum", "The coin XRP has no USD rate yet.", map[string]any{"minimum": []map[string]any{{"coin": 3, "main": "1"}}}},
				{"minimum coin twice", "minimum", "The coin ETH is in the minimum list twice.", map[string]any{"minimum": []map[string]any{{"coin": 2, "main": "60"}, {"coin": 2, "main": "70"}}}},
				{"minimum of 0", "minimum", "Each minimum needs an amount above 0.", map[string]any{"minimum": []map[string]any{{"coin": 2, "main": "0"}}}},
			} {
				t.Run(c.name, func(t *testing.T) {
					err := svc.Save(ctx, actor, input(t, c.over))
					var f *apperr.Field
					if !errors.As(err, &f) || f.Field != c.field || f.Message != c.want {
						t.Errorf("error %v, want on %s: %q", err, c.field, c.want)
					}
				})
			}
		})

		// Stopped: no minimum needed; the timer stops whatever the range says.
		if err := svc.Save(ctx, actor, input(t, map[string]any{"isEnabled": false, "minimum": []any{}})); err != nil {
			t.Fatal(err)
		}
		if s, err := svc.Get(ctx, at); err != nil || s.Enabled.IsEnabled || s.Timer.IsStart || s.Timer.TotalDuration != 0 ||
			len(s.InvitationBonus.Minimum) != 0 {
			t.Errorf("stopped: %+v, %v", s, err)
		}

		t.Run("each save audited with before and after, and sent to the core", func(t *testing.T) {
			saves := seedtest.Entries(t, db, "promotion.update")
			if len(saves) != 2 {
				t.Fatalf("%d saves audited, want 2 (no refused one)", len(saves))
			}
			if saves[0].Details["before"] != nil || saves[0].ActorID != actor.ID {
				t.Errorf("first save: %+v, want no before, by %d", saves[0], actor.ID)
			}
			before, after := saves[1].Details["before"].(map[string]any), saves[1].Details["after"].(map[string]any)
			if before["isEnabled"] != true || after["isEnabled"] != false {
				t.Errorf("second save: isEnabled %v → %v", before["isEnabled"], after["isEnabled"])
			}
			// Amounts read back as saved (canonical), so fields left alone show no change.
			for _, k := range []string{"inviter", "invited", "start", "end", "waitingDays"} {
				if fmt.Sprint(before[k]) != fmt.Sprint(after[k]) {
					t.Errorf("%s kept, but before %v, after %v", k, before[k], after[k])
				}
			}
			cmds := seedtest.Commands(t, db, "xapa.cmd.promotion.v1")
			if len(cmds) != 2 {
				t.Fatalf("%d commands, want one per save", len(cmds))
			}
			if got := fmt.Sprint(cmds[0]["enabled"], cmds[0]["inviter"], cmds[0]["invited"], cmds[0]["minimums"], cmds[0]["start"]); got !=
				"true map[coin:ETH usd_amount:10.5 usd_default:0] map[coin:BTC usd_amount:0 usd_default:33.62506] "+
					"[map[amount:60 coin:ETH] map[amount:100 coin:BTC]]2026-11-20T11:00:00Z" {
				t.Errorf("first save as sent: %s", got)
			}
		})
	})
}
