package ingest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	reflector "github.com/swaggest/jsonschema-go"
)

// kind is an event type the back office applies: the Go type of its data
// (its schema comes from it) and how to apply it.
type kind struct {
	data  any
	apply func(tx *batch, raw json.RawMessage) (string, error) // the entity's key ("wallet:w-9") when applied
}

// types are the event types the core sends, by name.
var types = byName(
	handle(applyChain), handle(applyCustomer), handle(applyWallet), handle(applyTransaction), handle(applyExchange),
	handle(applyBonus), handle(applyCompanyWallet), handle(applyRate), handle(applyCandle), handle(applyBlacklist),
	handle(applyCommandResult),
)

type named struct {
	name string
	kind
}

func handle[T Data](apply func(*batch, *T) (string, error)) named {
	var zero T
	return named{zero.EventType(), kind{data: zero, apply: decodeThen(apply)}}
}

func byName(all ...named) map[string]kind {
	m := make(map[string]kind, len(all))
	for _, n := range all {
		m[n.name] = n.kind
	}
	return m
}

// Types are the names of the event types applied, sorted.
func Types() []string {
	names := make([]string, 0, len(types))
	for name := range types {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func decodeThen[T any](apply func(*batch, *T) (string, error)) func(*batch, json.RawMessage) (string, error) {
	return func(b *batch, raw json.RawMessage) (string, error) {
		var v T
		if err := json.Unmarshal(raw, &v); err != nil {
			return "", reject("data: %v", err)
		}
		return apply(b, &v)
	}
}

// Schema is the JSON Schema of a Go type, as the contract states it.
func Schema(v any) (map[string]any, error) {
	r := reflector.Reflector{}
	s, err := r.Reflect(v, reflector.InlineRefs)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	return out, json.Unmarshal(b, &out)
}

// schemas are the compiled checks: the envelope's, and each type's data's.
type schemas struct {
	envelope *jsonschema.Schema
	data     map[string]*jsonschema.Schema
}

// compiled are the checks, compiled once per process: every Applier shares them.
var compiled = sync.OnceValues(compile)

func compile() (*schemas, error) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	add := func(name string, v any) (*jsonschema.Schema, error) {
		doc, err := Schema(v)
		if err != nil {
			return nil, err
		}
		url := "urn:xapa:" + name
		if err := c.AddResource(url, doc); err != nil {
			return nil, err
		}
		return c.Compile(url)
	}
	s := &schemas{data: map[string]*jsonschema.Schema{}}
	var err error
	if s.envelope, err = add("envelope", Event{}); err != nil {
		return nil, err
	}
	for name, k := range types {
		if s.data[name], err = add(name, k.data); err != nil {
			return nil, fmt.Errorf("ingest: the schema of %s: %w", name, err)
		}
	}
	return s, nil
}

// check is nil when raw is valid under s, else the rejection saying why.
// valid reports whether raw is an event of type typ whose envelope and data
// pass their schemas, parsing it once (check says why one does not).
func (s *schemas) valid(raw []byte, typ string) bool {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil || s.envelope.Validate(doc) != nil {
		return false
	}
	event, _ := doc.(map[string]any)
	return s.data[typ].Validate(event["data"]) == nil
}

func check(s *jsonschema.Schema, what string, raw []byte) error {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return reject("%s is not JSON: %v", what, err)
	}
	if err := s.Validate(doc); err != nil {
		return reject("%s", reason(what, err))
	}
	return nil
}

// reason is a validation error of what in one line: its first leaf's place
// and message ("data/amount: '1e5' does not match pattern ...").
func reason(what string, err error) string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return what + ": " + err.Error()
	}
	for len(ve.Causes) > 0 {
		ve = ve.Causes[0]
	}
	for _, part := range ve.InstanceLocation {
		what += "/" + part
	}
	msg := ve.Error()
	if i := strings.LastIndex(msg, ": "); i >= 0 && strings.HasPrefix(msg, "at ") {
		msg = msg[i+2:]
	}
	return what + ": " + msg
}
