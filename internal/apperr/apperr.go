// Package apperr is the vocabulary domain packages use to refuse a request
// without knowing HTTP: the API turns each kind into its status.
package apperr

import (
	"fmt"
	"time"
)

// Field is bad input in one field (400, errors[0] names the field).
type Field struct {
	Field, Message string
}

func (e *Field) Error() string { return e.Message }

// Fieldf builds a field error.
func Fieldf(field, format string, args ...any) *Field {
	return &Field{Field: field, Message: fmt.Sprintf(format, args...)}
}

// Invalid is bad input not tied to one field (400).
type Invalid struct{ Message string }

func (e *Invalid) Error() string { return e.Message }

// NotFound is an unknown id (404).
type NotFound struct{ What string }

func (e *NotFound) Error() string { return e.What + " not found." }

// Conflict is a request the current state forbids (409).
type Conflict struct{ Message string }

func (e *Conflict) Error() string { return e.Message }

// Forbidden is a request the caller's own permissions do not cover (403).
type Forbidden struct{ Message string }

func (e *Forbidden) Error() string { return e.Message }

// TooMany is a request over a limit of the caller's (429): RetryAfter says
// when the limit may admit it again.
type TooMany struct {
	Message    string
	RetryAfter time.Duration
}

func (e *TooMany) Error() string { return e.Message }
