// Package config reads command-line flags, each with a BACKOFFICE_*
// environment equivalent (--smtp-host is BACKOFFICE_SMTP_HOST). A flag on
// the command line wins over the environment, which wins over the default.
package config

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// EnvName is the environment variable of a flag.
func EnvName(flagName string) string {
	return "BACKOFFICE_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// Parse parses args, then fills every flag not given from its environment variable.
func Parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		if set[f.Name] || err != nil {
			return
		}
		if v, ok := os.LookupEnv(EnvName(f.Name)); ok {
			if e := f.Value.Set(v); e != nil {
				err = fmt.Errorf("%s=%q: %v", EnvName(f.Name), v, e)
			}
		}
	})
	return err
}

// DefaultDB is the embedded database used when none is given.
const DefaultDB = "sqlite:./data/backoffice.db"

// DBFlag adds the --db flag.
func DBFlag(fs *flag.FlagSet) *string {
	return fs.String("db", DefaultDB, "database: sqlite:PATH or a postgres:// URL")
}

// SecretsKeyFlag adds the --secrets-key-file flag: the file of the key that
// seals the database's secrets (internal/secrets).
func SecretsKeyFlag(fs *flag.FlagSet) *string {
	return fs.String("secrets-key-file", "",
		"file of the key sealing secrets at rest (default for sqlite:PATH: PATH.key, made on first start; required for PostgreSQL)")
}

// Usage prints a flag set's flags with their environment variables.
func Usage(fs *flag.FlagSet, synopsis string) func() {
	return func() {
		out := fs.Output()
		fmt.Fprintf(out, "usage: %s\n\nflags (each also read from its environment variable):\n", synopsis)
		fs.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(out, "  --%-18s %s (%s$%s)\n", f.Name, f.Usage, defaultNote(f), EnvName(f.Name))
		})
	}
}

// defaultNote is "default X; " for a flag whose usage does not say its
// default already; nothing for an empty one or a switch that is off.
func defaultNote(f *flag.Flag) string {
	if f.DefValue == "" || f.DefValue == "false" || strings.Contains(f.Usage, "default") {
		return ""
	}
	return fmt.Sprintf("default %s; ", f.DefValue)
}
