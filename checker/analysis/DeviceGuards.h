//===- DeviceGuards.h - work on the current CUDA device, and its guards -*- C++ -*-===//
//
// A CUDA kernel launch (`k<<<grid, block, 0, stream>>>(...)`) and the
// current stream (`at::cuda::getCurrentCUDAStream()`) run on the current
// device, whatever device the tensors are on. Extension code makes them agree
// with a device guard (`const at::cuda::OptionalCUDAGuard g(device_of(x));`)
// or a device setter (`cudaSetDevice`) written before the launch, in the
// function or in every caller that calls it. This file finds launches with
// neither, in functions whose tensors come from their callers. Classes and
// functions are api.json's names device_guards, device_setters and
// current_device_work. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_DEVICEGUARDS_H
#define TORCHDTYPE_ANALYSIS_DEVICEGUARDS_H

#include "ApiModel.h"
#include "Callers.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace torchdtype {

/// What runs on the current CUDA device.
enum class DeviceWork : uint8_t {
  Launch,        ///< `kernel<<<...>>>(...)`
  CurrentStream, ///< getCurrentCUDAStream() and the current handles
};

/// Whether E runs work on the current device, and which.
std::optional<DeviceWork> deviceWork(const clang::Expr *E, const ApiModel &Api);

/// The CUDA kernel launch E is an argument of, through parentheses, casts
/// and a local variable it initializes that nothing assigns again.
const clang::CallExpr *launchTaking(const clang::Expr *E,
                                    clang::ASTContext &Ctx);

/// A launch no guard covers.
struct UnguardedWork {
  /// The function whose parameters bring the tensors (the one enclosing the
  /// launch, through lambdas).
  const clang::FunctionDecl *Function = nullptr;
  const clang::ParmVarDecl *Tensor = nullptr; ///< its first tensor parameter
  /// Calls of Function in this unit with no guard before them; empty when
  /// Function's callers are elsewhere (another file, Python).
  llvm::SmallVector<const clang::Expr *, 2> UnguardedCalls;
};

/// Guards and calls of one translation unit.
class DeviceGuards {
public:
  DeviceGuards(CallerIndex &Callers, const ApiModel &Api)
      : Callers(Callers), Ctx(Callers.ast()), Api(Api) {}

  /// Whether a device guard is declared, or a device setter called, before
  /// S in a block enclosing it, up to the function it is in (through
  /// lambdas).
  bool guardedAt(const clang::Stmt *S) const;

  /// Why the work at E is not covered by a guard: null when a guard covers
  /// it, when its function takes no tensor, or when every call of that
  /// function (and, up to four levels, of its callers) comes after a guard.
  /// A function whose callers are not all in this unit (its address taken,
  /// or no call here) is covered unless Strict: the guard may be in a
  /// caller elsewhere. One bound to Python here (api.json's
  /// python_bindings: pybind11's def, torch::Library's def and impl) has
  /// no such caller.
  std::optional<UnguardedWork> unguarded(const clang::Expr *E, bool Strict);

private:
  /// What the calls of a function say: all after a guard, one without (in
  /// this unit, or from Python), or not all seen.
  enum class Verdict { Guarded, Unguarded, Unseen };
  Verdict callersGuard(const clang::FunctionDecl *F, unsigned Depth,
                       llvm::SmallVectorImpl<const clang::Expr *> *Unguarded);
  bool isGuard(const clang::Stmt *S) const;

  CallerIndex &Callers;
  clang::ASTContext &Ctx;
  const ApiModel &Api;
};

} // namespace torchdtype

#endif
