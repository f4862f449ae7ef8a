# Makefile: the project's commands. `make run` opens the workstation, `make test` runs every test.
# System packages are installed by packaging/install-deps.sh, the one place that knows them.

CARGO ?= cargo

.PHONY: run test bench deps test-deps

## run: build in release mode and open the window
run: deps
	$(CARGO) run --release

## test: unit, integration and doc tests (benches are only built by `make bench`)
test: test-deps
	$(CARGO) test --locked

## bench: criterion benchmarks
bench: deps
	$(CARGO) bench --locked

## deps: what building and running needs (ALSA headers, pkg-config, a C linker; checks cargo)
deps:
	bash packaging/install-deps.sh

## test-deps: deps plus the test tools (Xvfb)
test-deps:
	bash packaging/install-deps.sh --test
