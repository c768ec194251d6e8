//===- CallSite.h - a call, classified once ----------------------*- C++
//-*-===//
//
// Every call the analysis meets is classified once: its callee, name,
// receiver, arguments and the API family that models it. Evaluation (what
// the call returns) and effects (what it changes, which events it records)
// both route on this classification. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_CALLSITE_H
#define TORCHDTYPE_ANALYSIS_CALLSITE_H

#include "ApiModel.h"
#include "KnownConstants.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>
#include <string>

namespace torchdtype {

/// The API family a call belongs to, most specific first.
enum class CallFamily : uint8_t {
  NoCallee,         ///< an indirect call: nothing is known
  TensorMethod,     ///< a method of at::Tensor on an object
  OptionsMethod,    ///< a builder or reader of c10::TensorOptions
  TypeMetaMake,     ///< caffe2::TypeMeta::Make<T>()
  DeviceType,       ///< c10::Device::type()
  Accessor,         ///< ->, *, get(), ptr(): the module behind a holder
  RegisterModule,   ///< torch::nn::Module::register_module
  ModuleForward,    ///< forward() or operator() of a module
  ModuleStateList,  ///< parameters(), buffers() ... of a module
  OptimizerStep,    ///< step() of a torch::optim class
  OpaqueMethod,     ///< another LibTorch method, or one without a body
  LibTorchOp,       ///< a free function of at/torch returning a tensor
  Autocast,         ///< a function of at::autocast
  DefaultDType,     ///< set_default_dtype
  OptionsBuilder,   ///< dtype(), device(), requires_grad() ... in c10/torch/at
  DTypeConversion,  ///< typeMetaToScalarType / scalarTypeToTypeMeta
  LibTorchOther,    ///< any other LibTorch function: unknown result
  MakeSharedModule, ///< std::make_shared<SomeModule>(...)
  DispatchType,     ///< detail::scalar_type(t): an AT_DISPATCH_* switch's dtype
  UserFunction,     ///< the user's own function with a body here
  Other,            ///< the last: FlowDriver.cpp's routing has a row each
};
constexpr unsigned NumCallFamilies = unsigned(CallFamily::Other) + 1;

struct CallSite {
  const clang::CallExpr *E = nullptr;
  const clang::FunctionDecl *Callee = nullptr;
  /// The definition with a body, for user functions (else null).
  const clang::FunctionDecl *Def = nullptr;
  std::string Name;      ///< as declared ("to", "operator+", "addmm_")
  std::string Namespace; ///< of a LibTorch callee ("at", "torch" ...)
  const clang::Expr *Obj = nullptr; ///< receiver of a method call
  llvm::SmallVector<const clang::Expr *, 4> Args;
  CallFamily Family = CallFamily::Other;
  bool IsMethod = false;
  bool IsLibTorch = false;
  /// `a = b` through an operator= call.
  bool IsAssignment = false;
  /// A method of a std::vector of IValues or tensors (TypeKind::IValueList,
  /// TensorList), else TypeKind::None.
  TypeKind List = TypeKind::None;
  TypeKind Receiver = TypeKind::None; ///< the method's class
  TypeKind Result = TypeKind::None;
};

CallSite classifyCall(const clang::CallExpr *CE, const ApiModel &Api,
                      clang::ASTContext &Ctx);

/// A call `f(args)` of a std::function's operator().
bool isStdFunctionCall(const CallSite &S);

/// The lambda a std::function value is made from: through its converting
/// constructor, std::move and local variables of the lambda's own type
/// (which cannot be reassigned); null if it is anything else.
const clang::LambdaExpr *lambdaOf(const clang::Expr *E);

/// The local variable a call `f(args)` of a std::function goes through,
/// when it has an initializer (the two lookups below read it).
const clang::VarDecl *functionVariable(const CallSite &S);

/// The variable a call `f(args)` of a std::function goes through, and the
/// lambda it was initialised with (`std::function<...> f = [&](...) {...}`);
/// the caller decides whether the variable may have been reassigned since.
std::optional<std::pair<const clang::VarDecl *, const clang::LambdaExpr *>>
storedLambda(const CallSite &S);

/// The variable a call `f(args)` of a std::function reference goes through,
/// and the lambda it runs, when the variable was initialised with
/// `registry.at(key)` of a const (or static) map written as a braced list
/// of {constant, lambda} entries and the key is a constant
/// (models/ConstantMaps.cpp); the caller decides, as for storedLambda.
std::optional<std::pair<const clang::VarDecl *, const clang::LambdaExpr *>>
registryLambda(const CallSite &S, clang::ASTContext &Ctx,
               const Assumptions &Known, CallConstant Calls);

/// The lambdas a range-for over a container of std::function calls one by
/// one through the call S (`for (const auto &kv : m) kv.second(x)`), when
/// the container certainly holds them as the loop starts
/// (models/CallableLoops.cpp); none otherwise.
llvm::SmallVector<const clang::LambdaExpr *, 4>
loopedLambdas(const CallSite &S, clang::ASTContext &Ctx);

} // namespace torchdtype

#endif
