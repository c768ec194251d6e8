//===- TorchDtypeModule.cpp - registers the torchdtype checks -------------===//

// Each check's header (checker/data/checks.json).
#define TORCHDTYPE_CHECK_HEADERS
#include "ChecksTables.inc"
#undef TORCHDTYPE_CHECK_HEADERS
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"

namespace clang::tidy::torchdtype {

class TorchDtypeModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
#define TORCHDTYPE_CHECK(Name, Class, Summary)                                 \
  Factories.registerCheck<Class>(Name);
#include "ChecksTables.inc"
#undef TORCHDTYPE_CHECK
  }
};

static ClangTidyModuleRegistry::Add<TorchDtypeModule>
    X("torchdtype-module", "Finds dtype and device mistakes in LibTorch code.");

} // namespace clang::tidy::torchdtype

// Referenced by torchdtype-tidy so the linker keeps this module.
volatile int TorchDtypeModuleAnchorSource = 0;
