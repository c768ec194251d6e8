//===- Conditions.cpp - what a branch condition says of a tensor
//-----------===//
//
// Refinement of a path's facts by the branch it takes, when the condition
// reads a tensor's dtype or device:
//   x.scalar_type() == K, x.dtype() != K, x.device() == D,
//   x.device().type() == D, x.is_cuda(), x.device().is_cpu(),
//   x.is_floating_point(), and their negations; TORCH_CHECK(cond, ...)
//   expands to such a branch whose failing side throws; a switch on a
//   tensor's dtype (`switch (x.scalar_type())`, and the switch an
//   AT_DISPATCH_* macro expands to, through its `detail::scalar_type`).
// On the edge where the condition holds, x's facts keep only what it allows
// (a parameter's symbolic dtype becomes K); where it does not, they lose
// what it names. An edge that leaves no possible value is not taken on that
// path (a dtype known to be Float never takes `x.scalar_type() == kDouble`).
//
//===----------------------------------------------------------------------===//

#include "ExprUtil.h"
#include "FunctionAnalyzer.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace torchdtype {

namespace {

/// What a condition tests of one tensor storage: Bits of its dtype (or
/// device) that make the condition true.
struct Test {
  const Decl *Storage = nullptr;
  bool IsDevice = false;
  uint32_t Bits = 0;
  SourceLocation Where;
};

/// A method call without arguments on a receiver: its name and receiver.
std::optional<std::pair<llvm::StringRef, const Expr *>>
nullaryMethod(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(strip(E));
  if (!MC || MC->getNumArgs() != 0 || !MC->getMethodDecl() ||
      !MC->getMethodDecl()->getIdentifier())
    return std::nullopt;
  return std::make_pair(MC->getMethodDecl()->getName(),
                        MC->getImplicitObjectArgument());
}

/// `!c`, `static_cast<bool>(c)`, `__builtin_expect(c, 0)` (TORCH_CHECK's
/// C10_UNLIKELY): the condition inside, and whether it is negated.
const Expr *unwrap(const Expr *Cond, bool &Negated) {
  for (int I = 0; Cond && I < 16; ++I) {
    Cond = strip(Cond);
    if (const auto *U = dyn_cast<UnaryOperator>(Cond);
        U && U->getOpcode() == UO_LNot) {
      Negated = !Negated;
      Cond = U->getSubExpr();
      continue;
    }
    if (const auto *C = dyn_cast<CastExpr>(Cond)) {
      Cond = C->getSubExpr();
      continue;
    }
    if (const auto *CE = dyn_cast<CallExpr>(Cond);
        CE && CE->getBuiltinCallee() == Builtin::BI__builtin_expect) {
      Cond = CE->getArg(0);
      continue;
    }
    break;
  }
  return Cond;
}

} // namespace

bool FunctionAnalyzer::refineSwitch(FlowState &S, const SwitchStmt &SW,
                                    const CFGBlock &P, unsigned Succ) {
  const Expr *Tensor = models::dtypeSource(*this, SW.getCond());
  const Decl *D = Tensor ? storageOf(Tensor) : nullptr;
  const CFGBlock *To =
      Succ < P.succ_size() ? (P.succ_begin() + Succ)->getReachableBlock()
                           : nullptr;
  if (!D || !To)
    return true;
  SourceLocation Where = SW.getCond()->getExprLoc();
  if (const auto *CS = dyn_cast_or_null<CaseStmt>(To->getLabel())) {
    std::optional<DType> K = models::caseDType(*this, *CS);
    return !K || applyTest(S, D, /*IsDevice=*/false, 1u << unsigned(*K),
                           Where, /*Holds=*/true);
  }
  // The default, or past the switch: none of the cases.
  std::optional<uint32_t> Cases = models::caseDTypes(*this, SW);
  return !Cases || !*Cases ||
         applyTest(S, D, /*IsDevice=*/false, *Cases, Where, /*Holds=*/false);
}

bool FunctionAnalyzer::refineEdge(FlowState &S, const CFGBlock &P,
                                  unsigned Succ) {
  // Leaving a range-for: what its variable was assumed to hold
  // (models/ConstantLists.cpp: a path per value) is no path's choice now.
  if (const auto *RF = dyn_cast_or_null<CXXForRangeStmt>(P.getTerminatorStmt());
      RF && Succ == 1 && RF->getLoopVariable())
    forget(S.Assumed, RF->getLoopVariable());
  if (const auto *SW = dyn_cast_or_null<SwitchStmt>(P.getTerminatorStmt()))
    return refineSwitch(S, *SW, P, Succ);
  if (P.succ_size() != 2 || Succ > 1)
    return true;
  const Expr *Cond = branchCondition(P);
  if (!Cond)
    return true;
  bool Negated = false;
  Cond = unwrap(Cond, Negated);
  // A flag holding a test (`bool raw = x.scalar_type() == torch::kByte;`),
  // neither it nor what the test reads reassigned: the test itself.
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Cond)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->isLocalVarDecl() && VD->getType()->isBooleanType() &&
        VD->getInit() && stableVar(VD) &&
        !namesVar(VD->getInit(), [&](const VarDecl *V) {
          return V->isLocalVarDeclOrParm() && !stableVar(V);
        }))
      Cond = unwrap(VD->getInit(), Negated);
  }

  // The tensor a read of its dtype or device is made on, or a variable
  // holding a dtype or device (`dt != torch::kFloat`).
  auto readOf = [&](const Expr *E, bool &IsDevice) -> const Decl * {
    // (a local variable or parameter, not a constant as `torch::kDouble`)
    if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(E));
        DRE && isa<VarDecl>(DRE->getDecl()) &&
        cast<VarDecl>(DRE->getDecl())->isLocalVarDeclOrParm() &&
        !cast<VarDecl>(DRE->getDecl())->isConstexpr()) {
      TypeKind K = Api.classify(DRE->getType());
      IsDevice = K == TypeKind::Device || K == TypeKind::DeviceType;
      if (IsDevice || K == TypeKind::ScalarType || K == TypeKind::TypeMeta)
        return DRE->getDecl();
      return nullptr;
    }
    auto M = nullaryMethod(E);
    if (!M)
      return nullptr;
    if (Api.isDTypeAccessor(M->first)) {
      IsDevice = false;
      return storageOf(M->second);
    }
    if (Api.isDeviceAccessor(M->first)) {
      IsDevice = true;
      return storageOf(M->second);
    }
    if (Api.isDeviceTypeAccessor(M->first)) { // x.device().type()
      auto Inner = nullaryMethod(M->second);
      if (Inner && Api.isDeviceAccessor(Inner->first)) {
        IsDevice = true;
        return storageOf(Inner->second);
      }
    }
    return nullptr;
  };

  Test T;
  if (std::optional<Equality> Eq = equalityOf(Cond)) {
    const Expr *L = Eq->L, *R = Eq->R;
    // Two tensors' dtypes (devices) compared: where they are equal, the
    // one less known takes the other's fact.
    bool DevL = false, DevR = false;
    const Decl *DL = readOf(peelConversion(L), DevL);
    const Decl *DR = readOf(peelConversion(R), DevR);
    if (DL && DR) {
      if (DevL != DevR || DL == DR)
        return true;
      bool Holds = (Succ == 0) != (Negated ^ Eq->NotEqual);
      return !Holds || unifyFacts(S, DL, DR, DevL);
    }
    for (int Swap = 0; Swap < 2 && !T.Storage; ++Swap, std::swap(L, R)) {
      bool IsDevice = false;
      const Decl *D = readOf(peelConversion(L), IsDevice);
      if (!D)
        continue;
      AbsValue K = constantOf(peelConversion(R));
      std::optional<unsigned> Bit;
      if (!IsDevice && K.DT.single())
        Bit = unsigned(*K.DT.single());
      if (IsDevice && K.DV.single())
        Bit = unsigned(*K.DV.single());
      if (!Bit)
        return true;
      T = {D, IsDevice, 1u << *Bit, Cond->getExprLoc()};
    }
    Negated ^= Eq->NotEqual;
  } else if (auto M = nullaryMethod(Cond)) {
    // x.is_cuda(), x.device().is_cuda(), x.is_floating_point()
    const Expr *Recv = M->second;
    if (auto Inner = nullaryMethod(Recv);
        Inner && Api.isDeviceAccessor(Inner->first))
      Recv = Inner->second;
    static const std::pair<llvm::StringRef, Device> DeviceTests[] = {
        {"is_cuda", Device::CUDA},
        {"is_cpu", Device::CPU},
        {"is_mps", Device::MPS},
        {"is_xpu", Device::XPU},
        {"is_meta", Device::Meta}};
    for (const auto &[Name, Dev] : DeviceTests)
      if (M->first == Name)
        T = {storageOf(Recv), true, 1u << unsigned(Dev), Cond->getExprLoc()};
    if (M->first == "is_floating_point")
      T = {storageOf(Recv), false, dtypeBits(isFloating), Cond->getExprLoc()};
  }
  // Successor 0 is the true edge.
  return applyTest(S, T.Storage, T.IsDevice, T.Bits, T.Where,
                   (Succ == 0) != Negated);
}

bool FunctionAnalyzer::applyTest(FlowState &S, const Decl *Storage,
                                 bool IsDevice, uint32_t TestBits,
                                 SourceLocation Where, bool Holds) {
  const auto *VD = dyn_cast_or_null<ValueDecl>(Storage);
  if (!VD || !testable(VD->getType()))
    return true;
  AbsValue V;
  if (std::optional<AbsValue> Known = testedValue(S, Storage))
    V = *Known;
  else if (isa<VarDecl>(Storage) && VD->getDeclContext() != FD &&
           VD->getDeclContext()->isFunctionOrMethod())
    // A variable of the function around a lambda, captured: nothing known
    // of it here but what the test says.
    V = AbsValue::tensor(DTypeFact::unknown(), DeviceFact::unknown());
  else
    return true;
  if (!V.isTensor() && V.K != AbsValue::Kind::DType &&
      V.K != AbsValue::Kind::Device)
    return true;
  auto Refine = [&](auto &Fact, uint32_t AllBits) {
    if (Fact.Param.isSymbolic()) { // a test for one value fixes it
      if (Holds && !(TestBits & (TestBits - 1))) {
        Fact.Param = ParamRef();
        Fact.Bits = TestBits;
        Fact.Where = Where;
      } else if (!Fact.Param.isThisModule()) {
        // Any other test narrows what the argument may be here
        // (`x.is_floating_point()`): a caller's argument outside it does
        // not reach this path (bindParams).
        uint32_t Bits = Fact.Bits & (Holds ? TestBits : AllBits & ~TestBits);
        if (Bits == 0)
          return false;
        Fact.Bits = Bits;
      }
      return true;
    }
    uint32_t Bits = Fact.Bits & (Holds ? TestBits : AllBits & ~TestBits);
    if (Bits == 0)
      return false;
    if (Bits != Fact.Bits) // known here by the test
      Fact.Where = Where;
    Fact.Bits = Bits;
    return true;
  };
  ParamRef Param = IsDevice ? V.DV.Param : V.DT.Param;
  bool Feasible = IsDevice ? Refine(V.DV, DeviceFact::AllBits)
                           : Refine(V.DT, DTypeFact::AllBits);
  if (!Feasible)
    return false;
  S.Vars[Storage] = V;
  // A parameter's symbolic fact fixed by the test: so is every tensor
  // derived from it with the same fact (`empty_like(x)`, `x.options()`, a
  // tensor checked to have x's dtype).
  if (Param.isSymbolic() && !(IsDevice ? V.DV.Param : V.DT.Param).isSymbolic())
    for (auto &[D, Other] : S.Vars) {
      if (D == Storage || !Other.isTensor())
        continue;
      if (IsDevice && Other.DV.Param == Param)
        Other.DV = V.DV;
      else if (!IsDevice && Other.DT.Param == Param)
        Other.DT = V.DT;
    }
  return true;
}

bool FunctionAnalyzer::testable(QualType T) const {
  switch (Api.classify(T)) {
  case TypeKind::Tensor:
  case TypeKind::ScalarType:
  case TypeKind::TypeMeta:
  case TypeKind::Device:
  case TypeKind::DeviceType:
    return true;
  default:
    return false;
  }
}

bool FunctionAnalyzer::unifyFacts(FlowState &S, const Decl *A, const Decl *B,
                                  bool IsDevice) {
  std::optional<AbsValue> VA = testedValue(S, A), VB = testedValue(S, B);
  if (!VA || !VB || !VA->isTensor() || !VB->isTensor())
    return true;
  auto Unify = [&](auto &FA, auto &FB) {
    // Definite facts intersect; a definite or symbolic fact is given to
    // an unknown or symbolic other (B takes A's when both are symbolic).
    if (!FA.Param.isSymbolic() && !FB.Param.isSymbolic()) {
      uint32_t Bits = FA.Bits & FB.Bits;
      if (!Bits)
        return false;
      FA.Bits = FB.Bits = Bits;
      return true;
    }
    if (FB.Param.isSymbolic() || FB.isUnknown())
      FB = FA;
    else
      FA = FB;
    return true;
  };
  bool Feasible = IsDevice ? Unify(VA->DV, VB->DV) : Unify(VA->DT, VB->DT);
  if (!Feasible)
    return false;
  S.Vars[A] = *VA;
  S.Vars[B] = *VB;
  return true;
}

std::optional<AbsValue> FunctionAnalyzer::testedValue(const FlowState &S,
                                                      const Decl *D) {
  const auto *VD = dyn_cast<ValueDecl>(D);
  if (!VD || !testable(VD->getType()))
    return std::nullopt;
  if (auto It = S.Vars.find(D); It != S.Vars.end())
    return It->second;
  // A parameter of this function, or of the function around a lambda
  // without parameters of its own (an AT_DISPATCH_* body): symbolic as
  // there, so what was derived from it follows a test (applyTest).
  if (const auto *PD = dyn_cast<ParmVarDecl>(D);
      PD && (PD->getDeclContext() == FD || capturedParam(PD)))
    return paramValue(PD, PD->getType());
  return std::nullopt;
}

bool FunctionAnalyzer::capturedParam(const ParmVarDecl *PD) const {
  const auto *M = dyn_cast<CXXMethodDecl>(FD);
  if (!M || !M->getParent()->isLambda() || M->getNumParams() != 0)
    return false;
  // The function the lambdas (nested, none with parameters) are written in.
  const DeclContext *DC = M->getParent()->getDeclContext();
  while (DC) {
    if (const auto *Outer = dyn_cast<CXXMethodDecl>(DC);
        Outer && Outer->getParent()->isLambda()) {
      if (Outer->getNumParams() != 0)
        return false;
      DC = Outer->getParent()->getDeclContext();
      continue;
    }
    return DC == PD->getDeclContext();
  }
  return false;
}

} // namespace torchdtype
