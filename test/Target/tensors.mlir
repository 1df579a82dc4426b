// Tensors left in the input are an error at the first op on them, on every
// target: no pipeline bufferizes, and each failed at whatever op its
// conversions met first ("failed to legalize operation 'cf.br'" on the cpu,
// 'scf.for' on cuda, 'gpu.func' on rocm, 'tensor.empty' on vulkan). Tensor
// code that folds away (an element of a tensor just built) compiles.
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cpu %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=cuda:sm_80 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=rocm:gfx942 %s -o /dev/null
// RUN: tile-opt --split-input-file --verify-diagnostics --target=vulkan %s -o /dev/null

func.func @kernel(%A: memref<64xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      // expected-error @+1 {{'tensor.empty' op works on tensor<4xf32>, which this target's pipeline does not compile: it lowers memrefs, not tensors (bufferize first, e.g. --one-shot-bufferize)}}
      %t = tensor.empty() : tensor<4xf32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %x = memref.load %A[%i] : memref<64xf32>
      %filled = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
        %next = tensor.insert %x into %acc[%k] : tensor<4xf32>
        scf.yield %next : tensor<4xf32>
      }
      %j = arith.remui %i, %c4 : index
      %y = tensor.extract %filled[%j] : tensor<4xf32>
      memref.store %y, %A[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}

// -----

func.func @host(%x: f32, %n: index) -> f32 {
  // expected-error @+1 {{'arith.constant' op works on tensor<4xf32>}}
  %table = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %y = tensor.extract %table[%n] : tensor<4xf32>
  %r = arith.addf %x, %y : f32
  return %r : f32
}

// -----

func.func @folded(%A: memref<64xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (64) {
      %t = tensor.empty() : tensor<4xf32>
      %c0 = arith.constant 0 : index
      %x = memref.load %A[%i] : memref<64xf32>
      %t2 = tensor.insert %x into %t[%c0] : tensor<4xf32>
      %y = tensor.extract %t2[%c0] : tensor<4xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %A[%i] : memref<64xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
