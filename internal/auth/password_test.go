package auth

import (
	"strings"
	"testing"
)

func TestPasswordHash(t *testing.T) {
	t.Parallel()
	h, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not argon2id in PHC form", h)
	}
	if ok, err := CheckPassword(h, "correct horse"); !ok || err != nil {
		t.Fatal("right password refused")
	}
	for _, wrong := range []string{"", "correct hors", "Correct horse"} {
		if ok, _ := CheckPassword(h, wrong); ok {
			t.Fatalf("wrong password %q accepted", wrong)
		}
	}
	h2, _ := HashPassword("correct horse")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: salt missing")
	}
	for _, bad := range []string{"", "plain", "$argon2id$v=19$m=x$a$b", "$bcrypt$x$y$z$w"} {
		if ok, _ := CheckPassword(bad, "correct horse"); ok {
			t.Fatalf("malformed hash %q accepted", bad)
		}
	}
}

func TestTOTPSecret(t *testing.T) {
	t.Parallel()
	a, err := NewTOTPSecret()
	if err != nil || len(a) != 32 {
		t.Fatalf("secret %q (%v): want 32 base32 characters", a, err)
	}
	b, _ := NewTOTPSecret()
	if a == b {
		t.Fatal("two secrets are equal")
	}
}
