# quakes-tui: `make run` opens the browser on the bundled real data,
# `make test` runs the tests. Both install what they need first.
SWIFT ?= swift
# man-db and groff-base: the tests render the manual page with `man -l`.
# libcurl4-openssl-dev: fetch downloads with libcurl directly.
APT_PACKAGES = libncursesw5-dev libsqlite3-dev zlib1g-dev libcurl4-openssl-dev tmux man-db groff-base
# gmt: the cross-section tests run GMT's `project` (without its
# recommended coastlines and fonts, which they do not use).
TEST_APT_PACKAGES = gmt

.PHONY: run test build release deps test-deps clean bench fuzz install uninstall manual

run: deps build
	$(SWIFT) run --skip-build quakes-tui $(ARGS)

test: deps test-deps
	$(SWIFT) test

test-deps:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(TEST_APT_PACKAGES)" APT_OPTIONS=--no-install-recommends

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
	    $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(APT_OPTIONS) $$missing >/dev/null; \
	  else echo "please install:$$missing" >&2; exit 1; fi; \
	fi

clean:
	rm -rf .build

# Figures at 100,000 and 1,000,000 generated quakes (release build; several minutes).
ROWS ?= 100000,1000000
bench: deps
	$(SWIFT) build -c release
	.build/release/quakes-bench run --rows $(ROWS) $(BENCH_ARGS)

# libFuzzer targets for the predicate parser and the GeoJSON, CSV, FDSN text and QuakeML readers
# (Fuzz/fuzz.sh; built in .build-fuzz): each runs FUZZ_SECONDS from the seeds
# in Fuzz/corpus, new inputs go to .build-fuzz/corpus, crashes to Fuzz/crashes.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= predicate geojson csv fdsntext quakeml
fuzz: deps
	SWIFT=$(SWIFT) Fuzz/fuzz.sh build
	Fuzz/fuzz.sh run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# quakes-tui(1) regenerated from the debug binary's own description of its
# commands and options, plus Resources/manual/*.mdoc; the KEYS section
# (10-keys.mdoc) and docs/KEYS.md first, from the browser's Keymap.
# Each file is written whole or not at all.
manual: build
	.build/debug/quakes-keys mdoc > Resources/manual/10-keys.mdoc.new
	mv Resources/manual/10-keys.mdoc.new Resources/manual/10-keys.mdoc
	.build/debug/quakes-keys markdown > docs/KEYS.md.new
	mv docs/KEYS.md.new docs/KEYS.md
	.build/debug/quakes-keys readme README.md > README.md.new
	mv README.md.new README.md
	Scripts/generate-manual.sh .build/debug/quakes-tui Resources/quakes-tui.1

# make install [PREFIX=/usr/local] [DESTDIR=] [CONFIGURATION=release|debug]
# The binary reads its bundled feed, coastlines and gazetteer from the
# SwiftPM resource bundle beside the executable it resolves to, so both go
# to libexec/quakes-tui/ and bin/quakes-tui is a relative symlink to it.
# CONFIGURATION=debug installs the debug build as it is (no build): the tests'.
PREFIX ?= /usr/local
CONFIGURATION ?= release
BIN_DIR ?= .build/$(CONFIGURATION)
RESOURCE_BUNDLE = quakes-tui_BundledData.resources
BUNDLED_FILES = all_week_2018-06-14.geojson gazetteer_cities15000.tsv land_110m.README.md land_110m.txt \
  coast_50m.README.md coast_50m.txt plates_pb2002.LICENSE.md plates_pb2002.README.md plates_pb2002.txt \
  faults_gem2021.LICENSE.txt faults_gem2021.README.md faults_gem2021.txt
INSTALL_LIBEXEC = $(DESTDIR)$(PREFIX)/libexec/quakes-tui
INSTALL_BIN = $(DESTDIR)$(PREFIX)/bin/quakes-tui
INSTALL_MAN = $(DESTDIR)$(PREFIX)/share/man/man1/quakes-tui.1
INSTALL_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions/quakes-tui
INSTALL_ZSH = $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_quakes-tui
INSTALL_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/quakes-tui.fish

install: $(if $(filter release,$(CONFIGURATION)),release)
	install -d $(INSTALL_LIBEXEC)/$(RESOURCE_BUNDLE) $(dir $(INSTALL_BIN)) $(dir $(INSTALL_MAN)) \
	  $(dir $(INSTALL_BASH)) $(dir $(INSTALL_ZSH)) $(dir $(INSTALL_FISH))
	install -m 755 $(BIN_DIR)/quakes-tui $(INSTALL_LIBEXEC)/quakes-tui
	install -m 644 $(addprefix $(BIN_DIR)/$(RESOURCE_BUNDLE)/,$(BUNDLED_FILES)) $(INSTALL_LIBEXEC)/$(RESOURCE_BUNDLE)/
	ln -sfn ../libexec/quakes-tui/quakes-tui $(INSTALL_BIN)
	install -m 644 Resources/quakes-tui.1 $(INSTALL_MAN)
	$(BIN_DIR)/quakes-tui --generate-completion-script bash > $(INSTALL_BASH)
	$(BIN_DIR)/quakes-tui --generate-completion-script zsh > $(INSTALL_ZSH)
	$(BIN_DIR)/quakes-tui --generate-completion-script fish > $(INSTALL_FISH)
	chmod 644 $(INSTALL_BASH) $(INSTALL_ZSH) $(INSTALL_FISH)

# Exactly the files install wrote, and the folders it made under libexec/quakes-tui.
uninstall:
	rm -f $(INSTALL_BIN) $(INSTALL_MAN) $(INSTALL_BASH) $(INSTALL_ZSH) $(INSTALL_FISH) \
	  $(INSTALL_LIBEXEC)/quakes-tui $(addprefix $(INSTALL_LIBEXEC)/$(RESOURCE_BUNDLE)/,$(BUNDLED_FILES))
	if [ -d $(INSTALL_LIBEXEC)/$(RESOURCE_BUNDLE) ]; then rmdir $(INSTALL_LIBEXEC)/$(RESOURCE_BUNDLE); fi
	if [ -d $(INSTALL_LIBEXEC) ]; then rmdir $(INSTALL_LIBEXEC); fi
