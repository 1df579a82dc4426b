// A tile op outside any kernel: tile-verify reports it and fails.
func.func @outside(%f: memref<4xf32, #tile.fragment>, %v: f32) {
  "tile.fill"(%f, %v) : (memref<4xf32, #tile.fragment>, f32) -> ()
  return
}
