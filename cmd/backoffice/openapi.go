package main

import (
	"context"
	"flag"
	"os"

	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/httpapi"
)

// openAPI prints the API's OpenAPI 3.1 document, as GET /api/openapi.json
// serves it: docs/openapi.json is this output (make openapi).
func openAPI(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("openapi", flag.ContinueOnError)
	fs.Usage = config.Usage(fs, "backoffice openapi > docs/openapi.json")
	if err := fs.Parse(args); err != nil {
		return err
	}
	doc, err := httpapi.OpenAPI()
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(doc)
	return err
}
