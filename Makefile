# quakes-tui: `make run` opens the browser on the bundled real data,
# `make test` runs the tests. Both install what they need first.
SWIFT ?= swift
APT_PACKAGES = libncursesw5-dev libsqlite3-dev zlib1g-dev tmux

.PHONY: run test build release deps clean bench fuzz

run: deps build
	$(SWIFT) run --skip-build quakes-tui $(ARGS)

test: deps
	$(SWIFT) test

build:
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# System packages: installed with apt-get when absent and possible
# (python3 serves the feed tests' HTTP server on 127.0.0.1).
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	command -v python3 >/dev/null 2>&1 || missing="$$missing python3"; \
	if [ -n "$$missing" ]; then \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing$$missing"; \
	    SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	  else echo "please install:$$missing" >&2; exit 1; fi; \
	fi

clean:
	rm -rf .build

# Figures at 100,000 and 1,000,000 generated quakes (release build; several minutes).
ROWS ?= 100000,1000000
bench: deps
	$(SWIFT) build -c release
	.build/release/quakes-bench run --rows $(ROWS) $(BENCH_ARGS)

# libFuzzer targets for the predicate parser and the GeoJSON and CSV readers
# (Fuzz/fuzz.sh; built in .build-fuzz): each runs FUZZ_SECONDS from the seeds
# in Fuzz/corpus, new inputs go to .build-fuzz/corpus, crashes to Fuzz/crashes.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= predicate geojson csv
fuzz: deps
	SWIFT=$(SWIFT) Fuzz/fuzz.sh build
	Fuzz/fuzz.sh run $(FUZZ_SECONDS) $(FUZZ_TARGETS)
