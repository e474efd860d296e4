package httpapi_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

func TestUserProfile(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		_, tok := env.Staff(t, "viewer", rbac.ShowUser)
		if _, err := db.ExecContext(ctx, `INSERT INTO bonuses (user_id, invited_user_id, wallet_id, coin_id, kind, amount, usd_amount, created_at)
			VALUES ($1, $2, 1, 1, 'inviter', $3, $4, $5)`, f.userID, f.evilID, dec("0.1"), dec("10"), f.now); err != nil {
			t.Fatal(err)
		}
		id := fmt.Sprint(f.userID)
		env.Run(t, []apitest.Case{
			{Name: "user", Method: "GET", Path: "/api/admin/users/" + id, Token: tok, Status: 200, JSON: `{"id":` + id + `,"email":"holder@example.com"}`},
			{Name: "unknown user", Method: "GET", Path: "/api/admin/users/999999", Token: tok, Status: 404},
			// Wallets 1.25 BTC + 7 ETH = 125 + 70; income 1.5 BTC + 4 ETH = 150 + 40 (2); outcome 0.5 BTC = 50 (1: the
			// failed send and the test-network send do not count); exchange fees 0.02 BTC + 0.5 ETH = 2 + 5 (2); bonus 10.
			{Name: "brief", Method: "GET", Path: "/api/admin/users/brief/" + id, Token: tok, Status: 200,
				JSON: `{"total_balance":"195.00","total_income":"190.00","income_count":2,"total_outcome":"50.00","outcome_count":1,
					"xapa_exchange_fee":"7.00","exchange_count":2,"total_bonus":"10.00"}`},
			{Name: "report", Method: "GET", Path: "/api/admin/users/report/" + id + "?coinType=2&type=sent", Token: tok, Status: 200,
				JSON: `{"reports":[{"id":3},{"id":4}],"total_items":2}`},
			{Name: "report, unknown user", Method: "GET", Path: "/api/admin/users/report/999999", Token: tok, Status: 404},
			{Name: "wallets", Method: "GET", Path: "/api/admin/users/wallets/" + id, Token: tok, Status: 200,
				JSON: `{"wallets":[{"name":"Bitcoin Wallet","formatedBalance":"1.250000","coinType":{"symbol":"BTC"}},{"name":"Ethereum Wallet"}],"total_items":2}`},
			{Name: "wallets by coin", Method: "GET", Path: "/api/admin/users/wallets/" + id + "?coinType=2", Token: tok, Status: 200, JSON: `{"total_items":1}`},
			{Name: "wallets by name", Method: "GET", Path: "/api/admin/users/wallets/" + id + "?wallet_name=bitco", Token: tok, Status: 200,
				JSON: `{"wallets":[{"name":"Bitcoin Wallet"}]}`},
		})
		r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/report/" + id + "/CSV?coinType=1", Token: tok})
		rows, _ := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if r.Status != 200 || len(rows) != 3 || !strings.Contains(r.Header.Get("Content-Disposition"), "user-"+id+"-transactions-all-all.csv") {
			t.Errorf("user report CSV: %d %q %q", r.Status, r.Header.Get("Content-Disposition"), rows)
		}
		r = env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/report/" + id + "/CSV?minDate=2000-01-01&maxDate=2099-12-31", Token: tok})
		if want := "user-" + id + "-transactions-20000101-20991231.csv"; r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), want) {
			t.Errorf("user report CSV of a range: %d %q, want the file %s", r.Status, r.Header.Get("Content-Disposition"), want)
		}
		r = env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/wallets/" + id + "/CSV", Token: tok})
		rows, _ = csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if r.Status != 200 || len(rows) != 3 || rows[1][1] != "Bitcoin Wallet" || rows[1][4] != "1.25" ||
			rows[0][5] != "USD Value" || rows[1][5] != "125.00" {
			t.Errorf("wallets CSV: %d %q", r.Status, rows)
		}
	})
}

func TestInviteTreeAndSessions(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "viewer", rbac.ShowUser)
		root := env.CreateUser(t, "root", false, false)
		parent := root.ID
		for i := 1; i <= 4; i++ { // a chain four levels deep, and a sibling at level 1
			u := env.CreateUser(t, fmt.Sprintf("level%d", i), false, false)
			if _, err := db.ExecContext(ctx, `UPDATE users SET invited_by = $1 WHERE id = $2`, parent, u.ID); err != nil {
				t.Fatal(err)
			}
			parent = u.ID
		}
		sib := env.CreateUser(t, "sibling", false, false)
		if _, err := db.ExecContext(ctx, `UPDATE users SET invited_by = $1 WHERE id = $2`, root.ID, sib.ID); err != nil {
			t.Fatal(err)
		}
		env.Token(t, root, "full")
		env.Token(t, root, "full")
		env.Run(t, []apitest.Case{
			{Name: "tree", Method: "GET", Path: fmt.Sprintf("/api/admin/users/invites/%d", root.ID), Token: tok, Status: 200,
				JSON: `{"invites":[{"email":"level1@example.com","children":[{"email":"level2@example.com","children":[{"email":"level3@example.com",
					"children":[{"email":"level4@example.com","children":[]}]}]}]},{"email":"sibling@example.com","children":[]}]}`},
			{Name: "a leaf invited nobody", Method: "GET", Path: fmt.Sprintf("/api/admin/users/invites/%d", parent), Token: tok, Status: 200, JSON: `{"invites":[]}`},
			{Name: "sessions", Method: "GET", Path: fmt.Sprintf("/api/admin/users/sessions/%d?maxPerPage=1", root.ID), Token: tok, Status: 200,
				JSON: `{"sessions":[{"platform":"Web","IP":"192.0.2.10","revokedAt":null,"first_device":false}],"total_items":2,"total_pages":2}`},
		})
	})
}

func TestVerificationMail(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "viewer", rbac.ShowUser)
		u := env.CreateUser(t, "unverified", false, false)
		if _, err := db.ExecContext(ctx, `UPDATE users SET email_verified = FALSE, verified_at = NULL WHERE id = $1`, u.ID); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{{Name: "send", Method: "GET", Path: fmt.Sprintf("/api/admin/email/%d/sendmail", u.ID), Token: tok, Status: 200,
			JSON: `{"status":"Verification email sent to unverified@example.com."}`}})
		mails := env.Mails(t, "unverified@example.com")
		if len(mails) != 1 {
			t.Fatalf("%d mails to unverified@example.com; want 1", len(mails))
		}
		body := mails[0]
		m := regexp.MustCompile(`/api/email/verify\?token=(\S+)`).FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("no link in %q", body)
		}
		token, _ := url.QueryUnescape(m[1])
		env.Run(t, []apitest.Case{
			{Name: "open the link", Method: "GET", Path: "/api/email/verify?token=" + url.QueryEscape(token), Status: 303},
			{Name: "once only", Method: "GET", Path: "/api/email/verify?token=" + url.QueryEscape(token), Status: 400},
			{Name: "now verified", Method: "GET", Path: fmt.Sprintf("/api/admin/users/%d", u.ID), Token: tok, Status: 200, JSON: `{"email_verified":true}`},
			{Name: "already verified", Method: "GET", Path: fmt.Sprintf("/api/admin/email/%d/sendmail", u.ID), Token: tok, Status: 400},
			{Name: "unknown user", Method: "GET", Path: "/api/admin/email/999999/sendmail", Token: tok, Status: 404},
		})
	})
}

func TestReportsAndAccounting(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		_, tok := env.Staff(t, "finance", rbac.BonusReport, rbac.TransactionExchange, rbac.UserAccounting, rbac.TransactionAccounting)
		if _, err := db.ExecContext(ctx, `INSERT INTO bonuses (user_id, invited_user_id, wallet_id, coin_id, kind, amount, usd_amount, created_at) VALUES
			($1, $2, 1, 1, 'inviter', $3, $4, $5), ($2, $2, 3, 1, 'invited', $6, $7, $8)`,
			f.userID, f.evilID, dec("0.1"), dec("10"), f.now.Add(-time.Hour), dec("0.05"), dec("5"), f.now.AddDate(0, 0, -30)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `UPDATE wallets SET name = 'Bonus Wallet' WHERE id = 3`); err != nil {
			t.Fatal(err)
		}
		week := "minDate=" + urlDate(f.now.AddDate(0, 0, -7)) + "&maxDate=" + urlDate(f.now)
		env.Run(t, []apitest.Case{
			{Name: "bonus report", Method: "GET", Path: "/api/admin/wallets/report", Token: tok, Status: 200,
				JSON: `{"reports":[{"user":{"email":"holder@example.com"},"invited_user":{"email":"=cmd|calc@example.com"},"bonusAmount":"0.1","usdAmount":"10",
					"bonusWallet":{"coinType":{"symbol":"BTC"}}},{"kind":"invited"}],"total_items":2,"page":1,"items_per_page":25}`},
			{Name: "bonus report by user email", Method: "GET", Path: "/api/admin/wallets/report?user=HOLDER", Token: tok, Status: 200, JSON: `{"total_items":1}`},
			{Name: "bonus report by range", Method: "GET", Path: "/api/admin/wallets/report?" + week, Token: tok, Status: 200, JSON: `{"total_items":1}`},
			{Name: "exchange report", Method: "GET", Path: "/api/admin/exchange/history?maxPerPage=1", Token: tok, Status: 200,
				JSON: `{"report":[{"user":{"email":"holder@example.com"},"fromWallet":{"coinType":{"symbol":"BTC"}},"toWallet":{"coinType":{"symbol":"ETH"}},
					"formatedExchangeRate":"10.000","formatedFromAmount":"1.000000","formatedToAmount":"9.800000"}],"total_items":2,"total_pages":2}`},
			{Name: "exchange report, nobody matches", Method: "GET", Path: "/api/admin/exchange/history?user=nobody", Token: tok, Status: 200, JSON: `{"report":[],"total_items":0}`},
			{Name: "bad range", Method: "GET", Path: "/api/admin/exchange/history?minDate=2026-05-01&maxDate=2026-04-01", Token: tok, Status: 400},
			// Users: staff + two customers registered now; customers' wallets 2.5 BTC + 7 ETH = 320.
			{Name: "user accounting", Method: "GET", Path: "/api/admin/users/accounting?" + week, Token: tok, Status: 200,
				JSON: `{"accounting":{"total_registered":3,"total_verified":3,"total_users_assets":"320.00"}}`},
			// Last week, main, not failed: received 1.5 BTC ($150, 1); sent 0.5 BTC ($50, 1) earning 0.01 BTC ($1);
			// bonuses paid in the week $10; the bonus wallet holds 1.25 BTC ($125) for one user; company 2.4 BTC ($240).
			{Name: "financial accounting", Method: "GET", Path: "/api/admin/transactions/accounting?" + week, Token: tok, Status: 200,
				JSON: `{"accounting":{"total_customers_credit":"320.00","total_current_balance":"240.00","total_income":{"count":1,"usd_balance":"150.00"},
					"total_outcome":{"count":1,"usd_balance":"50.00"},"paid_bonuses":"10.00","allocated_bonus_wallets":{"details":{"users":1,"bonuses":"125.00"}},
					"total_revenue_earned_by_send":"1.00"}}`},
		})
		r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/wallets/report/CSV", Token: tok})
		rows, _ := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if r.Status != 200 || len(rows) != 3 || rows[0][0] != "U-ID" || rows[1][2] != "'=cmd|calc@example.com" {
			t.Errorf("bonus CSV: %d %q", r.Status, rows)
		}
		r = env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/exchange/history/CSV?" + week, Token: tok})
		rows, _ = csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if r.Status != 200 || len(rows) != 3 || rows[1][3] != "BTC" || rows[1][6] != "1" || !strings.Contains(r.Header.Get("Content-Disposition"), "exchanges-") {
			t.Errorf("exchange CSV: %d %q", r.Status, rows)
		}
	})
}
