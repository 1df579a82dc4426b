// Expectations that are not met, for verify-diagnostics.mlir.

func.func @mismatch(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  // expected-error @+1 {{this is not what is reported}}
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  return
}

// -----

// expected-warning @+1 {{never emitted}}
func.func @fine() {
  return
}

// -----

func.func @severity(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  // expected-warning @below {{must be inside a kernel}}
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  return
}
