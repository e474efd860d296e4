package ledger

import "xapa/backoffice/internal/textutil"

// The values of a transaction's type, network and status are stated here
// once. The filters check them, and the OpenAPI and AsyncAPI documents read
// them through Enum (jsonschema-go calls it), so the web's types and the
// core's contract follow from this file.

// Type is a transaction's direction.
type Type string

// Types of a transaction.
const (
	Received Type = "received" // a deposit
	Sent     Type = "sent"
)

// Network is the network of a chain a wallet or a transaction is on.
type Network string

// Networks of a chain.
const (
	MainNet Network = "main"
	TestNet Network = "test"
)

// Status is a transaction's state at the core.
type Status string

// Statuses of a transaction. Failed is final.
const (
	Pending   Status = "pending"
	Confirmed Status = "confirmed"
	Failed    Status = "failed"
)

// Every value of each, in the order the documents list them.
var (
	Types    = []Type{Received, Sent}
	Networks = []Network{MainNet, TestNet}
	Statuses = []Status{Pending, Confirmed, Failed}
)

// Enum lists Types.
func (Type) Enum() []any { return textutil.Values(Types) }

// Enum lists Networks.
func (Network) Enum() []any { return textutil.Values(Networks) }

// Enum lists Statuses.
func (Status) Enum() []any { return textutil.Values(Statuses) }
