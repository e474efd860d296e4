# Xapa Back Office. `make run` starts the demo; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO_PACKAGES := ./cmd/... ./internal/... ./web
ADDR ?= :8080
DB ?= sqlite:./data/backoffice.db
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
export TEST_DATABASE_URL
# Browsers come from Debian's chromium package, never from a test tool's download.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts \
	web/tsconfig.json web/tsconfig.app.json web/tsconfig.node.json
GO_SOURCES := $(shell find cmd internal web -name '*.go' -o -name '*.sql' 2>/dev/null | grep -v node_modules) go.mod go.sum

.PHONY: help run build web test test-go test-go-sqlite test-go-postgres test-web test-e2e lint fmt clean fuzz

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-18s %s\n", $$1, $$2}'

run: build ## build everything and serve the demo at http://localhost:8080 (SQLite, demo data on first start)
	./bin/backoffice serve --demo --addr $(ADDR) --db $(DB)

build: bin/backoffice ## build the web app, then bin/backoffice with it embedded

bin/backoffice: web/dist/index.html $(GO_SOURCES)
	go build -trimpath -o bin/backoffice ./cmd/backoffice

web: web/dist/index.html ## build the web app into web/dist

web/node_modules/.installed: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web/dist/index.html: web/node_modules/.installed $(WEB_SOURCES)
	cd web && npm run build

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

test: lint test-go test-web test-e2e ## every test: Go on SQLite and on PostgreSQL, web units, browser end-to-end
	@echo "make test: all suites passed"

test-go: test-go-sqlite test-go-postgres ## the Go suite once per database

test-go-sqlite: web/dist/index.html
	@echo "== Go tests on SQLite"
	TEST_DB=sqlite go test -count=1 $(GO_PACKAGES)

test-go-postgres: web/dist/index.html
	@echo "== Go tests on PostgreSQL ($(TEST_DATABASE_URL))"
	TEST_DB=postgres go test -count=1 $(GO_PACKAGES)

test-web: web/node_modules/.installed ## web unit tests (Vitest), lint and type check
	@echo "== Web unit tests"
	cd web && npm run lint && npm run typecheck && npm test

test-e2e: build e2e/node_modules/.installed ## browser tests: the real binary in headless Chromium
	@echo "== Browser end-to-end tests"
	cd e2e && npx playwright test

lint: web/dist/index.html ## gofmt and go vet
	@unformatted=$$(gofmt -l cmd internal web/*.go); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	go vet $(GO_PACKAGES)

FUZZTIME ?= 20s
fuzz: ## run every Go fuzz target for FUZZTIME each (default 20s)
	go test ./internal/auth -run '^$$' -fuzz '^FuzzCaptchaPayload$$' -fuzztime $(FUZZTIME)
	go test ./internal/auth -run '^$$' -fuzz '^FuzzMatchTOTP$$' -fuzztime $(FUZZTIME)
	go test ./internal/httpapi -run '^$$' -fuzz '^FuzzDecodeJSON$$' -fuzztime $(FUZZTIME)
	go test ./internal/httpapi -run '^$$' -fuzz '^FuzzQueryParams$$' -fuzztime $(FUZZTIME)

fmt: ## format the Go code
	gofmt -w cmd internal web/*.go

clean: ## remove build output (keeps ./data)
	rm -rf bin web/dist/assets web/dist/icons web/dist/*.html web/dist/*.svg e2e/test-results
