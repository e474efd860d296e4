package store

import "testing"

func TestPgURL(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"postgres://u@h/db":                                   "postgres://u@h/db?DateStyle=ISO&connect_timeout=" + connectTimeout,
		"postgres://u@h/db?sslmode=disable":                   "postgres://u@h/db?DateStyle=ISO&connect_timeout=" + connectTimeout + "&sslmode=disable",
		"postgres://u@h/db?connect_timeout=1&sslmode=disable": "postgres://u@h/db?DateStyle=ISO&connect_timeout=1&sslmode=disable",
		"postgres://u@h/db?DateStyle=German":                  "postgres://u@h/db?DateStyle=ISO&connect_timeout=" + connectTimeout,
	} {
		if got := pgURL(in); got != want {
			t.Errorf("pgURL(%q) = %q, want %q", in, got, want)
		}
	}
}
