package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/seedtest"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// commandsFor are the data of the commands of type typ, oldest first.
func commandsFor(t testing.TB, db *store.DB, typ string) []map[string]any {
	t.Helper()
	return seedtest.Commands(t, db, typ)
}

// oneCommandPerChange checks that every audited change of actions wrote
// one command of typ, and no refused one did.
func oneCommandPerChange(t testing.TB, db *store.DB, typ string, actions ...string) {
	t.Helper()
	in, args := db.Dialect.In(1, actions)
	var audited int
	if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM audit_log WHERE action`+in, args...).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if n := len(commandsFor(t, db, typ)); n != audited || n == 0 {
		t.Errorf("%d commands %s for %d changes %v: want one each", n, typ, audited, actions)
	}
}

// A staff change to a customer tells the core, with the core's id and only
// the fields changed; a refused edit, and an edit of staff, tell it nothing.
func TestCustomerChangesBecomeCommands(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := demoEnv(t, db)
		_, tok := env.Staff(t, "root", rbac.AllKeys()...)
		env.StepUp(t, tok)
		var id int64
		var core string
		if err := db.QueryRowContext(context.Background(), `SELECT u.id, c.core_id FROM users u
			JOIN core_ids c ON c.kind = 'customer' AND c.local_id = u.id ORDER BY u.id LIMIT 1`).Scan(&id, &core); err != nil {
			t.Fatal(err)
		}
		member := env.CreateUser(t, "colleague", true, false)
		env.Run(t, []apitest.Case{
			{Name: "disable a customer", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", id), Token: tok,
				Body: map[string]any{"enabled": false}, Status: 200},
			{Name: "a refused edit", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", id), Token: tok,
				Body: map[string]any{"email": "not an address"}, Status: 400},
			{Name: "rename a customer", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", id), Token: tok,
				Body: map[string]any{"full_name": "Renamed Customer", "phone_number": ""}, Status: 200},
			{Name: "rename staff", Method: "POST", Path: fmt.Sprintf("/api/admin/users/%d/edit", member.ID), Token: tok,
				Body: map[string]any{"full_name": "Renamed Colleague"}, Status: 200},
			{Name: "the profile: pending at core", Method: "GET", Path: fmt.Sprintf("/api/admin/users/%d", id), Token: tok,
				Status: 200, JSON: `{"core":{"state":"waiting"}}`},
			{Name: "the tokens: none changed here", Method: "GET", Path: "/api/admin/coins/tokens", Token: tok, Status: 200},
		})
		if r := env.Do(t, apitest.Case{Method: "GET", Path: fmt.Sprintf("/api/admin/users/%d", member.ID), Token: tok}); strings.Contains(string(r.Body), `"core"`) {
			t.Errorf("a staff member's profile names a state at the core: %s", r.Body)
		}
		got := commandsFor(t, db, "xapa.cmd.customer.v1")
		want := []string{
			fmt.Sprintf(`{"backoffice_id":%d,"customer_id":%q,"enabled":false}`, id, core),
			fmt.Sprintf(`{"backoffice_id":%d,"customer_id":%q,"full_name":"Renamed Customer"}`, id, core),
		}
		if len(got) != len(want) {
			t.Fatalf("commands %v, want %v", got, want)
		}
		for i := range want {
			if b, _ := json.Marshal(got[i]); string(b) != want[i] {
				t.Errorf("command %d: %s, want %s", i+1, b, want[i])
			}
		}
	})
}
