//===- SharedAnalysis.cpp - one analysis per translation unit -------------===//

#include "SharedAnalysis.h"
#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace torchdtype {

namespace {
struct Registry {
  std::mutex Lock;
  std::map<std::pair<const clang::ASTContext *, std::string>,
           std::unique_ptr<AnalysisContext>>
      Contexts;
};
Registry &registry() {
  static Registry R;
  return R;
}
} // namespace

AnalysisContext &sharedAnalysis(clang::ASTContext &Ctx,
                                const AnalysisConfig &Config) {
  Registry &R = registry();
  std::lock_guard<std::mutex> G(R.Lock);
  auto Key =
      std::make_pair(&Ctx, Config.Version.str() + "/" +
                               std::to_string(Config.MaxStepsPerFunction) + "/" +
                               std::to_string(Config.MaxPathsPerBlock) +
                               (Config.DropAfterThrow ? "" : "/all"));
  auto &Slot = R.Contexts[Key];
  if (!Slot)
    Slot = std::make_unique<AnalysisContext>(Ctx, Config);
  return *Slot;
}

void releaseSharedAnalysis(clang::ASTContext &Ctx) {
  Registry &R = registry();
  std::lock_guard<std::mutex> G(R.Lock);
  for (auto It = R.Contexts.begin(); It != R.Contexts.end();)
    It = It->first.first == &Ctx ? R.Contexts.erase(It) : std::next(It);
}

} // namespace torchdtype
