# iDeliverMobile: the two set-up commands are `make run` and `make test`.
SWIFT ?= swift
BIN := .build/release/idelivermobile
DATA := Data/deliveries.json

.PHONY: build run test docs-check unit e2e bench snapshots completions man legibility deps legibility-deps terminals terminals-deps pixels pixels-deps clean

# Installs the Debian packages of $(1) that are missing (as root, or through sudo).
define install_missing
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		sudo=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		echo "installing:" $$missing; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq \
			--no-install-recommends -o DPkg::Lock::Timeout=300 $$missing >/dev/null; \
	fi
endef

# Debian packages beyond the base machine: the bitmap fonts big text is drawn
# from (misc-fixed, Terminus, GNU Unifont), a monospace Thai font (TlwgMono)
# for the scripts DejaVu Sans Mono lacks, in big glyphs and in terminals that
# fall back through fontconfig, outline fonts with CJK (Droid Sans Fallback)
# and colour emoji for text drawn as images (--glyphs pixels), and libpq,
# PostgreSQL's client library, for the team's hub (it brings libssl-dev,
# whose libcrypto also hashes manifests), and strace, with which a test
# counts the writes of a frame to the terminal.
DEPS := xfonts-base fonts-terminus-otb fonts-unifont fonts-tlwg-mono-otf fonts-droid-fallback fonts-noto-color-emoji libpq-dev strace

deps:
	$(call install_missing,$(DEPS))

build: deps
	$(SWIFT) build -c release --product idelivermobile

run: deps build
	$(BIN) $(DATA)

# Unit, property, snapshot and end-to-end (tmux) tests from one debug build:
# the end-to-end and command-line suites drive that build's binary, the same
# code `make build` optimises, so a fresh clone compiles the packages once,
# not twice.
TEST_BIN := .build/debug/idelivermobile
test: deps docs-check
	$(SWIFT) build --build-tests
	IDELIVERMOBILE_BIN=$(CURDIR)/$(TEST_BIN) $(SWIFT) test --skip-build --parallel

# docs/architecture.md's module graph against Package.swift (no build:
# `swift package dump-package`); scripts/module-graph --write mends it.
docs-check:
	SWIFT=$(SWIFT) scripts/module-graph --check

unit:
	$(SWIFT) test --parallel --skip EndToEndTests

e2e:
	$(SWIFT) build --build-tests
	IDELIVERMOBILE_BIN=$(CURDIR)/$(TEST_BIN) $(SWIFT) test --skip-build --filter EndToEndTests

# Regenerates the golden screen snapshots from the current render path.
snapshots:
	IDELIVERMOBILE_RECORD_SNAPSHOTS=1 $(SWIFT) test --filter SnapshotTests

# Shell completions (bash, zsh, fish) from swift-argument-parser's own
# generator, into dist/completions/.
completions: build
	mkdir -p dist/completions
	$(BIN) --generate-completion-script bash > dist/completions/idelivermobile.bash
	$(BIN) --generate-completion-script zsh > dist/completions/_idelivermobile
	$(BIN) --generate-completion-script fish > dist/completions/idelivermobile.fish

# The man page from swift-argument-parser's generate-manual plugin (works
# offline: the plugin comes with the package), into dist/man/.
man:
	$(SWIFT) package plugin generate-manual --authors "iDeliverMobile developers"
	mkdir -p dist/man
	cp .build/plugins/GenerateManual/outputs/idelivermobile/idelivermobile.1 dist/man/

# Keys timed end to end through a pseudo-terminal (Benchmarks/KeyLatency: the
# release binary on stores of 10^3 and 10^6 deliveries it makes once under
# .build/bench; BENCH_COUNTS=1000,1000000,10000000 adds 10^7, about 10 GB and
# several minutes to import), imports timed, then the engine's micro-benchmarks.
BENCH_COUNTS ?= 1000,1000000
BENCH_RUNS ?= 5
# Sessions a store of the no-pause run (keys back to back; 0 for none).
BENCH_NO_PAUSE_RUNS ?= $(BENCH_RUNS)
# Imports timed as whole processes (Benchmarks/ImportTiming: wall clock, CPU
# and largest resident set of `idelivermobile import` into a new store), and
# into the team's hub on a throwaway PostgreSQL cluster, with its snapshot.
BENCH_IMPORT_COUNTS ?= 10000,100000,1000000
BENCH_HUB_COUNTS ?= 100000,1000000
# A team store's replica (scripts/bench-team-sync.sh): the first sync of this
# many deliveries from a throwaway PostgreSQL hub, and a catch-up after this many changes.
BENCH_TEAM_COUNT ?= 1000000
BENCH_TEAM_CHANGES ?= 10000
bench: build
	cd Benchmarks && $(SWIFT) run -c release KeyLatency --binary $(CURDIR)/$(BIN) --work $(CURDIR)/.build/bench \
		--counts $(BENCH_COUNTS) --runs $(BENCH_RUNS) --no-pause-runs $(BENCH_NO_PAUSE_RUNS)
	cd Benchmarks && $(SWIFT) run -c release PixelLatency --binary $(CURDIR)/$(BIN) --data $(CURDIR)/$(DATA)
	cd Benchmarks && $(SWIFT) run -c release ImportTiming --binary $(CURDIR)/$(BIN) --work $(CURDIR)/.build/bench \
		--counts $(BENCH_IMPORT_COUNTS) --hub-counts $(BENCH_HUB_COUNTS)
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark
	scripts/bench-team-sync.sh $(BIN) $(BENCH_TEAM_COUNT) $(BENCH_TEAM_CHANGES)

# Tools for `make legibility` (not needed to build or test), installed with
# apt-get when missing: xterm and a virtual X server to show the frames,
# ImageMagick for screenshots, tesseract (+ eng, rus, heb, jpn) for the OCR.
LEGIBILITY_PKGS := xterm xvfb x11-utils imagemagick tesseract-ocr tesseract-ocr-eng \
	tesseract-ocr-rus tesseract-ocr-heb tesseract-ocr-jpn
legibility-deps:
	$(call install_missing,$(LEGIBILITY_PKGS))

# Screenshots of every text size in xterm under Xvfb, OCR and glyph heights;
# prints the table and refreshes docs/legibility.md (see there). Not part of
# `make test`. IDELIVERMOBILE_BIN overrides the binary it measures.
legibility: deps legibility-deps build
	python3 scripts/legibility.py

# `--glyphs pixels` seen for real (scripts/pixels.py): xterm -ti vt340 under
# Xvfb, screenshots of both screens at every category (docs/pixels/), cap
# heights, OCR, plain xterm and tmux; refreshes docs/pixels.md's table.
# Tools installed when missing: xterm, a virtual X server, ImageMagick,
# xdotool for the keys, tesseract, libsixel-bin (img2sixel, to compare) and
# mlterm (a second sixel terminal).
PIXELS_PKGS := xterm xvfb x11-utils xdotool imagemagick tesseract-ocr tesseract-ocr-eng tesseract-ocr-rus \
	tesseract-ocr-heb tesseract-ocr-jpn libsixel-bin mlterm tmux
pixels-deps:
	$(call install_missing,$(PIXELS_PKGS))

pixels: deps pixels-deps build
	python3 scripts/pixels.py

# The terminal matrix (docs/terminals.md): each terminal Debian has, run
# under Xvfb, what `automatic` picks there and screenshots at four sizes.
# sakura is the VTE terminal. Not part of `make test`.
TERMINAL_PKGS := $(LEGIBILITY_PKGS) xdotool mlterm kitty alacritty rxvt-unicode sakura
terminals-deps:
	$(call install_missing,$(TERMINAL_PKGS))

terminals: deps terminals-deps build
	python3 scripts/terminals.py

clean:
	$(SWIFT) package clean
	rm -rf .build Benchmarks/.build dist
