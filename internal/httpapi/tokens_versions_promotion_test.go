package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// demoEnv is an environment on generated demo data, the clock at its "now".
func demoEnv(t testing.TB, db *store.DB) *apitest.Env {
	t.Helper()
	env := apitest.NewEnv(t, db)
	if err := demo.Generate(context.Background(), db, demo.Options{Secrets: env.Secrets, Users: 20, Transactions: 200, Seed: 5, Now: env.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	return env
}

func TestTokens(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := demoEnv(t, db)
		_, tok := env.Staff(t, "tokens", rbac.CreateToken)
		token := func(over map[string]any) map[string]any {
			b := map[string]any{"name": "Wrapped Bitcoin", "symbol": "WBTC", "decimals": 8, "mainContract": "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599",
				"testContract": "0x0000000000000000000000000000000000000001", "maxConfirmation": 12, "minSpendable": "0.0001", "blockchain": 2}
			for k, v := range over {
				b[k] = v
			}
			return b
		}
		env.Run(t, []apitest.Case{
			{Name: "list", Method: "GET", Path: "/api/admin/coins/tokens", Token: tok, Status: 200,
				JSON: `{"tokens":[{"symbol":"USDT","blockchain":"TRX","mainContract":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","decimals":6},
					{"symbol":"USDT","blockchain":"ETH"},{"symbol":"USDC"},{"symbol":"SHIB"},{"symbol":"LINK"},{"symbol":"DAI","blockchain":"BNB"}]}`},
			{Name: "add", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(nil), Status: 201,
				JSON: `{"symbol":"WBTC","blockchain":"ETH","decimals":8,"maxConfirmation":12,"minSpendable":"0.0001","icon":"/icons/token.svg"}`},
			{Name: "symbol taken on the chain", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "wbtc"}),
				Status: 400, JSON: `{"errors":[{"field":"symbol"}]}`},
			{Name: "same symbol, other chain", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"blockchain": 4}), Status: 201},
			{Name: "symbol under 3", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "WB"}), Status: 400, JSON: `{"errors":[{"field":"symbol"}]}`},
			{Name: "decimals under 1", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "AAA", "decimals": 0}), Status: 400, JSON: `{"errors":[{"field":"decimals"}]}`},
			{Name: "main contract under 10", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "AAA", "mainContract": "0x123"}), Status: 400, JSON: `{"errors":[{"field":"mainContract"}]}`},
			{Name: "test contract under 10", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "AAA", "testContract": "short"}), Status: 400, JSON: `{"errors":[{"field":"testContract"}]}`},
			{Name: "max confirmation under 1", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "AAA", "maxConfirmation": 0}), Status: 400, JSON: `{"errors":[{"field":"maxConfirmation"}]}`},
			{Name: "a token is no blockchain", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "AAA", "blockchain": 6}), Status: 400, JSON: `{"errors":[{"field":"blockchain"}]}`},
			{Name: "unknown blockchain", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "AAA", "blockchain": 999}), Status: 400},
			{Name: "wrong type", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"decimals": "eight"}), Status: 400},
			{Name: "min spendable unchecked", Method: "POST", Path: "/api/admin/coins/new", Token: tok, Body: token(map[string]any{"symbol": "NOMIN", "minSpendable": nil}), Status: 201, JSON: `{"minSpendable":"0"}`},
			{Name: "modify name under 4", Method: "POST", Path: "/api/admin/coins/6/edit", Token: tok, Body: token(map[string]any{"id": 6, "name": "Tet", "symbol": "USDT", "blockchain": 3}),
				Status: 400, JSON: `{"errors":[{"field":"name"}]}`},
			{Name: "modify, moving the chain", Method: "POST", Path: "/api/admin/coins/6/edit", Token: tok,
				Body: token(map[string]any{"id": 6, "name": "Tether", "symbol": "USDT", "blockchain": 4, "maxConfirmation": 20}), Status: 200,
				JSON: `{"id":6,"name":"Tether","blockchain":"BNB","maxConfirmation":20}`},
			{Name: "id mismatch", Method: "POST", Path: "/api/admin/coins/6/edit", Token: tok, Body: token(map[string]any{"id": 7, "name": "Tether", "symbol": "USDT"}), Status: 400},
			{Name: "a chain coin is no token", Method: "POST", Path: "/api/admin/coins/1/edit", Token: tok, Body: token(map[string]any{"name": "Bitcoin", "symbol": "BTCX"}), Status: 404},
			{Name: "blacklist", Method: "GET", Path: "/api/admin/exchange/blackList", Token: tok, Status: 200,
				JSON: `{"code":200,"res":{"result":[{"id":1,"MarketName":"LUNA/USDT"},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6}]}}`},
		})
		var coinsAfter []struct{ Symbol string }
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/cointypes?type=all", Token: tok}).JSON(t, &coinsAfter)
		if coinsAfter[len(coinsAfter)-1].Symbol != "NOMIN" {
			t.Errorf("new tokens must show in the coin list (last: %v)", coinsAfter[len(coinsAfter)-1])
		}
		oneCommandPerChange(t, db, "xapa.cmd.coin.v1", "token.create", "token.update")
	})
}

func TestAppVersions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := demoEnv(t, db)
		_, tok := env.Staff(t, "versions", rbac.AppVersionsList)
		// The day before the clock's: newer than every release of the demo, whose newest is five days old.
		released := env.Clock.Now().AddDate(0, 0, -1).Truncate(24 * time.Hour).Add(9 * time.Hour)
		version := func(over map[string]any) map[string]any {
			b := map[string]any{"name": "3.001.00", "releaseDate": released.Format(time.DateTime), "platform": "Android", "forceUpdateRequired": true,
				"changeLog": []map[string]any{{"groupName": "New Features", "items": []string{"Dark mode", "Faster sync"}}, {"groupName": "Bug Fixes", "items": []string{"Login crash"}}}}
			for k, v := range over {
				b[k] = v
			}
			return b
		}
		r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(nil)})
		if r.Status != 201 {
			t.Fatalf("create: %d %s", r.Status, r.Body)
		}
		var created struct{ ID int64 }
		r.JSON(t, &created)
		env.Run(t, []apitest.Case{
			{Name: "groups", Method: "GET", Path: "/api/admin/app_versions/groups", Token: tok, Status: 200,
				JSON: `["New Features","Improvements","Bug Fixes","Security","Known Issues"]`},
			{Name: "newest release first, with its change log", Method: "GET", Path: "/api/admin/app_versions?page=1&maxPerPage=2", Token: tok, Status: 200,
				JSON: `{"appVersions":[{"name":"3.001.00","platform":"Android","forceUpdateRequired":true,"releaseDate":"` + released.Format("2006-01-02T15:04:05") + `+00:00",
					"changeLog":[{"groupName":"New Features","items":["Dark mode","Faster sync"]},{"groupName":"Bug Fixes","items":["Login crash"]}]},{}],
					"total_items":8,"total_pages":4,"items_per_page":2}`},
			{Name: "name taken on the platform", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(nil), Status: 400, JSON: `{"errors":[{"field":"name"}]}`},
			{Name: "same name, other platform", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(map[string]any{"platform": "IOS"}), Status: 201},
			{Name: "name not 8 characters", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(map[string]any{"name": "3.1.0"}), Status: 400, JSON: `{"errors":[{"field":"name"}]}`},
			{Name: "name without the dots", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(map[string]any{"name": "30010000"}), Status: 400},
			{Name: "platform", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(map[string]any{"name": "3.002.00", "platform": "Windows"}), Status: 400, JSON: `{"errors":[{"field":"platform"}]}`},
			{Name: "release date", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(map[string]any{"name": "3.002.00", "releaseDate": "soon"}), Status: 400, JSON: `{"errors":[{"field":"releaseDate"}]}`},
			{Name: "no change log", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok, Body: version(map[string]any{"name": "3.002.00", "changeLog": []any{}}), Status: 400, JSON: `{"errors":[{"field":"changeLog"}]}`},
			{Name: "item under 4", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok,
				Body: version(map[string]any{"name": "3.002.00", "changeLog": []map[string]any{{"groupName": "Bug Fixes", "items": []string{"fix"}}}}), Status: 400},
			{Name: "unknown group", Method: "POST", Path: "/api/admin/app_versions/new", Token: tok,
				Body: version(map[string]any{"name": "3.002.00", "changeLog": []map[string]any{{"groupName": "Gossip", "items": []string{"Something"}}}}), Status: 400},
			{Name: "delete", Method: "DELETE", Path: fmt.Sprintf("/api/admin/app_versions/%d", created.ID), Token: tok, Status: 204},
			{Name: "delete again", Method: "DELETE", Path: fmt.Sprintf("/api/admin/app_versions/%d", created.ID), Token: tok, Status: 404},
		})
		var items int
		_ = db.QueryRowContext(context.Background(), `SELECT count(*) FROM app_version_items i JOIN app_version_groups g ON g.id = i.group_id WHERE g.app_version_id = $1`, created.ID).Scan(&items)
		if items != 0 {
			t.Errorf("the deleted release's change log is still there (%d items)", items)
		}
		oneCommandPerChange(t, db, "xapa.cmd.app_version.v1", "app_version.create", "app_version.delete")
	})
}

func TestPromotion(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := demoEnv(t, db)
		promoter, tok := env.Staff(t, "promo", rbac.ShowPromotion)
		now := env.Clock.Now()
		stamp := func(d time.Duration) string { return now.Add(d).Format("2006-01-02 15:04:05") }
		save := func(over map[string]any) map[string]any {
			b := map[string]any{"isEnabled": true, "minimum": []map[string]any{{"coin": 5, "main": "60"}, {"coin": 1, "main": "100"}},
				"invited_bonus": map[string]any{"coin": 1, "amount": "0", "default": "33.62506", "network": "main"},
				"inviter_bonus": map[string]any{"coin": 5, "amount": "10", "default": "0", "network": "main"},
				"waiting_time":  map[string]any{"days": 50}, "range": map[string]any{"start_date": stamp(-time.Hour), "end_date": stamp(2 * time.Hour)}}
			for k, v := range over {
				b[k] = v
			}
			return b
		}
		env.Run(t, []apitest.Case{
			{Name: "demo promotion", Method: "GET", Path: "/api/admin/promotion", Token: tok, Status: 200,
				JSON: `{"enabled":{"isEnabled":true},"waiting_time":{"days":50},"timer":{"isStart":true},
					"invitation_bonus":{"inviter_bonus":{"amount":"10","coin":{"symbol":"USDT"},"coin_amount":"10.0000000"},"minimum":[{"main":"60"},{"main":"100","coin":{"symbol":"BTC"}}]}}`},
			// BTC at 67250.12: 33.62506 USD is 0.0005000 BTC; 100 USD is 0.00149 BTC.
			{Name: "save", Method: "POST", Path: "/api/admin/promotion", Token: tok, Body: save(nil), Status: 200,
				JSON: `{"enabled":{"isEnabled":true},"timer":{"totalDuration":7200000,"isStart":true},
					"invitation_bonus":{"invited_bonus":{"coin":{"symbol":"BTC"},"default":"33.62506","coin_default":"0.0005000"},"minimum":[{"main":"60"},{"main":"100","coin_amount":"0.00149"}]}}`},
			{Name: "end before start", Method: "POST", Path: "/api/admin/promotion", Token: tok,
				Body: save(map[string]any{"range": map[string]any{"start_date": stamp(time.Hour), "end_date": stamp(0)}}), Status: 400,
				JSON: `{"errors":[{"field":"range.end_date"}]}`},
			{Name: "both amounts set", Method: "POST", Path: "/api/admin/promotion", Token: tok,
				Body: save(map[string]any{"inviter_bonus": map[string]any{"coin": 5, "amount": "10", "default": "5"}}), Status: 400},
			{Name: "minimum coin twice", Method: "POST", Path: "/api/admin/promotion", Token: tok,
				Body: save(map[string]any{"minimum": []map[string]any{{"coin": 5, "main": "60"}, {"coin": 5, "main": "70"}}}), Status: 400, JSON: `{"errors":[{"field":"minimum"}]}`},
			{Name: "a coin without a USD rate", Method: "POST", Path: "/api/admin/promotion", Token: tok,
				Body: save(map[string]any{"invited_bonus": map[string]any{"coin": 99, "amount": "1", "default": "0"}}), Status: 400},
			{Name: "enabling needs a minimum", Method: "POST", Path: "/api/admin/promotion", Token: tok, Body: save(map[string]any{"minimum": []any{}}), Status: 400},
			{Name: "stop now", Method: "POST", Path: "/api/admin/promotion", Token: tok, Body: save(map[string]any{"isEnabled": false}), Status: 200,
				JSON: `{"enabled":{"isEnabled":false},"timer":{"totalDuration":0,"isStart":false}}`},
			{Name: "start again", Method: "POST", Path: "/api/admin/promotion", Token: tok, Body: save(nil), Status: 200, JSON: `{"enabled":{"isEnabled":true}}`},
		})
		env.Clock.Advance(2*time.Hour + time.Second)
		tok = env.Token(t, promoter, "full") // two idle hours ended the last session
		env.Run(t, []apitest.Case{{Name: "off once its end has passed", Method: "GET", Path: "/api/admin/promotion", Token: tok, Status: 200,
			JSON: `{"enabled":{"isEnabled":false},"timer":{"totalDuration":0,"isStart":false}}`}})
		var audits int
		_ = db.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action = 'promotion.update'`).Scan(&audits)
		if audits != 3 {
			t.Errorf("promotion audit rows = %d, want 3 saves", audits)
		}
		promotionChangeShowsBeforeAndAfter(t, db)
		oneCommandPerChange(t, db, "xapa.cmd.promotion.v1", "promotion.update")
		if last := commandsFor(t, db, "xapa.cmd.promotion.v1")[2]; fmt.Sprint(last["inviter"], last["minimums"]) !=
			"map[coin:LTC usd_amount:10 usd_default:0] [map[amount:60 coin:LTC] map[amount:100 coin:BTC]]" {
			t.Errorf("the promotion as sent: %v", last)
		}
	})
}

// promotionChangeShowsBeforeAndAfter checks that "stop now" (the second save) records the promotion before and after,
// equal but for isEnabled: an approval request of it shows that one change, not every field.
func promotionChangeShowsBeforeAndAfter(t *testing.T, db *store.DB) {
	t.Helper()
	var raw string
	if err := db.QueryRowContext(context.Background(), `SELECT details FROM audit_log WHERE action = 'promotion.update'
		ORDER BY id LIMIT 1 OFFSET 1`).Scan(&raw); err != nil {
		t.Fatal(err)
	}
	var d struct{ Before, After map[string]any }
	if err := json.Unmarshal([]byte(raw), &d); err != nil {
		t.Fatal(err)
	}
	if d.Before["isEnabled"] != true || d.After["isEnabled"] != false {
		t.Fatalf("isEnabled before %v, after %v: want true, false", d.Before["isEnabled"], d.After["isEnabled"])
	}
	delete(d.Before, "isEnabled")
	delete(d.After, "isEnabled")
	if fmt.Sprint(d.Before) != fmt.Sprint(d.After) {
		t.Errorf("fields kept as they were differ:\nbefore %v\nafter  %v", d.Before, d.After)
	}
}
