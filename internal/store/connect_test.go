package store

import "testing"

func TestWithConnectTimeout(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"postgres://u@h/db":                                   "postgres://u@h/db?connect_timeout=" + connectTimeout,
		"postgres://u@h/db?sslmode=disable":                   "postgres://u@h/db?connect_timeout=" + connectTimeout + "&sslmode=disable",
		"postgres://u@h/db?connect_timeout=1&sslmode=disable": "postgres://u@h/db?connect_timeout=1&sslmode=disable",
	} {
		if got := withConnectTimeout(in); got != want {
			t.Errorf("withConnectTimeout(%q) = %q, want %q", in, got, want)
		}
	}
}
