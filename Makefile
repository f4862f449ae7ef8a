# Makefile: the project's commands. `make run` opens the workstation, `make test` runs every test.
# System packages are installed by packaging/install-deps.sh, the one place that knows them.

CARGO ?= cargo

ACCURACY_SET = ../shared/data/sgf/ogs-lemonsqueeze

.PHONY: accuracy katago-accuracy test-katago photo-accuracy run test test-quick test-release measure-caller test-kill-clock deb bench deps test-deps

## run: build in release mode and open the window
run: deps
	$(CARGO) run --release

## test: everything CI runs: the cargo tests, then one release build whose window must show a board
## under Xvfb, then (as root or with password-less sudo) the .deb built, installed and started
test: test-quick test-small-fs test-release

## test-quick: unit, integration and doc tests only (no release build; benches only by `make bench`)
test-quick: test-deps
	$(CARGO) test --locked

## test-small-fs: a failed write on a real 4 MB tmpfs, filled up and then remounted read-only
## (packaging/check-small-fs.sh; needs the right to mount, says so and skips where it has none)
test-small-fs: test-deps
	bash packaging/check-small-fs.sh

## test-release: the release binary under Xvfb (packaging/check-window.sh, check-kept-frame.sh, and
## check-window-kept.sh: moved, resized, quit by Ctrl+Q, back at the same size and place), the
## caller heard end to end where a PulseAudio server can be started (packaging/measure-caller.sh,
## about 6 minutes; it says so and goes on where it cannot), then packaging/test-deb.sh
test-release: test-deps
	$(CARGO) build --release --locked --bin go-arbiter --example check_screenshot --example window_figures \
		--example caller_onsets --example bare_window
	bash packaging/check-window.sh target/release/go-arbiter
	bash packaging/check-kept-frame.sh
	bash packaging/check-window-kept.sh target/release/go-arbiter
	bash packaging/measure-caller.sh target/release/go-arbiter
	@if [ "$$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null; then \
		bash packaging/test-deb.sh; \
	else \
		echo "make: skipping packaging/test-deb.sh: installing a .deb needs root or password-less sudo"; \
	fi

## measure-caller: the caller heard end to end (every call, its onset against the schedule, idle and
## under load, and the window's CPU beside a bare window's; fails on a missing or extra call, and
## where PulseAudio cannot start; about 6 minutes)
measure-caller: test-deps
	$(CARGO) build --release --locked --bin go-arbiter --example caller_onsets --example bare_window
	MEASURE_CALLER_REQUIRED=1 bash packaging/measure-caller.sh target/release/go-arbiter

## test-kill-clock: the release window killed (SIGKILL) 100 times while two clocks run; after each
## kill the file must keep the time the clocks ran (10 s lost at most) and charge no more than passed
## (packaging/kill-clock.sh; about 6 minutes)
test-kill-clock: test-deps
	$(CARGO) build --release --locked --bin go-arbiter --example kill_clock
	bash packaging/kill-clock.sh target/release/go-arbiter

## deb: build target/debian/go-arbiter_<version>-1_<arch>.deb (needs cargo-deb: packaging/test-deb.sh installs it)
deb:
	$(CARGO) build --release --locked --bin go-arbiter
	$(CARGO) deb --no-build --strip --locked

## bench: criterion benchmarks
bench: deps
	$(CARGO) bench --locked

## deps: what building and running needs (ALSA headers, pkg-config, a C linker; checks cargo)
deps:
	bash packaging/install-deps.sh

## test-deps: deps plus the test tools (Xvfb, xdotool, ImageMagick, validators) and the run-time libraries
test-deps:
	bash packaging/install-deps.sh --test

## accuracy: the dead-stone suggestions against the public set's recorded results, release, one core
## where taskset exists (bad/ left out; the accuracy floors are cargo tests in tests/it/dead.rs)
## test-katago: the KataGo client against the real engine, not in `make test`: packaging/install-katago.sh
## puts KataGo v1.18.1 and the b10c384 network from the katrain 1.20.0 wheel (PyPI) in target/katago, run
## on the CPU through PoCL, then tests/katago.rs runs with KATAGO_PROGRAM/MODEL/CONFIG from target/katago/env
test-katago:
	bash packaging/install-katago.sh
	set -a && . target/katago/env && set +a && $(CARGO) test --locked --test katago -- --test-threads=1

## katago-accuracy: KataGo's dead stones through our client against the public set's recorded results
## (release build; KataGo installed as for test-katago)
katago-accuracy:
	bash packaging/install-katago.sh
	$(CARGO) build --release --locked --bin go-arbiter
	set -a && . target/katago/env && set +a && target/release/go-arbiter accuracy $(ACCURACY_SET) --skip bad --engine katago

## photo-accuracy: the boards read from the test photos (issue 21), corners given and found, release,
## one core where taskset exists (the floors with corners given are cargo tests in tests/it/photo.rs)
photo-accuracy:
	$(CARGO) build --release --locked --bin go-arbiter
	$$(command -v taskset >/dev/null && echo taskset -c 1) target/release/go-arbiter photo-accuracy \
		../shared/data/photos/imago-tests --corners tests/data/photo-corners.txt

accuracy:
	$(CARGO) build --release --locked --bin go-arbiter
	$$(command -v taskset >/dev/null && echo taskset -c 1) target/release/go-arbiter accuracy \
		$(ACCURACY_SET)/9x9 $(ACCURACY_SET)/19x19 --skip bad
