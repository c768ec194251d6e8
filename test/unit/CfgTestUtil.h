//===- CfgTestUtil.h - a snippet's function f and its CFG -------*- C++ -*-===//

#ifndef TORCHDTYPE_TEST_UNIT_CFGTESTUTIL_H
#define TORCHDTYPE_TEST_UNIT_CFGTESTUTIL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Analysis/CFG.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include <memory>
#include <string>
#include <vector>

namespace torchdtype {

/// A C++17 snippet parsed, its function `f` and f's CFG. Without Args it
/// sees no LibTorch; tests of the LibTorch model give the mock headers'
/// flags (-isystem, -include-pch).
struct ParsedFunction {
  std::unique_ptr<clang::ASTUnit> AST;
  const clang::FunctionDecl *F = nullptr;
  std::unique_ptr<clang::CFG> G;

  /// A local of f declared at its top level, by name.
  const clang::VarDecl *var(llvm::StringRef Name) const {
    for (const clang::Decl *D : F->decls())
      if (const auto *V = llvm::dyn_cast<clang::VarDecl>(D);
          V && V->getName() == Name)
        return V;
    return nullptr;
  }
};

inline ParsedFunction parseFunction(llvm::StringRef Code,
                                    std::vector<std::string> Args = {}) {
  ParsedFunction P;
  Args.insert(Args.begin(), "-std=c++17");
  P.AST = clang::tooling::buildASTFromCodeWithArgs(Code, Args, "input.cc");
  for (const clang::Decl *D :
       P.AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D);
        F && F->getName() == "f")
      P.F = F;
  clang::CFG::BuildOptions BO;
  BO.setAllAlwaysAdd();
  P.G = clang::CFG::buildCFG(P.F, P.F->getBody(), &P.AST->getASTContext(), BO);
  return P;
}

} // namespace torchdtype

#endif
