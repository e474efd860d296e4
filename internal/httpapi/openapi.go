package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/shopspring/decimal"
	"github.com/swaggest/jsonschema-go"
	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi31"

	"xapa/backoffice/internal/accounts"
	"xapa/backoffice/internal/audit"
	"xapa/backoffice/internal/ingest"
	"xapa/backoffice/internal/rbac"
)

// The OpenAPI 3.1 document of the API, served at GET /api/openapi.json and
// kept in docs/openapi.json: built from the route table (routes.go) and the
// documentation of each route (openapi_docs.go), so that no route goes
// undocumented and no operation outlives its route. The tests of
// internal/apitest check every request and reply of the scenarios against it.

// op documents one route of the route table.
type op struct {
	summary string
	query   any // the query parameters: a struct of query-tagged fields (nil: none)
	body    any // the JSON request body (nil: none)
	// bodyType is the body's media type ("": application/json).
	bodyType string
	reply    any // the JSON reply (nil: none)
	status   int // the reply's status (0: 200)
	errors   any // the error reply (nil: the Error envelope)
}

// Permission is an operation's x-permission: the Rule of its route.
type Permission struct {
	Public bool `json:"public,omitempty"`
	// IngestKey: the exchange core's way in, signed with an ingest key (security ingestKey), never a staff token.
	IngestKey bool     `json:"ingest_key,omitempty"`
	Tokens    []string `json:"tokens,omitempty"` // token kinds admitted
	AllOf     []string `json:"all,omitempty"`    // permission keys a token must all hold
	AnyOf     []string `json:"any,omitempty"`    // or: keys of which it must hold one (not allOf/anyOf: tools read those as schemas)
	Export    bool     `json:"export,omitempty"` // a CSV export, under the export limits
	// StepUp: a sensitive call, refused (403, field step_up) unless the session gave a second factor in the
	// last 5 minutes; StepUpIf: the same, when the call does what it says.
	StepUp   bool   `json:"step_up,omitempty"`
	StepUpIf string `json:"step_up_if,omitempty"`
	// Approval: the action of the four-eyes approval policy the call is (approval_if: only some calls are);
	// covered by the policy, it answers 202 with the request, and X-Change-Reason says why to its approver.
	Approval   string `json:"approval,omitempty"`
	ApprovalIf bool   `json:"approval_if,omitempty"`
}

// PermissionOf is the x-permission stating rule.
func PermissionOf(rule Rule) Permission {
	p := Permission{Public: rule.Public, IngestKey: rule.IngestKey, AllOf: rule.Perms, AnyOf: rule.AnyPerm, Export: rule.Export, StepUp: rule.StepUp, StepUpIf: rule.StepUpIf,
		Approval: rule.Approval, ApprovalIf: rule.ApprovalIf}
	for _, k := range rule.Kinds {
		p.Tokens = append(p.Tokens, string(k))
	}
	return p
}

// OpenAPI is the document, as JSON.
func OpenAPI() ([]byte, error) { return openAPIOnce() }

// openAPIOnce builds the document once (a function, not a value: the route
// table it reads serves the document).
var openAPIOnce func() ([]byte, error)

func init() {
	openAPIOnce = sync.OnceValues(func() ([]byte, error) {
		spec, err := buildOpenAPI(new(Server))
		if err != nil {
			return nil, err
		}
		b, err := json.MarshalIndent(spec, "", "  ")
		return append(b, '\n'), err
	})
}

// openAPIDocument serves the document.
func (s *Server) openAPIDocument(w http.ResponseWriter, r *http.Request) {
	b, err := OpenAPI()
	if err != nil {
		writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(b)
}

// buildOpenAPI documents every route of s, and fails on a route without
// documentation or documentation without a route.
func buildOpenAPI(s *Server) (*openapi31.Spec, error) {
	r := openapi31.NewReflector()
	seen := reflected{defs: map[string]reflect.Type{}, replies: map[reflect.Type]bool{}}
	r.DefaultOptions = append(r.DefaultOptions, seen.options()...)
	// The catalogue keeps its categories' order; its members are a map's.
	r.JSONSchemaReflector().AddTypeMapping(rbac.Categories{}, map[string][]rbac.Permission{})
	r.Spec.SetTitle("Xapa Back Office API")
	r.Spec.SetVersion("1")
	r.Spec.SetDescription("Every non-2xx reply is the Error envelope. x-permission states who may call an operation: " +
		"public, the token kinds admitted, the permission keys needed (all, or one of any), whether it is a CSV export, and whether " +
		"it is a sensitive call (step_up, or step_up_if: when the call does what it says), which a session may make only within " +
		"5 minutes of giving a second factor (the code step of sign-in, or POST /api/user/step-up); else 403 with the field step_up; " +
		"and whether it is an action of the four-eyes approval policy (approval): covered by the policy, it answers 202 with a request " +
		"that another staff member approves (POST /api/admin/approvals/{id}/approve). " +
		"A server started with a gateway key also wants it in X-Gateway-Key on every /api call.")
	r.Spec.SetHTTPBearerTokenSecurity("bearer", "", "The token of POST /api/login (then of the two-factor step).")
	r.Spec.SetAPIKeySecurity("ingestKey", ingest.KeyHeader, openapi.InHeader, "An ingest key's id (backoffice ingest key create), "+
		"with X-Ingest-Timestamp (unix seconds, within 300 s of now) and X-Ingest-Signature: sha256= and the hex HMAC-SHA256 of "+
		"\"<timestamp>.<body>\" keyed with the key's secret. It opens only POST /api/ingest/events.")
	lists := map[string]ListRoute{}
	for _, l := range s.Lists() {
		lists[l.Path] = l
	}
	docs, used := operations(), map[string]bool{}
	for _, rt := range s.Routes() {
		o, key, err := routeDoc(docs, lists, rt)
		if err != nil {
			return nil, err
		}
		used[key] = true
		if err := addOperation(r, rt, o); err != nil {
			return nil, fmt.Errorf("%s %s: %w", rt.Method, rt.Path, err)
		}
	}
	for key := range docs {
		if !used[key] {
			return nil, fmt.Errorf("%s is documented but not in the route table", key)
		}
	}
	seen.requireReplyDefs(r.Spec)
	r.Spec.ComponentsEns().Schemas[audit.ActionSchemaName] = audit.ActionSchema()
	replyHeaders(r.Spec)
	return r.Spec, nil
}

// routeDoc is the documentation of rt and its key in docs; a list's page
// and CSV twin share their list's entry and take their reply from the list.
func routeDoc(docs map[string]op, lists map[string]ListRoute, rt Route) (op, string, error) {
	l, isList := lists[strings.TrimSuffix(rt.Path, "/CSV")]
	key := rt.Method + " " + rt.Path
	if isList {
		key = rt.Method + " " + l.Path
	}
	o, ok := docs[key]
	switch {
	case !ok:
		return op{}, "", fmt.Errorf("%s %s has no documentation (openapi_docs.go)", rt.Method, rt.Path)
	case isList && rt.Path == l.Path:
		o.query, o.reply = withPaging(o.query), l.List.pageReply()
	case isList:
		o.summary += " (CSV, every matching row)"
		o.reply = csvReply{}
	}
	return o, key, nil
}

// nullBody lets a request body be null: decodeJSON reads null as {} (an
// edit that changes nothing, say).
func nullBody(cor openapi.ContentOrReference) {
	rb := cor.(*openapi31.RequestBodyOrReference).RequestBody
	for ct, mt := range rb.Content {
		mt.Schema = map[string]any{"anyOf": []any{mt.Schema, map[string]any{"type": "null"}}}
		rb.Content[ct] = mt
	}
}

// mediaType states a JSON body's own media type (the reflector reads a
// type it does not know as a string).
func mediaType(t string) func(openapi.ContentOrReference) {
	return func(cor openapi.ContentOrReference) {
		rb := cor.(*openapi31.RequestBodyOrReference).RequestBody
		rb.Content = map[string]openapi31.MediaType{t: rb.Content["application/json"]}
		rb.WithRequired(true)
	}
}

// csvReply is a CSV download.
type csvReply struct{}

// yamlReply is a YAML document.
type yamlReply struct{}

// addOperation adds rt's operation, documented by o.
func addOperation(r *openapi31.Reflector, rt Route, o op) error {
	oc, err := r.NewOperationContext(rt.Method, rt.Path)
	if err != nil {
		return err
	}
	oc.SetSummary(o.summary)
	oc.SetID(operationID(rt.Method, rt.Path))
	tag, err := tagOf(rt.Path)
	if err != nil {
		return err
	}
	oc.SetTags(tag)
	oc.AddReqStructure(paramsOf(rt.Path, o.query))
	if o.body != nil {
		custom := nullBody
		if o.bodyType != "" {
			custom = mediaType(o.bodyType)
		}
		oc.AddReqStructure(o.body, func(cu *openapi.ContentUnit) { cu.Customize = custom })
	}
	status := orDefault(o.status, http.StatusOK)
	switch o.reply.(type) {
	case nil:
		oc.AddRespStructure(nil, openapi.WithHTTPStatus(status))
	case csvReply:
		oc.AddRespStructure("", openapi.WithHTTPStatus(status), openapi.WithContentType("text/csv"))
	case yamlReply:
		oc.AddRespStructure("", openapi.WithHTTPStatus(status), openapi.WithContentType("application/yaml"))
	default:
		oc.AddRespStructure(o.reply, openapi.WithHTTPStatus(status))
	}
	if rt.Rule.Approval != "" {
		oc.AddRespStructure(new(approvalReply), func(cu *openapi.ContentUnit) {
			cu.HTTPStatus, cu.Description = http.StatusAccepted, "The approval policy covers this change: nothing was changed, "+
				"and the change waits for another staff member's approval (x-permission approval)."
		})
		oc.AddRespStructure(new(Error), func(cu *openapi.ContentUnit) {
			cu.HTTPStatus, cu.Description = http.StatusConflict, "Refused: the same change already waits for approval "+
				"(approval_id names that request), or the current state forbids it."
		})
	}
	errs := o.errors
	if errs == nil {
		errs = new(Error)
	}
	oc.AddRespStructure(errs, func(cu *openapi.ContentUnit) { cu.HTTPStatus, cu.Description = 4, "A refusal: the Error envelope." })
	oc.AddRespStructure(errs, func(cu *openapi.ContentUnit) { cu.HTTPStatus, cu.Description = 5, "A failure: the Error envelope." })
	switch {
	case rt.Rule.IngestKey:
		oc.AddSecurity("ingestKey")
	case !rt.Rule.Public:
		oc.AddSecurity("bearer")
	}
	oc.(openapi31.OperationExposer).Operation().WithMapOfAnythingItem("x-permission", PermissionOf(rt.Rule))
	return r.AddOperation(oc)
}

// orDefault is v, or otherwise when v is 0.
func orDefault(v, otherwise int) int {
	if v == 0 {
		return otherwise
	}
	return v
}

// pathParam is a {name} of a route's path.
var pathParam = regexp.MustCompile(`\{(\w+)\}`)

// paramsOf is the parameters of a route: its path's (ids, but a symbol)
// and the query's.
func paramsOf(path string, query any) any {
	var fields []reflect.StructField
	for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
		f := reflect.StructField{Name: "P" + m[1], Type: reflect.TypeFor[int64](),
			Tag: reflect.StructTag(fmt.Sprintf(`path:"%s" minimum:"1"`, m[1]))}
		if m[1] == "symbol" {
			f.Type, f.Tag = reflect.TypeFor[string](), `path:"symbol" maxLength:"20"`
		}
		fields = append(fields, f)
	}
	return reflect.New(reflect.StructOf(withQuery(fields, query))).Interface()
}

// withQuery embeds a query struct's fields, if there is one.
func withQuery(fields []reflect.StructField, query any) []reflect.StructField {
	if query == nil {
		return fields
	}
	return append(fields, reflect.StructField{Name: "Query", Type: reflect.TypeOf(query), Anonymous: true})
}

// withPaging adds the paging parameters to a list's query.
func withPaging(query any) any {
	paging := []reflect.StructField{{Name: "PageQuery", Type: reflect.TypeFor[PageQuery](), Anonymous: true}}
	return reflect.New(reflect.StructOf(withQuery(paging, query))).Elem().Interface()
}

// The schemas' conventions: decimals are strings (shopspring/decimal
// marshals quoted), objects are closed (a reply field that is renamed or
// added fails the scenarios), a reply's fields without omitempty are
// required, slices are arrays (the handlers send [] for none) and pointers
// may be null.
var (
	decimalType = reflect.TypeFor[decimal.Decimal]()
	timeType    = reflect.TypeFor[accounts.Time]()
)

// reflected is what the reflection met: the type of each definition, and
// the types replies hold.
type reflected struct {
	defs    map[string]reflect.Type
	replies map[reflect.Type]bool
}

func (seen reflected) options() []func(*jsonschema.ReflectContext) {
	return []func(*jsonschema.ReflectContext){
		jsonschema.InterceptSchema(func(p jsonschema.InterceptSchemaParams) (bool, error) {
			t := p.Value.Type()
			for t.Kind() == reflect.Pointer {
				t = t.Elem()
			}
			switch {
			case t == decimalType:
				p.Schema.WithType(jsonschema.String.Type()).WithPattern(`^-?[0-9]+(\.[0-9]+)?$`)
				return true, nil
			case t == timeType:
				p.Schema.WithType(jsonschema.String.Type()).WithPattern(`^\d{4}-\d{2}-\d{2}`)
				return true, nil
			case p.Processed && t.Kind() == reflect.Struct && p.Schema.HasType(jsonschema.Object):
				p.Schema.WithAdditionalProperties(jsonschema.SchemaOrBool{TypeBoolean: new(false)})
				if isReply(p.Context) {
					seen.replies[t] = true
					p.Schema.Required = alwaysSent(t, p.Schema.Required, func(name string) bool { _, ok := p.Schema.Properties[name]; return ok })
				}
			}
			return false, nil
		}),
		jsonschema.InterceptDefName(func(t reflect.Type, name string) string {
			switch t {
			case decimalType:
				return "Decimal"
			case timeType:
				return "Time"
			}
			seen.defs[name] = t
			return name
		}),
		jsonschema.InterceptNullability(func(p jsonschema.InterceptNullabilityParams) {
			switch {
			case p.NullAdded && (p.Type.Kind() == reflect.Slice || p.Type.Kind() == reflect.Map):
				p.Schema.RemoveType(jsonschema.Null)
			case p.Type.Kind() == reflect.Pointer && p.Schema.Ref != nil && !p.OmitEmpty: // a *Decimal, say
				*p.Schema = jsonschema.Schema{AnyOf: []jsonschema.SchemaOrBool{
					jsonschema.Null.ToSchemaOrBool(), (&jsonschema.Schema{Ref: p.Schema.Ref}).ToSchemaOrBool()}}
			}
		}),
	}
}

// isReply reports whether a schema is being reflected for a reply (replies
// are also reflected outside any operation, for their headers).
func isReply(rc *jsonschema.ReflectContext) bool {
	oc, ok := openapi.OperationCtx(rc)
	return !ok || oc.IsProcessingResponse()
}

// alwaysSent adds to required the JSON names of t's properties (as has
// tells) that are always sent: without omitempty. Request bodies require
// nothing: the handlers decode what is sent and check it themselves.
func alwaysSent(t reflect.Type, required []string, has func(string) bool) []string {
	for _, f := range reflect.VisibleFields(t) {
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if f.IsExported() && !f.Anonymous && has(name) && !strings.Contains(opts, "omitempty") && !slices.Contains(required, name) {
			required = append(required, name)
		}
	}
	return required
}

// requireReplyDefs requires the always-sent fields of every definition a
// reply holds: one that a request body held first (a change log's group)
// was defined without them.
func (seen reflected) requireReplyDefs(spec *openapi31.Spec) {
	for name, schema := range spec.ComponentsEns().Schemas {
		t, ok := seen.defs[name]
		props, isObject := schema["properties"].(map[string]any)
		if !ok || !isObject || !seen.replies[t] {
			continue
		}
		required, _ := schema["required"].([]string)
		schema["required"] = alwaysSent(t, required, func(name string) bool { _, ok := props[name]; return ok })
	}
}
