package httpapi

import (
	"errors"
	"net/http/httptest"
	"net/url"
	"reflect"
	"testing"
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
