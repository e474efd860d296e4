package httpapi

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// An export's or a bulk read's entry keeps its filters as given, but
// bounded: no parameter naming a secret, values cut to 200 characters, 20
// parameters at most (the first by name).
func TestAuditFiltersBounded(t *testing.T) {
	t.Parallel()
	q := url.Values{"Access_Token": {"abc"}, "password": {"x"}, "resetCode": {"1"}, "q": {strings.Repeat("é", 300)}}
	for i := range 30 {
		q.Set(fmt.Sprintf("p%02d", i), "v")
	}
	got := auditFilters(q)
	if len(got) != maxAuditFilters || got["p00"] != "v" || got["p19"] != "v" || got["p20"] != nil {
		t.Errorf("%d filters kept: %v", len(got), got)
	}
	for _, secret := range []string{"Access_Token", "password", "resetCode"} {
		if _, ok := got[secret]; ok {
			t.Errorf("%s kept", secret)
		}
	}
	if q := auditFilters(url.Values{"q": {strings.Repeat("é", 300)}, "type": {"sent", "received"}}); q["q"] != strings.Repeat("é", 200) ||
		fmt.Sprint(q["type"]) != "[sent received]" {
		t.Errorf("filters: %v", q)
	}
}
