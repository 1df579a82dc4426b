// The gpu dialect's subgroup ops in a kernel of 2 blocks of 64 threads:
// reductions over the whole subgroup and over clusters, shuffles of every
// mode and a rotation within groups of 4 lanes (any Vulkan subgroup holds
// 4), broadcasts from lane 2 and from the first active lane (lane 1, where
// lane 0 takes the other branch), and the
// subgroup size, id and count. subgroup_ops.py computes each result from
// the inputs and the subgroup size the device ran.
func.func @subgroup_ops(%A: memref<128xf32>, %I: memref<128xi32>,
                        %L: memref<128xi64>, %F: memref<11x128xf32>,
                        %O: memref<9x128xi32>, %OL: memref<3x128xi64>) {
  scf.forall (%b) in (2) {
    scf.forall (%t) in (64) {
      %c64 = arith.constant 64 : index
      %base = arith.muli %b, %c64 : index
      %i = arith.addi %base, %t : index
      %x = memref.load %A[%i] : memref<128xf32>
      %n = memref.load %I[%i] : memref<128xi32>
      %l = memref.load %L[%i] : memref<128xi64>
      %f0 = gpu.subgroup_reduce add %x : (f32) -> f32
      %f1 = gpu.subgroup_reduce maxnumf %x cluster(size = 4) : (f32) -> f32
      %f2 = gpu.subgroup_reduce add %x cluster(size = 2, stride = 2) : (f32) -> f32
      %f3 = gpu.subgroup_reduce minimumf %x uniform : (f32) -> f32
      %w = arith.constant 4 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c3 = arith.constant 3 : i32
      %s0, %v0 = gpu.shuffle up %x, %c1, %w : f32
      %s1, %v1 = gpu.shuffle down %x, %c2, %w : f32
      %s2, %v2 = gpu.shuffle idx %x, %c3, %w : f32
      %s3, %v3 = gpu.shuffle xor %x, %c2, %w : f32
      %n0 = gpu.subgroup_reduce add %n : (i32) -> i32
      %n1 = gpu.subgroup_reduce minsi %n : (i32) -> i32
      %n2 = gpu.subgroup_reduce maxui %n cluster(size = 4) : (i32) -> i32
      %n3 = gpu.subgroup_reduce xor %n : (i32) -> i32
      %l0 = gpu.subgroup_reduce add %l : (i64) -> i64
      %l1 = gpu.subgroup_reduce and %l cluster(size = 2) : (i64) -> i64
      %l2, %u2 = gpu.shuffle down %l, %c1, %w : i64
      %rot, %u3 = gpu.rotate %x, 3, 4 : f32
      %size = gpu.subgroup_size : index
      %id = gpu.subgroup_id : index
      %count = gpu.num_subgroups : index
      %c0i = arith.constant 0 : index
      %c1i = arith.constant 1 : index
      %c2i = arith.constant 2 : index
      %c3i = arith.constant 3 : index
      %c4i = arith.constant 4 : index
      %c5i = arith.constant 5 : index
      %c6i = arith.constant 6 : index
      %c7i = arith.constant 7 : index
      %c8i = arith.constant 8 : index
      memref.store %f0, %F[%c0i, %i] : memref<11x128xf32>
      memref.store %f1, %F[%c1i, %i] : memref<11x128xf32>
      memref.store %f2, %F[%c2i, %i] : memref<11x128xf32>
      memref.store %f3, %F[%c3i, %i] : memref<11x128xf32>
      memref.store %s0, %F[%c4i, %i] : memref<11x128xf32>
      memref.store %s1, %F[%c5i, %i] : memref<11x128xf32>
      memref.store %s2, %F[%c6i, %i] : memref<11x128xf32>
      memref.store %s3, %F[%c7i, %i] : memref<11x128xf32>
      memref.store %rot, %F[%c8i, %i] : memref<11x128xf32>
      %c9i = arith.constant 9 : index
      %c10i = arith.constant 10 : index
      %bc = gpu.subgroup_broadcast %x, specific_lane %c2 : f32
      memref.store %bc, %F[%c9i, %i] : memref<11x128xf32>
      %lane0 = gpu.lane_id
      %zero = arith.constant 0 : index
      %active = arith.cmpi ne, %lane0, %zero : index
      %first = scf.if %active -> (f32) {
        %v = gpu.subgroup_broadcast %x, first_active_lane : f32
        scf.yield %v : f32
      } else {
        scf.yield %x : f32
      }
      memref.store %first, %F[%c10i, %i] : memref<11x128xf32>
      memref.store %n0, %O[%c0i, %i] : memref<9x128xi32>
      memref.store %n1, %O[%c1i, %i] : memref<9x128xi32>
      memref.store %n2, %O[%c2i, %i] : memref<9x128xi32>
      memref.store %n3, %O[%c3i, %i] : memref<9x128xi32>
      %e0 = arith.extui %v0 : i1 to i32
      %e1 = arith.extui %v1 : i1 to i32
      %e2 = arith.extui %v2 : i1 to i32
      %e3 = arith.extui %v3 : i1 to i32
      %e4 = arith.extui %u2 : i1 to i32
      %k1 = arith.shli %e1, %c1 : i32
      %k2 = arith.shli %e2, %c2 : i32
      %k3 = arith.shli %e3, %c3 : i32
      %c4 = arith.constant 4 : i32
      %k4 = arith.shli %e4, %c4 : i32
      %m0 = arith.ori %e0, %k1 : i32
      %m1 = arith.ori %m0, %k2 : i32
      %m2 = arith.ori %m1, %k3 : i32
      %m3 = arith.ori %m2, %k4 : i32
      %e5 = arith.extui %u3 : i1 to i32
      %c5 = arith.constant 5 : i32
      %k5 = arith.shli %e5, %c5 : i32
      %m4 = arith.ori %m3, %k5 : i32
      memref.store %m4, %O[%c4i, %i] : memref<9x128xi32>
      %size32 = arith.index_cast %size : index to i32
      %id32 = arith.index_cast %id : index to i32
      %count32 = arith.index_cast %count : index to i32
      memref.store %size32, %O[%c5i, %i] : memref<9x128xi32>
      memref.store %id32, %O[%c6i, %i] : memref<9x128xi32>
      memref.store %count32, %O[%c7i, %i] : memref<9x128xi32>
      %lane = gpu.lane_id
      %lane32 = arith.index_cast %lane : index to i32
      memref.store %lane32, %O[%c8i, %i] : memref<9x128xi32>
      memref.store %l0, %OL[%c0i, %i] : memref<3x128xi64>
      memref.store %l1, %OL[%c1i, %i] : memref<3x128xi64>
      memref.store %l2, %OL[%c2i, %i] : memref<3x128xi64>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 64 : i64}
  return
}
