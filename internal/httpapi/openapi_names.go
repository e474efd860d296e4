package httpapi

import (
	"fmt"
	"strings"

	"github.com/swaggest/openapi-go/openapi31"
)

// What the OpenAPI document says about every operation beyond its route:
// its operationId and tag (derived from the path, so that a new route needs
// no name of its own) and the headers every reply may carry.

// operationID names a route's operation: its method and path in camel case,
// a path parameter as "By<Name>" ("POST /api/admin/users/{id}/edit" is
// postAdminUsersByIdEdit; "/revoke-others" is RevokeOthers).
func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/api"), "/") {
		if p, ok := strings.CutPrefix(seg, "{"); ok {
			seg = "by_" + strings.TrimSuffix(p, "}")
		}
		for _, word := range strings.FieldsFunc(seg, func(r rune) bool { return r == '_' || r == '.' || r == '-' }) {
			b.WriteString(strings.ToUpper(word[:1]) + word[1:])
		}
	}
	return b.String()
}

// tagPrefixes group operations by the screen or concern that uses them,
// by path prefix (the longest that matches).
var tagPrefixes = []struct{ prefix, tag string }{
	{"/healthz", "Probes"}, {"/livez", "Probes"}, {"/readyz", "Probes"},
	{"/api/openapi.json", "Contract"}, {"/api/asyncapi.yaml", "Contract"},
	{"/api/captcha", "Sign-in"}, {"/api/login", "Sign-in"}, {"/api/logout", "Sign-in"}, {"/api/2fa/", "Sign-in"},
	{"/api/register", "Sign-in"}, {"/api/password/", "Sign-in"}, {"/api/email/", "Sign-in"}, {"/api/user", "Sign-in"},
	{"/api/cointypes", "Market"}, {"/api/coins/", "Market"},
	{"/api/admin/users", "Users"}, {"/api/admin/email/", "Users"},
	{"/api/admin/users/total_", "Dashboard"}, {"/api/admin/wallets/customer_balance", "Dashboard"},
	{"/api/admin/wallets/xapa_balance", "Dashboard"}, {"/api/admin/transactions/total/", "Dashboard"},
	{"/api/admin/users/accounting", "Reports"}, {"/api/admin/transactions/accounting", "Reports"},
	{"/api/admin/wallets/report", "Reports"}, {"/api/admin/exchange/history", "Reports"},
	{"/api/admin/users/brief/", "User profile"}, {"/api/admin/users/invites/", "User profile"},
	{"/api/admin/users/sessions/", "User profile"}, {"/api/admin/users/wallets/", "User profile"},
	{"/api/admin/users/report/", "User profile"},
	{"/api/admin/roles", "Roles"},
	{"/api/admin/transactions/history", "History"},
	{"/api/admin/app_versions", "App versions"},
	{"/api/admin/promotion", "Promotion"},
	{"/api/admin/coins/", "Tokens"}, {"/api/admin/exchange/blackList", "Tokens"},
	{"/api/admin/audit", "Audit log"},
	{"/api/user/sessions", "Sessions"}, {"/api/admin/sessions", "Sessions"}, {"/api/admin/approvals", "Approvals"},
	{"/api/ingest/", "Integration"}, {"/api/admin/integration", "Integration"},
}

// tagOf is the tag of the operations at path.
func tagOf(path string) (string, error) {
	tag, longest := "", -1
	for _, t := range tagPrefixes {
		if strings.HasPrefix(path, t.prefix) && len(t.prefix) > longest {
			tag, longest = t.tag, len(t.prefix)
		}
	}
	if tag == "" {
		return "", fmt.Errorf("%s has no tag (openapi_names.go)", path)
	}
	return tag, nil
}

// replyHeaders documents the headers of every reply: the request id on all,
// Retry-After on refusals and failures (sent with 429 and 503), and the
// file name of a CSV download.
func replyHeaders(spec *openapi31.Spec) {
	for _, item := range spec.Paths.MapOfPathItemValues {
		for _, o := range []*openapi31.Operation{item.Get, item.Post, item.Patch, item.Delete, item.Put} {
			if o == nil {
				continue
			}
			for status, rr := range o.Responses.MapOfResponseOrReferenceValues {
				if rr.Response == nil {
					continue
				}
				headers := map[string]openapi31.HeaderOrReference{"X-Request-Id": header("This request's id, as in the server's log and an error's request_id.")}
				if status == "4XX" || status == "5XX" {
					headers["Retry-After"] = header("With 429 and 503: seconds to wait before trying again.")
				}
				if _, csv := rr.Response.Content["text/csv"]; csv {
					headers["Content-Disposition"] = header(`attachment; filename="<the list>.csv"`)
				}
				rr.Response.Headers = headers
			}
		}
	}
}

// header is a string header described by description.
func header(description string) openapi31.HeaderOrReference {
	return openapi31.HeaderOrReference{Header: &openapi31.Header{Description: &description, Schema: map[string]any{"type": "string"}}}
}
