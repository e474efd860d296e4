package httpapi

import (
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"xapa/backoffice/internal/store"
	"xapa/backoffice/internal/textutil"
)

// Query parameters are read one way: bindQuery decodes them into the
// struct that documents the operation's parameters in the OpenAPI document
// (openapi_docs.go). A handler thus reads only parameters the document
// names, and the limits the document states are the ones checked. This file
// is the only one that reads r.URL.Query() (.golangci.yml, forbidigo).
//
// The struct's tags, as the binder reads them:
//   - query:"name": the parameter; a field without it is not read.
//   - a string with maxLength:"n": free text of at most n bytes, UTF-8
//     without NUL (the database could not compare other text).
//   - a string with enum and invalid: one of enum, else a 400 saying invalid
//     (and refusal, when the message is not the name then invalid). A
//     string type with an Enum method (approvals.Status) lists its values
//     itself, and its refusal names them.
//   - an int or int64: a whole number within minimum and maximum, else a
//     400 saying invalid.
//
// Other strings are taken as given: the domain checks them (a history's
// type, say). An absent or empty parameter leaves its field zero. A
// parameter the struct does not name is ignored. After its fields, each
// struct (embedded ones first) with a check method checks what spans fields.

// queryChecker is a query struct with rules across its fields, or values
// to parse further (dates), kept in unexported fields.
type queryChecker interface{ check() error }

// bindQuery decodes r's query into dst, a pointer to a query struct; a bad
// value is a 400 naming its parameter.
func bindQuery(r *http.Request, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("bindQuery: %T is not a pointer to a struct", dst)
	}
	return bindStruct(r.URL.Query(), v.Elem())
}

// givenQuery is the query as the caller gave it, for the audit entries that
// keep what a read asked for (exports.go, reads.go). No parameter is read from it.
func givenQuery(r *http.Request) url.Values { return r.URL.Query() }

// bindStruct binds v's fields in their order, then checks v.
func bindStruct(q url.Values, v reflect.Value) error {
	t := v.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		var err error
		switch name, tagged := f.Tag.Lookup("query"); {
		case f.Anonymous && f.Type.Kind() == reflect.Struct:
			err = bindStruct(q, v.Field(i))
		case tagged && q.Get(name) != "":
			err = bindField(name, q.Get(name), f.Tag, v.Field(i))
		}
		if err != nil {
			return err
		}
	}
	if c, ok := v.Addr().Interface().(queryChecker); ok {
		return c.check()
	}
	return nil
}

// bindField sets one field from its parameter's text.
func bindField(name, raw string, tag reflect.StructTag, v reflect.Value) error {
	switch v.Kind() {
	case reflect.String:
		if err := checkText(name, raw, tag); err != nil {
			return err
		}
		if err := checkChoice(name, raw, tag, v); err != nil {
			return err
		}
		v.SetString(raw)
	case reflect.Int, reflect.Int64:
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || !within(n, tag) {
			return refused(name, tag)
		}
		v.SetInt(n)
	default:
		return fmt.Errorf("bindQuery: parameter %s: a %s field cannot be bound", name, v.Kind())
	}
	return nil
}

// checkText applies a string parameter's maxLength.
func checkText(name, v string, tag reflect.StructTag) error {
	if limit, ok := tag.Lookup("maxLength"); ok {
		n, err := strconv.Atoi(limit)
		switch {
		case err != nil:
			return fmt.Errorf("bindQuery: parameter %s: maxLength %q", name, limit)
		case len(v) > n:
			return Errorf(http.StatusBadRequest, name+" is too long.", FieldError{name, fmt.Sprintf("at most %d characters", n)})
		case !cleanText(v):
			return Errorf(http.StatusBadRequest, name+" must be UTF-8 text without NUL characters.",
				FieldError{name, "must be UTF-8 text without NUL characters"})
		}
	}
	return nil
}

// enumer is a parameter's type that lists its values itself, as the
// document's schema does (jsonschema-go reads the same method).
type enumer interface{ Enum() []any }

// checkChoice applies a string parameter's values, when it has invalid: its
// type's Enum, else its enum tag. A refusal of a typed enum names the values.
func checkChoice(name, v string, tag reflect.StructTag, field reflect.Value) error {
	if _, checked := tag.Lookup("invalid"); !checked {
		return nil
	}
	e, typed := field.Interface().(enumer)
	if !typed {
		if !slices.Contains(strings.Split(tag.Get("enum"), ","), v) {
			return refused(name, tag)
		}
		return nil
	}
	var values []string
	for _, c := range e.Enum() {
		values = append(values, fmt.Sprint(c))
	}
	if slices.Contains(values, v) {
		return nil
	}
	return Errorf(http.StatusBadRequest, name+" must be "+textutil.OrList(values)+".", FieldError{name, tag.Get("invalid")})
}

// within reports whether n is within the field's minimum and maximum.
func within(n int64, tag reflect.StructTag) bool {
	if lo, err := strconv.ParseInt(tag.Get("minimum"), 10, 64); err == nil && n < lo {
		return false
	}
	if hi, err := strconv.ParseInt(tag.Get("maximum"), 10, 64); err == nil && n > hi {
		return false
	}
	return true
}

// refused is the 400 of a parameter's bad value: the field error says its
// invalid tag, and the message its refusal tag (default: the name, then invalid).
func refused(name string, tag reflect.StructTag) error {
	why := tag.Get("invalid")
	if why == "" {
		return fmt.Errorf("bindQuery: parameter %s has no invalid tag", name)
	}
	message := tag.Get("refusal")
	if message == "" {
		message = name + " " + why + "."
	}
	return Errorf(http.StatusBadRequest, message, FieldError{name, why})
}

// The parameters many operations share, embedded in their query structs.
// Their type names are exported so that the binder may set their fields.
type (
	// RangeQuery is a date range: both ends optional, maxDate inclusive.
	RangeQuery struct {
		MinDate  string     `query:"minDate" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?$" description:"From: YYYY-MM-DD HH:mm:ss (UTC) or YYYY-MM-DD."`
		MaxDate  string     `query:"maxDate" pattern:"^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?$" description:"Until, inclusive: as minDate."`
		from, to *time.Time // read by check
	}
	// CoinQuery is a coin.
	CoinQuery struct {
		CoinType int64 `query:"coinType" minimum:"1" invalid:"must be an id" description:"A coin's id."`
	}
	// OrderQuery is a list page's order.
	OrderQuery struct {
		Sort  string `query:"sort" enum:"created_at,amount" invalid:"must be created_at or amount" description:"What a page is sorted by (default created_at). The CSV download is newest first."`
		Order string `query:"order" enum:"desc,asc" invalid:"must be asc or desc" description:"desc (the default): newest or largest first."`
	}
)

// Dates in queries: YYYY-MM-DD HH:mm:ss read as UTC (a bare YYYY-MM-DD is
// the start of that day).
const dateLayout = "2006-01-02 15:04:05"

// check reads the dates, and refuses a range that ends before it starts.
func (q *RangeQuery) check() error {
	var err error
	if q.from, err = parseDate("minDate", q.MinDate); err != nil {
		return err
	}
	if q.to, err = parseDate("maxDate", q.MaxDate); err != nil {
		return err
	}
	q.to = endOf(q.to)
	if q.from != nil && q.to != nil && q.to.Before(*q.from) {
		return Errorf(http.StatusBadRequest, "maxDate is before minDate.", FieldError{"maxDate", "is before minDate"})
	}
	return nil
}

// bounds is the range as read by check (nil: open).
func (q *RangeQuery) bounds() (from, to *time.Time) { return q.from, q.to }

// parseDate reads an optional date parameter's text.
func parseDate(name, v string) (*time.Time, error) {
	if v == "" {
		return nil, nil
	}
	for _, layout := range []string{dateLayout, "2006-01-02"} {
		// Printed back as given: time.Parse also takes fractional seconds
		// ("00:00:00.5") the layout does not name, which the API does not.
		if t, err := time.ParseInLocation(layout, v, time.UTC); err == nil && t.Format(layout) == v {
			return &t, nil
		}
	}
	return nil, Errorf(http.StatusBadRequest, name+" must be a date as YYYY-MM-DD HH:mm:ss.",
		FieldError{name, "must be a date as YYYY-MM-DD HH:mm:ss"})
}

// endOf makes a date an inclusive end. A date names a whole second (a bare
// date, its first second), and every instant within it is before the end:
// "until 23:59:59" takes in 23:59:59.5, and a range of whole days ends
// exactly at midnight, which per-day aggregates can serve.
func endOf(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	end := t.Add(time.Second - time.Microsecond) // stored times are whole microseconds
	return &end
}

// order is the store's order of a page.
func (q *OrderQuery) order() store.Order {
	return store.Order{ByAmount: q.Sort == "amount", Asc: q.Order == "asc"}
}

// yesNo is a yes-or-no filter the binder checked ("true" or "false"), or
// nil when absent.
func yesNo(v string) *bool {
	if v == "" {
		return nil
	}
	b := v == "true"
	return &b
}

// pathID reads a numeric path parameter; a malformed id is a 404.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id < 1 {
		return 0, Errorf(http.StatusNotFound, "No such "+name+".")
	}
	return id, nil
}

// cleanText reports whether s is UTF-8 without NUL characters.
func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
