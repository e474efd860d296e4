package httpapi

import (
	"net/http"
	"slices"

	"xapa/backoffice/internal/auth"
)

// Rule is what a route demands of its caller. The zero Rule admits nobody.
type Rule struct {
	Public bool        // no token needed
	Kinds  []auth.Kind // token kinds admitted
	Perms  []string    // permission keys a full token must hold, all of them
}

func (r Rule) allows(k auth.Kind) bool { return slices.Contains(r.Kinds, k) }

// The rules of the route table.
var (
	Public   = Rule{Public: true}
	SignedIn = Rule{Kinds: []auth.Kind{auth.Full}} // any fully signed-in user
)

// Tokens admits the given token kinds (sign-in steps).
func Tokens(kinds ...auth.Kind) Rule { return Rule{Kinds: kinds} }

// Perm admits full tokens holding every key.
func Perm(keys ...string) Rule { return Rule{Kinds: []auth.Kind{auth.Full}, Perms: keys} }

// Route is one entry of the route table.
type Route struct {
	Method, Path string
	Rule         Rule
	Handler      http.HandlerFunc
}

// Routes lists every route with its rule: the one place to read who may
// call what. A route missing from here does not exist.
func (s *Server) Routes() []Route {
	return []Route{
		{"GET", "/healthz", Public, s.health},

		// Sign-in, sessions, two-factor (api-decisions.md).
		{"GET", "/api/captcha", Public, s.captcha},
		{"POST", "/api/login", Public, s.login},
		{"POST", "/api/register", Public, s.register},
		{"POST", "/api/password/reset", Public, s.passwordReset},
		{"POST", "/api/password/reset/confirm", Public, s.passwordResetConfirm},
		{"POST", "/api/2fa/googleAuthenticator", Tokens(auth.Pending, auth.Setup), s.verifyCode},
		{"GET", "/api/user/2fa/googleAuthenticator", Tokens(auth.Setup), s.setupSecret},
		{"POST", "/api/user/2fa/googleAuthenticator/status", SignedIn, s.setGAStatus},
		{"GET", "/api/user", Tokens(auth.Setup, auth.Full), s.currentUser},
		{"POST", "/api/logout", Tokens(auth.Pending, auth.Setup, auth.Full), s.logout},
	}
}
