// tile-gpu-host-buffers reports the host buffers a kernel uses that no
// allocation can replace: stack buffers, globals that are not constant,
// buffers that leave the function and layouts with symbols. Each is named
// with the kernel's use.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-gpu-host-buffers=target=cuda %s

func.func @stack(%C: memref<4xf32>) {
  // expected-error @+1 {{'memref.alloca' op is host stack memory, which the kernel's 'memref.load' at line 12, column 12 cannot reach on the cuda target; allocate the buffer with memref.alloc (device memory there) or gpu.alloc}}
  %T = memref.alloca() : memref<4xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// -----

memref.global "private" @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

func.func @global(%C: memref<4xf32>) {
  // expected-error @+1 {{'memref.get_global' op is a host global that is not constant, which the kernel's 'memref.load' at line 28, column 12 cannot reach on the cuda target}}
  %T = memref.get_global @table : memref<4xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// -----

func.func @returned(%C: memref<4xf32>) -> memref<4xf32> {
  // expected-error @+1 {{'memref.alloc' op is used by the kernel's 'memref.store' at line 43, column 7 and leaves the function through 'func.return' at line 46, column 3}}
  %T = memref.alloc() : memref<4xf32>
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      memref.store %one, %T[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return %T : memref<4xf32>
}

// -----

func.func @symbols(%C: memref<4xf32>, %o: index) {
  // expected-error @+1 {{'memref.alloc' op is used by the kernel's 'memref.load' at line 56, column 12, and on the cuda target a kernel's buffer must be device memory, which gpu.alloc makes of no layout with symbols}}
  %T = memref.alloc()[%o] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// -----

// Buffers that reach the kernel through host control flow, which the pass
// does not follow forward: found from the kernel's use, each once.
func.func @choose(%C: memref<64xf32>, %flag: i1) {
  // expected-error @+1 {{'memref.alloc' op is host memory that reaches the kernel's 'memref.store' at line 80, column 7 through 'scf.if' at line 72, column 8; on the cuda target kernels reach device memory only}}
  %T = memref.alloc() : memref<64xf32>
  // expected-error @+1 {{'memref.alloc' op is host memory that reaches the kernel's 'memref.store' at line 80, column 7 through 'scf.if' at line 72, column 8}}
  %U = memref.alloc() : memref<64xf32>
  %S = scf.if %flag -> memref<64xf32> {
    scf.yield %T : memref<64xf32>
  } else {
    scf.yield %U : memref<64xf32>
  }
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %one, %S[%i] : memref<64xf32>
      memref.store %one, %S[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @iteration_argument(%C: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'memref.alloca' op is host memory that reaches the kernel's 'memref.load' at line 99, column 14 through 'scf.for' at line 95, column 8}}
  %T = memref.alloca() : memref<64xf32>
  %r = scf.for %k = %c0 to %c2 step %c1 iter_args(%B = %T) -> memref<64xf32> {
    %v = memref.subview %B[0] [32] [1] : memref<64xf32> to memref<32xf32, strided<[1]>>
    scf.forall (%b) in (1) {
      scf.forall (%i) in (32) {
        %x = memref.load %v[%i] : memref<32xf32, strided<[1]>>
        memref.store %x, %C[%i] : memref<64xf32>
      }
    } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
    scf.yield %B : memref<64xf32>
  }
  return
}

// -----

// Registered host memory may take any path.
func.func @registered(%C: memref<64xf32>, %flag: i1) {
  %T = memref.alloc() : memref<64xf32>
  %cast = memref.cast %T : memref<64xf32> to memref<*xf32>
  gpu.host_register %cast : memref<*xf32>
  %S = scf.if %flag -> memref<64xf32> {
    scf.yield %T : memref<64xf32>
  } else {
    scf.yield %C : memref<64xf32>
  }
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %one, %S[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// The arguments of a public function that launches kernels are device
// memory: host code that reads or writes one faulted in the host process.
func.func @host_reads_argument(%A: memref<64xf32>, %C: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op takes argument #0 in host code, but on the cuda target the arguments of a public function that launches kernels are device memory (tile-run, the Python package and ahead-of-time callers pass device buffers), which host code cannot read or write}}
  %s = memref.load %A[%c0] : memref<64xf32>
  %v = memref.subview %C[0] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1]>>
  // expected-error @+1 {{'linalg.fill' op takes argument #1 in host code}}
  linalg.fill ins(%s : f32) outs(%v : memref<8xf32, strided<[1]>>)
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %s, %C[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// Not checked: a private function (its callers may pass host memory), one
// with no kernel (a reference that runs on the cpu), queries, views and GPU
// memory ops. A call is checked by what its callee does: @helper reads the
// argument on the host.
func.func private @helper(%A: memref<64xf32>, %C: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %s = memref.load %A[%c0] : memref<64xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %s, %C[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @reference(%A: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %s = memref.load %A[%c0] : memref<64xf32>
  memref.store %s, %A[%c0] : memref<64xf32>
  return
}
func.func @device_side(%A: memref<64xf32>, %C: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %n = memref.dim %A, %c0 : memref<64xf32>
  gpu.memcpy %C, %A : memref<64xf32>, memref<64xf32>
  gpu.memset %A, %f : memref<64xf32>, f32
  // expected-error @+1 {{'func.call' op passes argument #0 to a function whose host code reads or writes it (the 'memref.load' at line 156, column 8 of @helper)}}
  call @helper(%A, %C) : (memref<64xf32>, memref<64xf32>) -> ()
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %f, %C[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

// A constant global that a kernel uses and the function returns: the
// kernel's copy in device memory is freed before the return (the message
// was the one for allocations, which asked for gpu.alloc host_shared).
memref.global "private" constant @table : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @global_returned(%C: memref<4xf32>) -> memref<4xf32> {
  // expected-error @+1 {{'memref.get_global' op is a constant host global that the kernel's 'memref.load' at line 197, column 12 uses and that leaves the function through 'func.return' at line 201, column 3; on the cuda target the kernel reads a copy of it in device memory, which is freed before the function returns; pass on a memref.get_global of its own, which no kernel uses}}
  %T = memref.get_global @table : memref<4xf32>
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return %T : memref<4xf32>
}

// -----

// A public function that launches no kernel but uses the GPU (a
// gpu.memcpy) takes device memory too: reading an argument on the host
// faulted.
func.func @copies_then_reads(%A: memref<4xf32>, %B: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  gpu.memcpy %B, %A : memref<4xf32>, memref<4xf32>
  // expected-error @+1 {{'memref.load' op takes argument #1 in host code, but on the cuda target the arguments of a public function that uses the GPU (the 'gpu.memcpy' at line 211, column 3) are device memory}}
  %x = memref.load %B[%c0] : memref<4xf32>
  return
}

// -----

// gpu.alloc without host_shared is device memory: host code that wrote it
// (here through a view) faulted. Kernels, gpu ops, views and host_shared
// buffers are fine.
func.func @writes_device_memory(%C: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %T = gpu.alloc () : memref<4xf32>
  %S = gpu.alloc host_shared () : memref<4xf32>
  %v = memref.subview %T[0] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1]>>
  // expected-error @+1 {{'memref.store' op takes the device memory of the 'gpu.alloc' at line 225, column 8 in host code, which on the cuda target host code cannot read or write: do it in a kernel, copy with gpu.memcpy, or allocate with gpu.alloc host_shared (managed memory, which both reach)}}
  memref.store %f, %v[%c0] : memref<2xf32, strided<[1]>>
  memref.store %f, %S[%c0] : memref<4xf32>
  gpu.memset %T, %f : memref<4xf32>, f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      %y = memref.load %S[%i] : memref<4xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  gpu.dealloc %T : memref<4xf32>
  gpu.dealloc %S : memref<4xf32>
  return
}

// -----

// A function that launches kernels through a call: a host stack buffer it
// passes there cannot reach them, and its arguments are device memory.
func.func private @launch(%T: memref<4xf32>, %C: memref<4xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      %x = memref.load %T[%i] : memref<4xf32>
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}
func.func @stack_to_callee(%C: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.alloca' op is host stack memory, which the kernels of @launch (through the 'func.call' at line 264, column 3) cannot reach on the cuda target}}
  %T = memref.alloca() : memref<4xf32>
  // expected-error @+1 {{'memref.load' op takes argument #0 in host code, but on the cuda target the arguments of a public function that launches kernels are device memory}}
  %x = memref.load %C[%c0] : memref<4xf32>
  call @launch(%T, %C) : (memref<4xf32>, memref<4xf32>) -> ()
  return
}

// -----

// Device memory that host code reads in a function it is passed to, here
// two calls down: reported at the call that passes it, naming the read.
func.func private @read(%T: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %T[%c0] : memref<4xf32>
  return %x : f32
}
func.func private @relay(%T: memref<4xf32>) -> f32 {
  %x = call @read(%T) : (memref<4xf32>) -> f32
  return %x : f32
}
func.func @reads_in_callee(%C: memref<4xf32>) {
  // expected-error @+1 {{'func.call' op passes argument #0 to a function whose host code reads or writes it (the 'memref.load' at line 274, column 8 of @read), but on the cuda target the arguments of a public function that launches kernels are device memory}}
  %x = call @relay(%C) : (memref<4xf32>) -> f32
  %T = gpu.alloc () : memref<4xf32>
  // expected-error @+1 {{'func.call' op passes the device memory of the 'gpu.alloc' at line 284, column 8 to a function whose host code reads or writes it (the 'memref.load' at line 274, column 8 of @read), which on the cuda target host code cannot read or write}}
  %y = call @read(%T) : (memref<4xf32>) -> f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (4) {
      memref.store %x, %C[%i] : memref<4xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 4 : i64}
  return
}

// -----

// So is a buffer that host control flow passes to a function that launches
// kernels: the call's operands are followed back too (it was malloc
// memory, which the kernel of @fill_kernel read at a host address).
func.func private @fill_kernel(%S: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %one, %S[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @choose_for_call(%C: memref<64xf32>, %flag: i1) {
  // expected-error-re @+1 {{'memref.alloc' op is host memory that reaches the kernels of @fill_kernel (through the 'func.call' at line {{[0-9]+}}, column 3) through 'scf.if' at line {{[0-9]+}}, column 8; on the cuda target kernels reach device memory only}}
  %T = memref.alloc() : memref<64xf32>
  %S = scf.if %flag -> memref<64xf32> {
    scf.yield %T : memref<64xf32>
  } else {
    scf.yield %C : memref<64xf32>
  }
  func.call @fill_kernel(%S) : (memref<64xf32>) -> ()
  memref.dealloc %T : memref<64xf32>
  return
}

// -----

// And a buffer a call returns: followed into the callee's returns, and
// through its arguments back to the call's operands (the kernel read the
// malloc memory of @make at a host address, silently).
func.func private @make() -> memref<64xf32> {
  // expected-error-re @+1 {{'memref.alloc' op is host memory that reaches the kernel's 'memref.store' at line {{[0-9]+}}, column 7 through 'func.call' at line {{[0-9]+}}, column 8; on the cuda target kernels reach device memory only}}
  %a = memref.alloc() : memref<64xf32>
  return %a : memref<64xf32>
}
func.func private @same(%x: memref<64xf32>) -> memref<64xf32> {
  return %x : memref<64xf32>
}
func.func @returned(%C: memref<64xf32>) {
  %b = func.call @make() : () -> memref<64xf32>
  // expected-error-re @+1 {{'memref.alloc' op is host memory that reaches the kernel's 'memref.store' at line {{[0-9]+}}, column 7 through 'func.call' at line {{[0-9]+}}, column 8}}
  %t = memref.alloc() : memref<64xf32>
  %u = func.call @same(%t) : (memref<64xf32>) -> memref<64xf32>
  %w = func.call @same(%C) : (memref<64xf32>) -> memref<64xf32>
  %v = arith.constant 1.0 : f32
  scf.forall (%bb) in (1) {
    scf.forall (%i) in (64) {
      memref.store %v, %b[%i] : memref<64xf32>
      memref.store %v, %u[%i] : memref<64xf32>
      memref.store %v, %w[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %t : memref<64xf32>
  return
}

// -----

// Through a func.constant's value as through a call by name: the returned
// buffer, and the arguments of the function value a call gives them to.
func.func private @make_host() -> memref<64xf32> {
  // expected-error-re @+1 {{'memref.alloc' op is host memory that reaches the kernel's 'memref.store' at line {{[0-9]+}}, column 7 through 'func.call_indirect' at line {{[0-9]+}}, column 8; on the cuda target kernels reach device memory only}}
  %a = memref.alloc() : memref<64xf32>
  return %a : memref<64xf32>
}
func.func private @fill(%S: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      memref.store %one, %S[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
func.func @returned_by_value() {
  %make = func.constant @make_host : () -> memref<64xf32>
  %b = func.call_indirect %make() : () -> memref<64xf32>
  %v = arith.constant 1.0 : f32
  scf.forall (%bb) in (1) {
    scf.forall (%i) in (64) {
      memref.store %v, %b[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// A function value that no func.constant gives may be @fill, which a
// func.constant takes: the buffers a call of it passes cannot be followed
// to the kernels (they stayed malloc memory).
func.func @unknown_value(%f: (memref<64xf32>) -> (), %pick: i1) {
  %U = memref.alloc() : memref<64xf32>
  %g = func.constant @fill : (memref<64xf32>) -> ()
  %h = arith.select %pick, %f, %g : (memref<64xf32>) -> ()
  // expected-error-re @+1 {{'func.call_indirect' op passes buffers to a function value that no func.constant gives, and the 'func.constant' at line {{[0-9]+}}, column 8 takes @fill, which launches kernels, as a value: on the cuda target kernels reach device memory only, and what a call of an unknown function passes cannot be followed to its kernels (call the function by name, or through the func.constant that names it)}}
  func.call_indirect %h(%U) : (memref<64xf32>) -> ()
  // Given no buffer, nothing to follow.
  %c = arith.constant 1 : index
  %k = func.constant @count : (index) -> index
  %n = func.call_indirect %k(%c) : (index) -> index
  memref.dealloc %U : memref<64xf32>
  return
}
func.func private @count(%c: index) -> index {
  return %c : index
}
