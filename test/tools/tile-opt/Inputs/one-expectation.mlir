// One expectation covers both errors the parser gives for this line.
// expected-error @+1 {{expected attribute}}
#broken = distinct[3]<nothing

// -----

// Two expectations of the same words on one line: the first takes every
// error, the second is never met (mlir-opt reads expectations this way).
// expected-error @+2 {{expected attribute}}
// expected-error @+1 {{expected attribute}}
#broken = distinct[4]<nothing
