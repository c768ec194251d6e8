//===- Dispatch.cpp - the AT_DISPATCH_* family ----------------------------===//
//
// An AT_DISPATCH_* macro (1.13 and 2.x, AT_DISPATCH_SWITCH/CASE, V2) expands
// to a lambda called at once that reads the dispatched dtype through
// detail::scalar_type into a local, then switches on it: one case per dtype
// it covers, each declaring scalar_t and calling the user's body, and a
// default that throws '"name" not implemented for 'Half''. The call of
// detail::scalar_type records a dispatch event (the tensor, the dtypes of
// the cases, the kernel's name); the switch's edges refine the tensor's
// dtype per case (Conditions.cpp), so each case's body runs with it.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace torchdtype::models {

namespace {

/// The statement list that holds the declaration E initialises (`_st`),
/// and that declaration.
std::pair<const CompoundStmt *, const VarDecl *>
declaringBlock(const Expr *E, ASTContext &Ctx) {
  DynTypedNode N = DynTypedNode::create(*E);
  const VarDecl *Var = nullptr;
  for (int I = 0; I < 16; ++I) {
    DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return {nullptr, nullptr};
    N = Parents[0];
    if (N.get<Expr>())
      continue;
    if (const auto *VD = N.get<VarDecl>()) {
      Var = VD;
      continue;
    }
    if (N.get<DeclStmt>() && Var)
      continue;
    if (const auto *CS = N.get<CompoundStmt>())
      return {Var ? CS : nullptr, Var};
    return {nullptr, nullptr};
  }
  return {nullptr, nullptr};
}

/// A string literal a `const char *` local is initialised with
/// (`constexpr const char *at_dispatch_name = NAME`).
std::optional<llvm::StringRef> nameLiteral(const VarDecl *VD) {
  if (!VD->getType()->isPointerType() ||
      !VD->getType()->getPointeeType()->isAnyCharacterType() ||
      !VD->getInit())
    return std::nullopt;
  if (const auto *SL = dyn_cast<StringLiteral>(strip(VD->getInit())))
    if (SL->isOrdinary())
      return SL->getString();
  return std::nullopt;
}

} // namespace

std::optional<DType> caseDType(const TransferState &St, const CaseStmt &CS) {
  if (CS.caseStmtIsGNURange())
    return std::nullopt;
  return St.constantOf(peelConversion(CS.getLHS())).DT.single();
}

std::optional<uint32_t> caseDTypes(const TransferState &St,
                                   const SwitchStmt &SW) {
  uint32_t Bits = 0;
  for (const SwitchCase *SC = SW.getSwitchCaseList(); SC;
       SC = SC->getNextSwitchCase()) {
    const auto *CS = dyn_cast<CaseStmt>(SC);
    if (!CS)
      continue;
    std::optional<DType> D = caseDType(St, *CS);
    if (!D)
      return std::nullopt;
    Bits |= 1u << unsigned(*D);
  }
  return Bits;
}

const Expr *dtypeSource(TransferState &St, const Expr *E) {
  return dtypeReadTensor(E, St.api(),
                         [&](const VarDecl *VD) { return St.stableVar(VD); });
}

void dispatchEffects(TransferState &St, const CallSite &S, const AbsValue &) {
  const Expr *Tensor = dtypeSource(St, S.Args[0]);
  if (!Tensor)
    return;
  auto [Block, DTypeVar] = declaringBlock(S.E, St.astContext());
  if (!Block)
    return;
  // The switch on the local that holds the dtype, and the kernel's name
  // declared before it.
  const SwitchStmt *SW = nullptr;
  std::optional<llvm::StringRef> Name;
  for (const Stmt *Child : Block->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(Child))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (std::optional<llvm::StringRef> N = nameLiteral(VD))
            Name = N;
    const auto *Sw = dyn_cast<SwitchStmt>(Child);
    const auto *Cond =
        Sw ? dyn_cast<DeclRefExpr>(strip(Sw->getCond())) : nullptr;
    if (Cond && Cond->getDecl() == DTypeVar) {
      SW = Sw;
      break;
    }
  }
  if (!SW || !Name)
    return;
  std::optional<uint32_t> Covers = caseDTypes(St, *SW);
  if (!Covers || !*Covers)
    return;
  OpEvent *E =
      St.recordOp(S.E, "dispatch", /*SameDType=*/false,
                  /*Elementwise=*/false, 0x1, {Tensor},
                  /*InPlace=*/false, /*Out=*/false, /*Explicit=*/false);
  if (!E)
    return;
  E->Written = Name->str();
  E->Covers = *Covers;
}

} // namespace torchdtype::models
