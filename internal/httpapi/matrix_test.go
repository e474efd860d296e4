package httpapi_test

import (
	"net/http"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// Every permission-guarded route: 403 for a full token lacking its key,
// never 401/403 for one holding every key. Generated from the route table,
// so a new route is covered the moment it is added.
func TestPermissionMatrix(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, none := env.Staff(t, "nokeys") // staff, role without keys
		_, all := env.Staff(t, "allkeys", rbac.AllKeys()...)
		for _, rt := range env.Server.Routes() {
			keys := append(append([]string{}, rt.Rule.Perms...), rt.Rule.AnyPerm...)
			if len(keys) == 0 {
				continue
			}
			path := concretePath(rt.Path)
			if r := env.Do(t, apitest.Case{Method: rt.Method, Path: path, Token: none, Body: "{}"}); r.Status != http.StatusForbidden {
				t.Errorf("%s %s without %v: %d, want 403", rt.Method, rt.Path, keys, r.Status)
			}
			// Holding only the rule's key (each of them, for an any-of rule) is enough.
			for _, k := range keys {
				if len(rt.Rule.Perms) > 0 && k != rt.Rule.Perms[0] {
					break
				}
				perms := []string{k}
				if len(rt.Rule.Perms) > 0 {
					perms = rt.Rule.Perms
				}
				_, tok := env.Staff(t, "holder"+rt.Method+k+concretePathKey(rt.Path), perms...)
				if r := env.Do(t, apitest.Case{Method: rt.Method, Path: path, Token: tok, Body: "{}"}); r.Status == 401 || r.Status == 403 {
					t.Errorf("%s %s with %v: %d %s", rt.Method, rt.Path, perms, r.Status, r.Body)
				}
			}
			if r := env.Do(t, apitest.Case{Method: rt.Method, Path: path, Token: all, Body: "{}"}); r.Status == 401 || r.Status == 403 {
				t.Errorf("%s %s with every key: %d %s", rt.Method, rt.Path, r.Status, r.Body)
			}
		}
	})
}

func concretePathKey(p string) string {
	out := []byte{}
	for _, c := range []byte(p) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			out = append(out, c)
		}
	}
	return string(out)
}
