package httpapi_test

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// signed is a call of POST /api/ingest/events with body, signed with key at
// the env's time (moved by skew).
func signed(env *apitest.Env, name, keyID, secret, body string, skew time.Duration, status int) apitest.Case {
	ts := strconv.FormatInt(env.Clock.Now().Add(skew).Unix(), 10)
	return apitest.Case{Name: name, Method: "POST", Path: "/api/ingest/events", Body: body, Status: status,
		Headers: map[string]string{"Content-Type": "application/cloudevents-batch+json", ingest.KeyHeader: keyID,
			ingest.TimestampHeader: ts, ingest.SignatureHeader: "sha256=" + hex.EncodeToString(ingest.Sign(secret, ts, []byte(body)))}}
}

func chainEvent(source, id string) string {
	return fmt.Sprintf(`{"specversion":"1.0","id":%q,"source":%q,"type":"xapa.chain.v1","time":"2026-11-20T09:00:00Z",
		"data":{"symbol":"BTC","name":"Bitcoin","decimals":8,"max_confirmation":3,"explorer_tx_url":"","icon":"","version":1}}`, id, source)
}

// The HTTP way in: a batch signed with an ingest key applies, in order, each
// event's status said; every way of getting the signature wrong is a 401 and
// applies nothing; a key speaks for its source only, and opens no other route.
func TestIngestOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		keys := ingest.NewKeys(db, env.Clock.Now)
		id, secret, err := keys.Create(t.Context(), audit.Actor{Email: "command line"}, "wallet-service")
		if err != nil {
			t.Fatal(err)
		}
		good := "[" + chainEvent("wallet-service", "e-1") + "," + chainEvent("wallet-service", "e-1") + "," +
			chainEvent("matching-engine", "e-2") + "]"
		before := storetest.Column[int](t, db, `SELECT count(*) FROM ingest_events`)[0]
		wrong := signed(env, "a wrong secret", id, strings.Repeat("0", 64), good, 0, 401)
		env.Run(t, []apitest.Case{
			wrong,
			signed(env, "an unknown key", "ik_nobody", secret, good, 0, 401),
			signed(env, "a timestamp 301 s old", id, secret, good, -301*time.Second, 401),
			signed(env, "a timestamp 301 s ahead", id, secret, good, 301*time.Second, 401),
			{Name: "no signature", Method: "POST", Path: "/api/ingest/events", Body: good, Status: 401},
			withType(signed(env, "signed, but sent as application/json", id, secret, good, 0, 415), "application/json"),
			signed(env, "not an array", id, secret, `{"a":1}`, 0, 400),
			signed(env, "an array of numbers", id, secret, `[1,2]`, 0, 400),
			signed(env, "an empty batch", id, secret, `[]`, 0, 400),
			signed(env, "malformed", id, secret, `[{"a":`, 0, 400),
			signed(env, "deep nesting", id, secret, strings.Repeat("[", 100_000), 0, 400),
			signed(env, "not UTF-8", id, secret, "[{\"a\":\"\xff\xfe\"}]", 0, 400),
			signed(env, "1,001 events", id, secret, "["+strings.TrimSuffix(strings.Repeat(`{},`, 1001), ",")+"]", 0, 400),
			signed(env, "over 4 MiB", id, secret, "[{\"a\":\""+strings.Repeat("x", 4<<20)+"\"}]", 0, 413),
		})
		if after := storetest.Column[int](t, db, `SELECT count(*) FROM ingest_events`)[0]; after != before {
			t.Fatalf("%d events recorded by refused calls", after-before)
		}
		tampered := signed(env, "a body changed after signing", id, secret, good, 0, 401)
		tampered.Body = strings.Replace(good, "Bitcoin", "Bitcoin!", 1)
		env.Run(t, []apitest.Case{tampered,
			{Name: "a staff token is not an ingest key", Method: "POST", Path: "/api/ingest/events", Body: good, Status: 401,
				Token: staffToken(t, env), Headers: map[string]string{"Content-Type": "application/cloudevents-batch+json"}},
			withStatus(signed(env, "applied", id, secret, good, 0, 200),
				`{"results":[{"id":"e-1","status":"applied"},{"id":"e-1","status":"duplicate"},{"id":"e-2","status":"rejected"}]}`),
		})
		if coins := storetest.Column[string](t, db, `SELECT symbol FROM coins`); len(coins) != 1 || coins[0] != "BTC" {
			t.Errorf("coins %v, want BTC", coins)
		}
		// A key opens no other route: its headers are no token.
		probe := signed(env, "an ingest key on a staff route", id, secret, "", 0, 401)
		probe.Method, probe.Path, probe.Body = "GET", "/api/admin/users?page=1&size=10", nil
		env.Run(t, []apitest.Case{probe})

		if err := keys.Revoke(t.Context(), audit.Actor{Email: "command line"}, id); err != nil {
			t.Fatal(err)
		}
		env.Run(t, []apitest.Case{signed(env, "a revoked key", id, secret, good, 0, 401)})
		actions := storetest.Column[string](t, db, `SELECT action FROM audit_log WHERE target = $1 ORDER BY id`, "ingest_key:"+id)
		if strings.Join(actions, ",") != "ingest_key.create,ingest_key.revoke" {
			t.Errorf("the key's audit entries: %v", actions)
		}
		if n := storetest.Column[int](t, db, `SELECT count(*) FROM ingest_keys WHERE secret_hash = $1`, secret)[0]; n != 0 {
			t.Error("the secret is stored as it is")
		}
	})
}

func withStatus(c apitest.Case, json string) apitest.Case { c.JSON = json; return c }

func withType(c apitest.Case, contentType string) apitest.Case {
	c.Headers["Content-Type"] = contentType
	return c
}

func staffToken(t *testing.T, env *apitest.Env) string {
	_, token := env.Staff(t, "ops", rbac.ShowUser)
	return token
}
