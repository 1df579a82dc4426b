// A gpu.module written by hand, as upstream's GPU tests write them: one
// kernel with no known_block_size (it takes its launch's constant block
// size), one that states its spirv.entry_point_abi, launched from host code.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @square(%A: memref<256xf32>, %C: memref<256xf32>) kernel {
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %bd = gpu.block_dim x
      %o = arith.muli %bx, %bd : index
      %i = arith.addi %o, %tx : index
      %x = memref.load %A[%i] : memref<256xf32>
      %y = arith.mulf %x, %x : f32
      memref.store %y, %C[%i] : memref<256xf32>
      gpu.return
    }
    gpu.func @add_one(%C: memref<256xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [32, 2, 1]>} {
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %c64 = arith.constant 64 : index
      %c32 = arith.constant 32 : index
      %o = arith.muli %bx, %c64 : index
      %r = arith.muli %ty, %c32 : index
      %o2 = arith.addi %o, %r : index
      %i = arith.addi %o2, %tx : index
      %x = memref.load %C[%i] : memref<256xf32>
      %one = arith.constant 1.0 : f32
      %y = arith.addf %x, %one : f32
      memref.store %y, %C[%i] : memref<256xf32>
      gpu.return
    }
  }
  func.func @gpu_module(%A: memref<256xf32>, %C: memref<256xf32>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@square blocks in (%c2, %c1, %c1) threads in (%c128, %c1, %c1) args(%A : memref<256xf32>, %C : memref<256xf32>)
    gpu.launch_func @kernels::@add_one blocks in (%c4, %c1, %c1) threads in (%c32, %c2, %c1) args(%C : memref<256xf32>)
    return
  }
}
