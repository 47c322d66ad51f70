# iDeliverMobile: the two set-up commands are `make run` and `make test`.
SWIFT ?= swift
BIN := .build/release/idelivermobile
DATA := Data/deliveries.json

.PHONY: build run test unit e2e bench snapshots legibility deps clean

build:
	$(SWIFT) build -c release --product idelivermobile

run: build
	$(BIN) $(DATA)

# Unit, property, snapshot and end-to-end (tmux) tests. The end-to-end suite
# drives the release binary, so it is built first.
test: build
	IDELIVERMOBILE_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --parallel

unit:
	$(SWIFT) test --parallel --skip EndToEndTests

e2e: build
	IDELIVERMOBILE_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --filter EndToEndTests

# Regenerates the golden screen snapshots from the current render path.
snapshots:
	IDELIVERMOBILE_RECORD_SNAPSHOTS=1 $(SWIFT) test --filter SnapshotTests

bench:
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

# Tools for `make legibility` (not needed to build or test), installed with
# apt-get when missing: xterm and a virtual X server to show the frames,
# ImageMagick for screenshots, tesseract (+ eng, rus, heb, jpn) for the OCR.
LEGIBILITY_PKGS := xterm xvfb x11-utils imagemagick tesseract-ocr tesseract-ocr-eng \
	tesseract-ocr-rus tesseract-ocr-heb tesseract-ocr-jpn
deps:
	@missing=$$(for p in $(LEGIBILITY_PKGS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
			-o DPkg::Lock::Timeout=300 $$missing; \
	fi

# Screenshots of every text size in xterm under Xvfb, OCR and glyph heights;
# prints the table and refreshes docs/legibility.md (see there). Not part of
# `make test`. IDELIVERMOBILE_BIN overrides the binary it measures.
legibility: deps build
	python3 scripts/legibility.py

clean:
	$(SWIFT) package clean
	rm -rf .build Benchmarks/.build
