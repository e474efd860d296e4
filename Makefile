# Xapa Back Office. `make run` starts the demo; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO_PACKAGES := ./cmd/... ./internal/... ./tools/... ./web
# golangci-lint is pinned in its own module, so that its dependencies stay out
# of go.mod. tools/lint has its own go.mod, so ./tools/... leaves it out.
GOLANGCI_LINT := go tool -modfile=tools/lint/go.mod golangci-lint
ADDR ?= 127.0.0.1:8080
DB ?= sqlite:./data/backoffice.db
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/test?sslmode=disable
export TEST_DATABASE_URL
# The browser comes from Debian's chromium-headless-shell package, never from a test tool's download.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

WEB_SOURCES := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts \
	web/tsconfig.json web/tsconfig.app.json web/tsconfig.node.json
GO_SOURCES := $(shell find cmd internal web -name '*.go' -o -name '*.sql' 2>/dev/null | grep -v node_modules) go.mod go.sum

.PHONY: help run demo-reset build web openapi test test-suites test-go test-go-sqlite test-go-postgres test-web test-e2e lint fmt generate clean fuzz flood screenshots test-cluster \
	test-faults audit bench soak
SUITE := scripts/suite.sh run

help: ## list the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-18s %s\n", $$1, $$2}'

run: build ## build everything and serve the demo at http://localhost:8080 (SQLite, demo data on first start; ADDR=:8080 for every interface)
	./bin/backoffice serve --demo --addr $(ADDR) --db $(DB)

build: bin/backoffice ## build the web app, then bin/backoffice with it embedded

# A release tag (v1.2.0); between releases "dev", and --version adds the commit.
VERSION ?= $(shell git describe --tags --dirty 2>/dev/null || echo dev)
COMMIT ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null)
bin/backoffice: web/dist/index.html $(GO_SOURCES)
	@echo "Building bin/backoffice (the first build compiles every Go module: a minute or two)…"
	go build -trimpath -ldflags "-X main.version=$(VERSION) -X main.commit=$(COMMIT)" -o bin/backoffice ./cmd/backoffice

web: web/dist/index.html ## build the web app into web/dist

openapi: ## regenerate docs/openapi.json and docs/asyncapi.yaml, the contracts, from the code
	go run ./cmd/backoffice openapi > docs/openapi.json
	go run ./cmd/backoffice asyncapi > docs/asyncapi.yaml

web/node_modules/.installed: web/package.json web/package-lock.json
	@echo "Installing the web app's packages (once)…"
	cd web && npm ci --no-audit --no-fund
	touch $@

web/dist/index.html: web/node_modules/.installed $(WEB_SOURCES)
	@echo "Building the web app…"
	cd web && npm run build

e2e/node_modules/.installed: e2e/package.json e2e/package-lock.json
	cd e2e && npm ci --no-audit --no-fund
	touch $@

test: ## every test: Go on SQLite and on PostgreSQL, web units, browser end-to-end; a summary at the end
	@scripts/suite.sh reset
	@status=0; $(MAKE) --no-print-directory -k test-suites || status=$$?; scripts/suite.sh report && exit $$status

test-suites: lint test-go test-web test-e2e ## the suites of make test, without the summary (make -k test-suites runs them all)

test-go: test-go-sqlite test-go-postgres ## the Go suite once per database

# $(call GO_TEST,dialect,suite name): the Go suite on one database, summarised by tools/testsummary.
# GOGC=400: the tests allocate much and keep little, so collecting a quarter as often saves CPU. Paired runs of httpapi,
# ingest, demo and ledger on SQLite took 0.81 of the CPU and 0.82 of the time (medians of three).
GO_TEST = set -o pipefail; GOGC=400 TEST_DB=$(1) go test -count=1 -json $(GO_PACKAGES) | \
	go run ./tools/testsummary -name "$(2)" -counts "$$SUITE_COUNTS"

test-go-sqlite: web/dist/index.html ## the Go suite on SQLite
	@echo "== Go tests on SQLite"
	@$(SUITE) "Go on SQLite" -- bash -c '$(call GO_TEST,sqlite,Go on SQLite)'

test-go-postgres: web/dist/index.html ## the Go suite on PostgreSQL at TEST_DATABASE_URL
	@echo "== Go tests on PostgreSQL ($(TEST_DATABASE_URL))"
	@$(SUITE) "Go on PostgreSQL" -- bash -c '$(call GO_TEST,postgres,Go on PostgreSQL)'

test-web: web/node_modules/.installed ## web unit tests (Vitest); make lint checks the web's code
	@echo "== Web unit tests"
	@$(SUITE) "Web units (Vitest)" -- bash -c 'cd web && npx vitest run'

test-e2e: build e2e/node_modules/.installed ## browser tests: the real binary in headless Chromium
	@echo "== Browser end-to-end tests"
	@$(SUITE) "Browser (Playwright)" -- bash -c 'cd e2e && npx playwright test'

test-faults: bin/backoffice ## fault tests of bin/backoffice on a private PostgreSQL cluster: outage under load, SIGTERM, NATS and node crashes under ingest
	@echo "== Fault tests (bin/backoffice; a private PostgreSQL cluster, never the shared one)"
	@unformatted=$$(gofmt -l test tools); if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi
	go vet -tags faults ./test/faults ./tools/...
	@$(SUITE) "Faults" -- bash -c 'set -o pipefail; BACKOFFICE_BIN=$(CURDIR)/bin/backoffice go test -tags faults -count=1 \
		-skip "^TestCluster" -json -timeout 10m ./test/faults | go run ./tools/testsummary -v -name Faults -counts "$$SUITE_COUNTS"'

generate: openapi web/node_modules/.installed ## write what is generated from the server: docs/openapi.json, docs/asyncapi.yaml, the web's API types and permission keys (tests fail when one is stale)
	go run ./tools/permissionsts
	cd web && npm run -s gen:api

test-cluster: bin/backoffice ## three nodes on a private PostgreSQL cluster behind haproxy (deploy/haproxy.cfg): start, rolling restart, kill -9, limits, stalled exports
	@echo "== Cluster tests (bin/backoffice x3 behind haproxy; a private PostgreSQL cluster)"
	go vet -tags faults ./test/faults
	@$(SUITE) "Cluster" -- bash -c 'set -o pipefail; BACKOFFICE_BIN=$(CURDIR)/bin/backoffice go test -tags faults -count=1 \
		-run "^TestCluster" -json -timeout 10m ./test/faults | go run ./tools/testsummary -v -name Cluster -counts "$$SUITE_COUNTS"'

lint: bin/backoffice ## every static check: the contracts are current, gofmt, golangci-lint (go vet's checks among them), ESLint, import rules, tsc
	@echo "== Contracts: docs/openapi.json and docs/asyncapi.yaml are what the code generates (web lint checks the web's types)"
	@$(SUITE) "Contracts" -- bash -c './bin/backoffice openapi | cmp -s - docs/openapi.json && \
		./bin/backoffice asyncapi | cmp -s - docs/asyncapi.yaml || \
		{ echo "a contract is stale: run make generate and commit what it writes"; exit 1; }'
	@echo "== gofmt"
	@$(SUITE) "Go format" -- bash -c 'unformatted=$$(gofmt -l cmd internal tools test web/*.go); \
		if [ -n "$$unformatted" ]; then echo "gofmt needed: $$unformatted"; exit 1; fi'
	@# golangci-lint's govet runs every analyzer of go vet (and one more): a go vet of its own would check it all twice.
	@echo "== golangci-lint (built from tools/lint/go.mod on first use: a few minutes)"
	@$(SUITE) "Go lint" -- $(GOLANGCI_LINT) run ./cmd/... ./internal/... ./tools/... ./web/
	@echo "== Web lint and types (eslint.config.js: size limits; .dependency-cruiser.mjs: import rules)"
	@$(SUITE) "Web lint and types" -- bash -c 'cd web && npm run -s lint && npm run -s typecheck'

FUZZTIME ?= 20s
fuzz: ## run every Go fuzz target for FUZZTIME each (default 20s)
	go test ./internal/auth -run '^$$' -fuzz '^FuzzCaptchaPayload$$' -fuzztime $(FUZZTIME)
	go test ./internal/auth -run '^$$' -fuzz '^FuzzMatchTOTP$$' -fuzztime $(FUZZTIME)
	go test ./internal/httpapi -run '^$$' -fuzz '^FuzzDecodeJSON$$' -fuzztime $(FUZZTIME)
	go test ./internal/httpapi -run '^$$' -fuzz '^FuzzQueryParams$$' -fuzztime $(FUZZTIME)
	go test ./internal/httpapi -run '^$$' -fuzz '^FuzzQueryDate$$' -fuzztime $(FUZZTIME)
	go test ./internal/httpapi -run '^$$' -fuzz '^FuzzQueryText$$' -fuzztime $(FUZZTIME)
	go test ./internal/httpapi -run '^$$' -fuzz '^FuzzWriteRoutes$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 2s
	go test ./internal/money -run '^$$' -fuzz '^FuzzAmount$$' -fuzztime $(FUZZTIME)

# Known vulnerabilities (docs/decisions/0005-security-review.md). Every check runs; the target fails if any did.
# govulncheck is pinned: @latest (v1.9.0) needs an x/telemetry version the module proxy refuses. npm audit: what
# web/ ships into the bundle (--omit=dev) fails on any advisory; the build and test tooling (web's dev
# dependencies, all of e2e/) never reaches production and fails on high or critical ones only.
audit: ## known vulnerabilities: govulncheck (Go), npm audit (web, e2e)
	@status=0; \
	echo "== govulncheck ./..."; go run golang.org/x/vuln/cmd/govulncheck@v1.8.0 ./... || status=1; \
	echo "== npm audit --omit=dev (web: the shipped bundle)"; (cd web && npm audit --omit=dev) || status=1; \
	echo "== npm audit --audit-level=high (web: build and test tooling)"; (cd web && npm audit --audit-level=high) || status=1; \
	echo "== npm audit --audit-level=high (e2e)"; (cd e2e && npm audit --audit-level=high) || status=1; \
	exit $$status

# The PostgreSQL database of a million transactions that make bench makes (bench/scale.sh).
BENCH_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/bench_1m
export BENCH_DATABASE_URL
bench: build e2e/node_modules/.installed ## the benchmark suite on 1M transactions, PostgreSQL and SQLite, and the scaling table to 10M (bench/README.md)
	bench/bench.sh

soak: build ## ten minutes of the mixed workload and dashboard polling: zero errors, flat memory (bench/README.md)
	BACKOFFICE_SECRETS_KEY_FILE=$${BACKOFFICE_SECRETS_KEY_FILE:-bench/out/secrets.key} bench/soak.sh $(BENCH_DATABASE_URL)

screenshots: build e2e/node_modules/.installed ## pictures of the main screens at 1280×720 and 1440×900 in e2e/screenshots/
	cd e2e && npx playwright test --config screens.config.ts

flood: build ## the anonymous sign-in flood: memory growth and the captcha's p99 under it (bench/README.md)
	bench/flood.sh

fmt: ## format the Go code
	gofmt -w cmd internal tools test web/*.go

demo-reset: ## delete the demo's database (./data), so that the next make run starts the demo afresh
	rm -rf data

clean: ## remove build output (keeps ./data)
	rm -rf bin web/dist/assets web/dist/icons web/dist/*.html web/dist/*.svg e2e/test-results .test-summary
