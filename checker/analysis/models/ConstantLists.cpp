//===- ConstantLists.cpp - loops over braced lists of constants -----------===//
//
// `for (double smoothing : {0.1, 0.0})`, `for (auto mode : {Mode::Fast,
// Mode::Exact})`, `for (bool fp16 : {false, true})`: the loop's variable
// holds each of the list's constants in turn. Where the function tests the
// variable or passes it to a function of the user's (it is a subject,
// ConditionSubjects.cpp), a path entering the body becomes one path per
// constant the path has not ruled out, each assuming `smoothing == 0.1`
// ..., so what depends on the value is judged for every value the loop
// takes: a branch of the body, and the callee the value is passed to.
// A map whose keys the path all knows (2 to 8) and whose entries hold
// different facts is such a list too: a path per key, each reading its
// entry (`entry.first == key`; models/Containers.cpp reads the entry).
//
//===----------------------------------------------------------------------===//

#include "analysis/ASTWalk.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/PathStates.h"

using namespace clang;

namespace torchdtype {

namespace {
/// The range-for loops of a body, by their variable's declaration.
struct RangeLoops : NodeVisitor {
  llvm::DenseMap<const DeclStmt *, const CXXForRangeStmt *> &Out;
  explicit RangeLoops(
      llvm::DenseMap<const DeclStmt *, const CXXForRangeStmt *> &Out)
      : Out(Out) {}
  bool visitStmt(Stmt *S) override {
    if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      if (const DeclStmt *DS = R->getLoopVarStmt())
        Out[DS] = R;
    return true;
  }
};

/// The braced list a range is (`{0.1, 0.0}`, through the
/// std::initializer_list made of it); null for any other range.
const InitListExpr *bracedRange(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreImplicit();
  if (const auto *SL = dyn_cast<CXXStdInitializerListExpr>(E))
    E = SL->getSubExpr()->IgnoreImplicit();
  if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
    E = M->getSubExpr()->IgnoreImplicit();
  return dyn_cast<InitListExpr>(E);
}

/// A member of a plain struct read under S whose type the analysis does
/// not carry (a flag, a count, a name).
template <typename Pred> bool readsMember(const Stmt *S, Pred Uncarried) {
  if (!S)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(S))
    if (const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
        F && Uncarried(F))
      return true;
  for (const Stmt *C : S->children())
    if (readsMember(C, Uncarried))
      return true;
  return false;
}

/// Lists longer than this are not split by (each value is a path).
constexpr unsigned MaxListValues = 8;
} // namespace

llvm::SmallVector<Assumption, 4>
FunctionAnalyzer::listValues(const DeclStmt *DS) {
  if (!RangeLoopsFound) {
    RangeLoopsFound = true;
    RangeLoops W(RangeLoopOf);
    if (const Stmt *Body = FD->getBody())
      W.walk(Body);
  }
  auto It = RangeLoopOf.find(DS);
  if (It == RangeLoopOf.end())
    return {};
  const VarDecl *V = It->second->getLoopVariable();
  // A map whose keys the path all knows: an entry per key.
  if (llvm::SmallVector<Assumption, 4> Entries =
          mapEntryValues(V, It->second->getRangeInit());
      !Entries.empty()) {
    ListVars.insert(V);
    return Entries;
  }
  if (!V || V->getType()->isReferenceType() ||
      !(V->getType()->isBooleanType() || Subjects.count({V, nullptr})))
    return {};
  const InitListExpr *IL = bracedRange(It->second->getRangeInit());
  if (!IL || IL->getNumInits() < 2 || IL->getNumInits() > MaxListValues)
    return {};
  llvm::SmallVector<Assumption, 4> Out;
  for (const Expr *E : IL->inits()) {
    std::optional<Assumption> A =
        assignedConstant(Subject{V, nullptr}, E, {}, CallsFn);
    if (!A)
      return {}; // a value not known: the variable is not known either
    Out.push_back(std::move(*A));
  }
  ListVars.insert(V);
  return Out;
}

std::optional<Assumption>
FunctionAnalyzer::listValueToSplit(const DeclStmt *DS) {
  llvm::SmallVector<Assumption, 4> Open;
  for (const Assumption &A : listValues(DS)) {
    std::optional<bool> D = decided(Cur->Assumed, A);
    if (D && *D)
      return std::nullopt; // the path holds one already
    if (!D)
      Open.push_back(A);
  }
  if (Open.size() < 2)
    return std::nullopt;
  return Open.front();
}

std::optional<Assumption>
FunctionAnalyzer::listValueHeld(const DeclStmt *DS) {
  std::optional<Assumption> Only;
  unsigned Open = 0;
  for (const Assumption &A : listValues(DS)) {
    std::optional<bool> D = decided(Cur->Assumed, A);
    if (D && *D)
      return A;
    if (!D) {
      ++Open;
      Only = A;
    }
  }
  return Open == 1 ? Only : std::nullopt;
}

llvm::SmallVector<Assumption, 4>
FunctionAnalyzer::mapEntryValues(const VarDecl *V, const Expr *Range) {
  if (!V || !Range || !isStdMap(Range->getType()))
    return {};
  const FieldDecl *First = entryKeyField(V->getType());
  AbsValue L = eval(Range);
  if (!First ||
      (!L.isTensor() && L.K != AbsValue::Kind::Module &&
       L.K != AbsValue::Kind::Record) ||
      !L.field(MapKeysKnown) || !L.Fields)
    return {};
  // (a structured binding names the key by its first name)
  std::string Name = V->getNameAsString() + ".first";
  if (const auto *DD = dyn_cast<DecompositionDecl>(V);
      DD && !DD->bindings().empty())
    Name = DD->bindings()[0]->getNameAsString();
  // Entries that all hold the same facts split nothing.
  if (!L.mapEntriesDiffer())
    return {};
  // A map of structs whose loop reads a member the analysis does not carry
  // (`if (kv.second.is_time) continue;`): which key's path it is does not
  // decide that member, so no path per key (the join says nothing).
  if (L.K == AbsValue::Kind::Record)
    for (const auto &[DS, Loop] : RangeLoopOf)
      if (Loop->getLoopVariable() == V &&
          readsMember(Loop->getBody(), [&](const FieldDecl *F) {
            return !F->getParent()->isInStdNamespace() &&
                   !Api.isLibTorchDecl(F) &&
                   !isCarriedField(Api.classify(F->getType()));
          }))
        return {};
  llvm::SmallVector<Assumption, 4> Out;
  for (const auto &[F, E] : *L.Fields) {
    if (F <= MapKeysKnown) // (a record's own fields, then the mark)
      continue;
    auto K = AC.MapKeys.find(F);
    if (K == AC.MapKeys.end() || Out.size() == 8)
      return {};
    Assumption A;
    A.Var = V;
    A.Field = First;
    A.Rel = Assumption::Relation::Equals;
    A.Const = K->second.Key;
    A.Number = K->second.Number;
    A.Text = Name + " == " + K->second.Text;
    A.Value = true;
    Out.push_back(std::move(A));
  }
  if (Out.size() < 2)
    return {};
  return Out;
}

std::optional<unsigned>
FunctionAnalyzer::assumedEntryKey(const VarDecl *LoopVar, const AbsValue &Map) {
  if (!LoopVar || !Map.Fields || !Map.field(MapKeysKnown))
    return std::nullopt;
  for (const Assumption &A : Cur->Assumed)
    if (A.Var == LoopVar && A.Value && A.Rel == Assumption::Relation::Equals &&
        A.Field && A.Field->getName() == "first")
      if (unsigned F = mapKeyFieldOf(A.Const); Map.field(F))
        return F;
  return std::nullopt;
}

} // namespace torchdtype
