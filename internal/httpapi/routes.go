package httpapi

import "net/http"

// Rule is what a route demands of its caller.
type Rule struct {
	Public bool // no token needed
}

// Public is the rule of a route open to everybody.
var Public = Rule{Public: true}

// Route is one entry of the route table.
type Route struct {
	Method, Path string
	Rule         Rule
	Handler      http.Handler
}

// routes lists every route with its rule: the one place to read who may
// call what. A route missing from here does not exist.
func (s *Server) routes() []Route {
	return []Route{
		{"GET", "/healthz", Public, http.HandlerFunc(s.health)},
	}
}
