// MLIR's optimization remarks in tile-opt (see remarks.h).
//
// mlir-opt sets up the remark engine on each chunk's context after the
// chunk is read, and reports what the "final" policy kept after the output.
// Three things differ, on purpose:
// - A yaml or bitstream file holds the remarks of every chunk of a split
//   input (mlir-opt opens it again for each chunk, and keeps the last
//   chunk's), and it is put in place whole when the run ends.
// - The policies take reports from several threads at once (passes on
//   functions run in parallel), and "final" reports in the order the kept
//   remarks were first made, not in hash order. It reports for a chunk whose
//   pipeline failed too.
// - A filter that is not a regular expression is an error (mlir-opt drops
//   every remark then, silently).

extern "C" {
#include "support/output_file.h"
#include "support/strbuf.h"
}

#include "remarks.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Remarks.h"
#include "llvm/Remarks/RemarkFormat.h"
#include "llvm/Remarks/RemarkSerializer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

using mlir::remark::detail::Remark;

struct TileOptRemarks {
  mlir::remark::RemarkCategories categories;
  bool final = false;
  bool printAsDiagnostics = true;
  // yaml and bitstream: the serialized stream, written to `file` at the end.
  std::string serialized;
  std::unique_ptr<llvm::raw_string_ostream> stream;
  std::unique_ptr<llvm::remarks::RemarkSerializer> serializer;
  TileOutputFile *file = nullptr;
  // Held while a remark is reported, by whichever thread reports it.
  std::mutex mutex;
};

namespace {

// The file position a diagnostic printer shows for `loc`: the first one
// inside it (of a name, a fusion, a call site); null when it has none.
mlir::FileLineColLoc filePosition(mlir::Location loc) {
  return loc->findInstanceOf<mlir::FileLineColLoc>();
}

// Streams a chunk's remarks into the run's serializer.
class RunStreamer : public mlir::remark::detail::MLIRRemarkStreamerBase {
public:
  explicit RunStreamer(TileOptRemarks &run) : run(run) {}
  void streamOptimizationRemark(const Remark &remark) override {
    llvm::remarks::Remark serialized = remark.generateRemark();
    // MLIR 22 writes a named or fused location as an unknown file.
    if (mlir::FileLineColLoc pos = filePosition(remark.getLocation()))
      serialized.Loc = llvm::remarks::RemarkLocation{
          pos.getFilename().getValue(), pos.getLine(), pos.getColumn()};
    run.serializer->emit(serialized);
  }

private:
  TileOptRemarks &run;
};

// Reports each remark as it comes, one at a time.
class AllPolicy : public mlir::remark::detail::RemarkEmittingPolicyBase {
public:
  explicit AllPolicy(std::mutex &mutex) : mutex(mutex) {}
  void reportRemark(const Remark &remark) override {
    std::lock_guard<std::mutex> lock(mutex);
    reportImpl(remark);
  }
  void finalize() override {}

private:
  std::mutex &mutex;
};

// Keeps the last remark of each place, name and category, and reports them
// when the chunk ends, sorted by file position (file, line, column; those
// without one last, in the order they were first made): the same order
// whatever order the threads reported in.
class FinalPolicy : public mlir::remark::detail::RemarkEmittingPolicyBase {
public:
  explicit FinalPolicy(std::mutex &mutex) : mutex(mutex) {}
  void reportRemark(const Remark &remark) override {
    std::lock_guard<std::mutex> lock(mutex);
    Key key(remark.getLocation().getAsOpaquePointer(),
            remark.getRemarkName().str(),
            remark.getCombinedCategoryName().str());
    auto [it, inserted] = index.try_emplace(std::move(key), kept.size());
    if (inserted)
      kept.emplace_back(remark);
    else
      kept[it->second].emplace(remark);
  }
  void finalize() override {
    std::lock_guard<std::mutex> lock(mutex);
    std::vector<std::pair<mlir::FileLineColLoc, const Remark *>> order;
    for (const std::optional<Remark> &remark : kept)
      order.emplace_back(filePosition(remark->getLocation()), &*remark);
    std::stable_sort(
        order.begin(), order.end(), [](const auto &a, const auto &b) {
          if (!a.first || !b.first)
            return a.first && !b.first;
          return std::make_tuple(a.first.getFilename().getValue(),
                                 a.first.getLine(), a.first.getColumn()) <
                 std::make_tuple(b.first.getFilename().getValue(),
                                 b.first.getLine(), b.first.getColumn());
        });
    for (const auto &entry : order)
      reportImpl(*entry.second);
    kept.clear();
    index.clear();
  }

private:
  using Key = std::tuple<const void *, std::string, std::string>;
  std::mutex &mutex;
  std::map<Key, size_t> index;
  std::vector<std::optional<Remark>> kept;
};

bool given(const char *filter) { return filter && filter[0]; }

} // namespace

extern "C" bool tileOptRemarksCreate(const TileOptRemarkOptions *options,
                                     TileOptRemarks **remarks,
                                     TileStrBuf *error) {
  *remarks = nullptr;
  struct {
    const char *flag, *value;
  } filters[] = {{"remarks-filter", options->all},
                 {"remarks-filter-passed", options->passed},
                 {"remarks-filter-missed", options->missed},
                 {"remarks-filter-failed", options->failed},
                 {"remarks-filter-analyse", options->analyse}};
  bool anyFilter = false;
  for (const auto &filter : filters) {
    if (!given(filter.value))
      continue;
    anyFilter = true;
    std::string why;
    if (!llvm::Regex(filter.value).isValid(why)) {
      tileStrBufPrintf(error, "'--%s=%s' is not a regular expression: %s",
                       filter.flag, filter.value, why.c_str());
      return false;
    }
  }
  const char *format = options->format ? options->format : "emitRemark";
  bool toFile = std::strcmp(format, "emitRemark") != 0;
  // As in mlir-opt, a file format makes the file even when no filter asks
  // for a remark.
  if (!anyFilter && !toFile)
    return true;

  auto run = std::make_unique<TileOptRemarks>();
  // Every kind gets a filter, empty or not, as mlir-opt gives them: MLIR
  // matches a kind's category against "^(all|kind's)$", and leaves a kind
  // without one out even when `all` is set.
  auto category = [](const char *filter) -> std::optional<std::string> {
    return std::string(filter ? filter : "");
  };
  run->categories = {category(options->all), category(options->passed),
                     category(options->missed), category(options->analyse),
                     category(options->failed)};
  run->final = options->policy && !std::strcmp(options->policy, "final");
  if (toFile) {
    bool yaml = !std::strcmp(format, "yaml");
    const char *path = options->outputFile && options->outputFile[0]
                           ? options->outputFile
                       : yaml ? "mlir-remarks.yaml"
                              : "mlir-remarks.bitstream";
    run->file = tileOutputFileOpen(path, error);
    if (!run->file)
      return false;
    run->stream = std::make_unique<llvm::raw_string_ostream>(run->serialized);
    llvm::Expected<std::unique_ptr<llvm::remarks::RemarkSerializer>>
        serializer = llvm::remarks::createRemarkSerializer(
            yaml ? llvm::remarks::Format::YAML
                 : llvm::remarks::Format::Bitstream,
            *run->stream);
    if (!serializer) {
      tileStrBufPrintf(error, "cannot write %s remarks: %s", format,
                       llvm::toString(serializer.takeError()).c_str());
      tileOutputFileDiscard(run->file);
      return false;
    }
    run->serializer = std::move(*serializer);
    run->printAsDiagnostics = false;
  }
  *remarks = run.release();
  return true;
}

extern "C" void tileOptRemarksEnable(TileOptRemarks *remarks, MlirContext ctx) {
  if (!remarks)
    return;
  std::unique_ptr<mlir::remark::detail::MLIRRemarkStreamerBase> streamer;
  if (remarks->serializer)
    streamer = std::make_unique<RunStreamer>(*remarks);
  std::unique_ptr<mlir::remark::detail::RemarkEmittingPolicyBase> policy;
  if (remarks->final)
    policy = std::make_unique<FinalPolicy>(remarks->mutex);
  else
    policy = std::make_unique<AllPolicy>(remarks->mutex);
  // Fails only where the context has an engine already, which a chunk's
  // new context does not.
  (void)mlir::remark::enableOptimizationRemarks(
      *unwrap(ctx), std::move(streamer), std::move(policy), remarks->categories,
      remarks->printAsDiagnostics);
}

extern "C" void tileOptRemarksFinishChunk(TileOptRemarks *remarks,
                                          MlirContext ctx) {
  if (!remarks)
    return;
  if (mlir::remark::detail::RemarkEngine *engine =
          unwrap(ctx)->getRemarkEngine())
    engine->getRemarkEmittingPolicy()->finalize();
}

extern "C" bool tileOptRemarksDestroy(TileOptRemarks *remarks,
                                      TileStrBuf *error) {
  if (!remarks)
    return true;
  std::unique_ptr<TileOptRemarks> run(remarks);
  if (!run->file)
    return true;
  run->serializer->finalize();
  run->stream->flush();
  FILE *out = tileOutputFileStream(run->file);
  if (!run->serialized.empty())
    fwrite(run->serialized.data(), 1, run->serialized.size(), out);
  return tileOutputFileCommit(run->file, error);
}
