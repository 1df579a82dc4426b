// The reference of examples/flash_attention.mlir: plain softmax attention,
// one head and one query row at a time.
func.func @flash_attention_ref(%Q: memref<?x?x64xf32>, %K: memref<?x?x64xf32>,
                               %V: memref<?x?x64xf32>, %O: memref<?x?x64xf32>,
                               %scale: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %heads = memref.dim %Q, %c0 : memref<?x?x64xf32>
  %S = memref.dim %Q, %c1 : memref<?x?x64xf32>
  %Skv = memref.dim %K, %c1 : memref<?x?x64xf32>
  %p = memref.alloc(%Skv) : memref<?xf32>
  scf.for %h = %c0 to %heads step %c1 {
    scf.for %i = %c0 to %S step %c1 {
      %mx = scf.for %j = %c0 to %Skv step %c1 iter_args(%m = %ninf) -> (f32) {
        %dot = scf.for %d = %c0 to %c64 step %c1 iter_args(%s = %zero) -> (f32) {
          %q = memref.load %Q[%h, %i, %d] : memref<?x?x64xf32>
          %k = memref.load %K[%h, %j, %d] : memref<?x?x64xf32>
          %qk = arith.mulf %q, %k : f32
          %s2 = arith.addf %s, %qk : f32
          scf.yield %s2 : f32
        }
        %sc = arith.mulf %dot, %scale : f32
        memref.store %sc, %p[%j] : memref<?xf32>
        %m2 = arith.maximumf %m, %sc : f32
        scf.yield %m2 : f32
      }
      %sum = scf.for %j = %c0 to %Skv step %c1 iter_args(%l = %zero) -> (f32) {
        %sc = memref.load %p[%j] : memref<?xf32>
        %d = arith.subf %sc, %mx : f32
        %e = math.exp %d : f32
        memref.store %e, %p[%j] : memref<?xf32>
        %l2 = arith.addf %l, %e : f32
        scf.yield %l2 : f32
      }
      scf.for %d = %c0 to %c64 step %c1 {
        %o = scf.for %j = %c0 to %Skv step %c1 iter_args(%a = %zero) -> (f32) {
          %e = memref.load %p[%j] : memref<?xf32>
          %v = memref.load %V[%h, %j, %d] : memref<?x?x64xf32>
          %ev = arith.mulf %e, %v : f32
          %a2 = arith.addf %a, %ev : f32
          scf.yield %a2 : f32
        }
        %on = arith.divf %o, %sum : f32
        memref.store %on, %O[%h, %i, %d] : memref<?x?x64xf32>
      }
    }
  }
  memref.dealloc %p : memref<?xf32>
  return
}
