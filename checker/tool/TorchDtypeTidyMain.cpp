//===- TorchDtypeTidyMain.cpp - clang-tidy with torchdtype built in -------===//
//
// The same command line and behaviour as clang-tidy-19; the torchdtype checks
// are registered without --load.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/tool/ClangTidyMain.h"

extern volatile int TorchDtypeModuleAnchorSource;
[[maybe_unused]] static int TorchDtypeModuleAnchorDestination =
    TorchDtypeModuleAnchorSource;

int main(int argc, const char **argv) {
  return clang::tidy::clangTidyMain(argc, argv);
}
