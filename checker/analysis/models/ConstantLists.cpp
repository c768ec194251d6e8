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
#include "analysis/models/ContainerValues.h"

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

/// Does a condition under S read V (a test of which element it is, its
/// size, its name, its dtype)?
bool conditionReads(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  const Stmt *Cond = nullptr;
  if (const auto *If = dyn_cast<IfStmt>(S))
    Cond = If->getCond();
  else if (const auto *W = dyn_cast<WhileStmt>(S))
    Cond = W->getCond();
  else if (const auto *D = dyn_cast<DoStmt>(S))
    Cond = D->getCond();
  else if (const auto *F = dyn_cast<ForStmt>(S))
    Cond = F->getCond();
  else if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    Cond = Sw->getCond();
  else if (const auto *CO = dyn_cast<AbstractConditionalOperator>(S))
    Cond = CO->getCond();
  else if (const auto *BO = dyn_cast<BinaryOperator>(S);
           BO && BO->isLogicalOp())
    Cond = BO->getLHS();
  if (namesVar(Cond, [&](const VarDecl *X) { return X == V; }))
    return true;
  for (const Stmt *C : S->children())
    if (conditionReads(C, V))
      return true;
  return false;
}

/// A range-for's variable V over a sequence L of tensors whose element
/// values the path knows (ContainerValues.h), two of them of different
/// dtypes or devices: an atom per value. Every element is visited, so each
/// value's path runs, unless the body tests the element (`if
/// (t.dim() == 0) continue;` may skip exactly the odd one): then none.
llvm::SmallVector<Assumption, 4> elementValues(const VarDecl *V,
                                               const Expr *Range,
                                               const AbsValue &L,
                                               const Stmt *Body) {
  if (!L.isTensor() || !L.Fields || !L.field(MapKeysKnown) ||
      conditionReads(Body, V))
    return {};
  llvm::SmallVector<std::pair<unsigned, const AbsValue *>, 4> Values;
  for (unsigned I = 0; I < containers::MaxElementValues; ++I)
    if (const AbsValue *W = L.field(containers::elementValueField(I)))
      Values.push_back({I, W});
  bool DTypes = false, Devices = false;
  for (const auto &[I, W] : Values) {
    DTypes |= !(W->DT == Values[0].second->DT);
    Devices |= !(W->DV == Values[0].second->DV);
  }
  if (Values.size() < 2 || !(DTypes || Devices))
    return {};
  std::string Of = "the range";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(strip(Range)))
    Of = DRE->getDecl()->getNameAsString();
  llvm::SmallVector<Assumption, 4> Out;
  for (const auto &[I, W] : Values) {
    std::string What;
    if (std::optional<DType> D = W->DT.single(); D && DTypes)
      What = dtypeName(*D).str();
    if (std::optional<Device> D = W->DV.single(); D && Devices)
      What += (What.empty() ? "" : " ") + deviceName(*D).str();
    Assumption A;
    A.Var = V;
    A.Rel = Assumption::Relation::Equals;
    A.Const = "#" + std::to_string(I);
    A.Value = true;
    A.Where = Range; // (the note's place: the loop's range)
    A.Text = V->getNameAsString() + " is " +
             (What.empty() ? "one" : "the " + What) + " element of " + Of;
    Out.push_back(std::move(A));
  }
  return Out;
}
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
  if (!V || !Range)
    return {};
  if (!isStdMap(Range->getType())) {
    if (Api.classify(Range->getType()) != TypeKind::TensorList)
      return {};
    for (const auto &[DS, Loop] : RangeLoopOf)
      if (Loop->getLoopVariable() == V)
        return elementValues(V, Range, eval(Range), Loop->getBody());
    return {};
  }
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
  // (a map's entry: its key, `first`; a sequence's element: its value)
  for (const Assumption &A : Cur->Assumed)
    if (A.Var == LoopVar && A.Value && A.Rel == Assumption::Relation::Equals &&
        (A.Field ? A.Field->getName() == "first"
                 : llvm::StringRef(A.Const).starts_with("#")))
      if (unsigned F = mapKeyFieldOf(A.Const); Map.field(F))
        return F;
  return std::nullopt;
}

} // namespace torchdtype
