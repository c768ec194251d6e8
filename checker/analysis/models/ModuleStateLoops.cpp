//===- ModuleStateLoops.cpp - code that may change a module's state ------===//
//
// What parameters(), buffers(), children(), modules() (and their named_
// forms) are used for: a loop that only reads them, or LibTorch code given
// them (an optimizer), leaves the module as it is; a loop that sets every
// parameter's data to one conversion is the module's to(); one filtered by
// name is NamedStateLoops.cpp's; a loop that sets data otherwise, converts
// or reaches into the user's code leaves it unknown (docs/analysis.md,
// "Loops over a module's state"). What a callee given the module leaves in
// it is ModuleArguments.cpp's.
//
//===----------------------------------------------------------------------===//

#include "FamilyModels.h"
#include "analysis/ASTWalk.h"
#include "analysis/ExprUtil.h"
#include "analysis/FunctionAnalyzer.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace torchdtype {

namespace {
/// Where a call of parameters(), buffers(), children() ... stands in the
/// function: the range of a range-for, an argument of another call, the
/// object of a method call.
struct StateListUse : NodeVisitor {
  const Expr *Target;
  const CXXForRangeStmt *Loop = nullptr;
  const Expr *ArgOf = nullptr;
  const CXXMemberCallExpr *ObjectOf = nullptr;
  explicit StateListUse(const Expr *T) : Target(T) {
    TemplateInstantiations = true;
  }
  bool visitStmt(Stmt *S) override {
    if (const auto *R = dyn_cast<CXXForRangeStmt>(S)) {
      if (R->getRangeInit() && strip(R->getRangeInit()) == Target)
        Loop = R;
    } else if (const auto *C = dyn_cast<CallExpr>(S)) {
      for (const Expr *A : C->arguments())
        if (strip(A) == Target)
          ArgOf = C;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
        if (strip(MC->getImplicitObjectArgument()) == Target)
          ObjectOf = MC;
    } else if (const auto *C = dyn_cast<CXXConstructExpr>(S)) {
      for (const Expr *A : C->arguments())
        if (strip(A) == Target)
          ArgOf = C;
    }
    return true;
  }
  bool visitDecl(Decl *D) override {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V)
      return true;
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
struct MayChangeState : NodeVisitor {
  const ApiModel &Api;
  bool Found = false;
  explicit MayChangeState(const ApiModel &Api) : Api(Api) {
    TemplateInstantiations = true;
  }
  bool visitStmt(Stmt *S) override {
    if (const auto *C = dyn_cast<CallExpr>(S))
      return visitCall(C);
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      return visitBinary(BO);
    return true;
  }
  bool visitCall(const CallExpr *C) {
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
        Name == "apply" || Name == "vector_to_parameters" || Name == "load") {
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
  bool visitBinary(const BinaryOperator *BO) {
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
struct ListVarReads : NodeVisitor {
  const ApiModel &Api;
  const VarDecl *Var;
  unsigned Uses = 0;
  llvm::SmallPtrSet<const Expr *, 8> Harmless;
  ListVarReads(const ApiModel &Api, const VarDecl *V) : Api(Api), Var(V) {
    TemplateInstantiations = true;
  }
  bool visitStmt(Stmt *S) override {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      Uses += DRE->getDecl() == Var;
    else if (const auto *C = dyn_cast<CallExpr>(S))
      visitCall(C);
    else if (const auto *C = dyn_cast<CXXConstructExpr>(S))
      visitConstruct(C);
    else if (const auto *R = dyn_cast<CXXForRangeStmt>(S))
      visitLoop(R);
    return true;
  }
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
  /// The use of Var an element read is: `v[i]`, `v.at(i)`, `v.front()`.
  const Expr *elementUse(const Expr *E) const {
    E = strip(E);
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E);
        OC && OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2)
      return varUse(OC->getArg(0));
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      if (const CXXMethodDecl *M = MC->getMethodDecl();
          M && M->getIdentifier() &&
          (M->getName() == "at" || M->getName() == "front" ||
           M->getName() == "back"))
        return varUse(MC->getImplicitObjectArgument());
    return nullptr;
  }
  void visitCall(const CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    // An element given to LibTorch code, or a LibTorch method called on
    // one that keeps its dtype and device (`dst[i].copy_(src[i])`, which
    // converts into the element; `p[i].mul_(0.5)`): a read.
    if (F && Api.isLibTorchDecl(F)) {
      for (const Expr *A : C->arguments())
        if (const Expr *U = elementUse(A))
          Harmless.insert(U);
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
        if (const Expr *U = elementUse(MC->getImplicitObjectArgument()))
          if (F->getIdentifier() && F->getName() != "set_data" &&
              F->getName() != "set_" && F->getName() != "swap")
            Harmless.insert(U);
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
        MC && isVar(MC->getImplicitObjectArgument())) {
      const CXXMethodDecl *M = MC->getMethodDecl();
      llvm::StringRef N = M && M->getIdentifier() ? M->getName() : "";
      if (N == "push_back" || N == "emplace_back" || N == "size" ||
          N == "empty" || N == "reserve" || N == "insert" || N == "begin" ||
          N == "end")
        Harmless.insert(varUse(MC->getImplicitObjectArgument()));
      return;
    }
    if (F && Api.isLibTorchDecl(F) && F->getIdentifier() &&
        F->getName() != "vector_to_parameters")
      for (const Expr *A : C->arguments())
        if (isVar(A))
          Harmless.insert(varUse(A));
  }
  void visitConstruct(const CXXConstructExpr *C) {
    if (const CXXConstructorDecl *F = C->getConstructor();
        F && Api.isLibTorchDecl(F))
      for (const Expr *A : C->arguments())
        if (isVar(A))
          Harmless.insert(varUse(A));
  }
  void visitLoop(const CXXForRangeStmt *R) {
    if (R->getRangeInit() && isVar(R->getRangeInit())) {
      MayChangeState Change(Api);
      Change.walk(R->getBody());
      if (!Change.Found)
        Harmless.insert(varUse(R->getRangeInit()));
    }
  }
};

/// A loop over every parameter of a module whose body is only
/// `p.set_data(<p converted>)` (p the loop's element, or its value() for
/// named_parameters()): the conversion set_data is given, else null.
const Expr *uniformSetData(const CXXForRangeStmt *Loop, llvm::StringRef List,
                           unsigned ListArgs) {
  if ((List != "parameters" && List != "named_parameters") || ListArgs > 0)
    return nullptr; // recurse = false, a prefix: not every parameter
  const Stmt *Body = Loop->getBody();
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *E = dyn_cast_or_null<Expr>(Body);
  const auto *Set =
      E ? dyn_cast<CXXMemberCallExpr>(E->IgnoreImplicit()) : nullptr;
  if (!Set || !Set->getMethodDecl() || !Set->getMethodDecl()->getIdentifier() ||
      Set->getMethodDecl()->getName() != "set_data" || Set->getNumArgs() != 1)
    return nullptr;
  const Expr *Obj = strip(Set->getImplicitObjectArgument());
  if (const auto *V = dyn_cast<CXXMemberCallExpr>(Obj);
      V && V->getMethodDecl() && V->getMethodDecl()->getIdentifier() &&
      V->getMethodDecl()->getName() == "value")
    Obj = strip(V->getImplicitObjectArgument());
  const auto *Ref = dyn_cast<DeclRefExpr>(Obj);
  if (!Ref || Ref->getDecl() != Loop->getLoopVariable())
    return nullptr;
  return Set->getArg(0);
}
/// A method of a class of std (std::vector's operator[]).
bool stdMethod(const FunctionDecl *F) {
  const auto *M = dyn_cast<CXXMethodDecl>(F);
  return M && M->getParent()->isInStdNamespace();
}
/// operator[], at(), find(), get() of LibTorch's OrderedDict.
bool isElementLookup(const FunctionDecl *F) {
  if (F->getOverloadedOperator() == OO_Subscript)
    return true;
  return F->getIdentifier() && (F->getName() == "at" || F->getName() == "find" ||
                                F->getName() == "get");
}

/// Whether the tensor an element lookup gives is set anew: the object of a
/// set_data() or set_() call, directly or through a variable it
/// initialises.
struct ElementReset : NodeVisitor {
  const Expr *Lookup;
  const VarDecl *Holder = nullptr;
  bool Found = false;
  explicit ElementReset(const Expr *L) : Lookup(L) {
    TemplateInstantiations = true;
  }
  bool visitDecl(Decl *D) override {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V)
      return true;
    const Expr *Init = V->getInit() ? strip(V->getInit()) : nullptr;
    if (const auto *CE = dyn_cast_or_null<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() == 1)
      Init = strip(CE->getArg(0));
    if (Init == Lookup)
      Holder = V;
    return true;
  }
  bool visitStmt(Stmt *S) override {
    const auto *C = dyn_cast<CXXMemberCallExpr>(S);
    if (!C)
      return true;
    const CXXMethodDecl *M = C->getMethodDecl();
    if (!M || !M->getIdentifier() ||
        (M->getName() != "set_data" && M->getName() != "set_"))
      return true;
    const Expr *Obj = strip(C->getImplicitObjectArgument());
    const auto *DRE = dyn_cast<DeclRefExpr>(Obj);
    // Through any variable: which one holds the element is decided after
    // the walk, so any set_data on a variable counts if one holds it.
    if (Obj == Lookup)
      Found = true;
    else if (DRE)
      Reset.push_back(DRE->getDecl());
    return true;
  }
  llvm::SmallVector<const Decl *, 4> Reset;
};
} // namespace

bool FunctionAnalyzer::elementReset(const CallExpr *Lookup) {
  ElementReset R(Lookup);
  if (const Stmt *Body = FD->getBody())
    R.walk(Body);
  return R.Found || (R.Holder && llvm::is_contained(R.Reset, R.Holder)) ||
         (R.Holder && !trackedVar(R.Holder));
}

AbsValue models::stateListValue(TransferState &St, const CallSite &S) {
  // parameters() and named_parameters(): every floating parameter has the
  // module's dtype and all are on its device, so the list's join is the
  // module's facts. Buffers may be integral (BatchNorm's
  // num_batches_tracked) and are not joined.
  QualType RT = S.E->getType();
  if ((S.Name != "parameters" && S.Name != "named_parameters") ||
      St.api().classify(RT) != TypeKind::TensorList)
    return St.unknownOf(RT);
  AbsValue M = St.eval(S.Obj);
  if (M.K != AbsValue::Kind::Module)
    return St.unknownOf(RT);
  return M.parameters();
}

void FunctionAnalyzer::moduleStateList(const CallSite &S) {
  // Reads that leave the module as it is: a loop that only reads what it
  // gives, LibTorch code given it (an optimizer, clip_grad_norm_), its
  // size.
  StateListUse Use(S.E);
  if (const Stmt *Body = FD->getBody())
    Use.walk(Body);
  // A constructor's member initializers (`opt(m->parameters(), ...)`).
  if (const auto *C = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *I : C->inits())
      if (I->isWritten() && I->getInit())
        Use.walk(I->getInit());
  bool Reads = false;
  if (Use.Loop) {
    MayChangeState Change(Api);
    Change.walk(Use.Loop->getBody());
    Reads = !Change.Found;
  } else if (Use.ArgOf) {
    const FunctionDecl *F = nullptr;
    if (const auto *C = dyn_cast<CallExpr>(Use.ArgOf))
      F = C->getDirectCallee();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Use.ArgOf))
      F = C->getConstructor();
    Reads = F && Api.isLibTorchDecl(F) && F->getIdentifier() &&
            F->getName() != "vector_to_parameters";
    // One element looked up (`model->named_parameters()["fc1.weight"]`,
    // `model->parameters()[0]`): a read unless what it gives is set anew
    // (set_data, set_).
    if (const auto *C = dyn_cast<CallExpr>(Use.ArgOf);
        C && F && isElementLookup(F) &&
        (Api.isLibTorchDecl(F) || stdMethod(F)))
      Reads = !elementReset(C);
    if (F && isa<CXXConstructorDecl>(F) && Api.isLibTorchDecl(F))
      Reads = true; // torch::optim::SGD opt(model->parameters(), ...)
  } else if (Use.InitOf) {
    ListVarReads R(Api, Use.InitOf);
    R.walk(FD->getBody());
    Reads = R.Uses == R.Harmless.size();
  } else if (Use.ObjectOf) {
    const CXXMethodDecl *M = Use.ObjectOf->getMethodDecl();
    Reads = M && M->getIdentifier() &&
            (M->getName() == "size" || M->getName() == "empty" ||
             M->getName() == "contains" || M->getName() == "keys" ||
             M->getName() == "is_empty");
    // One element (`model->parameters().front()`): as a lookup.
    if (M && M->getIdentifier() &&
        (M->getName() == "front" || M->getName() == "back" ||
         isElementLookup(M)))
      Reads = !elementReset(Use.ObjectOf);
  }
  if (Reads)
    return;
  const Decl *D = models::moduleRoot(S.Obj);
  if (!D)
    return;
  AbsValue M = eval(S.Obj);
  if (M.K != AbsValue::Kind::Module)
    return;
  // Every parameter given the same conversion (`p.set_data(p.to(kDouble))`):
  // as the module's to() of that dtype.
  // (recurse = true, the default: every parameter of every submodule)
  unsigned Given = llvm::count_if(S.Args, [](const Expr *A) {
    const auto *B = dyn_cast<CXXBoolLiteralExpr>(strip(A));
    return !isa<CXXDefaultArgExpr>(A) && !(B && B->getValue());
  });
  if (const Expr *Conv =
          Use.Loop ? uniformSetData(Use.Loop, S.Name, Given) : nullptr) {
    AbsValue C = eval(Conv);
    std::optional<DType> DT = C.isTensor() ? C.DT.single() : std::nullopt;
    if (DT && isFloating(*DT)) {
      M.DT = DTypeFact::of(*DT, Conv->getExprLoc());
      M.DTypeConverted = true;
      M.Fields = nullptr;
      store(D, M);
      return;
    }
  }
  // Only the parameters whose names pass a test (NamedStateLoops.cpp).
  if (Use.Loop && S.Name == "named_parameters" && Given == 0 &&
      nameFilteredSetData(Use.Loop, S.Obj, D, M))
    return;
  // What the module holds may have changed in ways not followed here: its
  // facts are unknown from here on.
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

} // namespace torchdtype
