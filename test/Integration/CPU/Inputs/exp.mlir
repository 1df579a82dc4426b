// Y[i] = exp(x_i) for x_i spread evenly over [-110, 95] (past both ends of
// the f32 range of exp), with x_0 = +inf, x_1 = -inf and x_2 = NaN: the
// kernel's exp is tile-cpu-math's arithmetic, the reference's is libm's.
func.func @exp_range(%Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %N = memref.dim %Y, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %N, %c256 : index
  scf.forall (%b) in (%blocks) {
    %base = arith.muli %b, %c256 : index
    scf.forall (%i) in (256) {
      %idx = arith.addi %base, %i : index
      %inside = arith.cmpi ult, %idx, %N : index
      scf.if %inside {
        %x = func.call @x_at(%idx, %N) : (index, index) -> f32
        %y = math.exp %x : f32
        memref.store %y, %Y[%idx] : memref<?xf32>
      }
    }
  } {mapping = [#gpu.block<x>], tile.threads = 128 : i64}
  return
}

func.func @exp_range_ref(%Y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = memref.dim %Y, %c0 : memref<?xf32>
  scf.for %i = %c0 to %N step %c1 {
    %x = func.call @x_at(%i, %N) : (index, index) -> f32
    %y = math.exp %x : f32
    memref.store %y, %Y[%i] : memref<?xf32>
  }
  return
}

func.func private @x_at(%i: index, %n: index) -> f32 {
  %c0_idx = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %lo = arith.constant -110.0 : f64
  %span = arith.constant 205.0 : f64
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %last = arith.subi %n, %c1 : index
  %ii = arith.index_cast %i : index to i64
  %li = arith.index_cast %last : index to i64
  %fi = arith.sitofp %ii : i64 to f64
  %fl = arith.sitofp %li : i64 to f64
  %t = arith.divf %fi, %fl : f64
  %s = arith.mulf %t, %span : f64
  %x64 = arith.addf %lo, %s : f64
  %x = arith.truncf %x64 : f64 to f32
  %is0 = arith.cmpi eq, %i, %c0_idx : index
  %is1 = arith.cmpi eq, %i, %c1 : index
  %is2 = arith.cmpi eq, %i, %c2 : index
  %a = arith.select %is0, %inf, %x : f32
  %b = arith.select %is1, %ninf, %a : f32
  %c = arith.select %is2, %nan, %b : f32
  return %c : f32
}
