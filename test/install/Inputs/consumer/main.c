/* A program using the installed C API: compiles a kernel for the cpu, runs
 * it, and finds a runtime library next to the installed libtile. */
#include "tile/tile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printError(MlirStringRef message, void *userData) {
  (void)userData;
  printf("error: %.*s\n", (int)message.length, message.data);
}

static const char *source =
    "func.func @scale(%A: memref<?xf32>, %s: f32) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %n = memref.dim %A, %c0 : memref<?xf32>\n"
    "  scf.forall (%b) in (%n) {\n"
    "    %x = memref.load %A[%b] : memref<?xf32>\n"
    "    %y = arith.mulf %x, %s : f32\n"
    "    memref.store %y, %A[%b] : memref<?xf32>\n"
    "  } {mapping = [#gpu.block<x>], tile.threads = 1 : i64}\n"
    "  return\n"
    "}\n";

int main(int argc, char **argv) {
  TileErrorSink sink = {printError, NULL};
  tileRegisterUpstreamPasses();
  tileRegisterBuiltinBackends();
  printf("tile-mlir %s\n", tileGetVersion());
  MlirContext ctx = mlirContextCreate();
  TileDiagnosticLog *log = tileDiagnosticLogCreate(
      ctx, mlirStringRefCreate(NULL, 0), mlirStringRefCreate(NULL, 0));
  tileContextLoadDialects(ctx);
  MlirOperation module =
      tileModuleCreateParse(ctx, mlirStringRefCreateFromCString(source),
                            mlirStringRefCreateFromCString("scale.mlir"));
  TileEntryTable *entries = tileEntryTableCreate(module);
  TileBackendContext *cpu = tileBackendContextCreate("cpu", NULL, "jit", sink);
  TileArtifact *artifact = tileCompile(cpu, module, NULL);
  TileExecutable *exe = tileExecutableCreate(cpu, artifact, sink);
  int64_t four = 4;
  TileBuffer *buffer = tileBufferCreate(TileElementF32, 1, &four);
  float *data = tileBufferGetData(buffer);
  for (int i = 0; i < 4; ++i)
    data[i] = (float)i;
  TileArgValue args[2] = {{buffer, 0, 0}, {NULL, 0, 3.0}};
  MlirLogicalResult r = tileExecutableInvoke(
      exe, tileEntryTableFind(entries, "scale"), args, sink);
  printf("%s: %g %g %g %g\n", mlirLogicalResultIsSuccess(r) ? "ran" : "failed",
         data[0], data[1], data[2], data[3]);
  printf("diagnostics: '%s'\n", tileDiagnosticLogGetText(log).data);
  /* Runtime libraries are looked for beside libtile. */
  if (argc > 1) {
    char *found = tileRuntimeLibraryFind(argv[1], sink);
    printf("runtime library: %s\n", found ? found : "none");
    free(found);
  }
  tileBufferDestroy(buffer);
  tileExecutableDestroy(exe);
  tileArtifactDestroy(artifact);
  tileBackendContextDestroy(cpu);
  tileEntryTableDestroy(entries);
  mlirOperationDestroy(module);
  tileDiagnosticLogDestroy(log);
  mlirContextDestroy(ctx);
  return mlirLogicalResultIsSuccess(r) ? 0 : 1;
}
