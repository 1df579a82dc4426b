// A pass that makes attributes or ops of a dialect declares it, so that the
// pass manager loads it before its threads start: tile-vulkan-entry-abi,
// run alone on several gpu.modules at once (no spirv op in the input),
// parsed its #spirv attribute on each thread, and loading the dialect from
// several threads crashed about one run in three. Several runs, so that a
// regression shows.
// RUN: tile-opt --tile-vulkan-entry-abi %s | FileCheck %s
// RUN: tile-opt --tile-vulkan-entry-abi %s | FileCheck %s
// RUN: tile-opt --tile-vulkan-entry-abi %s | FileCheck %s
// RUN: tile-opt --tile-vulkan-entry-abi %s | FileCheck %s
// CHECK-COUNT-16: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>

module attributes {gpu.container_module} {
  gpu.module @m0 {
    gpu.func @k0() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m1 {
    gpu.func @k1() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m2 {
    gpu.func @k2() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m3 {
    gpu.func @k3() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m4 {
    gpu.func @k4() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m5 {
    gpu.func @k5() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m6 {
    gpu.func @k6() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m7 {
    gpu.func @k7() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m8 {
    gpu.func @k8() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m9 {
    gpu.func @k9() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m10 {
    gpu.func @k10() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m11 {
    gpu.func @k11() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m12 {
    gpu.func @k12() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m13 {
    gpu.func @k13() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m14 {
    gpu.func @k14() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @m15 {
    gpu.func @k15() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
