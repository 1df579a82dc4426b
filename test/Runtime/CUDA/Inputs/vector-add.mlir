// c = a + b on the GPU, with the host data reaching the device in the three
// ways the CUDA runtime supports: explicit device copies, registered host
// memory, and host-shared (managed) allocations. Prints the last 5 elements
// of each result; a[i] = i, b[i] = 2i, so they read 2985 ... 2997.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                  %n: index) kernel {
      %block = gpu.block_id x
      %blockSize = gpu.block_dim x
      %thread = gpu.thread_id x
      %first = arith.muli %block, %blockSize : index
      %i = arith.addi %first, %thread : index
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %sum = arith.addf %x, %y : f32
        memref.store %sum, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @printTail(%m: memref<?xf32>) {
    %tail = memref.subview %m[995] [5] [1]
        : memref<?xf32> to memref<5xf32, strided<[1], offset: 995>>
    %cast = memref.cast %tail
        : memref<5xf32, strided<[1], offset: 995>> to memref<*xf32>
    call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %n = arith.constant 1000 : index
    %minusOne = arith.constant -1.0 : f32
    %ha = memref.alloc(%n) : memref<?xf32>
    %hb = memref.alloc(%n) : memref<?xf32>
    %hc = memref.alloc(%n) : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %i32 = arith.index_cast %i : index to i32
      %x = arith.sitofp %i32 : i32 to f32
      %y = arith.addf %x, %x : f32
      memref.store %x, %ha[%i] : memref<?xf32>
      memref.store %y, %hb[%i] : memref<?xf32>
    }

    // Explicit copies: device buffers, memcpy in, launch, memcpy out.
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %db, %t2 = gpu.alloc async [%t1] (%n) : memref<?xf32>
    %dc, %t3 = gpu.alloc async [%t2] (%n) : memref<?xf32>
    %t4 = gpu.memcpy async [%t3] %da, %ha : memref<?xf32>, memref<?xf32>
    %t5 = gpu.memcpy async [%t4] %db, %hb : memref<?xf32>, memref<?xf32>
    %t6 = gpu.memset async [%t5] %dc, %minusOne : memref<?xf32>, f32
    %t7 = gpu.launch_func async [%t6] @kernels::@add
        blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%da : memref<?xf32>, %db : memref<?xf32>, %dc : memref<?xf32>,
             %n : index)
    %t8 = gpu.memcpy async [%t7] %hc, %dc : memref<?xf32>, memref<?xf32>
    %t9 = gpu.dealloc async [%t8] %da : memref<?xf32>
    %t10 = gpu.dealloc async [%t9] %db : memref<?xf32>
    %t11 = gpu.dealloc async [%t10] %dc : memref<?xf32>
    gpu.wait [%t11]
    call @printTail(%hc) : (memref<?xf32>) -> ()

    // Registered host memory: the kernel reads and writes host memrefs.
    %ua = memref.cast %ha : memref<?xf32> to memref<*xf32>
    %ub = memref.cast %hb : memref<?xf32> to memref<*xf32>
    %hd = memref.alloc(%n) : memref<?xf32>
    %ud = memref.cast %hd : memref<?xf32> to memref<*xf32>
    gpu.host_register %ua : memref<*xf32>
    gpu.host_register %ub : memref<*xf32>
    gpu.host_register %ud : memref<*xf32>
    %t12 = gpu.wait async
    %t13 = gpu.launch_func async [%t12] @kernels::@add
        blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%ha : memref<?xf32>, %hb : memref<?xf32>, %hd : memref<?xf32>,
             %n : index)
    gpu.wait [%t13]
    call @printTail(%hd) : (memref<?xf32>) -> ()

    // Host-shared allocation: managed memory both sides address.
    %shared = gpu.alloc host_shared (%n) : memref<?xf32>
    %t14 = gpu.wait async
    %t15 = gpu.launch_func async [%t14] @kernels::@add
        blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%ha : memref<?xf32>, %hb : memref<?xf32>,
             %shared : memref<?xf32>, %n : index)
    gpu.wait [%t15]
    call @printTail(%shared) : (memref<?xf32>) -> ()
    %t16 = gpu.wait async
    %t17 = gpu.dealloc async [%t16] %shared : memref<?xf32>
    gpu.wait [%t17]

    gpu.host_unregister %ua : memref<*xf32>
    gpu.host_unregister %ub : memref<*xf32>
    gpu.host_unregister %ud : memref<*xf32>
    memref.dealloc %ha : memref<?xf32>
    memref.dealloc %hb : memref<?xf32>
    memref.dealloc %hc : memref<?xf32>
    memref.dealloc %hd : memref<?xf32>
    return
  }
}
