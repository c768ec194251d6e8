//===- ConstantMaps.cpp - const maps from constants to dtypes, devices ---===//
//
// A const std::map or std::unordered_map written as a braced list of
// {constant, value} entries, whose values the analysis carries (dtypes,
// devices, options): `const std::map<std::string, torch::Dtype> kByName =
// {{"half", torch::kHalf}, ...}`. A lookup (`at(k)`, `find(k)->second`, the
// `->second` of an iterator `find` gave and nothing changed) gives the
// entry's value where the path knows the key (a literal, or a variable the
// path assumed equal to one: KnownConstants.h), and the join of every
// entry's value where it does not. The key of such a lookup is a subject
// (ConditionSubjects.cpp), so what the path assumed of it is kept.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "analysis/KnownConstants.h"

using namespace clang;

namespace torchdtype {

namespace {

/// `find(k)` or `at(k)` of a std::map or std::unordered_map.
bool isMapLookup(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *M = MC->getMethodDecl();
  if (!M || !M->getIdentifier() || MC->getNumArgs() != 1 ||
      (M->getName() != "find" && M->getName() != "at"))
    return false;
  return isStdMap(MC->getImplicitObjectArgument()->getType());
}

/// The entries of the braced list a const map variable (or, StaticToo, a
/// static one a registry function hands out) is initialized with; none
/// unless every key is a constant.
std::optional<llvm::SmallVector<std::pair<Constant, const Expr *>, 8>>
constantEntries(const VarDecl *VD, ASTContext &Ctx, bool StaticToo = false) {
  if ((!VD->getType().isConstQualified() &&
       !(StaticToo && VD->isStaticLocal())) ||
      !VD->getInit())
    return std::nullopt;
  const auto *CE = dyn_cast<CXXConstructExpr>(strip(VD->getInit()));
  if (!CE || CE->getNumArgs() < 1)
    return std::nullopt;
  const InitListExpr *IL = bracedList(CE->getArg(0));
  if (!IL || IL->getNumInits() == 0 || IL->getNumInits() > 64)
    return std::nullopt;
  llvm::SmallVector<std::pair<Constant, const Expr *>, 8> Out;
  for (const Expr *El : IL->inits()) {
    auto [Key, Value] = pairEntry(El);
    if (!Key)
      return std::nullopt;
    const Expr *K = strip(Key);
    if (const auto *KC = dyn_cast<CXXConstructExpr>(K);
        KC && KC->getNumArgs() >= 1) // std::string from a literal
      K = strip(KC->getArg(0));
    std::optional<Constant> C = torchdtype::constantOf(K, Ctx);
    if (!C)
      return std::nullopt;
    Out.push_back({*C, Value});
  }
  return Out;
}

/// The map a lookup reads, when its entries are those of its braced list: a
/// const variable, or a function of the user's whose body is `static
/// std::map<...> r = {...}; return r;` (a registry built once and handed
/// out; what its callers do to it is not looked at).
const VarDecl *registryMap(const Expr *E) {
  E = strip(E);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    return V && V->getType().isConstQualified() ? V : nullptr;
  }
  const auto *C = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  const FunctionDecl *Def = nullptr;
  if (!F || !F->hasBody(Def) || !Def || C->getNumArgs() != 0)
    return nullptr;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  if (!Body || Body->size() != 2)
    return nullptr;
  const auto *DS = dyn_cast<DeclStmt>(Body->body_front());
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  const auto *V = DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                                           : nullptr;
  const auto *R = Ret && Ret->getRetValue()
                      ? dyn_cast<DeclRefExpr>(strip(Ret->getRetValue()))
                      : nullptr;
  return V && V->isStaticLocal() && R && R->getDecl() == V ? V : nullptr;
}

} // namespace

std::optional<std::pair<const VarDecl *, const LambdaExpr *>>
registryLambda(const CallSite &S, ASTContext &Ctx, const Assumptions &Known,
               CallConstant Calls) {
  // `criterion(...)` of `const LossFn &criterion = registry().at("bce")`:
  // the lambda the registry's braced list gives that key.
  const VarDecl *V = functionVariable(S);
  if (!V)
    return std::nullopt;
  const Expr *Init = strip(V->getInit());
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
      CE && CE->getNumArgs() == 1)
    Init = strip(CE->getArg(0));
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Init);
  if (!MC || !isMapLookup(MC) || MC->getMethodDecl()->getName() != "at")
    return std::nullopt;
  const VarDecl *Map = registryMap(MC->getImplicitObjectArgument());
  auto Entries = Map ? constantEntries(Map, Ctx, /*StaticToo=*/true)
                     : std::nullopt;
  if (!Entries)
    return std::nullopt;
  // A constant, or a const variable's initializer.
  const Expr *KeyE = MC->getArg(0);
  if (const auto *KR = dyn_cast<DeclRefExpr>(strip(KeyE)))
    if (const auto *KV = dyn_cast<VarDecl>(KR->getDecl())) {
      if (!KV->getType().isConstQualified() || !KV->getInit())
        return std::nullopt;
      KeyE = KV->getInit();
    }
  std::optional<Constant> Key = knownValue(KeyE, Known, Ctx, Calls);
  if (!Key)
    if (const auto *KC = dyn_cast<CXXConstructExpr>(strip(KeyE));
        KC && KC->getNumArgs() >= 1)
      Key = knownValue(KC->getArg(0), Known, Ctx, Calls);
  if (!Key)
    return std::nullopt;
  for (const auto &[K, Value] : *Entries) {
    if (K.Key != Key->Key)
      continue;
    const Expr *E = strip(Value);
    while (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1)
        return std::nullopt;
      E = strip(CE->getArg(0));
    }
    if (const auto *LE = dyn_cast<LambdaExpr>(E))
      return std::make_pair(V, LE);
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<AbsValue>
FunctionAnalyzer::constantMapLookup(const CXXMemberCallExpr *MC,
                                    QualType ValueT) {
  if (!isMapLookup(MC))
    return std::nullopt;
  const VarDecl *VD = registryMap(MC->getImplicitObjectArgument());
  if (!VD || !isCarriedField(Api.classify(ValueT)))
    return std::nullopt;
  auto Entries = constantEntries(VD, Ctx, /*StaticToo=*/true);
  if (!Entries)
    return std::nullopt;
  std::optional<Constant> Key = knownKey(MC->getArg(0));
  AbsValue Joined;
  bool Any = false;
  for (const auto &[K, Value] : *Entries) {
    AbsValue V = convertTo(eval(Value), ValueT);
    if (V.K == AbsValue::Kind::None)
      return std::nullopt;
    if (Key && K.Key == Key->Key)
      return V;
    if (!Any)
      Joined = V;
    else
      Joined.join(V);
    Any = true;
  }
  return Any ? std::optional<AbsValue>(Joined) : std::nullopt;
}

std::optional<AbsValue>
FunctionAnalyzer::constantMapEntry(const CXXOperatorCallExpr *Arrow,
                                   QualType ValueT) {
  // `kByName.find(k)->second`, or `it->second` of `auto it =
  // kByName.find(k)` where nothing changes `it`.
  if (Arrow->getOperator() != OO_Arrow || Arrow->getNumArgs() != 1)
    return std::nullopt;
  const Expr *It = strip(Arrow->getArg(0));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(It)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (!VD || !VD->getInit() || !VD->isLocalVarDecl() || !stableVar(VD))
      return std::nullopt;
    It = strip(VD->getInit());
    if (const auto *Copy = dyn_cast<CXXConstructExpr>(It);
        Copy && Copy->getNumArgs() == 1)
      It = strip(Copy->getArg(0));
  }
  const auto *MC = dyn_cast<CXXMemberCallExpr>(It);
  if (!MC || !MC->getMethodDecl() || MC->getMethodDecl()->getName() != "find")
    return std::nullopt;
  // The key read again here: a constant, or a variable nothing changes.
  if (It != strip(Arrow->getArg(0)) && !keyUnchanged(MC->getArg(0)))
    return std::nullopt;
  return constantMapLookup(MC, ValueT);
}

} // namespace torchdtype
