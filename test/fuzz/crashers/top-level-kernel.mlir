%m = memref.alloc() : memref<4xf32>
%f = arith.constant 1.0 : f32
scf.forall (%b) in (4) {
  memref.store %f, %m[%b] : memref<4xf32>
}
