# iDeliverMobile: the two set-up commands are `make run` and `make test`.
SWIFT ?= swift
BIN := .build/release/idelivermobile
DATA := Data/deliveries.json

.PHONY: build run test unit e2e bench snapshots completions man deps clean

# Debian packages beyond the base machine: the bitmap fonts big text is drawn
# from (misc-fixed, Terminus, GNU Unifont). Installed only when missing.
DEPS := xfonts-base fonts-terminus-otb fonts-unifont

deps:
	@missing=$$(for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		sudo=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		echo "installing:" $$missing; \
		$$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi

build:
	$(SWIFT) build -c release --product idelivermobile

run: deps build
	$(BIN) $(DATA)

# Unit, property, snapshot and end-to-end (tmux) tests. The end-to-end suite
# drives the release binary, so it is built first.
test: deps build
	IDELIVERMOBILE_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --parallel

unit:
	$(SWIFT) test --parallel --skip EndToEndTests

e2e: build
	IDELIVERMOBILE_BIN=$(CURDIR)/$(BIN) $(SWIFT) test --filter EndToEndTests

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

bench:
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark

clean:
	$(SWIFT) package clean
	rm -rf .build Benchmarks/.build dist
