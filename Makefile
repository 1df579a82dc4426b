# Thin wrapper over CMake for the two quick-start commands:
#   make run     build, then compile and run the main example
#   make check   build, then run the whole test suite
#   make check-cpu-isa   the integration and python tests again with the host
#                taken for an AVX2 machine without AVX-512 (x86-64-v3), then
#                for an SSE4.2 one (x86-64-v2): TILE_HOST_CPU, see docs/cpu.md
# SANITIZE=1 builds with AddressSanitizer + UndefinedBehaviorSanitizer in
# build-sanitize/ instead of build/; SANITIZE=thread with ThreadSanitizer in
# build-tsan/, where check runs the tests that compile (test/Dialect,
# Transforms, Target, tools, CAPI).

SANITIZE ?= 0
ifeq ($(SANITIZE),1)
  BUILD ?= build-sanitize
  CMAKE_FLAGS += -DTILE_SANITIZE=ON
else ifeq ($(SANITIZE),thread)
  BUILD ?= build-tsan
  CMAKE_FLAGS += -DTILE_SANITIZE=thread
else
  BUILD ?= build
endif
MLIR_CONFIG := /usr/lib/llvm-22/lib/cmake/mlir/MLIRConfig.cmake
LIT ?= /usr/lib/llvm-22/bin/lit
CPU_ISA_CHIPS ?= x86-64-v3 x86-64-v2

.PHONY: all deps build run check check-cpu-isa clean

all: build

# Installs the toolchain when it is missing (fresh Debian 12 machine).
deps:
	@if [ ! -f $(MLIR_CONFIG) ] || ! command -v ninja >/dev/null || \
	    ! command -v cmake >/dev/null; then scripts/install-deps.sh; fi

$(BUILD)/build.ninja: | deps
	cmake -S . -B $(BUILD) -G Ninja $(CMAKE_FLAGS)

build: deps $(BUILD)/build.ninja
	cmake --build $(BUILD)

run: build
	$(BUILD)/bin/tile-run examples/gemm.mlir --target=cpu --shape=0,1,2=1024x1024 \
	  --check=gemm --repeat=20

check: build
	cmake --build $(BUILD) --target check-tile

# Runs code generation and the jit for each chip as "native" on this machine
# (which must have the chip's features; the jit checks).
check-cpu-isa: build
	set -e; for chip in $(CPU_ISA_CHIPS); do \
	  $(LIT) -sv --param tile_host_cpu=$$chip $(BUILD)/test/Integration $(BUILD)/test/python; \
	done

clean:
	rm -rf build build-sanitize build-tsan
