//===- DispatchOperandDtype.cpp - dispatch-operand-dtype's finder ---------===//
//
// Inside an AT_DISPATCH_* case, an element accessor of another tensor
// whose dtype the dispatch does not fix. Its events: OpEvent; its report:
// checks/DispatchOperandDtypeCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"
#include "analysis/Callers.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ParentMapContext.h"

namespace torchdtype {

/// The switch a declaration is in (scalar_t, declared by a case of an
/// AT_DISPATCH_* macro).
static const clang::SwitchStmt *switchAround(const clang::Decl *D,
                                             clang::ASTContext &Ctx) {
  clang::DynTypedNode N = clang::DynTypedNode::create(*D);
  for (int I = 0; I < 8; ++I) {
    clang::DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return nullptr;
    N = Parents[0];
    if (const auto *SW = N.get<clang::SwitchStmt>())
      return SW;
    if (N.get<clang::FunctionDecl>() || N.get<clang::LambdaExpr>())
      return nullptr;
  }
  return nullptr;
}

std::vector<DispatchOperandFinding>
findDispatchOperand(const FunctionResult &R, const ApiModel &Api,
                    CallerIndex &Callers, bool Strict,
                    llvm::function_ref<const PythonWrappers *()> Python) {
  std::vector<DispatchOperandFinding> Out;
  if (R.Skipped)
    return Out;
  clang::ASTContext &Ctx = Callers.ast();
  std::optional<bool> InSight; // the function's entry, asked once
  for (const OpEvent &Ev : R.Ops) {
    // An accessor of the function's own (not a callee's judged for a
    // call), in a dispatch body.
    if (!Ev.InLambda || !Ev.Via.empty() || !isCheckedAccessor(Ev, Api))
      continue;
    const auto *Call = llvm::dyn_cast<clang::CXXMemberCallExpr>(Ev.Call);
    const auto *ME = Call ? llvm::dyn_cast<clang::MemberExpr>(
                                Call->getCallee()->IgnoreParenImpCasts())
                          : nullptr;
    if (!ME || ME->getNumTemplateArgs() < 1)
      continue;
    // Its element type written as the dispatch's scalar_t.
    const clang::TypeSourceInfo *TSI =
        ME->getTemplateArgs()[0].getArgument().getKind() ==
                clang::TemplateArgument::Type
            ? ME->getTemplateArgs()[0].getTypeSourceInfo()
            : nullptr;
    const auto *TT =
        TSI ? TSI->getType()->getAs<clang::TypedefType>() : nullptr;
    const clang::SwitchStmt *SW =
        TT ? switchAround(TT->getDecl(), Ctx) : nullptr;
    // The tensor the switch is on, as the macro reads it (its locals are
    // never written).
    bool ThroughReader = false;
    const clang::Expr *Dispatched =
        SW ? dtypeReadTensor(
                 SW->getCond(), Api,
                 [](const clang::VarDecl *) { return true; }, &ThroughReader)
           : nullptr;
    if (!Dispatched || !ThroughReader)
      continue;
    const Operand &Read = Ev.Operands[0];
    const clang::Decl *ReadVar = storageOf(Read.E);
    if (!ReadVar || ReadVar == storageOf(Dispatched))
      continue;
    // The read tensor's dtype is its caller's choice: a parameter's
    // (symbolic, or unknown where a lambda captured it), never tied to the
    // dispatched tensor's by a check or a derivation (those make it the
    // case's dtype).
    const DTypeFact &DT = Read.V.DT;
    bool CallersChoice =
        DT.Param.isParam() ||
        (DT.isUnknown() && llvm::isa<clang::ParmVarDecl>(ReadVar));
    if (!CallersChoice)
      continue;
    if (!Strict && !InSight) {
      const clang::FunctionDecl *F = Callers.enclosingFunction(Ev.Call);
      InSight = F && Callers.entryInSight(F, Python);
    }
    if (Strict || *InSight)
      Out.push_back({&Ev, Dispatched, SW});
  }
  return Out;
}

} // namespace torchdtype
