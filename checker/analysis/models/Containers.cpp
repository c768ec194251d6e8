//===- Containers.cpp - sequences and maps of tensors, vectors of IValues ==//
//
// A std::vector (or std::array, std::deque, std::list) of tensors stands
// for the join of the tensors it holds: it starts empty (the bottom) or
// with a braced list, push_back, emplace_back and their _front twins join,
// clear empties it, and reading an element (`v[i]`, `at`, `front`, `back`,
// the variable of a range-based for) gives the join. Only containers whose
// every use the analysis follows are tracked (VarUses.cpp); any other use
// makes the container unknown everywhere in the function. A std::map or
// std::unordered_map of tensors is the join of the tensors it maps to: an
// entry (`kv` of a range-based for, `*it`, `it->second` of an iterator
// `find` gave) is a pair whose value is the join. A std::vector<IValue> (a
// TorchScript call's inputs) is the same join, read as one input. A
// sequence of plain records, or a map to them (RecordList), is the join of
// its records alike: the fields every element it may hold knows, the
// bottom an empty record list (a Record whose Opt is No, which the join
// drops as it drops an empty optional).
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/KnownConstants.h"
#include "analysis/models/ContainerValues.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace torchdtype::containers;

namespace torchdtype {

namespace {

bool isElementRead(llvm::StringRef Name) {
  return Name == "operator[]" || Name == "at" || Name == "front" ||
         Name == "back";
}

/// Methods that leave the elements as they are.
bool keepsElements(llvm::StringRef Name) {
  // (What pop_back and pop_front leave is part of the join.)
  return isElementRead(Name) || Name == "begin" || Name == "end" ||
         Name == "cbegin" || Name == "cend" || Name == "find" ||
         Name == "size" || Name == "empty" || Name == "reserve" ||
         Name == "capacity" || Name == "pop_back" || Name == "pop_front";
}

/// A torch::OrderedDict of tensors (named_parameters()), or its Item.
bool isTensorDict(QualType T, bool Entry = false) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (RD && Entry && RD->getIdentifier() && RD->getName() == "Item")
    RD = dyn_cast<CXXRecordDecl>(RD->getParent());
  return RD && RD->getIdentifier() && RD->getName() == "OrderedDict" &&
         RD->getQualifiedNameAsString() == "torch::OrderedDict";
}

/// The field of a map's value that holds what key K maps to.
unsigned mapKeyField(const Constant &K) { return mapKeyFieldOf(K.Key); }

} // namespace

void FunctionAnalyzer::mapEntryAssigned(const Expr *LHS, const AbsValue &V) {
  // `m[key] = t` on a followed map of tensors: its join takes t.
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(strip(LHS));
  if (!OC || OC->getOperator() != OO_Subscript || OC->getNumArgs() != 2 ||
      !isList(Api.classify(OC->getArg(0)->getType())))
    return;
  const Decl *D = storageOf(OC->getArg(0));
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  // A local map, or a member of the object the method runs on.
  const auto *ME = dyn_cast<MemberExpr>(strip(OC->getArg(0)));
  bool OwnMember = isa_and_nonnull<FieldDecl>(D) && ME &&
                   isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts());
  if ((!VD && !OwnMember) || (VD && uses().UntrackedLists.count(VD)))
    return;
  joinIntoList(D, OC->getArg(0)->getType(), V);
  putKey(D, OC->getArg(1), V, /*Overwrites=*/true, AbsValue::none());
}

std::optional<Constant> FunctionAnalyzer::knownKey(const Expr *Key) {
  if (std::optional<Constant> C = knownValue(Key, Cur->Assumed, Ctx, CallsFn))
    return C;
  if (const auto *KC = dyn_cast<CXXConstructExpr>(strip(Key));
      KC && KC->getNumArgs() >= 1) // std::string from a literal
    return knownValue(KC->getArg(0), Cur->Assumed, Ctx, CallsFn);
  return std::nullopt;
}

bool FunctionAnalyzer::keyUnchanged(const Expr *Key) {
  const auto *Ref = dyn_cast<DeclRefExpr>(strip(Key));
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return !V || V->getType().isConstQualified() || stableVar(V);
}

std::optional<unsigned> FunctionAnalyzer::mapKey(const Expr *Key) {
  if (std::optional<Constant> C = knownKey(Key)) {
    unsigned F = mapKeyField(*C);
    AC.MapKeys.try_emplace(F, *C);
    return F;
  }
  return std::nullopt;
}

void FunctionAnalyzer::putKey(const Decl *D, const Expr *Key,
                              const AbsValue &V, bool Overwrites,
                              const AbsValue &Before) {
  const auto *VD = dyn_cast<ValueDecl>(D);
  if (!VD || !isStdMap(VD->getType()))
    return;
  AbsValue &L = Cur->Vars[D];
  if (!keyed(L))
    return;
  AbsValue E = entryValue(asElement(Api.classify(VD->getType()), V));
  std::optional<unsigned> F = mapKey(Key);
  if (!F) { // any key: what the known keys map to may have changed
    L.Fields = nullptr;
    return;
  }
  // emplace keeps a value already there: where the key may be there (the
  // map's keys not all known), the new value joins the old ones.
  bool Absent = keyed(Before) && !Before.field(*F) &&
                (isBottom(Before) || Before.field(MapKeysKnown));
  if (!Overwrites && !Before.field(*F) && !Absent)
    E.join(element(Before));
  if (Overwrites || !Before.field(*F))
    L = L.withField(*F, E);
}

void FunctionAnalyzer::listWritten(const Decl *D) {
  // A reference to an element of the list may now see another tensor.
  for (const auto &[Ref, List] : uses().ElementRefs)
    if (List == D)
      store(Ref, unknownOf(Ref->getType().getNonReferenceType()));
}

void FunctionAnalyzer::elementRebound(const VarDecl *List, const AbsValue &V) {
  // Which key it is is not kept: the keys' values are forgotten.
  joinIntoList(List, List->getType(), V);
  if (auto It = Cur->Vars.find(List); It != Cur->Vars.end())
    It->second.Fields = nullptr;
}

/// The index of D when it is a list of tensors this function was given by
/// non-const reference (what it does to it is the caller's).
static std::optional<unsigned> listParam(const Decl *D, const FunctionDecl *FD,
                                         const ApiModel &Api) {
  const auto *P = dyn_cast_or_null<ParmVarDecl>(D);
  if (!P || P->getDeclContext() != FD || P->getFunctionScopeIndex() >= 64)
    return std::nullopt;
  QualType T = P->getType();
  if (!T->isReferenceType() || T.getNonReferenceType().isConstQualified() ||
      Api.classify(T) != TypeKind::TensorList)
    return std::nullopt;
  return P->getFunctionScopeIndex();
}

void FunctionAnalyzer::joinIntoList(const Decl *D, QualType T,
                                    const AbsValue &V, bool Appends) {
  listWritten(D);
  if (std::optional<unsigned> I = listParam(D, FD, Api)) {
    AbsValue E = asElement(TypeKind::TensorList, V);
    E.Fields = nullptr;
    auto [It, First] = Sum.ListAdds.try_emplace(*I, E);
    if (!First)
      It->second.join(E);
  }
  // A member container the path has not seen yet: what the class keeps
  // in it; in the class invariant's own runs, nothing (every writer's
  // elements are joined there, keys not all known).
  if (const auto *F = dyn_cast<FieldDecl>(D); F && !Cur->Vars.count(D)) {
    std::optional<AbsValue> Before = thisMember(F, F->getType());
    if (InvariantMode) {
      Before = emptyList(Api.classify(T));
      Before->Fields = nullptr;
    }
    if (Before)
      Cur->Vars[D] = *Before;
  }
  AbsValue L = Cur->Vars.lookup(D);
  if (Api.classify(T) == TypeKind::RecordList) {
    if (L.K != AbsValue::Kind::Record)
      L = unknownOf(T);
    joinRecord(L, V); // (a map's keys stay: putKey changes them)
  } else {
    AbsValue E = asElement(Api.classify(T), V);
    if (L.K != E.K)
      L = unknownOf(T);
    // A sequence's element values: an element added at its end joins
    // them; one written in place leaves them unknown.
    bool Sequence = !isStdMap(T) && Api.classify(T) == TypeKind::TensorList;
    if (Sequence && Appends) {
      appendElement(L, E);
    } else {
      E.Fields = L.Fields; // a map's keys stay (putKey changes them)
      L.join(E);
      if (Sequence)
        L.Fields = nullptr;
    }
  }
  if (isa<FieldDecl>(D))
    store(D, L); // (among the method's writes)
  else
    Cur->Vars[D] = L;
}

void FunctionAnalyzer::listEffects(const CallSite &S) {
  const Decl *D = storageOf(S.Obj);
  if (!D)
    return;
  if (isList(S.List) &&
      (keepsElements(S.Name) ||
       (isa<VarDecl>(D) && uses().UntrackedLists.count(cast<VarDecl>(D)))))
    return;
  bool Adds =
      (S.Name == "push_back" || S.Name == "emplace_back" ||
       S.Name == "push_front" || S.Name == "emplace_front") &&
      S.Args.size() == 1;
  // A map of tensors: emplace(key, t), insert_or_assign(key, t).
  bool MapAdds = (S.Name == "emplace" || S.Name == "insert_or_assign" ||
                  S.Name == "try_emplace") &&
                 S.Args.size() == 2;
  if (S.Name == "count" || S.Name == "contains" || S.Name == "erase")
    return;
  AbsValue E = Adds      ? eval(S.Args[0])
               : MapAdds ? eval(S.Args[1])
                         : AbsValue::none();
  Adds |= MapAdds;
  if (Adds) {
    AbsValue Before = Cur->Vars.lookup(D);
    joinIntoList(D, S.Obj->getType(), E, /*Appends=*/true);
    if (MapAdds)
      putKey(D, S.Args[0], E, S.Name == "insert_or_assign", Before);
    return;
  }
  listWritten(D);
  if (std::optional<unsigned> I = listParam(D, FD, Api);
      I && (S.Name == "clear" || !cast<CXXMethodDecl>(S.Callee)->isConst()))
    Sum.ListParamsOther |= uint64_t(1) << *I;
  AbsValue &L = Cur->Vars[D];
  AbsValue Unknown = unknownOf(S.Obj->getType());
  if (L.K != Unknown.K)
    L = Unknown;
  if (S.Name == "clear")
    L = emptyList(S.List);
  else if (!cast<CXXMethodDecl>(S.Callee)->isConst())
    L = Unknown;
}

void FunctionAnalyzer::moduleListsMayHold(const AbsValue &R) {
  // Each list of modules the path holds may hold the module converted to
  // R: it holds R beside what it held.
  llvm::SmallVector<std::pair<const Decl *, AbsValue>, 2> Lists;
  for (const auto &[L, V] : Cur->Vars)
    if (const auto *LD = dyn_cast<ValueDecl>(L);
        LD && V.K == AbsValue::Kind::Module &&
        Api.classify(LD->getType()) == TypeKind::ModuleList) {
      AbsValue J = V, E = R;
      J.Fields = E.Fields = nullptr; // (a key's module may be this one)
      J.join(E);
      Lists.push_back({L, J});
    }
  for (auto &[L, J] : Lists)
    store(L, J);
}

std::optional<AbsValue> FunctionAnalyzer::listElement(const CallSite &S) {
  // An entry of a dict of tensors (`item.value()`): its value.
  if (S.Obj && S.Name == "value" && S.Args.empty() &&
      isTensorDict(S.Obj->getType(), /*Entry=*/true) &&
      Api.classify(S.Obj->getType()) == TypeKind::Record) {
    AbsValue E = eval(S.Obj);
    const AbsValue *V = E.K == AbsValue::Kind::Record ? E.field(1) : nullptr;
    return V ? *V : AbsValue::unknownTensor();
  }
  if (isList(S.List) && isElementRead(S.Name)) {
    AbsValue L = eval(S.Obj);
    // `m.at(k)`, `m[k]`: what the path knows k maps to.
    bool Map = isStdMap(S.Obj->getType()) && S.Args.size() == 1;
    std::optional<unsigned> F = Map ? mapKey(S.Args[0]) : std::nullopt;
    if (keyed(L) && F)
      if (const AbsValue *V = L.field(*F))
        return *V;
    // A map of tensors' `m[k]` inserts an undefined tensor where k is not
    // in it: undefined in an empty map or for a key it knows it lacks,
    // else maybe.
    if (Map && S.Name == "operator[]" && L.isTensor()) {
      if (isBottom(L) || (F && L.field(MapKeysKnown)))
        return AbsValue::noTensor();
      AbsValue E = element(L);
      E.MaybeUndefined = true;
      return E;
    }
    return element(L);
  }
  // `*__begin` of `for (auto &x : v)`.
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(S.E);
  if (!OC || OC->getOperator() != OO_Star || OC->getNumArgs() != 1)
    return std::nullopt;
  if (std::optional<AbsValue> Entry = iteratorEntry(OC))
    return Entry;
  if (std::optional<AbsValue> Batch = loaderBatch(OC))
    return Batch;
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(OC->getArg(0)));
  const auto *It = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!It)
    return std::nullopt;
  auto R = uses().RangeOfBegin.find(It);
  if (R == uses().RangeOfBegin.end() ||
      !isList(Api.classify(R->second->getType())))
    return std::nullopt;
  // A temporary range (`t.unbind(0)`) is held by the range variable.
  std::optional<AbsValue> L;
  if (!isa<DeclRefExpr>(strip(R->second)))
    if (auto RV = uses().RangeVarOfBegin.find(It);
        RV != uses().RangeVarOfBegin.end())
      if (auto V = Cur->Vars.find(RV->second); V != Cur->Vars.end())
        L = V->second;
  // `for (auto &kv : m)` over a map (or the OrderedDict named_parameters()
  // gives): the entry, its value the join, or the value of the key the
  // path assumes this iteration reads (ConstantLists.cpp splits a loop
  // over a map whose keys it knows).
  if (isStdMap(R->second->getType()) || isTensorDict(R->second->getType())) {
    if (!L)
      L = eval(R->second);
    auto LV = uses().LoopVarOfBegin.find(It);
    if (LV != uses().LoopVarOfBegin.end())
      if (std::optional<unsigned> F = assumedEntryKey(LV->second, *L))
        return mapEntry(OC->getType(), *L->field(*F));
    return mapEntry(OC->getType(), element(*L));
  }
  // A sequence's element: the value the path assumes this iteration reads
  // (ConstantLists.cpp splits a loop over element values it knows).
  AbsValue Seq = L ? *L : eval(R->second);
  if (auto LV = uses().LoopVarOfBegin.find(It);
      LV != uses().LoopVarOfBegin.end())
    if (std::optional<unsigned> F = assumedEntryKey(LV->second, Seq))
      return *Seq.field(*F);
  return element(Seq);
}

AbsValue FunctionAnalyzer::mapEntry(QualType PairT, const AbsValue &Value) {
  AbsValue R = unknownOf(PairT.getNonReferenceType());
  if (R.K == AbsValue::Kind::Record)
    R = R.withField(1, Value);
  return R;
}

std::optional<AbsValue>
FunctionAnalyzer::iteratorEntry(const CXXOperatorCallExpr *OC) {
  // `it->second`, `(*it).second` of `auto it = m.find(k)`, and
  // `m.find(k)->second`, on a map whose every use is followed
  // (VarUses.cpp: the iterator is only compared and read).
  if ((OC->getOperator() != OO_Arrow && OC->getOperator() != OO_Star) ||
      OC->getNumArgs() != 1)
    return std::nullopt;
  const Expr *It = strip(OC->getArg(0));
  const CXXMemberCallExpr *Find = nullptr;
  bool Held = false; // the iterator is a variable: the key is read again
  if (const auto *DRE = dyn_cast<DeclRefExpr>(It)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    auto F = VD ? uses().MapOfIterator.find(VD) : uses().MapOfIterator.end();
    if (F != uses().MapOfIterator.end())
      Find = F->second;
    Held = true;
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(It)) {
    const CXXMethodDecl *M = MC->getMethodDecl();
    if (M && M->getIdentifier() && M->getName() == "find")
      Find = MC;
  }
  if (!Find || Find->getNumArgs() != 1)
    return std::nullopt;
  const Expr *Map = Find->getImplicitObjectArgument();
  if (!isStdMap(Map->getType()))
    return std::nullopt;
  const Decl *D = storageOf(Map);
  const auto *VD = dyn_cast_or_null<VarDecl>(D);
  // A local map every use of which is followed, or a list-of-modules
  // member (sorted by models/ModuleMembers.cpp).
  bool Member = isa_and_nonnull<FieldDecl>(D) &&
                Api.classify(Map->getType()) == TypeKind::ModuleList;
  if (!Member && (!VD || uses().UntrackedLists.count(VD)))
    return std::nullopt;
  QualType PairT = OC->getOperator() == OO_Arrow
                       ? OC->getType()->getPointeeType()
                       : OC->getType();
  AbsValue L = eval(Map);
  // What the key maps to: a key read again where the iterator is used must
  // be a constant or a variable nothing changes.
  if (keyed(L) && (!Held || keyUnchanged(Find->getArg(0))))
    if (std::optional<unsigned> F = mapKey(Find->getArg(0)))
      if (const AbsValue *V = L.field(*F))
        return mapEntry(PairT, *V);
  return mapEntry(PairT, element(L));
}

AbsValue FunctionAnalyzer::listValue(const CXXConstructExpr *CE,
                                     llvm::ArrayRef<const Expr *> Args) {
  TypeKind K = Api.classify(CE->getType());
  if (Args.empty())
    return emptyList(K);
  // `std::vector<Tensor> v{a, b}`: the join of its elements; a map's,
  // what each constant key maps to.
  if (Args.size() == 1)
    if (const InitListExpr *IL = bracedList(Args[0])) {
      if (!isStdMap(CE->getType()))
        return models::bracedListJoin(*this, IL, CE->getType());
      if (isList(K))
        return bracedMap(IL, CE->getType());
    }
  return unknownOf(CE->getType());
}

AbsValue FunctionAnalyzer::bracedMap(const InitListExpr *IL, QualType T) {
  // `std::map<std::string, Tensor> m = {{"count", zeros}, ...}`: every key
  // known (a map made from a list of constant keys), the first of a key
  // kept, as std::map's constructor keeps it.
  TypeKind LK = Api.classify(T);
  AbsValue L = emptyList(LK);
  bool First = true;
  for (const Expr *El : IL->inits()) {
    auto [Key, Value] = pairEntry(El);
    std::optional<Constant> K = Key ? knownKey(Key) : std::nullopt;
    if (!K)
      return unknownOf(T);
    unsigned F = mapKeyField(*K);
    if (L.field(F))
      continue;
    AbsValue V = entryValue(asElement(LK, eval(Value)));
    if (LK == TypeKind::RecordList) {
      joinRecord(L, V);
      L = L.withField(F, V);
      continue;
    }
    if (LK == TypeKind::ModuleList) {
      AbsValue J = L;
      J.Fields = nullptr;
      J.join(V);
      J.Fields = L.Fields;
      L = J.withField(F, V);
      continue;
    }
    L.DT.join(V.DT);
    L.DV.join(V.DV);
    L.Dims = First ? V.Dims : std::min(L.Dims, V.Dims);
    First = false;
    L = L.withField(F, V);
  }
  return L;
}

} // namespace torchdtype
