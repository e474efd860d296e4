package httpapi_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"xapa/backoffice/internal/apitest"
	"xapa/backoffice/internal/httpapi"
)

func openAPI(t *testing.T) []byte {
	t.Helper()
	doc, err := httpapi.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// docs/openapi.json is the contract the web app is typed from: it must be
// the document the server serves.
func TestOpenAPIFileIsCurrent(t *testing.T) {
	kept, err := os.ReadFile("../../docs/openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(kept, openAPI(t)) {
		t.Error("docs/openapi.json differs from the generated document: run make openapi " +
			"(go run ./cmd/backoffice openapi > docs/openapi.json) and commit it")
	}
}

func TestOpenAPIIsValid(t *testing.T) {
	v, err := apitest.Contract()
	if err != nil {
		t.Fatal(err)
	}
	if ok, errs := v.ValidateDocument(); !ok {
		for _, e := range errs {
			t.Errorf("%s: %s", e.Message, e.Reason)
		}
	}
}

// Every route has its operation and every operation its route, stating
// the route's rule; only public routes go without the bearer token.
func TestOpenAPIOperationsAreTheRoutes(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			Permission  httpapi.Permission `json:"x-permission"`
			Security    []map[string][]string
			OperationID string   `json:"operationId"`
			Tags        []string `json:"tags"`
		}
	}
	if err := json.Unmarshal(openAPI(t), &doc); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, rt := range new(httpapi.Server).Routes() {
		o, ok := doc.Paths[rt.Path][strings.ToLower(rt.Method)]
		if !ok {
			t.Errorf("%s %s has no operation", rt.Method, rt.Path)
			continue
		}
		if other, taken := ids[o.OperationID]; taken || o.OperationID == "" || len(o.Tags) != 1 {
			t.Errorf("%s %s: operationId %q (also %q), tags %q: want a unique id and one tag", rt.Method, rt.Path, o.OperationID, other, o.Tags)
		}
		ids[o.OperationID] = rt.Method + " " + rt.Path
		delete(doc.Paths[rt.Path], strings.ToLower(rt.Method))
		if want := httpapi.PermissionOf(rt.Rule); !reflect.DeepEqual(o.Permission, want) {
			t.Errorf("%s %s: x-permission %+v, want %+v", rt.Method, rt.Path, o.Permission, want)
		}
		if secured := len(o.Security) > 0; secured == rt.Rule.Public {
			t.Errorf("%s %s: bearer security %v on a route public=%v", rt.Method, rt.Path, secured, rt.Rule.Public)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			t.Errorf("%s %s is an operation without a route", strings.ToUpper(method), path)
		}
	}
}
