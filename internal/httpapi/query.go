package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"
)

// queryText reads an optional free-text query parameter of at most max
// bytes. Text that is not UTF-8 or holds a NUL character is refused: the
// database could not compare it (PostgreSQL rejects such text outright).
func queryText(r *http.Request, name string, max int) (string, error) {
	v := r.URL.Query().Get(name)
	switch {
	case len(v) > max:
		return "", Errorf(http.StatusBadRequest, name+" is too long.", FieldError{name, fmt.Sprintf("at most %d characters", max)})
	case !cleanText(v):
		return "", Errorf(http.StatusBadRequest, name+" must be UTF-8 text without NUL characters.",
			FieldError{name, "must be UTF-8 text without NUL characters"})
	}
	return v, nil
}

// cleanText reports whether s is UTF-8 without NUL characters.
func cleanText(s string) bool { return utf8.ValidString(s) && !strings.ContainsRune(s, 0) }
