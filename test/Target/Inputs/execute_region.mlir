// Kernels branching between blocks inside scf.execute_region (unstructured
// control flow): the LLVM targets compile them, vulkan refuses them. In @k
// each thread runs its loop once, which canonicalize folds, and the
// region's blocks become the kernel body's; in @twice the region stays.
func.func @k(%A: memref<16xf32>, %C: memref<16xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (16) {
      %v = scf.execute_region -> f32 {
        %x = memref.load %A[%i] : memref<16xf32>
        %z = arith.constant 0.0 : f32
        %neg = arith.cmpf olt, %x, %z : f32
        cf.cond_br %neg, ^a, ^b(%x : f32)
      ^a:
        %y = arith.negf %x : f32
        cf.br ^b(%y : f32)
      ^b(%r: f32):
        scf.yield %r : f32
      }
      memref.store %v, %C[%i] : memref<16xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}

func.func @twice(%A: memref<32xf32>, %C: memref<32xf32>) {
  scf.forall (%b) in (1) {
    scf.forall (%i) in (32) {
      %v = scf.execute_region -> f32 {
        %x = memref.load %A[%i] : memref<32xf32>
        %z = arith.constant 0.0 : f32
        %neg = arith.cmpf olt, %x, %z : f32
        cf.cond_br %neg, ^a, ^b(%x : f32)
      ^a:
        %y = arith.negf %x : f32
        cf.br ^b(%y : f32)
      ^b(%r: f32):
        scf.yield %r : f32
      }
      memref.store %v, %C[%i] : memref<32xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 16 : i64}
  return
}
