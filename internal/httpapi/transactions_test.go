package httpapi_test

import (
	"context"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// ledgerFixture is seedtest.Ledger: a small, hand-checkable ledger, BTC at $100, ETH at $10.
type ledgerFixture struct {
	now      time.Time
	userID   int64
	evilID   int64
	btc, eth int64
}

func newLedgerFixture(t *testing.T, env *apitest.Env) ledgerFixture {
	t.Helper()
	l := seedtest.NewLedger(t, env.DB, env.Clock.Now())
	return ledgerFixture{now: l.Now, userID: l.Holder, evilID: l.Evil, btc: l.BTC, eth: l.ETH}
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func day(t time.Time, offset int) string { return t.AddDate(0, 0, offset).Format("2006-01-02") }

type history struct {
	Transactions []struct {
		ID              int64  `json:"id"`
		Hash            string `json:"hash"`
		FormatedAmount  string `json:"formatedAmount"`
		Status          string `json:"status"`
		Confirmations   int    `json:"confirmations"`
		MaxConfirmation int    `json:"maxConfirmation"`
		CoinType        struct{ Symbol string }
		User            struct{ Email string }
	} `json:"transactionHistory"`
	TotalItems int `json:"total_items"`
	TotalPages int `json:"total_pages"`
}

func ids(h history) []int64 {
	var out []int64
	for _, t := range h.Transactions {
		out = append(out, t.ID)
	}
	return out
}

func TestTransactionHistory(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		_, tok := env.Staff(t, "viewer", rbac.TransactionHistory)
		get := func(q string) history {
			t.Helper()
			var h history
			r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/transactions/history" + q, Token: tok})
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", q, r.Status, r.Body)
			}
			r.JSON(t, &h)
			return h
		}
		for _, c := range []struct {
			q    string
			want []int64
		}{
			{"", []int64{1, 3, 4, 2, 5, 6}}, // newest first
			{"?network=main", []int64{1, 4, 2, 5, 6}},
			{"?network=test", []int64{3}},
			{"?coinType=2", []int64{3, 4, 5}},
			{"?type=sent&network=main", []int64{4, 2, 6}},
			{"?coinType=1&type=received", []int64{1}},
			{"?minDate=" + urlDate(f.now.AddDate(0, 0, -2).Add(-time.Minute)) + "&maxDate=" + urlDate(f.now.AddDate(0, 0, -1)), []int64{4, 2}},
			{"?minDate=0001-01-01%2000:00:00&maxDate=9999-12-29%2000:00:00&network=main&page=1&maxPerPage=10", []int64{1, 4, 2, 5, 6}},
		} {
			if got := ids(get(c.q)); !equalIDs(got, c.want) {
				t.Errorf("%s: %v, want %v", c.q, got, c.want)
			}
		}
		p2 := get("?maxPerPage=4&page=2")
		if p2.TotalItems != 6 || p2.TotalPages != 2 || !equalIDs(ids(p2), []int64{5, 6}) {
			t.Errorf("page 2 of 4: %+v", p2)
		}
		h := get("?coinType=2&network=test")
		if tx := h.Transactions[0]; tx.FormatedAmount != "2.000000" || tx.Status != "pending" || tx.Confirmations != 5 ||
			tx.MaxConfirmation != 12 || tx.CoinType.Symbol != "ETH" || tx.User.Email != "holder@example.com" {
			t.Errorf("row %+v", tx)
		}
		env.Run(t, []apitest.Case{
			{Name: "bad type", Method: "GET", Path: "/api/admin/transactions/history?type=stolen", Token: tok, Status: 400, JSON: `{"errors":[{"field":"type"}]}`},
			{Name: "bad network", Method: "GET", Path: "/api/admin/transactions/history?network=moon", Token: tok, Status: 400},
			{Name: "bad date", Method: "GET", Path: "/api/admin/transactions/history?minDate=yesterday", Token: tok, Status: 400, JSON: `{"errors":[{"field":"minDate"}]}`},
			{Name: "reversed range", Method: "GET", Path: "/api/admin/transactions/history?minDate=2026-02-01&maxDate=2026-01-01", Token: tok, Status: 400},
			{Name: "bad coin", Method: "GET", Path: "/api/admin/transactions/history?coinType=btc", Token: tok, Status: 400},
			{Name: "search by hash, any case", Method: "GET", Path: "/api/admin/transactions/history/search?q=0XAAAAAA2FFFF", Token: tok, Status: 200,
				JSON: `{"transactionHistory":[{"id":2,"hash":"0xaaaaaa2ffff"}]}`},
			{Name: "search keeps the hash as stored", Method: "GET", Path: "/api/admin/transactions/history/search?q=0xAAAAAA3FFFF", Token: tok, Status: 200,
				JSON: `{"transactionHistory":[{"id":3}]}`},
			{Name: "search by the start of a hash", Method: "GET", Path: "/api/admin/transactions/history/search?q=0xaaaaaa2f", Token: tok, Status: 200,
				JSON: `{"transactionHistory":[{"id":2}],"total_items":1}`},
			{Name: "a start shared by several, newest first", Method: "GET", Path: "/api/admin/transactions/history/search?q=0xaaaaaa", Token: tok, Status: 200,
				JSON: `{"transactionHistory":[{"id":1},{"id":4},{"id":2},{"id":5}],"total_items":4}`},
			{Name: "search miss", Method: "GET", Path: "/api/admin/transactions/history/search?q=0xnothing", Token: tok, Status: 404,
				JSON: `{"message":"No transaction has the hash 0xnothing."}`},
			{Name: "search without text", Method: "GET", Path: "/api/admin/transactions/history/search?q=", Token: tok, Status: 400},
			{Name: "search by too short a start", Method: "GET", Path: "/api/admin/transactions/history/search?q=0xaaaaa", Token: tok, Status: 400,
				JSON: `{"errors":[{"field":"q"}]}`},
			{Name: "search by what no hash holds", Method: "GET", Path: "/api/admin/transactions/history/search?q=0xaaaaaa%25%25", Token: tok, Status: 400},
		})
	})
}

func urlDate(t time.Time) string {
	return strings.ReplaceAll(t.Format("2006-01-02 15:04:05"), " ", "%20")
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestTransactionCSV(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		_, tok := env.Staff(t, "viewer", rbac.TransactionHistory)
		r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/transactions/history/CSV?coinType=1&minDate=" +
			urlDate(f.now.AddDate(0, 0, -60)) + "&maxDate=" + urlDate(f.now), Token: tok})
		if r.Status != 200 || r.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
			t.Fatalf("%d %s", r.Status, r.Header)
		}
		wantName := `attachment; filename="transactions-` + f.now.AddDate(0, 0, -60).Format("20060102") + "-" + f.now.Format("20060102") + `.csv"`
		if got := r.Header.Get("Content-Disposition"); got != wantName {
			t.Errorf("Content-Disposition %q, want %q", got, wantName)
		}
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 4 || rows[0][0] != "ID" || rows[0][7] != "Amount" {
			t.Fatalf("rows: %q", rows)
		}
		if rows[1][0] != "1" || rows[1][3] != "holder@example.com" || rows[1][4] != "BTC" || rows[1][7] != "1.5" || rows[1][11] != "Confirmed" {
			t.Errorf("first row %q", rows[1])
		}
		last := rows[3]
		if last[3] != "'=cmd|calc@example.com" || last[14] != "'=HYPERLINK(1)" {
			t.Errorf("formula injection not neutralised: %q", last)
		}
	})
}

func TestDashboardFigures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		_, tok := env.Staff(t, "boss", rbac.AllKeys()...)
		week := func(values map[int]string, field string) string {
			var parts []string
			for i := -6; i <= 0; i++ {
				v, ok := values[i]
				if !ok {
					v = "0.00"
				}
				parts = append(parts, `{"day":"`+day(f.now, i)+`","`+field+`":"`+v+`"}`)
			}
			return "[" + strings.Join(parts, ",") + "]"
		}
		env.Run(t, []apitest.Case{
			// Volume: main, not failed: 1.5 BTC today + 0.5 BTC 2 days ago + 4 ETH 10 days ago + 0.25 BTC 40 days ago
			// = 150 + 50 + 40 + 25 = 265.
			{Name: "total balances", Method: "GET", Path: "/api/admin/transactions/total/balances", Token: tok, Status: 200,
				JSON: `{"main":{"total":{"balance":"265.00"},"week":` + week(map[int]string{0: "150.00", -2: "50.00"}, "balance") + `}}`},
			// Commission on main sends that did not fail: 0.01 BTC = $1 (the failed ETH send earns nothing).
			{Name: "revenue by send", Method: "GET", Path: "/api/admin/transactions/total/revenue/send", Token: tok, Status: 200,
				JSON: `{"main":{"total":{"amount":"1.00"},"week":` + week(map[int]string{-2: "1.00"}, "amount") + `}}`},
			// Exchange fees: 0.02 BTC today ($2) + 0.5 ETH 3 days ago ($5).
			{Name: "revenue by exchange", Method: "GET", Path: "/api/admin/transactions/total/revenue/exchange", Token: tok, Status: 200,
				JSON: `{"main":{"total":{"amount":"7.00"},"week":` + week(map[int]string{0: "2.00", -3: "5.00"}, "amount") + `}}`},
			// Customers: 1.25 + 1.25 BTC, 7 ETH; the company holds 2.4 BTC and no ETH wallet.
			{Name: "customer balance", Method: "GET", Path: "/api/admin/wallets/customer_balance", Token: tok, Status: 200,
				JSON: `{"balances":[{"symbol":"BTC","balance":"2.5","formatted_balance":"2.500000","price":"100","usd_value":"250.00"},
					{"symbol":"ETH","balance":"7","formatted_balance":"7.000000","usd_value":"70.00"}]}`},
			{Name: "company balance", Method: "GET", Path: "/api/admin/wallets/xapa_balance", Token: tok, Status: 200,
				JSON: `{"balances":[{"symbol":"BTC","balance":"2.4","formatted_balance":"2.400000","wallet_address":"bc1qcompany","network_fee":"0.0001"}]}`},
			{Name: "coin types", Method: "GET", Path: "/api/cointypes", Token: tok, Status: 200,
				JSON: `[{"id":1,"symbol":"BTC","fiatExchangeRate":"100","type":"coin","icon":"/icons/btc.svg"},{"id":2,"symbol":"ETH"}]`},
			{Name: "bad cointypes filter", Method: "GET", Path: "/api/cointypes?type=x", Token: tok, Status: 400},
		})
		// Registrations: the staff member and the two customers joined today (store.Now is the real time; the
		// fixture clock is noon today, so the count lands on today or, just after midnight, is still this week).
		var reg struct {
			Total []struct {
				Day   string
				Count int
			}
			Count int
		}
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/total_registers", Token: tok}).JSON(t, &reg)
		sum := 0
		for _, d := range reg.Total {
			sum += d.Count
		}
		if len(reg.Total) != 7 || reg.Total[0].Day != day(f.now, -6) || reg.Total[6].Day != day(f.now, 0) || reg.Count != 3 || sum != 3 {
			t.Errorf("registrations %+v", reg)
		}
		var verified struct{ Count int }
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/total_registers?verified=1", Token: tok}).JSON(t, &verified)
		if verified.Count != 3 {
			t.Errorf("verified count %d", verified.Count)
		}
		if _, err := db.ExecContext(context.Background(), `UPDATE users SET last_seen_at = $1 WHERE id = $2`, f.now.Add(-90*time.Second), f.userID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(context.Background(), `UPDATE users SET last_seen_at = $1 WHERE id = $2`, f.now.Add(-3*time.Minute), f.evilID); err != nil {
			t.Fatal(err)
		}
		// Online: the holder (90 s ago) and the viewing staff member (signed in now); not evil (3 minutes ago).
		env.Run(t, []apitest.Case{{Name: "online in the last 2 minutes", Method: "GET", Path: "/api/admin/users/total_onlines", Token: tok,
			Status: 200, JSON: `{"total":{"count":2}}`}})
	})
}

func TestMarket(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		_, tok := env.Staff(t, "candles", rbac.Candles)
		for i := 0; i < 35; i++ {
			d := time.Date(f.now.Year(), f.now.Month(), f.now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, i-34)
			open, closing := dec("100"), dec("100")
			switch i {
			case 34:
				closing = dec("110")
			case 33:
				closing = dec("95")
			}
			if _, err := db.ExecContext(context.Background(), `INSERT INTO market_candles (coin_id, day, open, close, high, low) VALUES (1, $1, $2, $3, $4, $5)`,
				d, open, closing, dec("111"), dec("90")); err != nil {
				t.Fatal(err)
			}
		}
		var m struct {
			Changes []struct {
				StartsAt      string `json:"startsAt"`
				AmountChange  string `json:"amountChange"`
				PercentChange string `json:"percentChange"`
			} `json:"changes"`
		}
		r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/coins/markets/btc", Token: tok})
		r.JSON(t, &m)
		n := len(m.Changes)
		if r.Status != 200 || n != 30 || !strings.HasPrefix(m.Changes[n-1].StartsAt, day(f.now, 0)+"T00:00:00+00:00") {
			t.Fatalf("%d: %d changes, last %+v", r.Status, n, m.Changes[n-1])
		}
		if m.Changes[n-1].AmountChange != "10" || m.Changes[n-1].PercentChange != "10" || m.Changes[n-2].PercentChange != "-5" || m.Changes[0].PercentChange != "0" {
			t.Errorf("changes: %+v %+v %+v", m.Changes[0], m.Changes[n-2], m.Changes[n-1])
		}
		env.Run(t, []apitest.Case{{Name: "unknown market", Method: "GET", Path: "/api/coins/markets/NOPE", Token: tok, Status: 404}})
	})
}

// History finds a customer by email and a wallet by address, and sorts a
// page by amount as a number; the reports sort theirs too.
func TestHistorySearchAndOrder(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		f := newLedgerFixture(t, env)
		ctx := context.Background()
		for _, q := range []struct {
			sql  string
			args []any
		}{
			// As text "10" sorts before "2": the order must read numbers.
			{`INSERT INTO transactions (id, user_id, wallet_id, coin_id, type, network, status, confirmations, max_confirmation,
				amount, hash, receiver_address, created_at, updated_at) VALUES (7, $1, 2, 2, 'sent', 'test', 'confirmed', 12, 12,
				$2, '0xbbbbbbb7', 'bc1qfriend', $3, $3)`, []any{f.userID, dec("10"), f.now.Add(-3 * time.Hour)}},
			{`UPDATE transactions SET receiver_address = 'bc1qfriend' WHERE id = 2`, nil},
			{`INSERT INTO wallet_addresses (wallet_id, address, created_at) VALUES (3, '0xevilwallet', $1)`, []any{f.now}},
		} {
			if _, err := db.ExecContext(ctx, q.sql, q.args...); err != nil {
				t.Fatalf("%s: %v", q.sql, err)
			}
		}
		_, tok := env.Staff(t, "viewer", rbac.TransactionHistory, rbac.TransactionExchange)
		get := func(path string) history {
			t.Helper()
			var h history
			r := env.Do(t, apitest.Case{Method: "GET", Path: path, Token: tok})
			if r.Status != 200 {
				t.Fatalf("%s: %d %s", path, r.Status, r.Body)
			}
			r.JSON(t, &h)
			return h
		}
		for _, c := range []struct {
			q     string
			want  []int64
			total int
		}{
			{"?email=HOLDER@example.com", []int64{1, 3, 7, 4, 2, 5}, 6},
			{"?email=holder@example.com&network=main&type=sent", []int64{4, 2}, 2},
			{"?email=nobody@example.com", nil, 0},
			{"?address=bc1qfriend", []int64{7, 2}, 2}, // sent to it
			{"?address=0xevilwallet", []int64{6}, 1},  // its wallet's own
			{"?address=%20bc1qfriend%20&network=test", []int64{7}, 1},
			{"?sort=amount", []int64{7, 5, 4, 3, 1, 2, 6}, 7},
			{"?sort=amount&order=asc&maxPerPage=3", []int64{6, 2, 1}, 7},
			{"?sort=amount&order=asc&maxPerPage=3&page=3", []int64{7}, 7},
			{"?sort=created_at&order=asc&network=main", []int64{6, 5, 2, 4, 1}, 5},
		} {
			h := get("/api/admin/transactions/history" + c.q)
			if got := ids(h); !equalIDs(got, c.want) || h.TotalItems != c.total {
				t.Errorf("%s: %v of %d, want %v of %d", c.q, got, h.TotalItems, c.want, c.total)
			}
		}
		// The download keeps the filter, newest first.
		r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/transactions/history/CSV?address=bc1qfriend&sort=amount&order=asc", Token: tok})
		rows, err := csv.NewReader(strings.NewReader(string(r.Body))).ReadAll()
		if err != nil || len(rows) != 3 || rows[1][0] != "7" || rows[2][0] != "2" {
			t.Errorf("CSV by address: %d %q %v", r.Status, rows, err)
		}
		var ex struct {
			Report []struct {
				FromAmount string `json:"fromAmount"`
			} `json:"report"`
		}
		for order, want := range map[string]string{"asc": "1", "desc": "5"} {
			r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/exchange/history?sort=amount&order=" + order, Token: tok})
			r.JSON(t, &ex)
			if r.Status != 200 || len(ex.Report) != 2 || ex.Report[0].FromAmount != want {
				t.Errorf("exchanges by amount %s: %d %s", order, r.Status, r.Body)
			}
		}
		env.Run(t, []apitest.Case{
			{Name: "bad sort", Method: "GET", Path: "/api/admin/transactions/history?sort=hash", Token: tok, Status: 400, JSON: `{"errors":[{"field":"sort"}]}`},
			{Name: "bad order", Method: "GET", Path: "/api/admin/exchange/history?order=up", Token: tok, Status: 400, JSON: `{"errors":[{"field":"order"}]}`},
			{Name: "too long an address", Method: "GET", Path: "/api/admin/transactions/history?address=" + strings.Repeat("a", 201), Token: tok, Status: 400,
				JSON: `{"errors":[{"field":"address"}]}`},
		})
	})
}
