package httpapi_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/descope/virtualwebauthn"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/rbac"
	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/store/storetest"
	"xapa/backoffice/internal/utc"
)

// testOrigin is the app's origin in the test environment (its public URL).
const testOrigin = "http://backoffice.test"

// passkeyDevice is a software authenticator in a browser at origin: it
// answers the server's options as Chromium's WebAuthn calls would.
type passkeyDevice struct {
	rp    virtualwebauthn.RelyingParty
	auth  virtualwebauthn.Authenticator
	creds []virtualwebauthn.Credential
}

func newPasskeyDevice(origin string) *passkeyDevice {
	host := strings.TrimPrefix(strings.TrimPrefix(origin, "http://"), "https://")
	return &passkeyDevice{rp: virtualwebauthn.RelyingParty{ID: host, Name: "Xapa Back Office", Origin: origin},
		auth: virtualwebauthn.NewAuthenticator()}
}

// answer is a finish call's body: the credential, and more fields.
func answer(credential string, more ...string) map[string]any {
	body := map[string]any{"credential": json.RawMessage(credential)}
	for i := 0; i+1 < len(more); i += 2 {
		body[more[i]] = more[i+1]
	}
	return body
}

// begin calls a begin route with token and returns its options, failing the
// test unless it answers 200.
func begin(t *testing.T, env *apitest.Env, token, path string) string {
	t.Helper()
	r := env.Do(t, apitest.Case{Method: "POST", Path: path, Token: token})
	if r.Status != http.StatusOK {
		t.Fatalf("POST %s: %d %s", path, r.Status, r.Body)
	}
	return string(r.Body)
}

// attest answers registration options with a new credential of the device.
func (d *passkeyDevice) attest(t *testing.T, options string) string {
	t.Helper()
	o, err := virtualwebauthn.ParseAttestationOptions(options)
	if err != nil {
		t.Fatalf("registration options %s: %v", options, err)
	}
	cred := newTestCredential(t)
	d.creds = append(d.creds, cred)
	d.auth.AddCredential(cred)
	return virtualwebauthn.CreateAttestationResponse(d.rp, d.auth, cred, *o)
}

// newTestCredential is a new P-256 credential whose public key's
// coordinates are 32 bytes each: the helper library writes them unpadded,
// and a shorter one (1 key in 128) would be a malformed key, not a test.
func newTestCredential(t *testing.T) virtualwebauthn.Credential {
	t.Helper()
	for {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		if len(key.X.Bytes()) != 32 || len(key.Y.Bytes()) != 32 {
			continue
		}
		der, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			t.Fatal(err)
		}
		return virtualwebauthn.NewCredentialWithImportedKey(virtualwebauthn.KeyTypeEC2, der)
	}
}

// assert answers assertion options with the device's allowed credential.
func (d *passkeyDevice) assert(t *testing.T, options string) string {
	t.Helper()
	o, err := virtualwebauthn.ParseAssertionOptions(options)
	if err != nil {
		t.Fatalf("assertion options %s: %v", options, err)
	}
	cred := d.auth.FindAllowedCredential(*o)
	if cred == nil {
		t.Fatalf("the device holds none of the allowed credentials: %s", options)
	}
	return virtualwebauthn.CreateAssertionResponse(d.rp, d.auth, *cred, *o)
}

// register adds a passkey named name through the API on token's session.
func (d *passkeyDevice) register(t *testing.T, env *apitest.Env, token, name string) auth.Passkey {
	t.Helper()
	r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/user/passkeys/register/finish", Token: token,
		Body: answer(d.attest(t, begin(t, env, token, "/api/user/passkeys/register/begin")), "name", name)})
	if r.Status != http.StatusCreated {
		t.Fatalf("register %s: %d %s", name, r.Status, r.Body)
	}
	var reply struct{ Passkey auth.Passkey }
	r.JSON(t, &reply)
	return reply.Passkey
}

// Passkeys (issue 22): a staff member registers several on a stepped-up
// session, names and removes them; the code step of sign-in and a step-up
// take one in place of a code. Every answer is tied to its session's one
// challenge, to the app's origin and to the account's own passkeys.
func TestPasskeys(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u, tok := env.Staff(t, "petra", rbac.UsersList, rbac.CreateRole)
		phone, laptop := newPasskeyDevice(testOrigin), newPasskeyDevice(testOrigin)

		// Adding a passkey is sensitive: a session without a fresh second factor is refused.
		env.NotSteppedUp(t, tok)
		env.Run(t, []apitest.Case{
			{Name: "register begin needs step-up", Method: "POST", Path: "/api/user/passkeys/register/begin", Token: tok, Status: 403, JSON: stepUpRefusal},
			{Name: "no passkeys yet", Method: "GET", Path: "/api/user/passkeys", Token: tok, Status: 200, JSON: `{"passkeys":[]}`},
		})
		env.StepUp(t, tok)
		options := begin(t, env, tok, "/api/user/passkeys/register/begin")
		if !strings.Contains(options, `"rp":{"name":"Xapa Back Office","id":"backoffice.test"}`) {
			t.Fatalf("registration options name another relying party: %s", options)
		}
		env.Run(t, []apitest.Case{
			{Name: "a name is required", Method: "POST", Path: "/api/user/passkeys/register/finish", Token: tok,
				Body: answer(phone.attest(t, options), "name", "  "), Status: 400, JSON: `{"errors":[{"field":"name"}]}`},
			{Name: "the refused finish used nothing up", Method: "POST", Path: "/api/user/passkeys/register/finish", Token: tok,
				Body: answer(phone.attest(t, options), "name", "Phone"), Status: 201, JSON: `{"passkey":{"name":"Phone","last_used_at":null}}`},
			{Name: "a challenge is answered once", Method: "POST", Path: "/api/user/passkeys/register/finish", Token: tok,
				Body: answer(phone.attest(t, options), "name", "Phone again"), Status: 400, JSON: `{"errors":[{"field":"credential"}]}`},
			{Name: "no credential", Method: "POST", Path: "/api/user/passkeys/register/finish", Token: tok,
				Body: map[string]any{"name": "x"}, Status: 400, JSON: `{"errors":[{"field":"credential"}]}`},
		})
		// A phishing page's answer names its own origin: refused.
		phisher := newPasskeyDevice("http://backoffice.test.evil.example")
		phisher.rp.ID = "backoffice.test"
		env.Do(t, apitest.Case{Method: "POST", Path: "/api/user/passkeys/register/begin", Token: tok})
		env.Run(t, []apitest.Case{{Name: "another origin is refused", Method: "POST", Path: "/api/user/passkeys/register/finish", Token: tok,
			Body: answer(phisher.attest(t, begin(t, env, tok, "/api/user/passkeys/register/begin")), "name", "Evil"), Status: 400,
			JSON: `{"errors":[{"field":"credential"}]}`}})
		laptopKey := laptop.register(t, env, tok, "Laptop")
		var list struct{ Passkeys []auth.Passkey }
		env.Do(t, apitest.Case{Method: "GET", Path: "/api/user/passkeys", Token: tok}).JSON(t, &list)
		if len(list.Passkeys) != 2 || list.Passkeys[0].Name != "Phone" || list.Passkeys[1].Name != "Laptop" {
			t.Fatalf("passkeys: %+v", list.Passkeys)
		}
		if got := queryInt64(t, env, `SELECT count(*) FROM audit_log WHERE action = '2fa.passkey_added' AND actor_id = $1`, u.ID); got != 2 {
			t.Fatalf("2fa.passkey_added rows: %d", got)
		}
		if mails := env.Mails(t, u.Email); len(mails) != 2 || !strings.Contains(mails[1], `A passkey named "Laptop" was added`) {
			t.Fatalf("mails: %q", mails)
		}

		// The code step: a passkey in place of the code gives a full, stepped-up token.
		pending := env.Token(t, u, auth.Pending)
		env.Run(t, []apitest.Case{
			{Name: "finish before begin", Method: "POST", Path: "/api/2fa/passkey/finish", Token: pending,
				Body: answer(`{"id":"x","rawId":"x","type":"public-key","response":{}}`), Status: 400, JSON: `{"errors":[{"field":"credential"}]}`},
			{Name: "a full token cannot begin the code step", Method: "POST", Path: "/api/2fa/passkey/begin", Token: tok, Status: 403},
		})
		signInOptions := begin(t, env, pending, "/api/2fa/passkey/begin")
		r := env.Do(t, apitest.Case{Method: "POST", Path: "/api/2fa/passkey/finish", Token: pending, Body: answer(phone.assert(t, signInOptions))})
		if r.Status != http.StatusOK {
			t.Fatalf("passkey sign-in: %d %s", r.Status, r.Body)
		}
		var full struct{ Token string }
		r.JSON(t, &full)
		env.Run(t, []apitest.Case{
			{Name: "the passkey's token is full", Method: "GET", Path: "/api/user", Token: full.Token, Status: 200},
			{Name: "and stepped up", Method: "POST", Path: "/api/user/passkeys/register/begin", Token: full.Token, Status: 200},
			{Name: "the pending token is spent", Method: "POST", Path: "/api/2fa/passkey/begin", Token: pending, Status: 401},
			{Name: "the use is shown", Method: "GET", Path: "/api/user/passkeys", Token: tok, Status: 200,
				JSON: fmt.Sprintf(`{"passkeys":[{"name":"Phone","last_used_at":%q},{"name":"Laptop","last_used_at":null}]}`,
					utc.Stamp(env.Clock.Now()))},
		})

		// Another account's passkey, or an assertion replayed, does not pass; each is counted like a wrong code.
		other, _ := env.Staff(t, "oscar", rbac.UsersList)
		otherPending := env.Token(t, other, auth.Pending)
		env.Run(t, []apitest.Case{{Name: "an account without passkeys", Method: "POST", Path: "/api/2fa/passkey/begin", Token: otherPending,
			Status: 400, JSON: `{"errors":[{"field":"passkey"}]}`}})
		pending = env.Token(t, u, auth.Pending)
		replayed := phone.assert(t, signInOptions) // answers the spent challenge
		begin(t, env, pending, "/api/2fa/passkey/begin")
		env.Run(t, []apitest.Case{{Name: "an answer to an old challenge", Method: "POST", Path: "/api/2fa/passkey/finish", Token: pending,
			Body: answer(replayed), Status: 400, JSON: `{"errors":[{"field":"credential"}]}`}})
		if got := queryInt64(t, env, `SELECT failed_codes FROM sessions WHERE token_hash = $1`, auth.HashToken(pending)); got != 1 {
			t.Fatalf("failed_codes after a refused passkey: %d", got)
		}

		// Step-up by passkey, begun on one node and finished on another (the challenge is in the database).
		other2 := apitest.NewEnv(t, db)
		env.NotSteppedUp(t, tok)
		stepOptions := begin(t, env, tok, "/api/user/step-up/passkey/begin")
		roleBody := map[string]any{"role": "Passkey stepped", "description": "d", "permissions": []string{rbac.UsersList}}
		apitest.Run(t, other2.Handler, []apitest.Case{
			{Name: "sensitive before", Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: roleBody, Status: 403, JSON: stepUpRefusal},
			{Name: "step-up by passkey", Method: "POST", Path: "/api/user/step-up/passkey/finish", Token: tok,
				Body: answer(laptop.assert(t, stepOptions)), Status: 200},
			{Name: "sensitive after", Method: "POST", Path: "/api/admin/roles/new", Token: tok, Body: roleBody, Status: 201},
		})
		if got := queryInt64(t, env, `SELECT count(*) FROM audit_log WHERE action = 'session.step_up' AND details LIKE '%passkey%'`); got != 1 {
			t.Fatalf("session.step_up by passkey rows: %d", got)
		}

		// Removing one: sensitive, one's own only, audited and mailed; the removed one no longer signs in.
		env.NotSteppedUp(t, tok)
		_, otherTok := env.Staff(t, "olga", rbac.UsersList)
		del := fmt.Sprintf("/api/user/passkeys/%d", laptopKey.ID)
		env.Run(t, []apitest.Case{{Name: "remove needs step-up", Method: "DELETE", Path: del, Token: tok, Status: 403, JSON: stepUpRefusal}})
		env.StepUp(t, tok)
		env.Run(t, []apitest.Case{
			{Name: "someone else's passkey is not found", Method: "DELETE", Path: del, Token: otherTok, Status: 404},
			{Name: "remove", Method: "DELETE", Path: del, Token: tok, Status: 204},
			{Name: "removed twice", Method: "DELETE", Path: del, Token: tok, Status: 404},
		})
		if mails := env.Mails(t, u.Email); !strings.Contains(mails[len(mails)-1], `The passkey named "Laptop" was removed`) {
			t.Fatalf("no removal mail: %q", mails[len(mails)-1])
		}
		pending = env.Token(t, u, auth.Pending)
		o, _ := virtualwebauthn.ParseAssertionOptions(begin(t, env, pending, "/api/2fa/passkey/begin"))
		env.Run(t, []apitest.Case{{Name: "a removed passkey", Method: "POST", Path: "/api/2fa/passkey/finish", Token: pending,
			Body: answer(virtualwebauthn.CreateAssertionResponse(laptop.rp, laptop.auth, laptop.creds[0], *o)), Status: 400}})

		// Switching the authenticator off drops the passkeys with it.
		env.Run(t, []apitest.Case{{Name: "authenticator off", Method: "POST", Path: "/api/user/2fa/googleAuthenticator/status", Token: tok,
			Body: map[string]any{"password": u.Password, "code": env.Code(t, u, 1), "status": false}, Status: 200}})
		if got := queryInt64(t, env, `SELECT count(*) FROM passkeys WHERE user_id = $1`, u.ID); got != 0 {
			t.Fatalf("passkeys left after the second factor was reset: %d", got)
		}
	})
}

// An account holds at most auth.MaxPasskeys passkeys.
func TestPasskeysBounded(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		_, tok := env.Staff(t, "many", rbac.UsersList)
		key := newPasskeyDevice(testOrigin)
		for i := range auth.MaxPasskeys {
			key.register(t, env, tok, fmt.Sprintf("Key %d", i+1))
		}
		env.Run(t, []apitest.Case{{Name: "one too many", Method: "POST", Path: "/api/user/passkeys/register/begin", Token: tok,
			Status: 400, JSON: `{"errors":[{"field":"passkey"}]}`}})
	})
}

// A passkey whose signature counter goes back (a copied authenticator, or
// the same answer's count used twice) is refused at sign-in and at a
// step-up, counted like a wrong code, audited apart and mailed to the owner.
func TestPasskeyCounterGoingBack(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		env := apitest.NewEnv(t, db)
		u, tok := env.Staff(t, "carla", rbac.UsersList)
		key := newPasskeyDevice(testOrigin)
		key.register(t, env, tok, "Key")
		assertAt := func(token, path string, counter uint32) *apitest.Reply {
			t.Helper()
			o, err := virtualwebauthn.ParseAssertionOptions(begin(t, env, token, path+"/begin"))
			if err != nil {
				t.Fatal(err)
			}
			cred := key.auth.FindAllowedCredential(*o)
			cred.Counter = counter
			return env.Do(t, apitest.Case{Method: "POST", Path: path + "/finish", Token: token,
				Body: answer(virtualwebauthn.CreateAssertionResponse(key.rp, key.auth, *cred, *o))})
		}
		if r := assertAt(env.Token(t, u, auth.Pending), "/api/2fa/passkey", 7); r.Status != http.StatusOK {
			t.Fatalf("sign-in at count 7: %d %s", r.Status, r.Body)
		}
		if got := queryInt64(t, env, `SELECT sign_count FROM passkeys WHERE user_id = $1`, u.ID); got != 7 {
			t.Fatalf("sign_count after a use at 7: %d", got)
		}
		pending := env.Token(t, u, auth.Pending)
		if r := assertAt(pending, "/api/2fa/passkey", 7); r.Status != http.StatusBadRequest {
			t.Fatalf("sign-in at count 7 again: %d %s", r.Status, r.Body)
		}
		if got := queryInt64(t, env, `SELECT failed_codes FROM sessions WHERE token_hash = $1`, auth.HashToken(pending)); got != 1 {
			t.Fatalf("failed_codes after a copied passkey: %d", got)
		}
		env.NotSteppedUp(t, tok)
		if r := assertAt(tok, "/api/user/step-up/passkey", 3); r.Status != http.StatusBadRequest {
			t.Fatalf("step-up at count 3: %d %s", r.Status, r.Body)
		}
		if got := queryInt64(t, env, `SELECT count(*) FROM audit_log WHERE details LIKE '%passkey_clone_warning%'`); got != 2 {
			t.Fatalf("refusals audited as passkey_clone_warning: %d", got)
		}
		mails := env.Mails(t, u.Email)
		if refused := strings.Count(strings.Join(mails, "\n"), "its signature counter went back"); refused != 2 {
			t.Fatalf("mails of a refused passkey: %d", refused)
		}
		if r := assertAt(tok, "/api/user/step-up/passkey", 8); r.Status != http.StatusOK {
			t.Fatalf("step-up at count 8: %d %s", r.Status, r.Body)
		}
	})
}
