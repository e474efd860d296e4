package config

import (
	"flag"
	"testing"
)

func TestFlagBeatsEnvBeatsDefault(t *testing.T) {
	t.Setenv("BACKOFFICE_DB", "sqlite:/env.db")
	t.Setenv("BACKOFFICE_SMTP_HOST", "mail.env")
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	db := DBFlag(fs)
	host := fs.String("smtp-host", "", "")
	addr := fs.String("addr", ":8080", "")
	if err := Parse(fs, []string{"--db", "sqlite:/flag.db"}); err != nil {
		t.Fatal(err)
	}
	if *db != "sqlite:/flag.db" || *host != "mail.env" || *addr != ":8080" {
		t.Fatalf("db=%q host=%q addr=%q", *db, *host, *addr)
	}
}

func TestBadEnvValueIsAnError(t *testing.T) {
	t.Setenv("BACKOFFICE_USERS", "many")
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.Int("users", 1, "")
	if err := Parse(fs, nil); err == nil {
		t.Fatal("want an error for BACKOFFICE_USERS=many")
	}
}
