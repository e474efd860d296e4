package apperr_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"xapa/backoffice/internal/apperr"
)

// Each kind's message is the sentence the API shows, and each kind is found
// through wrapping: the API picks the status by errors.As.
func TestKindsSayTheirMessageAndSurviveWrapping(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
		is   func(error) bool
	}{
		{apperr.Fieldf("symbol", "The symbol needs %d to %d characters.", 3, 20), "The symbol needs 3 to 20 characters.",
			func(err error) bool { var e *apperr.Field; return errors.As(err, &e) && e.Field == "symbol" }},
		{&apperr.Invalid{Message: "Bad input."}, "Bad input.", func(err error) bool { var e *apperr.Invalid; return errors.As(err, &e) }},
		{&apperr.NotFound{What: "Token"}, "Token not found.", func(err error) bool { var e *apperr.NotFound; return errors.As(err, &e) }},
		{&apperr.Conflict{Message: "Decided already."}, "Decided already.", func(err error) bool { var e *apperr.Conflict; return errors.As(err, &e) }},
		{&apperr.Forbidden{Message: "You lack it."}, "You lack it.", func(err error) bool { var e *apperr.Forbidden; return errors.As(err, &e) }},
		{&apperr.TooMany{Message: "Too many.", RetryAfter: time.Minute}, "Too many.",
			func(err error) bool { var e *apperr.TooMany; return errors.As(err, &e) && e.RetryAfter == time.Minute }},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%T.Error() = %q, want %q", c.err, got, c.want)
		}
		if wrapped := fmt.Errorf("creating: %w", c.err); !c.is(wrapped) {
			t.Errorf("%T is not found through wrapping", c.err)
		}
	}
}

// Fieldf formats its message only: a field name with a verb stays as given.
func TestFieldfFormatsTheMessageNotTheField(t *testing.T) {
	e := apperr.Fieldf("range.%s", "At most %d%%.", 50)
	if e.Field != "range.%s" || e.Message != "At most 50%." {
		t.Errorf("Fieldf = %+v", *e)
	}
	// Two kinds never pass for each other.
	var nf *apperr.NotFound
	if errors.As(error(e), &nf) {
		t.Error("a field error passes for a not-found one")
	}
}
