package rbac_test

import (
	"strings"
	"testing"

	"xapa/backoffice/internal/rbac"
)

func TestParseNetworks(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   []string
		want string // the canonical list, or "error"
	}{
		{nil, ""},
		{[]string{" 10.1.2.3/8 ", "10.0.0.0/8"}, "10.0.0.0/8"},
		{[]string{"198.51.100.7"}, "198.51.100.7/32"},
		{[]string{"2001:db8::1/32", "2001:db8::5"}, "2001:db8::/32,2001:db8::5/128"},
		{[]string{"::ffff:203.0.113.9/120"}, "203.0.113.0/24"},
		{[]string{"::ffff:0:0/90"}, "error"},
		{[]string{"10.0.0.0/33"}, "error"},
		{[]string{"fe80::1%eth0"}, "error"},
		{[]string{"intranet"}, "error"},
		{[]string{""}, "error"},
		{strings.Split(strings.Repeat("10.0.0.1,", rbac.MaxNetworks+1), ",")[:rbac.MaxNetworks+1], "error"},
	} {
		n, err := rbac.ParseNetworks(c.in)
		got := n.Stored()
		if err != nil {
			got = "error"
		}
		if got != c.want {
			t.Errorf("%q: %s, want %s", c.in, got, c.want)
		}
	}
}

func TestNetworksAdmit(t *testing.T) {
	t.Parallel()
	n := rbac.StoredNetworks("10.0.0.0/8,2001:db8::/32")
	for ip, want := range map[string]bool{
		"10.200.1.1": true, "::ffff:10.0.0.1": true, "2001:db8::42": true,
		"11.0.0.1": false, "2001:db9::1": false, "": false, "not an address": false,
	} {
		if got := n.Admits(ip); got != want {
			t.Errorf("%q admitted %v, want %v", ip, got, want)
		}
	}
	if !rbac.StoredNetworks("").Admits("203.0.113.1") || !rbac.Networks(nil).Admits("") {
		t.Error("no networks must admit every address")
	}
}
