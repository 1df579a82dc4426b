/* The gpu.launch_func ops of a module, sorted by the kernel they launch. */
#include "ir/launches.h"

#include <stdlib.h>
#include <string.h>

static int compareRefs(MlirStringRef a, MlirStringRef b) {
  size_t n = a.length < b.length ? a.length : b.length;
  int c = n ? memcmp(a.data, b.data, n) : 0;
  return c ? c : (a.length > b.length) - (a.length < b.length);
}

static int compareKeys(MlirStringRef module, MlirStringRef kernel,
                       const TileLaunch *l) {
  int c = compareRefs(module, l->module);
  return c ? c : compareRefs(kernel, l->kernel);
}

static int compareLaunches(const void *pa, const void *pb) {
  const TileLaunch *a = pa;
  return compareKeys(a->module, a->kernel, pb);
}

static TileLaunch entry(MlirOperation launch) {
  MlirAttribute ref = tileOpGetAttr(launch, "kernel");
  TileLaunch l = {mlirSymbolRefAttrGetRootReference(ref),
                  mlirStringRefCreate(NULL, 0), launch};
  if (mlirSymbolRefAttrGetNumNestedReferences(ref) == 1)
    l.kernel = mlirFlatSymbolRefAttrGetValue(
        mlirSymbolRefAttrGetNestedReference(ref, 0));
  return l;
}

void tileLaunchesCollect(MlirOperation root, TileLaunches *index) {
  TileOpList ops = {0};
  tileCollectOps(root, "gpu.launch_func", &ops);
  index->count = ops.count;
  index->launches = tileCallocArray(ops.count, sizeof(TileLaunch));
  for (size_t i = 0; i < ops.count; ++i)
    index->launches[i] = entry(ops.ops[i]);
  tileOpListFree(&ops);
  if (index->count > 1)
    qsort(index->launches, index->count, sizeof(TileLaunch), compareLaunches);
}

size_t tileLaunchesOf(const TileLaunches *index, MlirStringRef module,
                      MlirStringRef kernel, size_t *first) {
  size_t lo = 0, hi = index->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (compareKeys(module, kernel, &index->launches[mid]) > 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  size_t end = lo;
  while (end < index->count &&
         compareKeys(module, kernel, &index->launches[end]) == 0)
    ++end;
  *first = lo;
  return end - lo;
}

void tileLaunchesRetarget(const TileLaunches *index, MlirStringRef module,
                          MlirStringRef kernel, MlirStringRef intoModule,
                          MlirStringRef intoKernel) {
  size_t first, n = tileLaunchesOf(index, module, kernel, &first);
  for (size_t i = first; i < first + n; ++i) {
    MlirOperation launch = index->launches[i].op;
    MlirContext ctx = mlirOperationGetContext(launch);
    MlirAttribute leaf = mlirFlatSymbolRefAttrGet(ctx, intoKernel);
    mlirOperationSetAttributeByName(
        launch, tileRef("kernel"),
        mlirSymbolRefAttrGet(ctx, intoModule, 1, &leaf));
  }
}

void tileLaunchesFree(TileLaunches *index) {
  free(index->launches);
  *index = (TileLaunches){0};
}

void tileForEachGpuModule(MlirOperation module,
                          void (*fn)(MlirOperation gpuModule,
                                     const TileLaunches *launches)) {
  TileLaunches launches;
  tileLaunchesCollect(module, &launches);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
    if (tileOpIs(o, "gpu.module"))
      fn(o, &launches);
  tileLaunchesFree(&launches);
}
