//===- Optimizers.cpp - model of torch::optim step() calls -----------------===//
//
// An optimizer holds the tensors it was made with (a module's parameters()
// or a list of them), which a module's to() converts in place (set_data).
// step() runs, for each of them that has a gradient, the ops api.json's
// optimizer_steps lists; the first one without a CPU kernel for their dtype
// raises (Adam over float16 parameters: "addcmul_cpu_out" not implemented
// for 'Half', observed on 1.13.1). Recorded as that op's event, judged by
// the Half-on-CPU finder; only where this function runs a backward, so that
// the parameters have gradients.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ASTWalk.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace torchdtype::models {

namespace {
/// Whether a body calls backward() (a tensor's, or torch::autograd's).
struct BackwardCall : NodeVisitor {
  bool Found = false;
  bool visitStmt(Stmt *S) override {
    const auto *C = dyn_cast<CallExpr>(S);
    const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
    if (F && F->getIdentifier() && F->getName() == "backward")
      Found = true;
    return !Found;
  }
};
} // namespace

/// The optimizer object a step() call runs on: `opt.step()`,
/// `opt->step()` through a smart pointer, `(*opt).step()`.
static const VarDecl *optimizerVar(const Expr *Obj) {
  Obj = strip(Obj);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Obj);
      Op && Op->getNumArgs() == 1 &&
      (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star))
    Obj = strip(Op->getArg(0));
  if (const auto *U = dyn_cast<UnaryOperator>(Obj); U && U->getOpcode() == UO_Deref)
    Obj = strip(U->getSubExpr());
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->isLocalVarDecl() ? V : nullptr;
}

/// The tensors an optimizer variable was made with: the first argument of
/// its constructor, or of a std function that makes it behind a pointer
/// (api.json's owner_makers: make_unique, make_shared).
static const Expr *optimizerParams(const VarDecl *V, const ApiModel &Api) {
  const Expr *Init = V->getInit() ? strip(V->getInit()) : nullptr;
  // A copy or move of what a call gave (`auto opt = make_unique<...>()`).
  if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(Init);
      C && C->getNumArgs() == 1 &&
      C->getConstructor()->isCopyOrMoveConstructor())
    Init = strip(C->getArg(0));
  if (const auto *C = dyn_cast_or_null<CXXConstructExpr>(Init))
    return C->getNumArgs() >= 1 ? C->getArg(0) : nullptr;
  if (const auto *C = dyn_cast_or_null<CallExpr>(Init)) {
    const FunctionDecl *F = C->getDirectCallee();
    if (F && F->getIdentifier() && C->getNumArgs() >= 1 &&
        Api.isOwnerMaker(F->getName()) && F->isInStdNamespace())
      return C->getArg(0);
  }
  return nullptr;
}

/// The member of C's class whose parameters Params gives:
/// `model->parameters()` of a member, or `m->parameters()` of a parameter
/// of C that initialises a member (`model(m)`).
static const FieldDecl *parametersOfMember(const Expr *Params,
                                           const CXXConstructorDecl *C) {
  const Expr *E = strip(Params);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E); CE && CE->getNumArgs() == 1)
    E = strip(CE->getArg(0));
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
  if (!M || !M->getIdentifier() || M->getName() != "parameters")
    return nullptr;
  const Expr *Obj = throughArrow(MC->getImplicitObjectArgument());
  if (const auto *ME = dyn_cast<MemberExpr>(Obj);
      ME && isa<CXXThisExpr>(strip(ME->getBase())))
    return dyn_cast<FieldDecl>(ME->getMemberDecl());
  const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P)
    return nullptr;
  for (const CXXCtorInitializer *I : C->inits()) {
    const Expr *Init = I->isMemberInitializer() ? strip(I->getInit()) : nullptr;
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() == 1)
      Init = strip(CE->getArg(0));
    if (const auto *D = dyn_cast_or_null<DeclRefExpr>(Init); D && D->getDecl() == P)
      return I->getMember();
  }
  return nullptr;
}

/// The module member an optimizer member holds the parameters of, the same
/// in every constructor that initialises it.
static const FieldDecl *moduleOfOptimizer(const FieldDecl *Opt) {
  const auto *RD = dyn_cast<CXXRecordDecl>(Opt->getParent());
  if (!RD)
    return nullptr;
  const FieldDecl *Found = nullptr;
  for (const CXXConstructorDecl *C : RD->ctors()) {
    const FunctionDecl *Def = nullptr;
    if (!C->hasBody(Def) || !Def)
      continue;
    const auto *CD = cast<CXXConstructorDecl>(Def);
    for (const CXXCtorInitializer *I : CD->inits()) {
      if (I->getMember() != Opt)
        continue;
      const auto *CE = dyn_cast<CXXConstructExpr>(strip(I->getInit()));
      const FieldDecl *F =
          CE && CE->getNumArgs() > 0 ? parametersOfMember(CE->getArg(0), CD) : nullptr;
      if (!F || (Found && Found != F))
        return nullptr;
      Found = F;
    }
  }
  return Found;
}

/// What the optimizer was given (Params), as it is at the step.
static AbsValue paramsNow(TransferState &St, const Expr *Params) {
  // What the optimizer was given, as it is now: to() converts a module's
  // parameters in place, so the module's value at the step is what the
  // optimizer holds (the cached values of the constructor's operands are
  // those of when it ran).
  const Expr *E = strip(Params);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E); C && C->getNumArgs() == 1)
    E = strip(C->getArg(0));
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const CallSite &S = St.site(MC);
    const Expr *Obj = S.Obj ? throughArrow(S.Obj) : nullptr;
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Obj);
    if (S.Family == CallFamily::ModuleStateList && S.Name == "parameters" &&
        DRE) {
      AbsValue M = St.valueOf(DRE->getDecl(), DRE->getType());
      if (M.K != AbsValue::Kind::Module)
        return AbsValue::none();
      return M.parameters();
    }
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return St.valueOf(DRE->getDecl(), DRE->getType());
  return St.eval(Params);
}

void optimizerStep(TransferState &St, const CallSite &S, const AbsValue &) {
  const ApiModel &Api = St.api();
  QualType OT = strip(S.Obj)->getType();
  if (OT->isPointerType())
    OT = OT->getPointeeType();
  llvm::ArrayRef<std::string> Ops =
      Api.optimizerStepOps(OT->getAsCXXRecordDecl());
  const VarDecl *Opt = optimizerVar(S.Obj);
  const Expr *Params = Opt ? optimizerParams(Opt, Api) : nullptr;
  // A member of the object a method runs on (a trainer's), made from a
  // module member's parameters: that member as the method sees it.
  const FieldDecl *Module = nullptr;
  if (const auto *ME = dyn_cast<MemberExpr>(strip(S.Obj));
      !Params && ME && isa<CXXThisExpr>(strip(ME->getBase())))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      Module = moduleOfOptimizer(F);
  if (Ops.empty() || (!Params && !Module))
    return;
  BackwardCall Backward;
  Backward.walk(St.function()->getBody());
  if (!Backward.Found)
    return;
  AbsValue P = AbsValue::none();
  if (Params) {
    P = paramsNow(St, Params);
  } else if (std::optional<AbsValue> M =
                 St.thisMember(Module, Module->getType());
             M && M->K == AbsValue::Kind::Module) {
    P = M->parameters();
    Params = S.Obj;
  }
  if (!P.isTensor())
    return;
  // The op that lacks a kernel for the parameters' dtype; for another
  // dtype (or one of the callers', judged at each call), the one float16
  // lacks first, else bfloat16's. An event on every path, so that one
  // branch's dtype is told from the other's.
  auto Lacking = [&](DType D) -> const std::string * {
    for (const std::string &Op : Ops)
      if (Api.cpuKernelMissing(Op, D))
        return &Op;
    return nullptr;
  };
  const std::string *Op = nullptr;
  if (std::optional<DType> D = P.DT.single())
    Op = Lacking(*D);
  if (!Op)
    Op = Lacking(DType::Half);
  if (!Op)
    Op = Lacking(DType::BFloat16);
  OpEvent Ev;
  Ev.Call = S.E;
  Ev.Op = Op ? *Op : Ops.front();
  Ev.Written = OT->getAsCXXRecordDecl()->getName().str() + "::step";
  Ev.Generic = true;
  Ev.Operands.push_back(Operand{Params, P, operandName(Params)});
  St.recordEvent(std::move(Ev));
}

} // namespace torchdtype::models
