//===- CallFlags.cpp - a flag given to a call that picks what it returns ===//
//
// A call of the user's function given a bool the path knows nothing of: an
// argument (`make_features(raw, use_fp16)`), a bool field of a struct it is
// given (`load(cfg)` reading `cfg.half`), or of the object a method runs on
// (`cache.as_tensor()` reading `this->compact`). Where the callee's run for
// true and its run for false return values of different dtypes or devices,
// or one run decides a dtype or device the other does not (the summary,
// joined over both, knows neither), each value is a path of
// its own, split before the call (the solver's splitAt) as `if (flag)`
// around it would make: the call passes the path's constant
// (CallConstants.cpp), so each path gets what the callee returns for it,
// and the caller's own tests of the flag later agree with it. A flag the
// callee's result does not depend on splits nothing, nor does a field of a
// variable the function calls a non-const method on (the method may have
// set it: `norm.fit(x)` then `norm.transform(x)` reading `fitted_`). No
// clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "analysis/ASTWalk.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/PathStates.h"

using namespace clang;

namespace torchdtype {

namespace {

/// One of the facts is one value, and the other is not that value (another
/// one, or not known: `half ? x.to(kHalf) : x` of an unknown x).
template <typename Fact> bool apart(const Fact &A, const Fact &B) {
  auto SA = A.single(), SB = B.single();
  return (SA || SB) && SA != SB;
}

/// Values a call may return whose dtype or device two runs decided apart:
/// a tensor, module, dtype or device, or a field of a struct.
bool decidedApart(const AbsValue &A, const AbsValue &B) {
  if (A.K != B.K)
    return false;
  if (A.K == AbsValue::Kind::Record) {
    if (!A.Fields || !B.Fields)
      return false;
    for (const auto &[I, V] : *A.Fields)
      if (const AbsValue *W = B.field(I);
          W && V.carriesFacts() && decidedApart(V, *W))
        return true;
    return false;
  }
  if (!A.carriesFacts() && A.K != AbsValue::Kind::Module)
    return false;
  return apart(A.DT, B.DT) || apart(A.DV, B.DV);
}

} // namespace

void FunctionAnalyzer::callFlags(const CallSite &S,
                                 llvm::SmallVectorImpl<Subject> &Out) {
  auto Add = [&](const Expr *E) {
    std::optional<Subject> Sub = subjectOf(E);
    if (!Sub || !trackedVar(Sub->Var))
      return;
    bool ViaFields = Sub->Field || !Sub->type()->isBooleanType();
    if (ViaFields && uses().ChangedByMethods.count(Sub->Var))
      return;
    if (Sub->type()->isBooleanType()) {
      if (!Sub->Field || Subjects.count({Sub->Var, Sub->Field}))
        Out.push_back(*Sub);
      return;
    }
    // A plain struct: the bool fields the caller's subjects name (those a
    // call of the user's reads, ConditionSubjects.cpp).
    const CXXRecordDecl *RD = Sub->Field ? nullptr : plainRecord(Sub->type(), Api);
    if (!RD)
      return;
    for (const FieldDecl *F : RD->fields())
      if (F->getType()->isBooleanType() && Subjects.count({Sub->Var, F}))
        Out.push_back(Subject{Sub->Var, F});
  };
  for (unsigned I = 0; I < S.Args.size() && I < S.Def->getNumParams(); ++I) {
    // Not one the callee may change through a reference.
    QualType PT = S.Def->getParamDecl(I)->getType();
    if (!PT->isReferenceType() || PT.getNonReferenceType().isConstQualified())
      Add(S.Args[I]);
  }
  if (S.Obj && isa<CXXMethodDecl>(S.Def))
    Add(S.Obj);
}

llvm::ArrayRef<Assumption>
FunctionAnalyzer::machineQueriesOf(const FunctionDecl *Def) {
  if (auto It = MachineQueriesOf.find(Def); It != MachineQueriesOf.end())
    return It->second;
  struct Queries : NodeVisitor {
    const ApiModel &Api;
    llvm::SmallVector<Assumption, 1> Out;
    explicit Queries(const ApiModel &Api) : Api(Api) {}
    bool visitStmt(Stmt *S) override {
      const auto *CE = dyn_cast<CallExpr>(S);
      const FunctionDecl *F = CE ? CE->getDirectCallee() : nullptr;
      if (!F || CE->getNumArgs() != 0 || !F->getReturnType()->isBooleanType())
        return true;
      std::string Name = F->getQualifiedNameAsString();
      if (!Api.isMachineQuery(Name) ||
          llvm::any_of(Out, [&](const Assumption &A) {
            return A.Var == F->getCanonicalDecl();
          }))
        return true;
      Assumption A; // as PathStates' branchVariable writes one
      A.Var = F->getCanonicalDecl();
      A.Text = Name + "()";
      Out.push_back(std::move(A));
      return true;
    }
  } W(Api);
  if (const Stmt *Body = Def->getBody())
    W.walk(Body);
  return MachineQueriesOf[Def] = std::move(W.Out);
}

std::optional<Assumption>
FunctionAnalyzer::callFlagToSplit(const CallExpr *CE) {
  const CallSite &S = site(CE);
  if (S.Family != CallFamily::UserFunction || !S.Def || !S.Def->hasBody())
    return std::nullopt;
  AbsValue Returned = unknownOf(CE->getType());
  if (!Returned.carriesFacts() && Returned.K != AbsValue::Kind::Module &&
      Returned.K != AbsValue::Kind::Record)
    return std::nullopt;
  llvm::SmallVector<Subject, 2> Flags;
  callFlags(S, Flags);
  llvm::ArrayRef<Assumption> Queries = machineQueriesOf(S.Def);
  if (Flags.empty() && Queries.empty())
    return std::nullopt;
  const Summary *Callee = AC.summary(S.Def);
  if (!Callee || !Callee->HasReturn)
    return std::nullopt;
  // What the call returns on this path given the flag's value V.
  auto ResultWith = [&](const Assumption &A,
                        bool V) -> std::optional<AbsValue> {
    FlowState Copy = *Cur;
    Assumption B = A;
    B.Value = V;
    if (!assume(Copy.Assumed, std::move(B)))
      return std::nullopt;
    FlowState *Saved = Cur;
    llvm::DenseMap<const Expr *, AbsValue> SavedVals;
    std::swap(SavedVals, ExprVals);
    Cur = &Copy;
    std::optional<AbsValue> Receiver = receiverOf(S);
    AbsValue R =
        callResult(S, S.Def, *Callee, Receiver ? &*Receiver : nullptr);
    Cur = Saved;
    ExprVals = std::move(SavedVals);
    return R;
  };
  // The two values of A, where the path does not know it, give the call
  // values decided apart.
  auto Splits = [&](const Assumption &A) {
    if (decided(Cur->Assumed, A))
      return false;
    std::optional<AbsValue> T = ResultWith(A, true);
    std::optional<AbsValue> F = ResultWith(A, false);
    return T && F && decidedApart(*T, *F);
  };
  for (const Subject &Sub : Flags) {
    Assumption A;
    A.Var = Sub.Var;
    A.Field = Sub.Field;
    A.Text = Sub.name();
    A.Where = CE;
    if (Splits(A))
      return A;
  }
  // A machine query the callee asks (`cuda::is_available() ? kCUDA :
  // kCPU` in a config factory): it answers the same here, so it splits the
  // path as a flag does (the runs are given it, callFacts).
  for (Assumption A : Queries) {
    A.Where = CE;
    if (Splits(A))
      return A;
  }
  return std::nullopt;
}

} // namespace torchdtype
