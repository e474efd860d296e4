// Command backoffice is the Xapa Back Office: the staff web app and its API
// in one binary, with subcommands to prepare databases.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
)

const usage = `usage: backoffice <command> [flags]

commands:
  serve          run the server (--demo fills an empty database with demo data)
  migrate        apply database migrations
  seed           fill an empty database with generated data
  admin create   create a staff member holding the Administrator role
  admin token    print a full session token for a staff member (load tests, scripts)
  outbox         print the newest mails kept in the outbox table
  audit verify   check the audit log's keyed chain and kept checkpoints (exit 1 naming what does not hold)
  audit checkpoint  sign the newest audit entry and print the checkpoint, to keep outside the database
  ingest key     make, list or revoke the keys the exchange core signs its events with (create, list, revoke)
  import         apply a file of the exchange core's events, one CloudEvent per line (backfills)
  backup         copy an embedded SQLite database while the server runs (--to FILE)
  secrets init   make a new secrets key file (PostgreSQL needs one), or add the audit key to one that lacks it
  secrets rotate seal every secret with a new key, added to the key file
  secrets retire drop the keys other than the newest from the key file
  openapi        print the API's OpenAPI 3.1 document (docs/openapi.json)
  asyncapi       print the AsyncAPI 3.0 document of the exchange core's events (docs/asyncapi.yaml)
  version        print the version (also --version)

Every flag has a BACKOFFICE_* environment equivalent; "backoffice <command> --help" lists them.
`

const adminUsage = `usage: backoffice admin <command> [flags]

commands:
  create   create a staff member holding the Administrator role
  token    print a full session token for a staff member (load tests, scripts)

"backoffice admin <command> --help" lists each command's flags.
`

const secretsUsage = `usage: backoffice secrets <command> [flags]

commands:
  init     make a new secrets key file (mode 0600) with one random key
  rotate   add a new key to the key file and seal every secret of the database with it
  retire   seal what is still sealed with an older key, then drop the older keys from the file

"backoffice secrets <command> --help" lists each command's flags.
`

const ingestUsage = `usage: backoffice ingest key <create|list|revoke> [flags]

"backoffice ingest key" lists what each does.
`

// version is set at build time (make build: the release tag); "dev" otherwise.
var version = "dev"

// commit is set at build time (make build: the commit built); else read from
// the build's own stamp when Go made one.
var commit = ""

// errUsage ends a command line the program cannot read: exit status 2.
var errUsage = errors.New("usage")

func main() {
	err := run(context.Background(), os.Args[1:])
	if err != nil && !errors.Is(err, flag.ErrHelp) && !errors.Is(err, errUsage) {
		fmt.Fprintln(os.Stderr, "backoffice:", err)
	}
	os.Exit(exitStatus(err))
}

// exitStatus is 0 for success and for --help (it printed what was asked
// for), 1 for an audit trail that does not verify, 2 for anything else.
func exitStatus(err error) int {
	switch {
	case err == nil || errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errAuditBroken):
		return 1
	}
	return 2
}

// commands are the subcommands below "backoffice" and "backoffice admin".
var commands = map[string]func(context.Context, []string) error{
	"serve":            serve,
	"migrate":          migrate,
	"seed":             seed,
	"outbox":           outbox,
	"backup":           backup,
	"admin create":     adminCreate,
	"admin token":      adminToken,
	"secrets init":     secretsInit,
	"secrets rotate":   secretsRotate,
	"secrets retire":   secretsRetire,
	"openapi":          openAPI,
	"asyncapi":         asyncAPI,
	"audit verify":     auditVerify,
	"audit checkpoint": auditCheckpoint,
	"import":           importEvents,
	"ingest key":       ingestKey,
}

// groups are the commands that take a subcommand, with their usage.
var groups = map[string]string{"admin": adminUsage, "secrets": secretsUsage, "audit": auditUsage, "ingest": ingestUsage}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return errUsage
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help", "help":
		fmt.Print(usage)
		return nil
	case "-version", "--version", "version":
		fmt.Println(versionLine())
		return nil
	}
	if groupUsage, ok := groups[name]; ok {
		if len(rest) == 0 || isHelp(rest[0]) {
			fmt.Print(groupUsage)
			if len(rest) == 0 {
				return errUsage
			}
			return nil
		}
		name, rest = name+" "+rest[0], rest[1:]
	}
	if cmd, ok := commands[name]; ok {
		return cmd(ctx, rest)
	}
	fmt.Fprint(os.Stderr, usage)
	return fmt.Errorf("unknown command %q", name)
}

func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}

// versionLine is the build's version, commit and Go release.
func versionLine() string {
	line := "backoffice " + version
	info, ok := debug.ReadBuildInfo()
	rev := commit
	if ok && rev == "" {
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		if rev = settings["vcs.revision"]; len(rev) > 12 {
			rev = rev[:12]
		}
		if rev != "" && settings["vcs.modified"] == "true" {
			rev += "+modified"
		}
	}
	if rev != "" {
		line += " (commit " + rev + ")"
	}
	if ok {
		line += " " + info.GoVersion
	}
	return line
}
