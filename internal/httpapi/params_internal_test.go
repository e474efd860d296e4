package httpapi

import (
	"errors"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
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

// A request's statuses are stated twice as enum tags, for the document: both
// must be the domain's list, so a new status cannot be refused by the filter
// or missing from the reply's schema.
func TestApprovalStatusesAreTheDomains(t *testing.T) {
	want := strings.Join(approvals.Statuses, ",")
	filter, _ := reflect.TypeFor[approvalsQuery]().FieldByName("Status")
	reply, _ := reflect.TypeFor[approvals.Request]().FieldByName("Status")
	for where, tag := range map[string]reflect.StructTag{"the list's filter": filter.Tag, "a request's reply": reply.Tag} {
		if got := tag.Get("enum"); got != want {
			t.Errorf("%s: enum %q, want approvals.Statuses %q", where, got, want)
		}
	}
}
