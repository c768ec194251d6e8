//===- CallSite.cpp - a call, classified once -----------------------------===//

#include "CallSite.h"
#include "ExprUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace torchdtype {

/// An object of a torch::optim class api.json's optimizer_steps lists.
static bool isOptimizerObject(const Expr *Obj, const ApiModel &Api) {
  QualType T = strip(Obj)->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  return !Api.optimizerStepOps(T->getAsCXXRecordDecl()).empty();
}

static CallFamily familyOf(const CallSite &S, const ApiModel &Api) {
  const FunctionDecl *Callee = S.Callee;
  llvm::StringRef Name = S.Name;
  if (S.IsMethod) {
    if (S.Receiver == TypeKind::Tensor && S.Obj)
      return CallFamily::TensorMethod;
    if (S.Receiver == TypeKind::Options && S.Obj)
      return CallFamily::OptionsMethod;
    if (S.Receiver == TypeKind::TypeMeta && Api.isTypeMetaMaker(Name) &&
        Callee->getTemplateSpecializationArgs() &&
        Callee->getTemplateSpecializationArgs()->size() == 1)
      return CallFamily::TypeMetaMake;
    // caffe2::TypeMeta::fromScalarType(s): a static method.
    if (S.Receiver == TypeKind::TypeMeta && !S.Obj &&
        Api.isDTypeConversionFunction(Name) && S.Args.size() == 1)
      return CallFamily::DTypeConversion;
    if (S.Receiver == TypeKind::Device && Api.isDeviceTypeAccessor(Name) &&
        S.Obj)
      return CallFamily::DeviceType;
    if (Api.isAccessorMethod(Name) && S.Obj)
      return CallFamily::Accessor;
    if (Api.isRegisterModuleMethod(Name) && S.Args.size() >= 2)
      return CallFamily::RegisterModule;
    if (Api.isModuleForward(Name) && S.Obj &&
        (S.Receiver == TypeKind::Holder || S.Receiver == TypeKind::NNModule))
      return CallFamily::ModuleForward;
    if (Api.isModuleStateList(Name) && S.Obj &&
        (S.Receiver == TypeKind::Holder || S.Receiver == TypeKind::NNModule))
      return CallFamily::ModuleStateList;
    if (Name == "step" && S.Obj && S.IsLibTorch &&
        isOptimizerObject(S.Obj, Api))
      return CallFamily::OptimizerStep;
    if (S.IsLibTorch || !Callee->hasBody() || isStdLibrary(Callee))
      return CallFamily::OpaqueMethod;
  }
  if (isDispatchTypeRead(S.E, Api))
    return CallFamily::DispatchType;
  if (S.IsLibTorch) {
    // An op returning a tensor, or a list of them (split, unbind,
    // meshgrid: the list's value is the join of its elements).
    if (Api.isOpNamespace(S.Namespace) &&
        (S.Result == TypeKind::Tensor || S.Result == TypeKind::TensorList))
      return CallFamily::LibTorchOp;
    if (Api.isAutocastNamespace(S.Namespace))
      return CallFamily::Autocast;
    if (Api.isDefaultDTypeSetter(Name) && S.Args.size() == 1)
      return CallFamily::DefaultDType;
    if (Api.isOptionsNamespace(S.Namespace) && S.Result == TypeKind::Options)
      return CallFamily::OptionsBuilder;
    if (Api.isDTypeConversionFunction(Name) && S.Args.size() == 1)
      return CallFamily::DTypeConversion;
    return CallFamily::LibTorchOther;
  }
  if (Api.isMakeShared(Name) && S.Result == TypeKind::ModulePtr)
    return CallFamily::MakeSharedModule;
  if (S.Def)
    return CallFamily::UserFunction;
  return CallFamily::Other;
}

CallSite classifyCall(const CallExpr *CE, const ApiModel &Api,
                      ASTContext &Ctx) {
  CallSite S;
  S.E = CE;
  S.Callee = CE->getDirectCallee();
  if (!S.Callee) {
    S.Family = CallFamily::NoCallee;
    return S;
  }
  S.Name = S.Callee->getDeclName().getAsString();
  S.Obj = splitCall(CE, S.Callee, S.Args);
  S.Result = Api.classify(CE->getType());
  S.IsLibTorch = Api.isLibTorchDecl(S.Callee);
  if (S.IsLibTorch)
    S.Namespace = Api.namespaceOf(S.Callee);
  // A function of torch::fft, torch::linalg or torch::special returns the
  // aten op of the prefixed name (api.json wrapper_namespaces).
  if (llvm::StringRef Prefix = Api.wrapperPrefix(S.Namespace);
      !Prefix.empty() && !S.Obj) {
    S.Name = (Prefix + S.Name).str();
    S.Namespace = "torch";
  }
  if (const auto *MD = dyn_cast<CXXMethodDecl>(S.Callee)) {
    S.IsMethod = true;
    S.Receiver = Api.classify(Ctx.getRecordType(MD->getParent()));
  }
  const FunctionDecl *Def = nullptr;
  if (S.Callee->hasBody(Def) && Def && !Api.isLibTorchDecl(Def) &&
      !isStdLibrary(Def) && !Def->isDependentContext())
    S.Def = Def;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(CE))
    S.IsAssignment = OC->getOperator() == OO_Equal && OC->getNumArgs() == 2;
  if (S.Obj)
    S.List = Api.classify(S.Obj->getType());
  if (S.List != TypeKind::IValueList && S.List != TypeKind::TensorList &&
      S.List != TypeKind::RecordList && S.List != TypeKind::ModuleList)
    S.List = TypeKind::None;
  S.Family = familyOf(S, Api);
  return S;
}

bool isStdFunctionCall(const CallSite &S) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(S.Callee);
  return MD && S.Obj && S.Name == "operator()" &&
         MD->getParent()->isInStdNamespace() &&
         MD->getParent()->getIdentifier() &&
         MD->getParent()->getName() == "function";
}

/// The lambda a stored value is: through std::function's converting
/// constructor, std::move (which strip sees through) and a local variable
/// initialised with a lambda.
const LambdaExpr *lambdaOf(const Expr *E) {
  for (int I = 0; E && I < 8; ++I) {
    E = strip(E);
    if (const auto *L = dyn_cast<LambdaExpr>(E))
      return L;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
      if (CE->getNumArgs() != 1)
        return nullptr;
      E = CE->getArg(0);
      continue;
    }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
      if (!V || !V->isLocalVarDecl() || !V->getInit() ||
          !V->getType()->isRecordType() ||
          !V->getType()->getAsCXXRecordDecl()->isLambda())
        return nullptr;
      E = V->getInit();
      continue;
    }
    return nullptr;
  }
  return nullptr;
}

const VarDecl *functionVariable(const CallSite &S) {
  if (!isStdFunctionCall(S))
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(strip(S.Obj));
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return V && V->isLocalVarDecl() && V->getInit() ? V : nullptr;
}

std::optional<std::pair<const VarDecl *, const LambdaExpr *>>
storedLambda(const CallSite &S) {
  const VarDecl *V = functionVariable(S);
  if (!V)
    return std::nullopt;
  if (const LambdaExpr *LE = lambdaOf(V->getInit()))
    return std::make_pair(V, LE);
  return std::nullopt;
}

} // namespace torchdtype
