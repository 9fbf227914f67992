# Quick start: `make demo` and `make test`. Both install missing Debian packages and configure the
# same build folder; `make demo` builds only the CLI it runs, `make test` builds everything else too.
BUILD        ?= build
ASAN_BUILD   ?= build-asan
FUZZ_SECONDS ?= 30
JOBS         ?= $(shell nproc)
# Ninja when it is installed (it schedules single files across targets; make waits for each library
# target to finish before the next starts), make otherwise. A folder keeps the generator it was
# configured with.
GENERATOR    ?= $(if $(shell command -v ninja 2>/dev/null),Ninja,Unix Makefiles)

.PHONY: all deps configure build test demo bench asan fuzz clean

all: build

deps:
	@bash scripts/install-deps

# One configuration for demo, test and bench: `make demo` then `make test` reuses the build.
configure: deps
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -G "$(GENERATOR)" -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD) -j$(JOBS)

test: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

# Only what the demo runs: the CLI (and the libraries it links), no tests or benchmarks.
demo: configure
	cmake --build $(BUILD) -j$(JOBS) --target parkan_cli
	bash scripts/demo $(BUILD)/bin/parkan

bench: build
	@for b in $(BUILD)/bin/*_bench; do [ -e "$$b" ] || continue; echo "== $$b"; \
	  $$b --benchmark_min_time=0.2 || exit 1; done

# The sanitizer build, shared by `make asan` and `make fuzz`: clang, AddressSanitizer +
# UndefinedBehaviorSanitizer at -O1 (what the sanitizers' documentation advises for speed) with line
# tables (-g1) for the reports, every file compiled on its own (it proves each file's includes; the
# Release build is a unity build), and libFuzzer's coverage instrumentation, so that the fuzz targets
# link against the same libraries as the tests (one build instead of two saves CI about 9 minutes).
# A folder configured otherwise (an older gcc sanitizer build) is configured afresh.
SAN_CONFIG := -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DPARKAN_SANITIZE=ON \
  -DPARKAN_FUZZ=ON -DPARKAN_BENCH=OFF -DCMAKE_CXX_FLAGS=-fsanitize=fuzzer-no-link

.PHONY: asan-configure
asan-configure: deps
	@grep -qs "^PARKAN_FUZZ:BOOL=ON" $(ASAN_BUILD)/CMakeCache.txt || { rm -rf $(ASAN_BUILD); \
	  CXX=clang++ cmake -S . -B $(ASAN_BUILD) -G "$(GENERATOR)" $(SAN_CONFIG); }

asan: asan-configure
	cmake --build $(ASAN_BUILD) -j$(JOBS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --test-dir $(ASAN_BUILD) --output-on-failure -j$(JOBS)

# Every libFuzzer target for FUZZ_SECONDS each, JOBS at a time (scripts/fuzz-run).
fuzz: asan-configure
	cmake --build $(ASAN_BUILD) -j$(JOBS) --target fuzz_targets
	bash scripts/fuzz-run $(ASAN_BUILD) $(FUZZ_SECONDS) $(JOBS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(WINDOWS_BUILD)

# ---- Windows: parkan.exe cross-built with MinGW-w64, its tests run under Wine ----------------------------
# scripts/windows-deps builds the dependencies into $(WINDOWS_BUILD)/deps (once); Wine keeps its prefix
# in the build folder too (nothing in ~/.wine), and stays quiet.
WINDOWS_BUILD    ?= build-windows
WINDOWS_DEPS     ?= $(WINDOWS_BUILD)/deps
WINDOWS_PACKAGES := g++-mingw-w64-x86-64-posix libz-mingw-w64-dev wine64 dpkg-dev python3
WINE             ?= $(shell command -v wine64 || command -v wine || echo /usr/lib/wine/wine64)
WINE_ENV          = WINEPREFIX=$(abspath $(WINDOWS_BUILD))/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="

.PHONY: windows-configure windows windows-test

windows-configure: deps
	@missing=; for p in $(WINDOWS_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null \
	  | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "windows: installing$$missing" >&2; \
	  sudo=; [ "$$(id -u)" -ne 0 ] && sudo=sudo; \
	  $$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q --no-install-recommends $$missing; fi
	JOBS=$(JOBS) bash scripts/windows-deps $(WINDOWS_DEPS)
	@test -f $(WINDOWS_BUILD)/CMakeCache.txt || cmake -S . -B $(WINDOWS_BUILD) -G "$(GENERATOR)" \
	  -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
	  -DPARKAN_WINDOWS_DEPS=$(abspath $(WINDOWS_DEPS)) -DPARKAN_TESTS=ON -DPARKAN_BENCH=OFF

# build-windows/bin/parkan.exe: one statically linked file.
windows: windows-configure
	cmake --build $(WINDOWS_BUILD) -j$(JOBS) --target parkan_cli

# No narrow string given to std::filesystem::path in the library or the CLI (scripts/windows-path-audit),
# the test binaries under Wine (one ctest per binary: each Wine start costs most of a second), then the
# same work as the Linux build, compared byte for byte (scripts/windows-smoke).
windows-test: windows-configure build
	$(WINE_ENV) cmake --build $(WINDOWS_BUILD) -j$(JOBS)
	JOBS=$(JOBS) python3 scripts/windows-path-audit $(WINDOWS_BUILD)
	@# The first Wine start creates the prefix; two starting at once race on it (a test then fails to start).
	$(WINE_ENV) $(WINE) $(WINDOWS_BUILD)/bin/parkan.exe --version
	$(WINE_ENV) ctest --test-dir $(WINDOWS_BUILD) --output-on-failure -j2 --repeat until-pass:2
	$(WINE_ENV) bash scripts/windows-smoke $(BUILD)/bin/parkan $(WINDOWS_BUILD)/bin/parkan.exe
