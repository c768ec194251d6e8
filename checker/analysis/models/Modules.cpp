//===- Modules.cpp - torch::nn and TorchScript modules
//--------------===//
//
// A module value stands for its parameters: torch::nn layers are created
// with the default dtype on the CPU, to() moves them, forward()/operator()
// records a module call (and the op a layer or loss runs). The inputs of a
// TorchScript call are a std::vector<IValue>.
//
//===----------------------------------------------------------------------===//

#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

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
  std::optional<ModuleInfo> In = firstLayer(V);
  V.FloatModule = In && In->Rule == ModuleRule::FloatInput;
  if (!First) {
    V.DT = Params.DT;
    V.DV = Params.DV;
  } else {
    V.DV = DeviceFact::of(Device::CPU, CE->getExprLoc());
  }
  return V;
}

std::optional<ModuleInfo>
FunctionAnalyzer::firstLayer(const AbsValue &M) const {
  if (!M.Layers)
    return std::nullopt;
  for (const Expr *A : M.Layers->arguments()) {
    QualType LT = strip(A)->getType();
    if (Api.activationModuleOp(LT).empty())
      return Api.builtinModule(LT);
  }
  return std::nullopt;
}

AbsValue FunctionAnalyzer::sequentialResult(const CallSite &S,
                                            const AbsValue &M) {
  QualType RT = S.E->getType();
  if (S.Args.empty() || S.Result != TypeKind::Tensor)
    return unknownOf(RT);
  AbsValue X = eval(S.Args[0]);
  if (!X.isTensor())
    return unknownOf(RT);
  AbsValue Params = AbsValue::tensor(M.DT, M.DV, /*NonScalar=*/true);
  for (const Expr *A : M.Layers->arguments()) {
    QualType LT = strip(A)->getType();
    std::string Act = Api.activationModuleOp(LT);
    if (!Act.empty()) {
      X = autocastResult(S, Act, X, {X});
      continue;
    }
    std::optional<ModuleInfo> Info = Api.builtinModule(LT);
    if (!Info)
      return unknownOf(RT);
    X = autocastResult(S, Info->Op, layerResult(*Info, X, Params), {X, Params});
  }
  return convertTo(X, RT);
}

AbsValue FunctionAnalyzer::moduleResult(const CallSite &S) {
  QualType RT = S.E->getType();
  AbsValue M = eval(S.Obj);
  if (M.K != AbsValue::Kind::Module)
    return S.Def ? userCall(S) : unknownOf(RT);
  // The user's forward: its result, bound to this module and input.
  if (const FunctionDecl *Fwd = userForward(S)) {
    const Summary *Callee = AC.summary(Fwd);
    if (!Callee)
      return unknownOf(RT);
    return convertTo(callResult(S, Fwd, *Callee, &M), RT);
  }
  if (M.Layers)
    return sequentialResult(S, M);
  // A layer: its output has its parameters' dtype and device, unless
  // autocast runs its op in another dtype.
  std::optional<ModuleInfo> Info =
      Api.builtinModule(S.Obj->IgnoreParenImpCasts()->getType());
  if (!Info || Info->Rule != ModuleRule::FloatInput ||
      S.Result != TypeKind::Tensor || S.Args.empty())
    return unknownOf(RT);
  AbsValue Params = AbsValue::tensor(M.DT, M.DV, /*NonScalar=*/true);
  AbsValue Input = eval(S.Args[0]);
  if (!Input.isTensor())
    return unknownOf(RT);
  return convertTo(autocastResult(S, Info->Op,
                                  layerResult(*Info, Input, Params),
                                  {Input, Params}),
                   RT);
}

AbsValue FunctionAnalyzer::layerResult(const ModuleInfo &Info,
                                       const AbsValue &Input,
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

bool FunctionAnalyzer::moduleCall(const CallSite &S) {
  const CallExpr *CE = S.E;
  const Expr *Obj = S.Obj;
  llvm::StringRef Name = S.Name;
  llvm::ArrayRef<const Expr *> Args = S.Args;
  if (!Obj)
    return false;
  AbsValue M = eval(Obj);
  if (M.K != AbsValue::Kind::Module)
    return false;
  bool IsJit = Api.classify(Obj->getType()) == TypeKind::JitModule;
  if (Api.isModuleConversion(Name)) {
    bool Explicit;
    AbsValue R = applyDTypeDeviceArgs(M, S.Callee, Args, Explicit);
    if (!(R.DT == M.DT) || Explicit)
      R.DT.Where = CE->getExprLoc();
    if (!(R.DV == M.DV)) {
      R.DV.Where = CE->getExprLoc();
      R.Moved = true;
    }
    // Which of the parameters' facts to() now sets for all of them.
    for (const Expr *A : Args) {
      AbsValue V = eval(A);
      R.DTypeConverted |= V.K == AbsValue::Kind::DType || V.isTensor() ||
                          (V.K == AbsValue::Kind::Options && V.DTypeSet);
      R.DeviceConverted |= V.K == AbsValue::Kind::Device || V.isTensor() ||
                           (V.K == AbsValue::Kind::Options && V.DeviceSet);
    }
    // Submodules converted before alone are no longer known apart.
    if (R.Fields)
      for (const auto &[F, V] : *M.Fields)
        R = R.withField(F, AbsValue::unknownModule());
    if (const Decl *D = storageOf(Obj))
      store(D, R);
    else
      convertSubmodule(Obj, R);
    recordMpsFloat64(CE, R);
    return true;
  }
  if (Api.isModuleStateList(Name)) {
    moduleStateList(S);
    return true;
  }
  if (!Api.isModuleForward(Name))
    return false;
  // A forward of the user's: its ops are judged with this call's input and
  // the module's parameters; the call itself is then not judged as a whole.
  bool ForwardJudged = false;
  if (const FunctionDecl *Fwd = userForward(S))
    if (const Summary *Callee = AC.summary(Fwd)) {
      instantiateCallee(*Callee, Args, &M, CE);
      ForwardJudged = instantiateContext(Fwd, *Callee, Args, &M, CE) ||
                      !Callee->SymbolicOps.empty() ||
                      !Callee->SymbolicModuleCalls.empty();
    }
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
    if (S && eval(S).isTensor()) {
      InputE = S;
      break;
    }
  }
  if (!InputE)
    return true;
  ModuleCallEvent Ev;
  Ev.Call = CE;
  Ev.ModuleName = nameOfStorage(storageOf(Obj));
  Ev.Module = M;
  Ev.Input = Operand{InputE, eval(InputE), operandName(InputE)};
  Ev.Jit = IsJit;
  Ev.ForwardJudged = ForwardJudged;
  Ev.Autocast = currentAutocast();
  Ev.LocalAutocast = Cur->Autocast;
  std::optional<ModuleInfo> Info =
      Api.builtinModule(Obj->IgnoreParenImpCasts()->getType());
  if (!Info && M.Layers)
    Info = firstLayer(M); // a Sequential: its input goes to that layer
  if (Info) {
    Ev.Op = Info->Op;
    Ev.Kb = Info->Kb;
    Ev.IntKb = Info->IntKb;
    Ev.MixedInput = Info->MixedInput;
    Ev.CpuOnly = Info->CpuOnly;
    Ev.IndexInput = Info->Rule == ModuleRule::IndexInput;
  }
  Ev.Assumed = Cur->Assumed;
  record(ModuleCalls, CE, Ev);
  // A recurrent layer's hidden state must have its parameters' dtype too
  // (GRU's hx: "mat1 and mat2 must have the same dtype", observed on
  // 1.13.1): judged as an input of its own.
  if (Info && Info->StateInput > 0 && unsigned(Info->StateInput) < Args.size())
    if (const Expr *StateE = strip(Args[Info->StateInput]);
        eval(StateE).isTensor()) {
      ModuleCallEvent St = Ev;
      St.Input = Operand{StateE, eval(StateE), operandName(StateE)};
      record(ModuleCalls, CE, std::move(St));
    }
  // The op the module runs, for the checks on one op's dtypes.
  if (std::string LossOp = Api.lossModuleOp(Obj->getType()); !LossOp.empty()) {
    llvm::SmallVector<const Expr *, 3> TensorArgs;
    for (const Expr *A : Args)
      if (eval(A).isTensor())
        TensorArgs.push_back(A);
    if (OpEvent *E = recordOp(CE, LossOp, false, false, 0xFF, TensorArgs, false,
                              false, false)) {
      E->FromModule = true;
      E->Written = LossOp; // the loss it computes, not operator()
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
    Op.Autocast = Ev.Autocast;
    Op.LocalAutocast = Ev.LocalAutocast;
    Op.AutocastDType = Cur->AutocastDType;
    Op.Assumed = Cur->Assumed;
    record(Ops, CE, std::move(Op));
  }
  return true;
}

void FunctionAnalyzer::convertSubmodule(const Expr *Obj, const AbsValue &R) {
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
  AbsValue B = eval(ME->getBase());
  if (B.K == AbsValue::Kind::Module && B.Tracked)
    store(D, B.withField(F->getFieldIndex(), R));
}

void FunctionAnalyzer::relativeToModule(const FieldDecl *Field, AbsValue &V) {
  switch (AC.memberRole(Field)) {
  case AnalysisContext::MemberRole::Plain:
    return; // never registered: to() leaves it as it was made
  case AnalysisContext::MemberRole::Registered:
    // Module::to(dtype) of the C++ frontend converts every registered
    // tensor, integer buffers too (observed on 1.13.1).
    V.DT.Param = DTypeFact::ThisModule;
    V.DV.Param = DeviceFact::ThisModule;
    return;
  case AnalysisContext::MemberRole::Unknown: {
    // Taken as registered; its integral dtype as it was made.
    std::optional<DType> D = V.DT.single();
    if (!(D && !isFloating(*D)))
      V.DT.Param = DTypeFact::ThisModule;
    V.DV.Param = DeviceFact::ThisModule;
    return;
  }
  }
}

namespace {
/// Where a call of parameters(), buffers(), children() ... stands in the
/// function: the range of a range-for, an argument of another call, the
/// object of a method call.
struct StateListUse : RecursiveASTVisitor<StateListUse> {
  const Expr *Target;
  const CXXForRangeStmt *Loop = nullptr;
  const Expr *ArgOf = nullptr;
  const CXXMemberCallExpr *ObjectOf = nullptr;
  explicit StateListUse(const Expr *T) : Target(T) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *R) {
    if (R->getRangeInit() && strip(R->getRangeInit()) == Target)
      Loop = R;
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    for (const Expr *A : C->arguments())
      if (strip(A) == Target)
        ArgOf = C;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      if (strip(MC->getImplicitObjectArgument()) == Target)
        ObjectOf = MC;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    for (const Expr *A : C->arguments())
      if (strip(A) == Target)
        ArgOf = C;
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    const Expr *Init = V->getInit() ? strip(V->getInit()) : nullptr;
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() == 1 && isCopyOrMoveOf(CE))
      Init = strip(CE->getArg(0));
    if (Init == Target)
      InitOf = V;
    return true;
  }
  const VarDecl *InitOf = nullptr;
};

/// Whether a loop body over a module's tensors or submodules may change
/// their dtype or device: set_data, set_, a module's to(), an assignment
/// to a tensor or module, a call of the user's code (which may do any of
/// these), apply().
struct MayChangeState : RecursiveASTVisitor<MayChangeState> {
  const ApiModel &Api;
  bool Found = false;
  explicit MayChangeState(const ApiModel &Api) : Api(Api) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F) {
      Found = true; // a callback
      return false;
    }
    llvm::StringRef Name = F->getIdentifier() ? F->getName() : "";
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C);
        OC && OC->getOperator() == OO_Equal && OC->getNumArgs() >= 1) {
      TypeKind K = Api.classify(OC->getArg(0)->getType());
      if (K != TypeKind::None && K != TypeKind::Record) {
        Found = true;
        return false;
      }
    }
    bool Lib = Api.isLibTorchDecl(F) ||
               llvm::StringRef(F->getQualifiedNameAsString()).starts_with("std::");
    if (!Lib || Name == "set_data" || Name == "set_" || Name == "swap" ||
        Name == "apply" || Name == "vector_to_parameters" ||
        Name == "load" || Name == "copy_") {
      Found = true;
      return false;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
      if (Api.isModuleConversion(Name) &&
          Api.classify(MC->getImplicitObjectArgument()->getType()) !=
              TypeKind::Tensor) {
        Found = true;
        return false;
      }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp()) {
      TypeKind K = Api.classify(BO->getLHS()->getType());
      if (K != TypeKind::None) {
        Found = true;
        return false;
      }
    }
    return true;
  }
};

/// Whether every use of a variable holding a module's tensors
/// (`std::vector<torch::Tensor> params = net->parameters();`) only reads
/// them: given to LibTorch code (an optimizer), grown with push_back, its
/// size read, looped over by a loop that changes nothing.
struct ListVarReads : RecursiveASTVisitor<ListVarReads> {
  const ApiModel &Api;
  const VarDecl *Var;
  unsigned Uses = 0;
  llvm::SmallPtrSet<const Expr *, 8> Harmless;
  ListVarReads(const ApiModel &Api, const VarDecl *V) : Api(Api), Var(V) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  /// The use of Var an argument is, through a copy or conversion.
  const Expr *varUse(const Expr *E) const {
    E = strip(E);
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(E);
        CE && CE->getNumArgs() == 1)
      E = strip(CE->getArg(0));
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == Var ? DRE : nullptr;
  }
  bool isVar(const Expr *E) const { return varUse(E) != nullptr; }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    Uses += DRE->getDecl() == Var;
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
        MC && isVar(MC->getImplicitObjectArgument())) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      llvm::StringRef N = M && M->getIdentifier() ? M->getName() : "";
      if (N == "push_back" || N == "emplace_back" || N == "size" ||
          N == "empty" || N == "reserve" || N == "insert" || N == "begin" ||
          N == "end")
        Harmless.insert(varUse(MC->getImplicitObjectArgument()));
      return true;
    }
    if (F && Api.isLibTorchDecl(F) && F->getIdentifier() &&
        F->getName() != "vector_to_parameters")
      for (const Expr *A : C->arguments())
        if (isVar(A))
          Harmless.insert(varUse(A));
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (const CXXConstructorDecl *F = C->getConstructor();
        F && Api.isLibTorchDecl(F))
      for (const Expr *A : C->arguments())
        if (isVar(A))
          Harmless.insert(varUse(A));
    return true;
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *R) {
    if (R->getRangeInit() && isVar(R->getRangeInit())) {
      MayChangeState Change(Api);
      Change.TraverseStmt(R->getBody());
      if (!Change.Found)
        Harmless.insert(varUse(R->getRangeInit()));
    }
    return true;
  }
};

/// The variable (or member of `this`) that holds the module an expression
/// reaches: `model` of `model->fc`, `*model`, `model.get()`.
const Decl *moduleRoot(const Expr *E) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (isa<CXXThisExpr>(strip(ME->getBase())))
        return dyn_cast<FieldDecl>(ME->getMemberDecl());
      E = ME->getBase();
      continue;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      E = MC->getImplicitObjectArgument();
      continue;
    }
    if (const Decl *D = storageOf(E))
      return D;
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getNumArgs() >= 1) {
      E = OC->getArg(0);
      continue;
    }
    return nullptr;
  }
  return nullptr;
}
} // namespace

void FunctionAnalyzer::moduleStateList(const CallSite &S) {
  // Reads that leave the module as it is: a loop that only reads what it
  // gives, LibTorch code given it (an optimizer, clip_grad_norm_), its
  // size.
  StateListUse Use(S.E);
  if (const Stmt *Body = FD->getBody())
    Use.TraverseStmt(const_cast<Stmt *>(Body));
  bool Reads = false;
  if (Use.Loop) {
    MayChangeState Change(Api);
    Change.TraverseStmt(const_cast<Stmt *>(Use.Loop->getBody()));
    Reads = !Change.Found;
  } else if (Use.ArgOf) {
    const FunctionDecl *F = nullptr;
    if (const auto *C = dyn_cast<CallExpr>(Use.ArgOf))
      F = C->getDirectCallee();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Use.ArgOf))
      F = C->getConstructor();
    Reads = F && Api.isLibTorchDecl(F) && F->getIdentifier() &&
            F->getName() != "vector_to_parameters";
    if (F && isa<CXXConstructorDecl>(F) && Api.isLibTorchDecl(F))
      Reads = true; // torch::optim::SGD opt(model->parameters(), ...)
  } else if (Use.InitOf) {
    ListVarReads R(Api, Use.InitOf);
    R.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
    Reads = R.Uses == R.Harmless.size();
  } else if (Use.ObjectOf) {
    const CXXMethodDecl *M = Use.ObjectOf->getMethodDecl();
    Reads = M && M->getIdentifier() &&
            (M->getName() == "size" || M->getName() == "empty" ||
             M->getName() == "contains" || M->getName() == "keys" ||
             M->getName() == "is_empty");
  }
  if (Reads)
    return;
  // What the module holds may have changed in ways not followed here: its
  // facts are unknown from here on.
  const Decl *D = moduleRoot(S.Obj);
  if (!D)
    return;
  AbsValue M = eval(S.Obj);
  if (M.K != AbsValue::Kind::Module)
    return;
  M.DT = DTypeFact::unknown();
  M.DV = DeviceFact::unknown();
  M.Tracked = false;
  M.DTypeConverted = M.DeviceConverted = M.Moved = false;
  M.Fields = nullptr;
  if (auto It = Cur->Vars.find(D); It != Cur->Vars.end() &&
                                   It->second.K == AbsValue::Kind::Module &&
                                   It->second.Layers) {
    M.Layers = It->second.Layers;
    M.Fwd = It->second.Fwd;
  }
  store(D, M);
}

void FunctionAnalyzer::moduleArgumentsAfter(
    const FunctionDecl *Def, const Summary &Callee,
    llvm::ArrayRef<const Expr *> Args) {
  // A module is shared: a callee given a holder or shared_ptr by value, or
  // the module by reference or pointer, changes the caller's module when
  // it converts it or changes what it holds. Its facts are unknown after
  // the call. (A non-const reference the callee reassigns is handled with
  // the other arguments.)
  for (unsigned I = 0; I < Args.size() && I < Def->getNumParams() && I < 64;
       ++I) {
    if (!((Callee.ParamsReassigned >> I) & 1))
      continue;
    QualType PT = Def->getParamDecl(I)->getType();
    QualType Pointee = PT.getNonReferenceType();
    if (Pointee->isPointerType())
      Pointee = Pointee->getPointeeType();
    TypeKind K = Api.classify(Pointee);
    if (K != TypeKind::Holder && K != TypeKind::NNModule &&
        K != TypeKind::ModulePtr)
      continue;
    const Decl *D = moduleRoot(Args[I]);
    if (!D)
      continue;
    auto It = Cur->Vars.find(D);
    if (It == Cur->Vars.end() || It->second.K != AbsValue::Kind::Module)
      continue;
    AbsValue M = It->second;
    M.DT = DTypeFact::unknown();
    M.DV = DeviceFact::unknown();
    M.Tracked = false;
    M.DTypeConverted = M.DeviceConverted = M.Moved = false;
    M.Fields = nullptr;
    store(D, M);
  }
}

} // namespace torchdtype
