func.func @unmet(%x: i64) {
  // expected-remark @+1 {{nobody says this}}
  %y = arith.muli %x, %x : i64
  // expected-warning @+1 {{op has 1 operands}}
  "func.return"(%x) : (i64) -> ()
}

// -----

func.func @stray(%x: i64) {
  "func.return"(%x) : (i64) -> ()
}

// -----

// expected-error-re @+1 {{broken {{[a-z}} pattern}}
func.func @bad_regex() {
  return
}
