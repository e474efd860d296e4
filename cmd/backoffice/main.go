// Command backoffice is the Xapa Back Office: the staff web app and its API
// in one binary, with subcommands to prepare databases.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
)

const usage = `usage: backoffice <command> [flags]

commands:
  serve          run the server (--demo fills an empty database with demo data)
  migrate        apply database migrations
  seed           fill an empty database with generated data
  admin create   create a staff member holding the Administrator role
  admin token    print a full session token for a staff member (load tests, scripts)
  outbox         print the newest mails kept in the outbox table

Every flag has a BACKOFFICE_* environment equivalent; "backoffice <command> -h" lists them.
`

func main() {
	if err := run(context.Background(), os.Args[1:]); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "backoffice:", err)
		}
		os.Exit(2)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return flag.ErrHelp
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:])
	case "migrate":
		return migrate(ctx, args[1:])
	case "seed":
		return seed(ctx, args[1:])
	case "outbox":
		return outbox(ctx, args[1:])
	case "admin":
		if len(args) > 1 && args[1] == "create" {
			return adminCreate(ctx, args[2:])
		}
		if len(args) > 1 && args[1] == "token" {
			return adminToken(ctx, args[2:])
		}
	case "-h", "--help", "help":
		fmt.Print(usage)
		return nil
	}
	fmt.Fprint(os.Stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}
