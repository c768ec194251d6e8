//===- Modules.cpp - torch::nn and TorchScript modules
//--------------===//
//
// A module value stands for its parameters: torch::nn layers are created
// with the default dtype on the CPU, to() moves them, forward()/operator()
// records a module call (and the op a layer or loss runs). The inputs of a
// TorchScript call are a std::vector<IValue>.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace torchdtype {

AbsValue FunctionAnalyzer::moduleValue(QualType ModuleType,
                                       SourceLocation Where) {
  AbsValue V;
  V.K = AbsValue::Kind::Module;
  if (std::optional<ModuleInfo> Info = Api.builtinModule(ModuleType)) {
    // torch::nn layers create their parameters with the default dtype, on
    // the CPU.
    V.DT = Cur->DefaultDType;
    V.DT.Where = Where;
    V.DV = DeviceFact::of(Device::CPU, Where);
    V.FloatModule = Info->Rule == ModuleRule::FloatInput;
    V.Tracked = true;
    return V;
  }
  if (!Api.lossModuleOp(ModuleType).empty())
    return V; // no parameters; forward(input, target) is modelled as its op
  // A user module: its parameters are unknown until moved with to(); its
  // forward decides what input it accepts.
  V.Fwd = AbsValue::Forward::Opaque;
  if (const CXXRecordDecl *RD = Api.moduleRecord(ModuleType)) {
    if (RD->hasDefinition() && RD->isPolymorphic() && !Api.isLibTorchDecl(RD))
      V.Class = RD->getCanonicalDecl();
    // Created here: its parameters are what its constructors make.
    const AnalysisContext::ModuleInit &Init = AC.moduleInit(RD);
    if (Init.Known) {
      V.DT = Init.DT;
      V.DV = Init.DV;
      V.Tracked = true;
    }
    for (const CXXMethodDecl *M : RD->methods()) {
      const FunctionDecl *Def = nullptr;
      if (!M->getIdentifier() || !Api.isModuleForward(M->getName()) ||
          !M->hasBody(Def) || !Def)
        continue;
      if (const Summary *S = AC.summary(Def))
        V.Fwd = (S->ParamsReassigned & 1) ? AbsValue::Forward::Converts
                                          : AbsValue::Forward::Keeps;
    }
  }
  return V;
}

AbsValue FunctionAnalyzer::sequentialValue(const CXXConstructExpr *CE,
                                           llvm::ArrayRef<const Expr *> Args) {
  // torch::nn::Sequential(Linear(...), ReLU(), ...): its parameters are its
  // layers'; forward runs them in order. Anything but torch::nn layers and
  // activations makes it opaque.
  AbsValue V = moduleValue(CE->getType(), CE->getExprLoc());
  AbsValue Params;
  bool First = true;
  for (const Expr *A : Args) {
    QualType LT = strip(A)->getType();
    if (!Api.activationModuleOp(LT).empty())
      continue;
    if (!Api.builtinModule(LT))
      return V;
    AbsValue L = eval(A);
    if (L.K != AbsValue::Kind::Module)
      return V;
    if (First)
      Params = L;
    else
      Params.join(L);
    First = false;
  }
  V.Fwd = AbsValue::Forward::Keeps;
  V.Tracked = true;
  V.Layers = CE;
  std::optional<ModuleInfo> In = models::firstLayer(Api, V);
  V.FloatModule = In && In->Rule == ModuleRule::FloatInput;
  if (!First) {
    V.DT = Params.DT;
    V.DV = Params.DV;
  } else {
    V.DV = DeviceFact::of(Device::CPU, CE->getExprLoc());
  }
  return V;
}

std::optional<ModuleInfo> models::firstLayer(const ApiModel &Api,
                                             const AbsValue &M) {
  if (!M.Layers)
    return std::nullopt;
  for (const Expr *A : M.Layers->arguments()) {
    QualType LT = strip(A)->getType();
    if (Api.activationModuleOp(LT).empty())
      return Api.builtinModule(LT);
  }
  return std::nullopt;
}

/// How an expression with no storage of its own is written (`heads["a"]`,
/// `it->second`), for a message: its source text when it is short and not
/// from a macro, else "".
static std::string writtenName(const Expr *E, const ASTContext &Ctx) {
  E = strip(E);
  // (the object `heads[k]->` reaches)
  if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(E);
      OC && OC->getOperator() == OO_Arrow && OC->getNumArgs() == 1)
    E = strip(OC->getArg(0));
  if (!E || E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID())
    return "";
  StringRef Text = Lexer::getSourceText(
      CharSourceRange::getTokenRange(E->getSourceRange()),
      Ctx.getSourceManager(), Ctx.getLangOpts());
  if (Text.size() > 40 || Text.contains('\n'))
    return "";
  return Text.str();
}

bool models::moduleCallEffects(TransferState &St, const CallSite &S) {
  const ApiModel &Api = St.api();
  const CallExpr *CE = S.E;
  const Expr *Obj = S.Obj;
  llvm::StringRef Name = S.Name;
  llvm::ArrayRef<const Expr *> Args = S.Args;
  if (!Obj)
    return false;
  AbsValue M = St.eval(Obj);
  if (M.K != AbsValue::Kind::Module) {
    // A module not followed converted (an element of a container): the
    // holders that may share it are not followed either.
    TypeKind K = Api.classify(Obj->getType().getNonReferenceType());
    if (Api.isModuleConversion(Name) &&
        (K == TypeKind::Holder || K == TypeKind::ModulePtr))
      St.moduleConverted(storageOf(Obj), AbsValue::unknownModule());
    return false;
  }
  bool IsJit = Api.classify(Obj->getType()) == TypeKind::JitModule;
  if (Api.isModuleConversion(Name)) {
    bool Explicit;
    AbsValue R = models::applyDTypeDeviceArgs(St, M, S.Callee, Args, Explicit);
    if (!(R.DT == M.DT) || Explicit)
      R.DT.Where = CE->getExprLoc();
    if (!(R.DV == M.DV)) {
      R.DV.Where = CE->getExprLoc();
      R.Moved = true;
    }
    // Which of the parameters' facts to() now sets for all of them.
    for (const Expr *A : Args) {
      AbsValue V = St.eval(A);
      R.DTypeConverted |= V.K == AbsValue::Kind::DType || V.isTensor() ||
                          (V.K == AbsValue::Kind::Options && V.DTypeSet);
      R.DeviceConverted |= V.K == AbsValue::Kind::Device || V.isTensor() ||
                           (V.K == AbsValue::Kind::Options && V.DeviceSet);
    }
    // Submodules converted before alone are no longer known apart.
    if (R.Fields)
      for (const auto &[F, V] : *M.Fields)
        R = R.withField(F, AbsValue::unknownModule());
    const Decl *D = storageOf(Obj);
    // `to(dtype)` in a method of the module: its own module (thisModuleKey).
    if (const auto *This = dyn_cast<CXXThisExpr>(strip(Obj));
        This && thisModuleKey(This)) {
      St.store(thisModuleKey(This), R);
      St.recordPlacement(CE, R);
      return true;
    }
    if (!D)
      convertSubmodule(St, Obj, R);
    St.moduleConverted(D, R);
    St.recordPlacement(CE, R);
    return true;
  }
  if (Api.isModuleStateList(Name)) {
    St.moduleStateList(S);
    return true;
  }
  if (!Api.isModuleForward(Name))
    return false;
  // A forward of the user's: its ops are judged with this call's input and
  // the module's parameters; the call itself is then not judged as a whole.
  bool ForwardJudged = false;
  if (const FunctionDecl *Fwd = models::userForward(Api, S))
    ForwardJudged = St.forwardEffects(S, Fwd, M);
  // The first tensor argument; a TorchScript module takes {inputs...}.
  const Expr *InputE = nullptr;
  for (const Expr *A : Args) {
    const Expr *S = strip(A);
    if (IsJit) {
      while (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
        if (C->getNumArgs() == 0)
          break;
        S = strip(C->getArg(0));
      }
      if (const auto *SIL = dyn_cast<CXXStdInitializerListExpr>(S))
        S = strip(SIL->getSubExpr());
      if (const auto *IL = dyn_cast<InitListExpr>(S))
        S = IL->getNumInits() ? strip(IL->getInit(0)) : nullptr;
    }
    if (S && St.eval(S).isTensor()) {
      InputE = S;
      break;
    }
  }
  if (!InputE)
    return true;
  ModuleCallEvent Ev;
  Ev.Call = CE;
  Ev.ModuleName = nameOfStorage(storageOf(Obj));
  if (Ev.ModuleName.empty()) // an element of a list of modules
    Ev.ModuleName = writtenName(Obj, St.astContext());
  Ev.Module = M;
  Ev.Input = Operand{InputE, St.eval(InputE), operandName(InputE)};
  Ev.Jit = IsJit;
  Ev.ForwardJudged = ForwardJudged;
  std::optional<ModuleInfo> Info =
      Api.builtinModule(Obj->IgnoreParenImpCasts()->getType());
  if (!Info && M.Layers)
    Info = models::firstLayer(Api, M); // a Sequential's: its first layer's
  if (Info) {
    Ev.Op = Info->Op;
    Ev.Kb = Info->Kb;
    Ev.IntKb = Info->IntKb;
    Ev.MixedInput = Info->MixedInput;
    Ev.CpuOnly = Info->CpuOnly;
    Ev.IndexInput = Info->Rule == ModuleRule::IndexInput;
  }
  St.recordModuleCall(Ev);
  // A recurrent layer's hidden state must have its parameters' dtype too
  // (GRU's hx: "mat1 and mat2 must have the same dtype", observed on
  // 1.13.1): judged as an input of its own.
  if (Info && Info->StateInput > 0 && unsigned(Info->StateInput) < Args.size())
    if (const Expr *StateE = strip(Args[Info->StateInput]);
        St.eval(StateE).isTensor()) {
      ModuleCallEvent State = Ev;
      State.Input = Operand{StateE, St.eval(StateE), operandName(StateE)};
      St.recordModuleCall(std::move(State));
    }
  // The op the module runs, for the checks on one op's dtypes: a loss's,
  // an activation's (nn::SiLU runs silu).
  // (The module's own type: a base class template declares forward of
  // 1.13's nn::ReflectionPad2dImpl.)
  QualType OT = Obj->IgnoreParenImpCasts()->getType();
  std::string ModuleOp = Api.lossModuleOp(OT);
  bool Loss = !ModuleOp.empty();
  if (!Loss)
    ModuleOp = Api.activationModuleOp(OT);
  if (!ModuleOp.empty()) {
    llvm::SmallVector<const Expr *, 3> TensorArgs;
    for (const Expr *A : Args)
      if (St.eval(A).isTensor())
        TensorArgs.push_back(A);
    if (OpEvent *E = St.recordOp(CE, ModuleOp, false, false, 0xFF, TensorArgs,
                                 false, false, false)) {
      E->FromModule = true;
      E->Written = ModuleOp; // the op it runs, not operator()
      // A module without parameters runs its op on the input as the table
      // measured it (each one's default options were run on 1.13.1 against
      // the table: the modules agree where the table has a base overload).
      if (!Loss && TensorArgs.size() == 1 && Api.contractsApply())
        E->Contract = innerContract(Api.contracts(), ModuleOp);
    }
  } else if (Info) {
    OpEvent Op;
    Op.Call = CE;
    Op.Op = Op.Written = Info->Op;
    Op.FromModule = true;
    Op.Operands.push_back(Ev.Input);
    AbsValue Params = M;
    Params.K = AbsValue::Kind::Tensor;
    Op.Operands.push_back(Operand{Obj, Params, Ev.ModuleName});
    St.recordEvent(std::move(Op));
  }
  return true;
}

std::optional<AbsValue> models::ownFactsKept(TransferState &St,
                                             const ParmVarDecl *P,
                                             const AbsValue &M) {
  unsigned I = P->getFunctionScopeIndex();
  auto It = St.path().Vars.find(P);
  if (It == St.path().Vars.end())
    return M;
  const AbsValue &V = It->second;
  if (V.K == AbsValue::Kind::Module && V.DT.Param == ParamRef::param(I) &&
      V.DV.Param == ParamRef::param(I) && !V.DTypeConverted &&
      !V.DeviceConverted)
    return V;
  return std::nullopt;
}

void models::convertSubmodule(TransferState &St, const Expr *Obj,
                              const AbsValue &R) {
  // `net->head->to(kDouble)`: the submodule of a module held in a
  // variable, converted through it; the module's value keeps it.
  const Expr *X = strip(Obj);
  while (const auto *OC = dyn_cast<CXXOperatorCallExpr>(X)) {
    if ((OC->getOperator() != OO_Arrow && OC->getOperator() != OO_Star) ||
        OC->getNumArgs() < 1)
      return;
    X = strip(OC->getArg(0));
  }
  const auto *ME = dyn_cast<MemberExpr>(X);
  if (!ME || isa<CXXThisExpr>(strip(ME->getBase())))
    return;
  const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
  const Decl *D = storageOf(ME->getBase());
  if (!F || !D)
    return;
  AbsValue B = St.eval(ME->getBase());
  // `enc.proj->to(kDouble)`: a module field of a plain object in a
  // variable, which keeps it.
  if (B.K == AbsValue::Kind::Record && !ME->isArrow()) {
    St.assign(ME, R);
    return;
  }
  if (B.K != AbsValue::Kind::Module)
    return;
  if (B.Tracked) {
    St.store(D, B.withField(F->getFieldIndex(), R));
    return;
  }
  // A module this function was given, not changed here before (`void
  // freeze(Net &m) { m->backbone->to(kDouble); }`): its own facts stay the
  // argument's, and its callers take the converted field
  // (moduleArgumentsAfter). Changed before in ways not followed: its
  // callers' module is unknown after the call.
  const auto *P = dyn_cast<ParmVarDecl>(D);
  if (!P)
    return;
  std::optional<AbsValue> Own = ownFactsKept(St, P, B);
  if (!Own) {
    St.paramConverted(P);
    return;
  }
  B = *Own;
  B.DT = DTypeFact::param(P->getFunctionScopeIndex());
  B.DV = DeviceFact::param(P->getFunctionScopeIndex());
  St.store(P, B.withField(F->getFieldIndex(), R));
}

void FunctionAnalyzer::relativeToModule(const FieldDecl *Field, AbsValue &V) {
  switch (AC.memberRole(Field)) {
  case AnalysisContext::MemberRole::Plain:
    return; // never registered: to() leaves it as it was made
  case AnalysisContext::MemberRole::Registered:
    // Module::to(dtype) of the C++ frontend converts every registered
    // tensor, integer buffers too (observed on 1.13.1).
    V.DT.Param = ParamRef::thisModule();
    V.DV.Param = ParamRef::thisModule();
    return;
  case AnalysisContext::MemberRole::Unknown: {
    // Taken as registered; its integral dtype as it was made.
    std::optional<DType> D = V.DT.single();
    if (!(D && !isFloating(*D)))
      V.DT.Param = ParamRef::thisModule();
    V.DV.Param = ParamRef::thisModule();
    return;
  }
  }
}

/// What a torch::nn layer returns for an input: its parameters' dtype and
/// device, or the input's dtype where the layer mixes them.
static AbsValue layerResult(const ModuleInfo &Info, const AbsValue &Input,
                            const AbsValue &Params);

/// What a Sequential's forward returns: its layers applied in order.
static AbsValue sequentialResult(TransferState &St, const CallSite &S,
                                 const AbsValue &M) {
  const ApiModel &Api = St.api();
  QualType RT = S.E->getType();
  if (S.Args.empty() || S.Result != TypeKind::Tensor)
    return St.unknownOf(RT);
  AbsValue X = St.eval(S.Args[0]);
  if (!X.isTensor())
    return St.unknownOf(RT);
  AbsValue Params = M.parameters();
  for (const Expr *A : M.Layers->arguments()) {
    QualType LT = strip(A)->getType();
    std::string Act = Api.activationModuleOp(LT);
    if (!Act.empty()) {
      X = models::autocastResult(St, S, Act, X, {X});
      if (!Api.isExactRankOp(Act))
        X.Rank = -1; // Flatten, Unflatten ...
      continue;
    }
    std::optional<ModuleInfo> Info = Api.builtinModule(LT);
    if (!Info)
      return St.unknownOf(RT);
    AbsValue Out = layerResult(*Info, X, Params);
    if (Api.isExactRankOp(Info->Op))
      Out.Rank = X.Rank; // Linear, convolutions, normalizations
    X = models::autocastResult(St, S, Info->Op, Out, {X, Params});
  }
  return St.convertTo(X, RT);
}

AbsValue models::moduleForwardValue(TransferState &St, const CallSite &S) {
  const ApiModel &Api = St.api();
  QualType RT = S.E->getType();
  AbsValue M = St.eval(S.Obj);
  if (M.K != AbsValue::Kind::Module)
    return S.Def ? St.userCallValue(S) : St.unknownOf(RT);
  // The user's forward: its result, bound to this module and input.
  if (const FunctionDecl *Fwd = userForward(Api, S))
    return St.forwardValue(S, Fwd, M);
  if (M.Layers)
    return sequentialResult(St, S, M);
  // A module without parameters (nn::ReLU, nn::MaxPool2d): its op's
  // result, of the input's dtype and device.
  if (std::string Act =
          Api.activationModuleOp(S.Obj->IgnoreParenImpCasts()->getType());
      !Act.empty() && S.Result == TypeKind::Tensor && S.Args.size() == 1) {
    AbsValue Input = St.eval(S.Args[0]);
    if (!Input.isTensor())
      return St.unknownOf(RT);
    if (!Api.isExactRankOp(Act))
      Input.Rank = -1; // Flatten, Unflatten ...
    return St.convertTo(models::autocastResult(St, S, Act, Input, {Input}), RT);
  }
  // A layer: its output has its parameters' dtype and device, unless
  // autocast runs its op in another dtype.
  std::optional<ModuleInfo> Info =
      Api.builtinModule(S.Obj->IgnoreParenImpCasts()->getType());
  if (!Info || S.Result != TypeKind::Tensor || S.Args.empty())
    return St.unknownOf(RT);
  AbsValue Params = M.parameters();
  AbsValue Input = St.eval(S.Args[0]);
  if (!Input.isTensor())
    return St.unknownOf(RT);
  // Embedding and EmbeddingBag gather rows of their weight: the result has
  // the weight's dtype and device, whatever the indices' integer dtype.
  if (Info->Rule == ModuleRule::IndexInput)
    return St.convertTo(
        models::autocastResult(St, S, Info->Op, Params, {Params}), RT);
  AbsValue Out = layerResult(*Info, Input, Params);
  if (Api.isExactRankOp(Info->Op))
    Out.Rank = Input.Rank; // Linear, convolutions, normalizations
  return St.convertTo(
      models::autocastResult(St, S, Info->Op, Out, {Input, Params}), RT);
}

static AbsValue layerResult(const ModuleInfo &Info, const AbsValue &Input,
                            const AbsValue &Params) {
  // The parameters' dtype, or the input's where the layer takes it beside
  // float32 parameters (BatchNorm: bfloat16).
  std::optional<DType> I = Input.DT.single();
  if (I && Params.DT.single() == DType::Float && Info.mixed(*I)) {
    AbsValue R = Params;
    R.DT = Input.DT;
    return R;
  }
  return Params;
}

} // namespace torchdtype
