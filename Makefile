# The same targets CI uses (.ci/run calls `make test`).
GO ?= go

.PHONY: all build demo test vet vet-go static fmt fuzz bench clean

all: build

# Static binaries start faster (no dynamic loader): every hook call pays
# the start-up. actionguard-hook is the lean hook binary install prefers;
# actionguard carries every command, mcp-proxy included.
build:
	CGO_ENABLED=0 $(GO) build -trimpath -o bin/actionguard ./cmd/actionguard
	CGO_ENABLED=0 $(GO) build -trimpath -o bin/actionguard-hook ./cmd/actionguard-hook

# The main job on the embedded default (SQLite, nothing to set up).
demo:
	$(GO) run ./cmd/actionguard demo

# Installs what the tests need and runs every test.
test:
	./scripts/test.sh

# staticcheck, pinned (the version the module proxy serves), is not a
# dependency of the module: .ci/run installs it and passes its path;
# elsewhere `go run` fetches it into the module cache. duplicates lists
# the code the tree repeats (it gives no verdict and always exits 0); it
# comes with the development machines, not from a registry, so where it
# is missing the target says so and goes on.
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2

vet: vet-go static

vet-go:
	$(GO) vet ./...
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }

# The slower half of vet, which CI runs beside the tests (.ci/run).
static:
	$(STATICCHECK) ./...
	@if command -v duplicates >/dev/null 2>&1; then duplicates --most 20; \
	else echo "duplicates: not on this machine (it is not in a package registry): skipped"; fi

fmt:
	gofmt -w .

# A short run of every fuzz target (FUZZTIME=60s for a longer one).
fuzz:
	./scripts/fuzz.sh

# Benchmarks and the throughput scripts; results go in docs/benchmarks.md.
bench:
	./bench/run.sh

clean:
	rm -rf bin
