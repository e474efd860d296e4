package ledger

import "testing"

// The product spec's "Transaction display status", case by case.
func TestDisplayStatusFollowsTheSpec(t *testing.T) {
	for _, c := range []struct {
		status        Status
		confirmations int
		want          DisplayStatus
	}{
		{Failed, 0, DisplayStatus{"Failed", BadgeError}},
		{Failed, 5, DisplayStatus{"Failed", BadgeError}},
		{Pending, 0, DisplayStatus{"Pending", BadgeError}},
		{Pending, 1, DisplayStatus{"Confirmation: 1/3", BadgeWarning}},
		{Pending, 2, DisplayStatus{"Confirmation: 2/3", BadgeWarning}},
		{Pending, 3, DisplayStatus{"Confirmed", BadgeSuccess}},
		{Confirmed, 4, DisplayStatus{"Confirmed", BadgeSuccess}},
	} {
		if got := displayStatus(c.status, c.confirmations, 3); got != c.want {
			t.Errorf("%s with %d of 3 confirmations: %+v, want %+v", c.status, c.confirmations, got, c.want)
		}
	}
}
