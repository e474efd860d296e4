package auth

import (
	"slices"
	"testing"
)

// The relying party follows --public-url: its host in lower case, and its
// origin; a loopback address stands for localhost (browsers refuse passkeys
// on an address); another address turns passkeys off (ErrPasskeysOff).
func TestRelyingPartyOfPublicURL(t *testing.T) {
	for _, c := range []struct {
		url, rpID, origin string
	}{
		{"https://Backoffice.Example.com", "backoffice.example.com", "https://backoffice.example.com"},
		{"https://backoffice.example.com:8443/", "backoffice.example.com", "https://backoffice.example.com:8443"},
		{"http://127.0.0.1:8080", "localhost", "http://localhost:8080"},
		{"http://127.0.0.1", "localhost", "http://localhost"},
		{"http://[::1]:9000", "localhost", "http://localhost:9000"},
		{"http://10.0.0.5:8080", "", ""},
		{"not a url", "", ""},
	} {
		rp := newRelyingParty(c.url)
		switch {
		case c.rpID == "" && rp != nil:
			t.Errorf("%s: passkeys on (%s), want off", c.url, rp.Config.RPID)
		case c.rpID == "":
		case rp == nil:
			t.Errorf("%s: passkeys off, want %s", c.url, c.rpID)
		case rp.Config.RPID != c.rpID || !slices.Equal(rp.Config.RPOrigins, []string{c.origin}):
			t.Errorf("%s: relying party %s at %q, want %s at %s", c.url, rp.Config.RPID, rp.Config.RPOrigins, c.rpID, c.origin)
		}
	}
}
