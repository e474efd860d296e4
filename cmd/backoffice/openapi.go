package main

import (
	"context"
	"flag"
	"os"

	"xapa/backoffice/internal/config"
	"xapa/backoffice/internal/httpapi"
	"xapa/backoffice/internal/ingest"
)

// openAPI prints the API's OpenAPI 3.1 document, as GET /api/openapi.json
// serves it: docs/openapi.json is this output (make openapi).
func openAPI(_ context.Context, args []string) error {
	return printContract("openapi", "backoffice openapi > docs/openapi.json", httpapi.OpenAPI, args)
}

// asyncAPI prints the AsyncAPI 3.0 document of the exchange core's events, as
// GET /api/asyncapi.yaml serves it: docs/asyncapi.yaml is this output (make
// openapi).
func asyncAPI(_ context.Context, args []string) error {
	return printContract("asyncapi", "backoffice asyncapi > docs/asyncapi.yaml", ingest.AsyncAPI, args)
}

func printContract(name, synopsis string, build func() ([]byte, error), args []string) error {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = config.Usage(fs, synopsis)
	if err := fs.Parse(args); err != nil {
		return err
	}
	doc, err := build()
	if err != nil {
		return err
	}
	_, err = os.Stdout.Write(doc)
	return err
}
