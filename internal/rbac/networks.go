package rbac

import (
	"fmt"
	"net/netip"
	"slices"
	"strings"
)

// Networks are the client networks a role's holders may sign in and call
// from; none admits every address.
type Networks []netip.Prefix

// MaxNetworks bounds a role's list.
const MaxNetworks = 64

// ParseNetworks reads a list of CIDR prefixes (a bare address is its own
// /32 or /128), in their canonical form (host bits cleared), without
// repeats, in order.
func ParseNetworks(list []string) (Networks, error) {
	if len(list) > MaxNetworks {
		return nil, fmt.Errorf("at most %d networks", MaxNetworks)
	}
	out := Networks{}
	for _, s := range list {
		s = strings.TrimSpace(s)
		p, err := netip.ParsePrefix(s)
		if err != nil {
			addr, aerr := netip.ParseAddr(s)
			if aerr != nil || addr.Zone() != "" {
				return nil, fmt.Errorf("%q is not a network (CIDR, as 10.0.0.0/8 or 2001:db8::/32) or an address", clip(s))
			}
			p = netip.PrefixFrom(addr, addr.BitLen())
		}
		if p.Bits() < unmapped(p.Addr()) {
			return nil, fmt.Errorf("%q is not a network of IPv4-mapped addresses", clip(s))
		}
		p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-unmapped(p.Addr())).Masked()
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b netip.Prefix) int {
		if c := a.Addr().Compare(b.Addr()); c != 0 {
			return c
		}
		return a.Bits() - b.Bits()
	})
	return out, nil
}

// unmapped is how many leading bits an IPv4-mapped IPv6 address loses as IPv4.
func unmapped(a netip.Addr) int {
	if a.Is4In6() {
		return 96
	}
	return 0
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// StoredNetworks reads the stored form (Stored); what does not parse is
// left out (the list was checked when saved).
func StoredNetworks(stored string) Networks {
	if stored == "" {
		return nil
	}
	n, _ := ParseNetworks(strings.Split(stored, ","))
	return n
}

// Stored is the list as kept in roles.allowed_networks.
func (n Networks) Stored() string { return strings.Join(n.Strings(), ",") }

// Strings is the list in CIDR form.
func (n Networks) Strings() []string {
	out := make([]string, len(n))
	for i, p := range n {
		out[i] = p.String()
	}
	return out
}

// Admits reports whether a client address may be used: always for an empty
// list, else when one network contains it (never for an unreadable address).
func (n Networks) Admits(ip string) bool {
	if len(n) == 0 {
		return true
	}
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	addr = addr.Unmap()
	for _, p := range n {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}
