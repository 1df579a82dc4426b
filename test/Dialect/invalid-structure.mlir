// tile-verify rules for kernels, pipelined loops and tile.* attributes.
// RUN: tile-opt --split-input-file --verify-diagnostics --tile-verify %s

func.func @kernel_needs_threads() {
  // expected-error @+1 {{kernel loop needs a tile.threads attribute}}
  scf.forall (%b) in (4) {
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

func.func @threads_range() {
  // expected-error @+1 {{tile.threads must be an integer in [1, 1024]}}
  scf.forall (%b) in (4) {
  } {mapping = [#gpu.block<x>], tile.threads = 2048 : i64}
  return
}

// -----

func.func @threads_on_a_plain_loop() {
  // expected-error @+1 {{tile.threads belongs on a kernel loop}}
  scf.forall (%b) in (4) {
  } {tile.threads = 128 : i64}
  return
}

// -----

func.func @nested_kernels() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{kernels cannot be nested}}
    scf.forall (%c) in (2) {
    } {mapping = [#gpu.block<y>], tile.threads = 32 : i64}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @mixed_mapping() {
  // expected-error @+1 {{kernel mapping mixes block ids with #gpu.thread<y>}}
  scf.forall (%b, %t) in (4, 4) {
  } {mapping = [#gpu.block<x>, #gpu.thread<y>], tile.threads = 32 : i64}
  return
}

// -----

func.func @kernel_outputs(%t: tensor<4xf32>) {
  // expected-error @+1 {{kernel loop cannot have shared outputs}}
  %r = scf.forall (%b) in (4) shared_outs(%o = %t) -> tensor<4xf32> {
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @stages_on_forall() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{tile.num_stages belongs on an scf.for}}
    scf.forall (%c) in (2) {
    } {tile.num_stages = 2 : i64}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @stages_positive(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{tile.num_stages must be an integer in [1, 16]}}
    scf.for %k = %c0 to %n step %c1 {
    } {tile.num_stages = 0 : i64}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @pipeline_outside_kernel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{a pipelined loop must be inside a kernel}}
  scf.for %k = %c0 to %n step %c1 {
  } {tile.num_stages = 2 : i64}
  return
}

// -----

func.func @order_needs_stages(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{tile.order needs tile.num_stages on the same loop}}
    scf.for %k = %c0 to %n step %c1 {
    } {tile.order = array<i64>}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @order_length(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    // expected-error @+1 {{tile.order has 2 entries but the loop body has 1 tile ops}}
    scf.for %k = %c0 to %n step %c1 {
      "tile.fill"(%f, %v) : (memref<8xf32, #tile.fragment>, f32) -> ()
    } {tile.num_stages = 2 : i64, tile.order = array<i64: 0, 1>}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @order_permutation(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    // expected-error @+1 {{tile.order must be a permutation of 0..1}}
    scf.for %k = %c0 to %n step %c1 {
      "tile.fill"(%f, %v) : (memref<8xf32, #tile.fragment>, f32) -> ()
      "tile.fill"(%f, %v) : (memref<8xf32, #tile.fragment>, f32) -> ()
    } {tile.num_stages = 2 : i64, tile.order = array<i64: 1, 1>}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @stage_range(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    // expected-error @+1 {{tile.stage entry 3 is outside [0, 2)}}
    scf.for %k = %c0 to %n step %c1 {
      "tile.fill"(%f, %v) : (memref<8xf32, #tile.fragment>, f32) -> ()
    } {tile.num_stages = 2 : i64, tile.stage = array<i64: 3>}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @stage_list_type(%n: index, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    // expected-error @+1 {{tile.stage must be an array<i64: ...>}}
    scf.for %k = %c0 to %n step %c1 {
      "tile.fill"(%f, %v) : (memref<8xf32, #tile.fragment>, f32) -> ()
    } {tile.num_stages = 2 : i64, tile.stage = [0]}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @lists_on_a_forall() {
  scf.forall (%b) in (4) {
    // expected-error @+1 {{tile.order and tile.stage belong on a pipelined scf.for}}
    scf.forall (%c) in (2) {
    } {tile.order = array<i64>}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @unknown_tile_attribute() {
  // expected-error @+1 {{has unknown tile attribute 'tile.thread' (valid: tile.threads, tile.num_stages, tile.order, tile.stage)}}
  scf.forall (%b) in (4) {
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64, tile.thread = 1 : i64}
  return
}

// -----

func.func @fill_takes_no_attributes(%v: f32) {
  scf.forall (%b) in (4) {
    %f = "tile.alloc"() : () -> memref<8xf32, #tile.fragment>
    // expected-error @+1 {{has unknown attribute 'value' (it takes no attributes)}}
    "tile.fill"(%f, %v) {value = 1.0 : f32} : (memref<8xf32, #tile.fragment>, f32) -> ()
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @stages_bounded(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%b) in (4) {
    // expected-error @+1 {{tile.num_stages must be an integer in [1, 16]}}
    scf.for %k = %c0 to %n step %c1 {
    } {tile.num_stages = 1000 : i64}
    // expected-error @+1 {{tile.num_stages must be an integer in [1, 16]}}
    scf.for %k = %c0 to %n step %c1 {
    } {tile.num_stages = 9223372036854775807 : i64}
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// A kernel grid has the three dimensions of a GPU launch (nine crashed every
// target; a fourth was read as x again).
func.func @grid_rank_bounded() {
  // expected-error @+1 {{kernel loop has 4 dimensions; a kernel grid has at most 3 (#gpu.block<x>, <y> and <z>)}}
  scf.forall (%i, %j, %k, %l) in (2, 2, 2, 2) {
  } {mapping = [#gpu.block<x>, #gpu.block<y>, #gpu.block<z>, #gpu.block<linear_dim_3>], tile.threads = 32 : i64}
  return
}

// -----

func.func @grid_rank_nine() {
  // expected-error @+1 {{kernel loop has 9 dimensions}}
  scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
  } {mapping = [#gpu.block<x>, #gpu.block<y>, #gpu.block<z>, #gpu.block<linear_dim_3>, #gpu.block<linear_dim_4>, #gpu.block<linear_dim_5>, #gpu.block<linear_dim_6>, #gpu.block<linear_dim_7>, #gpu.block<linear_dim_8>], tile.threads = 32 : i64}
  return
}

// -----

func.func @grid_linear_dimension() {
  // expected-error @+1 {{kernel mapping uses #gpu.block<linear_dim_0>; kernel grids map to #gpu.block<x>, <y> and <z>}}
  scf.forall (%i) in (2) {
  } {mapping = [#gpu.block<linear_dim_0>], tile.threads = 32 : i64}
  return
}

// -----

func.func @grid_dimension_twice() {
  // expected-error @+1 {{kernel mapping uses #gpu.block<x> twice}}
  scf.forall (%i, %j) in (2, 2) {
  } {mapping = [#gpu.block<x>, #gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

func.func @parallel_loop_rank_bounded(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    // expected-error @+1 {{thread-parallel loop has 9 induction variables; the lowering of kernels supports at most 8}}
    scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
      memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}

// -----

// The same loop outside any kernel (the outer loop has no mapping): the cpu
// lowers every such scf.forall as a thread-parallel loop (found by
// tile-fuzz: it overflowed the lowering's arrays).
func.func @forall_rank_bounded_outside_kernels(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    // expected-error @+1 {{thread-parallel loop has 9 induction variables; the lowering of kernels supports at most 8}}
    scf.forall (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) in (2, 2, 2, 2, 2, 2, 2, 2, 2) {
      memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
    }
  }
  return
}

// -----

func.func @scf_parallel_rank_bounded(%A: memref<2x2x2x2x2x2x2x2x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  scf.forall (%b) in (4) {
    // expected-error @+1 {{thread-parallel loop has 9 induction variables}}
    scf.parallel (%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8) = (%c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0, %c0) to (%c2, %c2, %c2, %c2, %c2, %c2, %c2, %c2, %c2) step (%c1, %c1, %c1, %c1, %c1, %c1, %c1, %c1, %c1) {
      memref.store %one, %A[%i0, %i1, %i2, %i3, %i4, %i5, %i6, %i7, %i8] : memref<2x2x2x2x2x2x2x2x2xf32>
    }
  } {mapping = [#gpu.block<x>], tile.threads = 32 : i64}
  return
}
