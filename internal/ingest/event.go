// Package ingest applies the exchange core's events
// (docs/decisions/0015-events-from-the-core.md): every way in (HTTP, NATS
// JetStream, the import command, the demo's simulated core) hands a batch of
// CloudEvents to one Applier, which checks each against its schema, maps the
// core's ids to ours and applies it in the batch's transaction.
//
// An event seen again (same source and id) is a duplicate; one whose version
// is not above the stored one is stale; both change nothing. An event that
// refers to something not yet known is held, and applied when that arrives.
// An event that breaks the contract is rejected with its reason and kept as
// a dead letter. None of them leaves a half-written row.
package ingest

import (
	"encoding/json"
	"fmt"
	"time"
)

// Event is a CloudEvents 1.0 event in JSON structured mode.
type Event struct {
	SpecVersion string          `json:"specversion" required:"true" enum:"1.0"`
	ID          string          `json:"id" required:"true" minLength:"1" maxLength:"128"`
	Source      string          `json:"source" required:"true" minLength:"1" maxLength:"256"`
	Type        string          `json:"type" required:"true"`
	Time        time.Time       `json:"time" required:"true"`
	Subject     string          `json:"subject,omitempty"`
	Data        json.RawMessage `json:"data" required:"true"`
}

// NewEvent is the CloudEvent of data from source, with id, at a time.
func NewEvent(source, id string, at time.Time, data Data) (json.RawMessage, error) {
	d, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	return json.Marshal(Event{SpecVersion: "1.0", ID: id, Source: source, Type: data.EventType(), Time: at.UTC(), Data: d})
}

// What became of an event.
const (
	Applied   = "applied"
	Duplicate = "duplicate" // seen before (same source and id): nothing changed
	Stale     = "stale"     // its version is not above the stored one: nothing changed
	Held      = "held"      // it refers to something not yet known: applied when that arrives
	Rejected  = "rejected"  // it breaks the contract: kept as a dead letter, with the reason
)

// Result is what became of one event.
type Result struct {
	ID     string `json:"id"`
	Status string `json:"status" enum:"applied,duplicate,stale,held,rejected"`
	Reason string `json:"reason,omitempty"`
}

// rejection is an event that breaks the contract, and why.
type rejection struct{ reason string }

func (r *rejection) Error() string { return r.reason }

func reject(format string, args ...any) error {
	return &rejection{reason: fmt.Sprintf(format, args...)}
}

// waiting is an event that refers to something not yet known: the kind and
// the core's id of what it waits for.
type waiting struct{ kind, coreID string }

func (w *waiting) Error() string { return "waits for " + w.key() }
func (w *waiting) key() string   { return w.kind + ":" + w.coreID }
