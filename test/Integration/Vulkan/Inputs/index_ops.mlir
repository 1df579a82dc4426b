// Every op of the index dialect on the values of X and Y (random
// integers in [-8, 8]; divisors made odd, hence not zero; shift amounts
// in [0, 15]), each result in its own column of C.
func.func @index_ops(%X: memref<256xi32>, %Y: memref<256xi32>, %C: memref<256x26xi32>) {
  scf.forall (%b) in (4) {
    scf.forall (%t) in (64) {
      %c64 = index.constant 64
      %base = index.mul %b, %c64
      %i = index.add %base, %t
      %xi = memref.load %X[%i] : memref<256xi32>
      %yi = memref.load %Y[%i] : memref<256xi32>
      %x = index.casts %xi : i32 to index
      %y0 = index.casts %yi : i32 to index
      %one = index.constant 1
      %y = index.or %y0, %one
      %c15 = index.constant 15
      %s = index.and %y0, %c15
      %r0 = index.add %x, %y
      %r1 = index.sub %x, %y
      %r2 = index.mul %x, %y
      %r3 = index.divs %x, %y
      %r4 = index.divu %x, %y
      %r5 = index.ceildivs %x, %y
      %r6 = index.ceildivu %x, %y
      %r7 = index.floordivs %x, %y
      %r8 = index.rems %x, %y
      %r9 = index.remu %x, %y
      %r10 = index.maxs %x, %y
      %r11 = index.maxu %x, %y
      %r12 = index.mins %x, %y
      %r13 = index.minu %x, %y
      %r14 = index.shl %x, %s
      %r15 = index.shrs %x, %s
      %r16 = index.shru %x, %s
      %r17 = index.xor %x, %y
      %b0 = index.cmp slt(%x, %y)
      %b1 = index.cmp uge(%x, %y)
      %b2 = index.cmp eq(%x, %y0)
      %true = index.bool.constant true
      %b3 = arith.xori %b2, %true : i1
      %size = index.sizeof
      %cu = index.castu %xi : i32 to index
      %w0 = arith.extui %b0 : i1 to i32
      %w1 = arith.extui %b1 : i1 to i32
      %w2 = arith.extui %b2 : i1 to i32
      %w3 = arith.extui %b3 : i1 to i32
      %v0 = index.casts %r0 : index to i32
      %j0 = index.constant 0
      memref.store %v0, %C[%i, %j0] : memref<256x26xi32>
      %v1 = index.casts %r1 : index to i32
      %j1 = index.constant 1
      memref.store %v1, %C[%i, %j1] : memref<256x26xi32>
      %v2 = index.casts %r2 : index to i32
      %j2 = index.constant 2
      memref.store %v2, %C[%i, %j2] : memref<256x26xi32>
      %v3 = index.casts %r3 : index to i32
      %j3 = index.constant 3
      memref.store %v3, %C[%i, %j3] : memref<256x26xi32>
      %v4 = index.casts %r4 : index to i32
      %j4 = index.constant 4
      memref.store %v4, %C[%i, %j4] : memref<256x26xi32>
      %v5 = index.casts %r5 : index to i32
      %j5 = index.constant 5
      memref.store %v5, %C[%i, %j5] : memref<256x26xi32>
      %v6 = index.casts %r6 : index to i32
      %j6 = index.constant 6
      memref.store %v6, %C[%i, %j6] : memref<256x26xi32>
      %v7 = index.casts %r7 : index to i32
      %j7 = index.constant 7
      memref.store %v7, %C[%i, %j7] : memref<256x26xi32>
      %v8 = index.casts %r8 : index to i32
      %j8 = index.constant 8
      memref.store %v8, %C[%i, %j8] : memref<256x26xi32>
      %v9 = index.casts %r9 : index to i32
      %j9 = index.constant 9
      memref.store %v9, %C[%i, %j9] : memref<256x26xi32>
      %v10 = index.casts %r10 : index to i32
      %j10 = index.constant 10
      memref.store %v10, %C[%i, %j10] : memref<256x26xi32>
      %v11 = index.casts %r11 : index to i32
      %j11 = index.constant 11
      memref.store %v11, %C[%i, %j11] : memref<256x26xi32>
      %v12 = index.casts %r12 : index to i32
      %j12 = index.constant 12
      memref.store %v12, %C[%i, %j12] : memref<256x26xi32>
      %v13 = index.casts %r13 : index to i32
      %j13 = index.constant 13
      memref.store %v13, %C[%i, %j13] : memref<256x26xi32>
      %v14 = index.casts %r14 : index to i32
      %j14 = index.constant 14
      memref.store %v14, %C[%i, %j14] : memref<256x26xi32>
      %v15 = index.casts %r15 : index to i32
      %j15 = index.constant 15
      memref.store %v15, %C[%i, %j15] : memref<256x26xi32>
      %v16 = index.casts %r16 : index to i32
      %j16 = index.constant 16
      memref.store %v16, %C[%i, %j16] : memref<256x26xi32>
      %v17 = index.casts %r17 : index to i32
      %j17 = index.constant 17
      memref.store %v17, %C[%i, %j17] : memref<256x26xi32>
      %v18 = index.casts %size : index to i32
      %j18 = index.constant 18
      memref.store %v18, %C[%i, %j18] : memref<256x26xi32>
      %v19 = index.casts %cu : index to i32
      %j19 = index.constant 19
      memref.store %v19, %C[%i, %j19] : memref<256x26xi32>
      %j20 = index.constant 20
      memref.store %w0, %C[%i, %j20] : memref<256x26xi32>
      %j21 = index.constant 21
      memref.store %w1, %C[%i, %j21] : memref<256x26xi32>
      %j22 = index.constant 22
      memref.store %w2, %C[%i, %j22] : memref<256x26xi32>
      %j23 = index.constant 23
      memref.store %w3, %C[%i, %j23] : memref<256x26xi32>
      %j24 = index.constant 24
      memref.store %xi, %C[%i, %j24] : memref<256x26xi32>
      %j25 = index.constant 25
      memref.store %yi, %C[%i, %j25] : memref<256x26xi32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
