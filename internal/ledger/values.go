package ledger

import (
	"fmt"

	"xapa/backoffice/internal/textutil"
)

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

// Badge is the colour of a transaction's display status.
type Badge string

// Badges of a display status.
const (
	BadgeError   Badge = "error"
	BadgeWarning Badge = "warning"
	BadgeSuccess Badge = "success"
)

// Every value of each, in the order the documents list them.
var (
	Types    = []Type{Received, Sent}
	Networks = []Network{MainNet, TestNet}
	Statuses = []Status{Pending, Confirmed, Failed}
	Badges   = []Badge{BadgeError, BadgeWarning, BadgeSuccess}
)

// Enum lists Types.
func (Type) Enum() []any { return textutil.Values(Types) }

// Enum lists Networks.
func (Network) Enum() []any { return textutil.Values(Networks) }

// Enum lists Statuses.
func (Status) Enum() []any { return textutil.Values(Statuses) }

// Enum lists Badges.
func (Badge) Enum() []any { return textutil.Values(Badges) }

// DisplayStatus is a transaction's state as staff see it (the product spec's
// "Transaction display status"). The web shows it as sent; the CSV export
// writes its label.
type DisplayStatus struct {
	Label string `json:"label"`
	Badge Badge  `json:"badge"`
}

// displayStatus is the display status of a transaction in status with
// confirmations of the needed ones. PostgreSQL's export states the same
// labels in SQL (columns.go, on the Status line).
func displayStatus(status Status, confirmations, needed int) DisplayStatus {
	switch {
	case status == Failed:
		return DisplayStatus{"Failed", BadgeError}
	case confirmations <= 0:
		return DisplayStatus{"Pending", BadgeError}
	case confirmations < needed:
		return DisplayStatus{fmt.Sprintf("Confirmation: %d/%d", confirmations, needed), BadgeWarning}
	}
	return DisplayStatus{"Confirmed", BadgeSuccess}
}
