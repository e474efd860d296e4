package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"xapa/backoffice/internal/store"
)

// The readers of a request's parameters: each reads one, and answers a
// bad value with a 400 naming it (a malformed path id: 404).

// Dates in queries: YYYY-MM-DD HH:mm:ss read as UTC (a bare YYYY-MM-DD is
// the start of that day).
const dateLayout = "2006-01-02 15:04:05"

// queryDate reads an optional date parameter.
func queryDate(r *http.Request, name string) (*time.Time, error) {
	v := r.URL.Query().Get(name)
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

// queryEndDate reads an optional inclusive end date. A date names a whole
// second (a bare date, its first second), and every instant within it is
// before the end: "until 23:59:59" takes in 23:59:59.5, and a range of whole
// days ends exactly at midnight, which per-day aggregates can serve.
func queryEndDate(r *http.Request, name string) (*time.Time, error) {
	t, err := queryDate(r, name)
	if t != nil {
		end := t.Add(time.Second - time.Microsecond) // stored times are whole microseconds
		t = &end
	}
	return t, err
}

// queryID reads an optional positive id parameter (0 when absent).
func queryID(r *http.Request, name string) (int64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id < 1 {
		return 0, Errorf(http.StatusBadRequest, name+" must be an id.", FieldError{name, "must be an id"})
	}
	return id, nil
}

// queryRange reads the date range of a list, minDate to maxDate (both
// optional, maxDate inclusive), and refuses one that ends before it starts.
func queryRange(r *http.Request) (from, to *time.Time, err error) {
	if from, err = queryDate(r, "minDate"); err != nil {
		return nil, nil, err
	}
	if to, err = queryEndDate(r, "maxDate"); err != nil {
		return nil, nil, err
	}
	if from != nil && to != nil && to.Before(*from) {
		return nil, nil, Errorf(http.StatusBadRequest, "maxDate is before minDate.", FieldError{"maxDate", "is before minDate"})
	}
	return from, to, nil
}

// pathID reads a numeric path parameter; a malformed id is a 404.
func pathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id < 1 {
		return 0, Errorf(http.StatusNotFound, "No such "+name+".")
	}
	return id, nil
}

// queryBool reads a yes-or-no filter: "true" or "false", or absent (nil).
func queryBool(r *http.Request, name string) (*bool, error) {
	switch v := r.URL.Query().Get(name); v {
	case "":
		return nil, nil
	case "true", "false":
		b := v == "true"
		return &b, nil
	}
	return nil, Errorf(http.StatusBadRequest, name+" must be true or false.", FieldError{name, "must be true or false"})
}

// queryText reads an optional free-text query parameter of at most limit
// bytes. Text that is not UTF-8 or holds a NUL character is refused: the
// database could not compare it (PostgreSQL rejects such text outright).
func queryText(r *http.Request, name string, limit int) (string, error) {
	v := r.URL.Query().Get(name)
	switch {
	case len(v) > limit:
		return "", Errorf(http.StatusBadRequest, name+" is too long.", FieldError{name, fmt.Sprintf("at most %d characters", limit)})
	case !cleanText(v):
		return "", Errorf(http.StatusBadRequest, name+" must be UTF-8 text without NUL characters.",
			FieldError{name, "must be UTF-8 text without NUL characters"})
	}
	return v, nil
}

// queryOrder reads a list page's order: sort (created_at, the default, or
// amount) and order (desc, the default, or asc).
func queryOrder(r *http.Request) (store.Order, error) {
	var o store.Order
	q := r.URL.Query()
	switch q.Get("sort") {
	case "", "created_at":
	case "amount":
		o.ByAmount = true
	default:
		return o, Errorf(http.StatusBadRequest, "sort must be created_at or amount.", FieldError{"sort", "must be created_at or amount"})
	}
	switch q.Get("order") {
	case "", "desc":
	case "asc":
		o.Asc = true
	default:
		return o, Errorf(http.StatusBadRequest, "order must be asc or desc.", FieldError{"order", "must be asc or desc"})
	}
	return o, nil
}

// cleanText reports whether s is UTF-8 without NUL characters.
func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
