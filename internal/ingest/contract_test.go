package ingest_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"xapa/backoffice/internal/ingest"
)

const asyncAPIFile = "../../docs/asyncapi.yaml"

// docs/asyncapi.yaml is the code's contract as it is now.
func TestAsyncAPIDocumentIsCurrent(t *testing.T) {
	t.Parallel()
	want, err := ingest.AsyncAPI()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(asyncAPIFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("docs/asyncapi.yaml is stale: run make openapi")
	}
}

// contract holds the compiled message schemas of docs/asyncapi.yaml, by
// event type: what a core that knows only that file would send.
var contract = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	raw, err := os.ReadFile(asyncAPIFile)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("urn:asyncapi", doc); err != nil {
		return nil, err
	}
	out := map[string]*jsonschema.Schema{}
	messages := doc["components"].(map[string]any)["messages"].(map[string]any)
	for id, m := range messages {
		s, err := c.Compile("urn:asyncapi#/components/messages/" + id + "/payload")
		if err != nil {
			return nil, err
		}
		out[m.(map[string]any)["name"].(string)] = s
	}
	return out, nil
})

// conforms is nil when event is valid under docs/asyncapi.yaml.
func conforms(t *testing.T, event json.RawMessage) error {
	t.Helper()
	schemas, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	var head struct{ Type string }
	_ = json.Unmarshal(event, &head)
	s, ok := schemas[head.Type]
	if !ok {
		return &unknownType{head.Type}
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(event))
	if err != nil {
		return err
	}
	return s.Validate(doc)
}

type unknownType struct{ name string }

func (u *unknownType) Error() string { return "docs/asyncapi.yaml has no type " + u.name }

// An event that breaks its schema breaks the document too: the file says
// what the apply path checks.
func TestTheDocumentRefusesWhatTheApplyPathRejects(t *testing.T) {
	t.Parallel()
	c := &core{source: "wallet-service"}
	bad := []json.RawMessage{
		c.event("xapa.transaction.v1", with(deposit("t2", "c1", "w1", "pending", 0, 1), "amount", "1e5")),
		c.event("xapa.customer.v1", with(customer("c2", 1), "verified_at", "yesterday")),
		c.event("xapa.wallet.v1", with(wallet("w2", "c1", 1), "addresses", nil)),
		c.event("xapa.chain.v1", without(chain(1), "decimals")),
	}
	for i, e := range bad {
		if conforms(t, e) == nil {
			t.Errorf("case %d: docs/asyncapi.yaml accepts %s", i, e)
		}
		if !strings.Contains(string(e), "specversion") {
			t.Fatal("not an event")
		}
	}
}
