package httpapi

import (
	"net/http"
	"strconv"
	"time"
)

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
