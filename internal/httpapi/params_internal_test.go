package httpapi

import (
	"errors"
	"net/http/httptest"
	"net/url"
	"reflect"
	"testing"

	"xapa/backoffice/internal/approvals"
)

// Every documented query struct binds: each of its parameters, given a
// value or a bad one, is read or refused with a 400 naming it, never a
// binder's own error (a field kind it cannot set, an int without invalid).
func TestEveryQueryStructBinds(t *testing.T) {
	for key, o := range operations() {
		if o.query == nil {
			continue
		}
		for _, name := range queryNames(reflect.TypeOf(o.query)) {
			for _, v := range []string{"1", "zz", "\x00"} {
				req := httptest.NewRequest("GET", "/x?"+url.Values{name: {v}}.Encode(), nil)
				err := bindQuery(req, reflect.New(reflect.TypeOf(o.query)).Interface())
				var e *Error
				if err != nil && (!errors.As(err, &e) || e.Code != 400 || len(e.Errors) != 1 || e.Errors[0].Field != name) {
					t.Errorf("%s ?%s=%q: %v", key, name, v, err)
				}
			}
		}
	}
	if err := bindQuery(httptest.NewRequest("GET", "/x?page=2&other=1", nil), new(PageQuery)); err != nil {
		t.Errorf("an unknown parameter is not ignored: %v", err)
	}
}

// queryNames are the query tags of t's fields, embedded ones too.
func queryNames(t reflect.Type) []string {
	var names []string
	for _, f := range reflect.VisibleFields(t) {
		if name, ok := f.Tag.Lookup("query"); ok {
			names = append(names, name)
		}
	}
	return names
}

// A request's statuses are stated once, in approvals.Statuses: the list's
// filter takes each of them and refuses anything else by naming them. The
// document's schemas read the same list (approvals.Status.Enum), and
// TestOpenAPIFileIsCurrent holds docs/openapi.json to them.
func TestApprovalStatusesAreTheDomains(t *testing.T) {
	for _, status := range approvals.Statuses {
		var q approvalsQuery
		if err := bindQuery(httptest.NewRequest("GET", "/x?status="+string(status), nil), &q); err != nil || q.Status != status {
			t.Errorf("status=%s: %v, bound %q", status, err, q.Status)
		}
	}
	err := bindQuery(httptest.NewRequest("GET", "/x?status=archived", nil), new(approvalsQuery))
	want := "status must be pending, approved, rejected, withdrawn, expired or void."
	if e := new(Error); !errors.As(err, &e) || e.Code != 400 || e.Message != want {
		t.Errorf("status=archived: %v, want a 400 %q", err, want)
	}
}
