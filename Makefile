# xarch: the two entry points are `make suite` (the cross-arch suite on the
# default matrix) and `make test` (the project's tests). Both install or check
# their prerequisites first (ci/install-deps.sh).

ARCH ?= all
GO   ?= go
BIN  := bin/xarch
XARCH_FLAGS ?=
# OpenSSL's libcrypto levels in the suite (--openssl, ci/openssl-levels.json):
# empty is xarch test's default, the installed levels; OPENSSL=none leaves them
# out, OPENSSL=arm64=PREFIX tests your own build.
OPENSSL ?=

.PHONY: all deps build suite test-arch test unit cross lint sparc64-build clean

all: build

deps:
	@bash ci/install-deps.sh

build:
	@command -v $(GO) >/dev/null || { echo "xarch: missing: go (Go 1.26)" >&2; exit 1; }
	$(GO) build -o $(BIN) ./cmd/xarch

# The main job: every arch, every default model, every implementation.
# Also writes xarch-report.html: the matrix as one self-contained page.
# About 24 min on 2 cores quiet; 8.5 min with OPENSSL=none (README).
suite: deps build
	$(BIN) test --arch all --html xarch-report.html $(if $(OPENSSL),--openssl $(OPENSSL)) $(XARCH_FLAGS)

# One person, one arch: make test-arch ARCH=ppc64le
test-arch: deps build
	$(BIN) test --arch $(ARCH) $(XARCH_FLAGS)

# The project's tests: lint, host unit/integration tests (they run real
# runners natively and under qemu), the sparc64 gccgo build, and the
# target-side unit tests under qemu.
test: deps lint sparc64-build unit cross

unit:
	@# suite: TestEmulatedEachArch runs every family on each arch's richest model (about 5-9 min on 2 cores).
	$(GO) test -count=1 -timeout 25m ./...
	@# The OpenSSL provider (cgo, its own tag), against Go's crypto natively.
	CGO_ENABLED=1 $(GO) test -count=1 -tags xarch_openssl ./provider/openssl

cross:
	bash ci/cross-unit-tests.sh

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	@# Every gc arch of ci/models.json: the target side's asm frames and declarations.
	@for a in $$($(GO) run ./cmd/xarch models --arches --compiler gc); do \
	  echo "GOARCH=$$a go vet (target side)"; \
	  GOARCH=$$a $(GO) vet ./arch/... ./family/... ./runner/... ./wire/... ./timing/... || exit 1; \
	  GOARCH=$$a $(GO) vet -tags xarch_planted ./arch/... ./family/... || exit 1; \
	done
	bash ci/lint-workflow.sh

# The target side must keep building with gccgo 12 (no generics, Go 1.18 APIs).
sparc64-build:
	@for tags in none xarch_planted; do \
	  out=$$(GOOS=linux GOARCH=sparc64 GCCGO=sparc64-linux-gnu-gccgo-12 $(GO) build -compiler gccgo \
	    -gccgoflags='all=-static -O2' -tags $$tags -o /dev/null ./cmd/xarch-runner 2>&1) || { \
	    echo "$$out" | grep -v -e GNU-stack -e 'deprecated and will'; \
	    echo "xarch: the sparc64 runner does not build with gccgo 12 (tags: $$tags)"; exit 1; }; \
	done; echo "sparc64 runner builds with gccgo 12 (with and without xarch_planted)"

clean:
	rm -rf bin
