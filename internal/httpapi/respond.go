package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"xapa/backoffice/internal/apperr"
	"xapa/backoffice/internal/approvals"
	"xapa/backoffice/internal/auth"
	"xapa/backoffice/internal/store"
)

// FieldError names the input field an error is about.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Error is the one error envelope of every non-2xx reply,
// with the request's id (X-Request-Id) to quote to whoever reads the logs.
type Error struct {
	Code      int          `json:"code"`
	Message   string       `json:"message"`
	Errors    []FieldError `json:"errors"`
	RequestID string       `json:"request_id,omitempty"`
	// ApprovalID names the pending request a refused change would repeat (409), for the screens to link to.
	ApprovalID int64 `json:"approval_id,omitempty" description:"The pending approval request of the same change (409 only)."`
}

func (e *Error) Error() string { return e.Message }

// Errorf builds an error reply; field errors are optional.
func Errorf(status int, message string, fields ...FieldError) *Error {
	if fields == nil {
		fields = []FieldError{}
	}
	return &Error{Code: status, Message: message, Errors: fields}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	// Encoded whole first: the reply goes out in one write with its length
	// (not in 4 KB chunks), and an encoding failure can still answer 500.
	buf := replyBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledReply {
			buf.Reset()
			replyBuffers.Put(buf)
		}
	}()
	if err := json.NewEncoder(buf).Encode(v); err != nil {
		slog.Error("encode reply", "err", err)
		buf.Reset()
		status = http.StatusInternalServerError
		_ = json.NewEncoder(buf).Encode(Errorf(status, "Internal server error."))
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	if _, err := w.Write(buf.Bytes()); err != nil {
		slog.Debug("write reply", "err", err)
	}
}

var replyBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// maxPooledReply is the largest buffer kept for reuse: one big reply (a
// page of 100 rows is about 60 KB) does not pin its memory for good.
const maxPooledReply = 256 << 10

// setRetryAfter says, in whole seconds and at least one, when a refused call
// may be made again.
func setRetryAfter(w http.ResponseWriter, d time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(max(d.Seconds(), 1)))))
}

// writeError replies with err as the envelope; an error that is not an
// *Error is logged and hidden behind a generic 500.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	if c := fourEyesOf(r); c != nil && c.plan.Held != nil && errors.Is(err, approvals.ErrHeld) {
		c.propose(w, r) // not an error: the change waits for its approval (approvals.go)
		return
	}
	var tooMany *apperr.TooMany
	if errors.As(err, &tooMany) {
		setRetryAfter(w, tooMany.RetryAfter)
	}
	e := *asError(r, err)
	e.RequestID = requestID(r)
	writeJSON(w, e.Code, &e)
}

// asError maps err to its reply: domain refusals to 4xx, an unreachable
// database to 503, anything else to a logged 500 that reveals nothing.
func asError(r *http.Request, err error) *Error {
	var (
		e        *Error
		field    *apperr.Field
		invalid  *apperr.Invalid
		notFound *apperr.NotFound
		conflict *apperr.Conflict
		denied   *apperr.Forbidden
		tooMany  *apperr.TooMany
		pending  *approvals.ErrPending
	)
	switch {
	case errors.As(err, &e):
	case errors.As(err, &pending):
		e = Errorf(http.StatusConflict, pending.Error())
		e.ApprovalID = pending.ID
	case errors.As(err, &field):
		e = Errorf(http.StatusBadRequest, field.Message, FieldError{field.Field, field.Message})
	case errors.As(err, &invalid):
		e = Errorf(http.StatusBadRequest, invalid.Message)
	case errors.As(err, &notFound):
		e = Errorf(http.StatusNotFound, notFound.Error())
	case errors.As(err, &conflict):
		e = Errorf(http.StatusConflict, conflict.Message)
	case errors.As(err, &denied):
		e = Errorf(http.StatusForbidden, denied.Message)
	case errors.As(err, &tooMany):
		e = Errorf(http.StatusTooManyRequests, tooMany.Message)
	case errors.Is(err, auth.ErrBusy): // a password hash while the pool is full (staff creation, edits)
		e = Errorf(http.StatusServiceUnavailable, err.Error())
	case store.IsUnavailable(err):
		slog.WarnContext(r.Context(), "database unavailable", "method", r.Method, "path", r.URL.Path, "request_id", requestID(r), "err", err)
		e = Errorf(http.StatusServiceUnavailable, "The database is unavailable. Try again shortly.")
	}
	if e == nil {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "request_id", requestID(r), "err", err)
		e = Errorf(http.StatusInternalServerError, "Internal server error.")
	}
	return e
}

// maxBody is the largest request body the API reads: 413 above 1 MiB.
const maxBody = 1 << 20

// decodeJSON reads a JSON body into dst, refusing unknown fields, trailing
// data, oversized bodies, bodies that are not UTF-8 and text holding NUL
// characters (which PostgreSQL cannot store) with a 4xx envelope.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		return Errorf(http.StatusUnsupportedMediaType, "Send the body as application/json.")
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return Errorf(http.StatusRequestEntityTooLarge, "The request body is larger than 1 MiB.")
	case err != nil:
		return Errorf(http.StatusBadRequest, "The request body could not be read.")
	case !utf8.Valid(body):
		// The decoder would silently turn such bytes into U+FFFD: refuse them instead.
		return Errorf(http.StatusBadRequest, "The request body is not valid UTF-8.")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	err = dec.Decode(dst)
	if err == nil && dec.More() {
		err = errors.New("trailing data after the JSON value")
	}
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("trailing data after the JSON value")
		}
	}
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		if field, ok := findNUL(reflect.ValueOf(dst), ""); ok {
			if field == "" {
				field = "body"
			}
			return Errorf(http.StatusBadRequest, "Invalid value for "+field+".",
				FieldError{Field: field, Message: "must not contain NUL characters"})
		}
		return nil
	case errors.Is(err, io.EOF):
		return Errorf(http.StatusBadRequest, "The request body is empty.")
	case errors.As(err, &typeErr):
		return Errorf(http.StatusBadRequest, "Invalid value for "+typeErr.Field+".",
			FieldError{Field: typeErr.Field, Message: "must be a " + typeErr.Type.String()})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return Errorf(http.StatusBadRequest, "Unknown field "+field+".", FieldError{Field: field, Message: "is not accepted"})
	default:
		return Errorf(http.StatusBadRequest, "The request body is not valid JSON.")
	}
}

// findNUL looks through a decoded value for a string holding a NUL
// character (JSON allows "\u0000"; PostgreSQL text does not) and names the
// field, as a dotted path of JSON names.
func findNUL(v reflect.Value, at string) (string, bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return findNUL(v.Elem(), at)
		}
	case reflect.String:
		if strings.IndexByte(v.String(), 0) >= 0 {
			return at, true
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if f, ok := findNUL(v.Index(i), at); ok {
				return f, true
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			if f, ok := findNUL(it.Key(), at); ok {
				return f, true
			}
			if f, ok := findNUL(it.Value(), at); ok {
				return f, true
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			sf := v.Type().Field(i)
			if !sf.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if name == "" {
				name = sf.Name
			}
			if at != "" && !sf.Anonymous {
				name = at + "." + name
			} else if sf.Anonymous {
				name = at
			}
			if f, ok := findNUL(v.Field(i), name); ok {
				return f, true
			}
		}
	}
	return "", false
}
