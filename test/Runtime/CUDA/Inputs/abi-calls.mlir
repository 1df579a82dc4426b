// Host code that makes MLIR 22 emit every call of the mgpu* runtime ABI the
// CUDA runtime implements (sparse-library calls aside): module load and
// unload, kernel lookup, plain and cluster launches, streams, events,
// allocation (device and host-shared), copies, 16- and 32-bit fills, host
// registration, device selection and TMA descriptors.
!tile = memref<128x64xf16, 3>
!descriptor = !nvgpu.tensormap.descriptor<tensor = !tile, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @kernel(%data: memref<16xf32>, %count: index) kernel {
      gpu.return
    }
  }

  llvm.func @useTensorMap(!llvm.ptr)

  func.func @everything(%host: memref<16xf32>, %host16: memref<16xi16>,
                        %unranked: memref<*xf32>,
                        %tensor: memref<*xf16>) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %shared = arith.constant 65536 : i32
    %device0 = arith.constant 0 : i32
    %one = arith.constant 1.0 : f32
    %one16 = arith.constant 1 : i16
    gpu.set_default_device %device0

    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %d, %t2 = gpu.alloc async [%t0] () : memref<16xf32>
    %t3 = gpu.memcpy async [%t2] %d, %host : memref<16xf32>, memref<16xf32>
    %t4 = gpu.memset async [%t3] %d, %one : memref<16xf32>, f32
    %t5 = gpu.memset async [%t4] %host16, %one16 : memref<16xi16>, i16
    %t6 = gpu.launch_func async [%t5] @kernels::@kernel
        blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        dynamic_shared_memory_size %shared
        args(%d : memref<16xf32>, %c16 : index)
    %t7 = gpu.launch_func async [%t1] @kernels::@kernel
        clusters in (%c2, %c1, %c1) blocks in (%c4, %c1, %c1)
        threads in (%c16, %c1, %c1)
        args(%d : memref<16xf32>, %c16 : index)
    %joined = gpu.wait async [%t6, %t7]
    %map = nvgpu.tma.create.descriptor %tensor box[%c128, %c64]
        : memref<*xf16> -> !descriptor
    %mapPointer = builtin.unrealized_conversion_cast %map
        : !descriptor to !llvm.ptr
    llvm.call @useTensorMap(%mapPointer) : (!llvm.ptr) -> ()
    %t9 = gpu.dealloc async [%joined] %d : memref<16xf32>
    gpu.wait [%t9]

    %managed = gpu.alloc host_shared () : memref<16xf32>
    gpu.host_register %unranked : memref<*xf32>
    gpu.host_unregister %unranked : memref<*xf32>
    return
  }

  // A token that comes from elsewhere is an event to the lowering.
  func.func @waitForEvent(%token: !gpu.async.token) {
    gpu.wait [%token]
    return
  }
}
