/* The run shared by passes that only check the IR and report errors. */
#include "passes/pass.h"

void tilePassRunCheck(MlirOperation op, MlirExternalPass pass,
                      MlirWalkResult (*visit)(MlirOperation op, void *errors)) {
  unsigned errors = 0;
  mlirOperationWalk(op, visit, &errors, MlirWalkPreOrder);
  if (errors)
    mlirExternalPassSignalFailure(pass);
}
