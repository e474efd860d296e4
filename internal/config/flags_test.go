package config

import (
	"flag"
	"strings"
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

// A flag's help names its default once: a usage that says it already gets no
// second "(default …)", and an empty or off default none at all.
func TestUsageNamesEachDefaultOnce(t *testing.T) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.String("addr", "", "listen address (default :8080)")
	fs.String("db", "sqlite:x.db", "database")
	fs.Bool("demo", false, "demo data")
	var out strings.Builder
	fs.SetOutput(&out)
	Usage(fs, "backoffice serve")()
	for _, want := range []string{
		"listen address (default :8080) ($BACKOFFICE_ADDR)",
		"database (default sqlite:x.db; $BACKOFFICE_DB)",
		"demo data ($BACKOFFICE_DEMO)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("usage lacks %q:\n%s", want, out.String())
		}
	}
}
