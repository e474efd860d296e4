package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store/storetest"
)

// Any body to any write route, through the real router and the real payload
// types, validation and SQL (SQLite with demo data), gets a 2xx or a 4xx
// JSON envelope: never a 5xx or a panic. The seeds are valid bodies of each
// route, which the fuzzer mutates; route picks the route (modulo their number).
func FuzzWriteRoutes(f *testing.F) {
	env := demoEnv(f, storetest.SQLite(f))
	_, tok := env.Staff(f, "fuzzer", rbac.AllKeys()...)
	customer := env.CreateUser(f, "fuzz-customer", false, false)
	spare := env.CreateUser(f, "fuzz-spare", true, true, rbac.UsersList)
	var spareRole int64
	if err := env.DB.QueryRow(`SELECT role_id FROM users WHERE id = $1`, spare.ID).Scan(&spareRole); err != nil {
		f.Fatal(err)
	}
	type route struct{ Method, Path string }
	var writes []route
	for _, rt := range env.Server.Routes() {
		if rt.Method != "GET" {
			writes = append(writes, route{rt.Method, rt.Path})
		}
	}
	// The ids in paths: the spare staff member's role and session (never the fuzzer's own), the customer, a demo
	// token and app version.
	var spareSession int64
	if err := env.DB.QueryRow(`SELECT id FROM sessions WHERE token_hash = $1`, auth.HashToken(env.Token(f, spare, auth.Full))).Scan(&spareSession); err != nil {
		f.Fatal(err)
	}
	ids := strings.NewReplacer("/roles/{id}", "/roles/"+strconv.FormatInt(spareRole, 10),
		"/sessions/{id}", "/sessions/"+strconv.FormatInt(spareSession, 10),
		"/users/{id}", "/users/"+strconv.FormatInt(customer.ID, 10), "{id}", "1")
	seeds := map[string]string{
		"/api/admin/users/new":          `{"full_name":"Fuzz","username":"fuzz1","email":"fuzz1@example.com","password":"Correct-horse-9","enabled":true,"roles":["ROLE_ADMIN"]}`,
		"/api/admin/users/{id}/edit":    `{"email":"c@example.com","full_name":"C","username":"c","enabled":true,"isGoogleAuthenticatorEnabled":false,"phone_number":"+15550100"}`,
		"/api/admin/roles/new":          `{"role":"Fuzzers","description":"d","permissions":["ADMIN_USERS_LIST"]}`,
		"/api/admin/roles/{id}/edit":    `{"role":"Fuzzers 2","description":"d","permissions":["ADMIN_USERS_LIST","ADMIN_AUDIT_LOG"]}`,
		"/api/admin/roles/{id}/adduser": fmt.Sprintf(`{"users":[%d]}`, spare.ID),
		"/api/admin/roles/removeMember": fmt.Sprintf(`{"users":[%d]}`, spare.ID),
		"/api/admin/coins/new":          `{"name":"Wrapped Bitcoin","symbol":"WBTC","decimals":8,"mainContract":"0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599","testContract":"0x0000000000000000000000000000000000000001","maxConfirmation":12,"minSpendable":"0.0001","blockchain":2}`,
		"/api/admin/coins/{id}/edit":    `{"id":1,"name":"Tether USD","symbol":"USDT","decimals":6,"mainContract":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","testContract":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","maxConfirmation":20,"minSpendable":"1","blockchain":3}`,
		"/api/admin/app_versions/new":   `{"name":"1.234.56","releaseDate":"2026-12-01 10:00:00","platform":"Android","forceUpdateRequired":false,"changeLog":[{"groupName":"Fixes","items":["Faster start"]}]}`,
		"/api/admin/promotion":          `{"isEnabled":true,"minimum":[{"coin":5,"main":"60"}],"invited_bonus":{"coin":1,"amount":"0","default":"33","network":"main"},"inviter_bonus":{"coin":5,"amount":"10","default":"0","network":"main"},"waiting_time":{"days":50},"range":{"start_date":"2026-11-01 00:00:00","end_date":"2026-12-01 00:00:00"}}`,
		"/api/login":                    `{"username":"fuzzer","password":"x","captcha_token":"e30="}`,
		"/api/register":                 `{"email":"new.fuzz@example.com","username":"new.fuzz@example.com","full_name":"N","invited_by":"","device_type":"Web","plainPassword":{"first":"Correct-horse-9","second":"Correct-horse-9"}}`,
		"/api/password/reset":           `{"email":"fuzzer@example.com"}`,
		"/api/password/reset/confirm":   `{"token":"abc","password":"Correct-horse-9"}`,
		"/api/2fa/googleAuthenticator":  `{"code":"123456","password":"x"}`,
		"/api/user/password":            `{"old":"x","new":"Correct-horse-9"}`,
	}
	for i, rt := range writes {
		body, ok := seeds[rt.Path]
		if !ok {
			body = `{}`
		}
		f.Add(uint8(i), body)
	}
	f.Fuzz(func(t *testing.T, route uint8, body string) {
		rt := writes[int(route)%len(writes)]
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(rt.Method, ids.Replace(rt.Path), strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tok)
		env.Handler.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", rt.Method, rt.Path, body, rec.Code, rec.Body.String())
		}
		if rec.Code >= 400 {
			var e struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Code != rec.Code || e.Message == "" {
				t.Fatalf("%s %s %q: %d without the error envelope: %s", rt.Method, rt.Path, body, rec.Code, rec.Body.String())
			}
		}
	})
}
