package httpapi_test

import (
	"context"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/demo"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/metrics"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// The exposition counts requests by route pattern (never by path: no series per user), times them, and counts
// sign-in outcomes, throttle refusals and the database pool.
func TestMetrics(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	m := metrics.New(db.DB)
	env := apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Metrics = m })
	_, token := env.Staff(t, "mira", "ADMIN_SHOW_USER", "ADMIN_AUDIT_LOG")
	env.Do(t, apitest.Case{Method: "GET", Path: "/livez"})
	env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/brief/1", Token: token})
	env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/users/brief/2", Token: token})
	env.Do(t, apitest.Case{Method: "POST", Path: "/api/login",
		Body: map[string]string{"username": "mira", "password": "wrong-password", "captcha_token": env.Captcha(t)}})
	if r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/audit/CSV", Token: token}); r.Status != 200 {
		t.Fatalf("export: %d", r.Status)
	}
	for range 61 {
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/captcha", RemoteAddr: "192.0.2.200:1"})
	}

	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	text := string(body)
	for _, want := range []string{
		`backoffice_http_requests_total{class="2xx",method="GET",route="/livez"} 1`,
		`backoffice_http_requests_total{class="2xx",method="GET",route="/api/admin/users/brief/{id}"} 1`,
		`backoffice_http_requests_total{class="4xx",method="GET",route="/api/admin/users/brief/{id}"} 1`, // no user 2
		`backoffice_http_request_duration_seconds_count{method="GET",route="/api/admin/users/brief/{id}"} 2`,
		`backoffice_signin_total{outcome="invalid"} 1`,
		`backoffice_throttled_total{limit="captcha"} 1`,
		`go_sql_max_open_connections{db_name="backoffice"} 8`,
		`backoffice_export_total{route="GET /api/admin/audit/CSV",what="exports"} 1`,
		`backoffice_export_duration_seconds_count{route="GET /api/admin/audit/CSV"} 1`,
		`go_sql_wait_count_total{db_name="backoffice"}`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the exposition lacks %s", want)
		}
	}
	if !regexp.MustCompile(`backoffice_export_total\{route="GET /api/admin/audit/CSV",what="rows"\} [1-9]`).MatchString(text) ||
		!regexp.MustCompile(`backoffice_export_total\{route="GET /api/admin/audit/CSV",what="bytes"\} [1-9]`).MatchString(text) {
		t.Error("the export's rows and bytes were not counted")
	}
	if strings.Contains(text, "brief/1") {
		t.Error("a path with an id became a label")
	}
}

// The business gauges match the database (per coin: customers' main-network balance, the company wallet, their
// ratio; pending transactions), and the cache age of a dashboard figure is its age on the server's clock.
func TestBusinessGaugesAndCacheAges(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		m := metrics.New(db.DB)
		env := apitest.NewEnvWith(t, db, func(o *httpapi.Options) { o.Metrics = m })
		if err := demo.Generate(ctx, db, demo.Options{Secrets: env.Secrets, Users: 30, Transactions: 400, Seed: 4,
			Now: env.Clock.Now()}); err != nil {
			t.Fatal(err)
		}
		_, token := env.Staff(t, "gauge", rbac.CustomerBalance)
		if r := env.Do(t, apitest.Case{Method: "GET", Path: "/api/admin/wallets/customer_balance", Token: token}); r.Status != 200 {
			t.Fatalf("customer balance: %d", r.Status)
		}
		env.Clock.Advance(3 * time.Second)

		customer := sumByCoin(t, db, `SELECT c.symbol, c.id, w.balance FROM wallets w JOIN coins c ON c.id = w.coin_id WHERE w.network = 'main'`)
		company := sumByCoin(t, db, `SELECT c.symbol, c.id, cw.balance FROM company_wallets cw JOIN coins c ON c.id = cw.coin_id`)
		var pending int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM transactions WHERE status = 'pending'`).Scan(&pending); err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
		got := gaugeValues(rec.Body.String())
		if rec.Code != http.StatusOK {
			t.Fatalf("scrape: %d %s", rec.Code, rec.Body)
		}
		if len(customer) == 0 || pending == 0 {
			t.Fatalf("the demo data has %d coins with customer wallets and %d pending transactions; the test needs some", len(customer), pending)
		}
		for coin, want := range customer {
			near(t, got, `backoffice_customer_balance{`+coin+`}`, want.InexactFloat64())
			near(t, got, `backoffice_company_balance{`+coin+`}`, company[coin].InexactFloat64())
			if want.IsPositive() {
				near(t, got, `backoffice_company_to_customer_ratio{`+coin+`}`, company[coin].Div(want).InexactFloat64())
			}
		}
		near(t, got, `backoffice_pending_transactions`, float64(pending))
		near(t, got, `backoffice_cache_age_seconds{cache="dashboard",figure="balances:customer"}`, 3)
	})
}

// sumByCoin sums q's (symbol, id, amount) rows by their labels in the exposition.
func sumByCoin(t *testing.T, db *store.DB, q string) map[string]decimal.Decimal {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]decimal.Decimal{}
	for rows.Next() {
		var symbol string
		var id int64
		var v decimal.Decimal
		if err := rows.Scan(&symbol, &id, &v); err != nil {
			t.Fatal(err)
		}
		coin := fmt.Sprintf(`coin="%s",coin_id="%d"`, symbol, id)
		out[coin] = out[coin].Add(v)
	}
	return out
}

// gaugeValues reads "name{labels} value" lines of an exposition.
func gaugeValues(text string) map[string]float64 {
	out := map[string]float64{}
	for _, line := range strings.Split(text, "\n") {
		i := strings.LastIndexByte(line, ' ')
		if line == "" || line[0] == '#' || i < 0 {
			continue
		}
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			out[line[:i]] = v
		}
	}
	return out
}

func near(t *testing.T, got map[string]float64, series string, want float64) {
	t.Helper()
	v, ok := got[series]
	if !ok {
		t.Errorf("the exposition lacks %s", series)
		return
	}
	if math.Abs(v-want) > 1e-9*math.Max(1, math.Abs(want)) {
		t.Errorf("%s = %v, want %v", series, v, want)
	}
}
