package httpapi_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
)

// ruleShape is a route rule as the matrix understands it.
type ruleShape struct {
	public bool
	ingest bool        // IngestKey: signed with an ingest key, which no token is
	kinds  []auth.Kind // token kinds admitted (non-public rules)
	all    []string    // Perm: every key needed
	any    []string    // AnyPerm: one of the keys needed
	stepUp bool        // Fresh: a full token must have stepped up lately (FreshIf is the handler's: not the guard's)
}

// classify reads a rule into one of the shapes routes.go builds: Public,
// Tokens(kinds...), SignedIn, Perm(keys...) or AnyPerm(keys...), the last
// three optionally .Fresh() or .FreshIf(when). Anything else (the zero Rule,
// a public rule with kinds, keys or a step-up, keys or a step-up on a
// partial token, both key lists, an unknown key or kind) is an error, so a
// route added with a rule this test does not understand fails it.
func classify(r httpapi.Rule) (ruleShape, error) {
	if r.IngestKey {
		if r.Public || len(r.Kinds)+len(r.Perms)+len(r.AnyPerm) > 0 || r.StepUp || r.StepUpIf != "" || r.Approval != "" {
			return ruleShape{}, fmt.Errorf("an ingest-key rule with anything else: %+v", r)
		}
		return ruleShape{ingest: true}, nil
	}
	if r.Public {
		if len(r.Kinds)+len(r.Perms)+len(r.AnyPerm) > 0 || r.StepUp || r.StepUpIf != "" {
			return ruleShape{}, fmt.Errorf("public rule with kinds, keys or a step-up: %+v", r)
		}
		return ruleShape{public: true}, nil
	}
	if (r.StepUp || r.StepUpIf != "") && !slices.Equal(r.Kinds, []auth.Kind{auth.Full}) {
		return ruleShape{}, fmt.Errorf("a step-up on a rule admitting %v (only full sessions step up)", r.Kinds)
	}
	if r.StepUp && r.StepUpIf != "" {
		return ruleShape{}, fmt.Errorf("both Fresh and FreshIf: %+v", r)
	}
	if len(r.Kinds) == 0 {
		return ruleShape{}, fmt.Errorf("zero rule: admits nobody (%+v)", r)
	}
	for _, k := range r.Kinds {
		if k != auth.Pending && k != auth.Setup && k != auth.Full {
			return ruleShape{}, fmt.Errorf("unknown token kind %q", k)
		}
	}
	s := ruleShape{kinds: slices.Clone(r.Kinds), all: slices.Clone(r.Perms), any: slices.Clone(r.AnyPerm), stepUp: r.StepUp}
	if len(s.all)+len(s.any) == 0 {
		return s, nil // Tokens(kinds...) or SignedIn
	}
	if len(s.all) > 0 && len(s.any) > 0 {
		return ruleShape{}, fmt.Errorf("both Perms and AnyPerm: %+v", r)
	}
	if len(r.Kinds) != 1 || r.Kinds[0] != auth.Full {
		return ruleShape{}, fmt.Errorf("permission keys on a rule admitting %v (only full tokens hold permissions)", r.Kinds)
	}
	for _, k := range append(slices.Clone(s.all), s.any...) {
		if !rbac.Known(k) {
			return ruleShape{}, fmt.Errorf("unknown permission %q", k)
		}
	}
	return s, nil
}

func TestClassifyRefusesRulesItDoesNotKnow(t *testing.T) {
	t.Parallel()
	// A new kind of condition on Rule needs a new column in the matrix.
	// Export (the CSV export limits) and Client (calls per client address) restrict how often, not who: orthogonal.
	// StepUp is the matrix's "not stepped up" column; StepUpIf is checked by its handlers (TestStepUp*).
	// Approval and ApprovalIf send covered calls to a second person (TestFourEyes*): who may call is the same.
	for i := range reflect.TypeFor[httpapi.Rule]().NumField() {
		if name := reflect.TypeFor[httpapi.Rule]().Field(i).Name; !slices.Contains([]string{"Public", "IngestKey", "Kinds", "Perms", "AnyPerm",
			"Export", "Client", "StepUp", "StepUpIf", "Approval", "ApprovalIf"}, name) {
			t.Errorf("Rule.%s: a field the authorisation matrix does not know; teach classify about it", name)
		}
	}
	for _, r := range []httpapi.Rule{
		{},
		{Public: true, Kinds: []auth.Kind{auth.Full}},
		{IngestKey: true, Public: true},
		{IngestKey: true, Kinds: []auth.Kind{auth.Full}},
		{Kinds: []auth.Kind{"sso"}},
		{Kinds: []auth.Kind{auth.Pending}, Perms: []string{rbac.UsersList}},
		{Kinds: []auth.Kind{auth.Full}, Perms: []string{rbac.UsersList}, AnyPerm: []string{rbac.RolesList}},
		{Kinds: []auth.Kind{auth.Full}, Perms: []string{"ADMIN_NO_SUCH_KEY"}},
		{Perms: []string{rbac.UsersList}},
		{Public: true, StepUp: true},
		httpapi.Public.FreshIf("always"),
		httpapi.Tokens(auth.Pending).Fresh(),
		httpapi.Tokens(auth.Setup, auth.Full).FreshIf("always"),
		httpapi.Perm(rbac.UsersList).Fresh().FreshIf("twice"),
	} {
		if _, err := classify(r); err == nil {
			t.Errorf("rule %+v was understood", r)
		}
	}
	for _, r := range []httpapi.Rule{httpapi.Public, httpapi.SignedIn, httpapi.Tokens(auth.Pending, auth.Setup),
		httpapi.Perm(rbac.UsersList), httpapi.AnyPerm(rbac.RolesList, rbac.AddUserRole), httpapi.SignedIn.Fresh(),
		httpapi.Perm(rbac.EditRole).Fresh(), httpapi.Perm(rbac.EditUser).FreshIf("it does something")} {
		if _, err := classify(r); err != nil {
			t.Errorf("rule %+v: %v", r, err)
		}
	}
}

// guardVerdict is what the guard did with a call: "401", "403", "step_up"
// (it refused) or "pass" (the handler ran, whatever it answered). The guard's
// refusals are told apart from the handlers' own 401/403 (a wrong password
// at login is a 401 too) by their messages.
func guardVerdict(t *testing.T, r *apitest.Reply) string {
	t.Helper()
	if r.Status != 401 && r.Status != 403 {
		return "pass"
	}
	var e httpapi.Error
	if err := json.Unmarshal(r.Body, &e); err != nil {
		t.Fatalf("%d reply is not the JSON envelope: %s", r.Status, r.Body)
	}
	if e.Code != r.Status {
		t.Errorf("envelope code %d on a %d reply", e.Code, r.Status)
	}
	switch {
	case r.Status == 401 && (e.Message == "Authentication required." || e.Message == "Your session has ended. Sign in again."):
		return "401"
	case r.Status == 401 && e.Message == httpapi.IngestKeyMessage:
		return "ingest_key"
	case r.Status == 403 && (e.Message == "Finish signing in first." || strings.HasPrefix(e.Message, "You lack the permission ")):
		return "403"
	case r.Status == 403 && e.Message == httpapi.StepUpMessage && len(e.Errors) == 1 && e.Errors[0].Field == "step_up":
		return "step_up"
	}
	return "pass"
}

// The authorisation matrix, generated from the route table on both
// databases: every /api route is called with no token, a garbage token, a
// pending token, a setup token, full tokens lacking the rule's key(s),
// full tokens holding exactly the rule's key(s), and those again on a
// session that has not stepped up lately; the guard must answer 401 / 403 /
// 403 step_up / let the call through exactly as the route's Rule says.
func TestAuthorisationMatrix(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		// A fresh session per call (some routes end the session they are
		// called with, or count wrong codes against it); one user per kind
		// and key set.
		users := map[string]apitest.User{}
		n := 0
		session := func(kind auth.Kind, keys ...string) string {
			id := string(kind) + ":" + strings.Join(keys, ",")
			u, ok := users[id]
			if !ok {
				n++
				name := fmt.Sprintf("m%d", n)
				if kind == auth.Full {
					u, _ = env.Staff(t, name, keys...)
				} else {
					u, _ = env.SignInStep(t, name, kind, keys...)
				}
				users[id] = u
			}
			return env.Token(t, u, kind)
		}
		pending := func() string { return session(auth.Pending, rbac.AllKeys()...) }
		setup := func() string { return session(auth.Setup, rbac.AllKeys()...) }
		full := func(keys ...string) string { return session(auth.Full, keys...) }
		stale := func(keys ...string) string { tok := full(keys...); env.NotSteppedUp(t, tok); return tok }
		routes := 0
		for _, rt := range env.Server.Routes() {
			if !strings.HasPrefix(rt.Path, "/api/") {
				continue
			}
			routes++
			name := rt.Method + " " + rt.Path
			shape, err := classify(rt.Rule)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			path := concretePath(rt.Path)
			call := func(caller, token, want string) {
				t.Helper()
				r := env.Do(t, apitest.Case{Method: rt.Method, Path: path, Token: token, Body: "{}"})
				if got := guardVerdict(t, r); got != want {
					t.Errorf("%s with %s: %s (%d %s), want %s", name, caller, got, r.Status, strings.TrimSpace(string(r.Body)), want)
				}
				if ct := r.Header.Get("Content-Type"); r.Status >= 400 && !strings.HasPrefix(ct, "application/json") {
					t.Errorf("%s with %s: %d with Content-Type %q", name, caller, r.Status, ct)
				}
			}
			admits := func(k auth.Kind) string {
				if shape.public || slices.Contains(shape.kinds, k) && len(shape.all)+len(shape.any) == 0 {
					return "pass"
				}
				return "403" // a kind the rule does not admit, or a full token without the keys
			}
			if shape.ingest { // no token of any kind is an ingest key
				for caller, token := range map[string]string{"no token": "", "a garbage token": "garbage", "a pending token": pending(),
					"a setup token": setup(), "a full token with every key": full(rbac.AllKeys()...)} {
					call(caller, token, "ingest_key")
				}
				continue
			}
			if shape.public {
				call("no token", "", "pass")
				call("a garbage token", "garbage", "pass")
			} else {
				call("no token", "", "401")
				call("a garbage token", "not-a-token", "401")
			}
			// A full session that holds what the rule needs but has not stepped up lately.
			notSteppedUp := "pass"
			if shape.stepUp {
				notSteppedUp = "step_up"
			}
			call("a pending token", pending(), admits(auth.Pending))
			call("a setup token", setup(), admits(auth.Setup))
			call("a full token without keys", full(), admits(auth.Full))
			switch {
			case len(shape.all) > 0:
				// Every key but one of the rule's: refused, for each of them.
				for _, k := range shape.all {
					call("every key but "+k, full(without(rbac.AllKeys(), k)...), "403")
				}
				call("exactly "+strings.Join(shape.all, "+"), full(shape.all...), "pass")
				call("exactly "+strings.Join(shape.all, "+")+", not stepped up", stale(shape.all...), notSteppedUp)
			case len(shape.any) > 0:
				call("every key but "+strings.Join(shape.any, "/"), full(without(rbac.AllKeys(), shape.any...)...), "403")
				for _, k := range shape.any {
					call("exactly "+k, full(k), "pass")
					call("exactly "+k+", not stepped up", stale(k), notSteppedUp)
				}
			case slices.Contains(shape.kinds, auth.Full):
				call("a full token not stepped up", stale(), notSteppedUp)
			}
		}
		if routes < 60 {
			t.Errorf("only %d /api routes in the table", routes)
		}
		t.Logf("%d /api routes checked with %d users", routes, n)
	})
}

func without(keys []string, drop ...string) []string {
	out := []string{}
	for _, k := range keys {
		if !slices.Contains(drop, k) {
			out = append(out, k)
		}
	}
	return out
}

// The matrix checks each route against its own rule; this checks the rules
// themselves. Every staff route (/api/admin/...) needs a permission key, and
// the routes open to anyone, or to any fully signed-in user, are exactly
// these reviewed ones: a route added as Public or SignedIn by mistake, or
// an admin route without a key, fails here.
func TestRouteRulesAreNoWiderThanReviewed(t *testing.T) {
	t.Parallel()
	env := apitest.NewEnv(t, storetest.SQLite(t))
	reviewed := map[string]string{
		"GET /healthz":                                  "public", // the sign-in page's server check
		"GET /livez":                                    "public", // supervisors: the process answers
		"GET /readyz":                                   "public", // load balancers: send traffic here
		"GET /api/captcha":                              "public", // before signing in
		"POST /api/login":                               "public",
		"POST /api/register":                            "public",
		"POST /api/password/reset":                      "public",     // always 202: no account enumeration
		"POST /api/password/reset/confirm":              "public",     // the one-time token is the credential
		"GET /api/email/verify":                         "public",     // the one-time token is the credential
		"GET /api/openapi.json":                         "public",     // the API's contract: no data
		"GET /api/asyncapi.yaml":                        "public",     // the contract of the core's events: no data
		"POST /api/ingest/events":                       "ingest key", // the core's events, signed with an ingest key; it opens nothing else
		"POST /api/user/2fa/googleAuthenticator/status": "signed in",  // one's own 2FA, behind one's password
		"GET /api/cointypes":                            "signed in",  // names, symbols and rates every screen's filters use
		"POST /api/user/password":                       "signed in",  // one's own, behind one's current password (counted like a sign-in's)
		"GET /api/user/sessions":                        "signed in",  // one's own sessions only
		"DELETE /api/user/sessions/{id}":                "signed in",  // one's own; anyone else's is a 404
		"POST /api/user/sessions/revoke-others":         "signed in",  // one's own other sessions, on a session stepped up lately
		"POST /api/user/step-up":                        "signed in",  // one's own session, with one's own second factor (counted like the code step)
		"GET /api/user/recovery-codes":                  "signed in",  // a count of one's own
		"POST /api/user/recovery-codes":                 "signed in",  // one's own, and only on a session stepped up lately
		"POST /api/user/step-up/passkey/begin":          "signed in",  // one's own session, with one's own passkeys
		"POST /api/user/step-up/passkey/finish":         "signed in",  // one's own session's challenge (counted like the code step)
		"GET /api/user/passkeys":                        "signed in",  // one's own
		"POST /api/user/passkeys/register/begin":        "signed in",  // one's own, and only on a session stepped up lately
		"POST /api/user/passkeys/register/finish":       "signed in",  // answers that session's own challenge
		"DELETE /api/user/passkeys/{id}":                "signed in",  // one's own (anyone else's is a 404), on a stepped-up session
	}
	seen := map[string]bool{}
	for _, rt := range env.Server.Routes() {
		name := rt.Method + " " + rt.Path
		shape, err := classify(rt.Rule)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		keys := len(shape.all) + len(shape.any)
		got := ""
		switch {
		case shape.ingest:
			got = "ingest key"
		case shape.public:
			got = "public"
		case keys == 0 && slices.Equal(shape.kinds, []auth.Kind{auth.Full}):
			got = "signed in"
		}
		if strings.HasPrefix(rt.Path, "/api/admin/") && keys == 0 {
			t.Errorf("%s: a staff route without a permission key", name)
		}
		if want, ok := reviewed[name]; ok {
			seen[name] = true
			if got != want {
				t.Errorf("%s: rule %+v, reviewed as %s", name, rt.Rule, want)
			}
		} else if got != "" {
			t.Errorf("%s is %s, which no reviewed route is: give it a permission key, or review it here", name, got)
		}
	}
	for name := range reviewed {
		if !seen[name] {
			t.Errorf("%s is reviewed here but not in the route table", name)
		}
	}
}

// The sensitive calls of issue 22 are exactly these: a route that loses its
// step-up, or gains one unreviewed, fails here. Fresh routes are refused by
// the guard (the matrix's "not stepped up" column); FreshIf routes by their
// handlers when the call does what the rule says (TestStepUpGuardsSensitiveCalls).
func TestStepUpRoutesAreTheReviewedOnes(t *testing.T) {
	t.Parallel()
	fresh := []string{
		"POST /api/admin/roles/new", "POST /api/admin/roles/{id}/edit", "DELETE /api/admin/roles/{id}",
		"POST /api/admin/roles/{id}/adduser", "PATCH /api/admin/roles/removeMember",
		"POST /api/admin/coins/new", "POST /api/admin/coins/{id}/edit", "POST /api/admin/integration/letters/{id}/discard", "POST /api/admin/promotion",
		"POST /api/admin/users/{id}/unlock", "DELETE /api/admin/sessions/{id}", "POST /api/user/recovery-codes",
		"POST /api/user/passkeys/register/begin", "DELETE /api/user/passkeys/{id}",
		"POST /api/admin/approvals/policy", "POST /api/admin/approvals/{id}/approve", "POST /api/admin/approvals/{id}/reject",
		"POST /api/user/sessions/revoke-others",
	}
	freshIf := map[string]string{
		"POST /api/admin/users/new":       "it creates a staff member",
		"POST /api/admin/users/{id}/edit": "it changes another user's email, status or second factor, or another staff member's name or phone",
	}
	var gotFresh []string
	gotIf := map[string]string{}
	for _, rt := range new(httpapi.Server).Routes() {
		name := rt.Method + " " + rt.Path
		if rt.Rule.StepUp {
			gotFresh = append(gotFresh, name)
		}
		if rt.Rule.StepUpIf != "" {
			gotIf[name] = rt.Rule.StepUpIf
		}
	}
	slices.Sort(fresh)
	slices.Sort(gotFresh)
	if !slices.Equal(gotFresh, fresh) {
		t.Errorf("routes needing a step-up:\n got %q\nwant %q", gotFresh, fresh)
	}
	if !reflect.DeepEqual(gotIf, freshIf) {
		t.Errorf("routes needing a step-up for some calls:\n got %q\nwant %q", gotIf, freshIf)
	}
}
