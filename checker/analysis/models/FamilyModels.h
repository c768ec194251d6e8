//===- FamilyModels.h - models written against TransferState --*- C++ -*-===//
//
// The transfer functions of the API families whose models are free
// functions of the state they are given (TransferState.h): each file under
// models/ that holds one includes this header and not FunctionAnalyzer.h.
// FlowDriver.cpp's routing table (FamilyModels) names them directly; the
// families still written as FunctionAnalyzer's members are routed through
// its `member<>` adaptor until they move here (docs/design.md, "Adding an
// API family"). No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_MODELS_FAMILYMODELS_H
#define TORCHDTYPE_ANALYSIS_MODELS_FAMILYMODELS_H

#include "TransferState.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceLocation.h"

namespace torchdtype::models {

// FlowDriver.cpp: the small rules of families without a file of their own.
/// The call's value is its first argument's, as the call's type (a
/// TypeMeta made a ScalarType, the dtype AT_DISPATCH_* reads).
AbsValue firstArgumentValue(TransferState &St, const CallSite &S);
/// `device.type()` of a known device (family DeviceType).
AbsValue deviceTypeValue(TransferState &St, const CallSite &S);
/// register_module(name, m): the module registered (family
/// RegisterModule).
AbsValue registeredValue(TransferState &St, const CallSite &S);
/// `holder->`, `*holder`, `holder.get()` of a module holder or
/// shared_ptr: the module (family Accessor); a user's accessor, its call.
AbsValue holderValue(TransferState &St, const CallSite &S);
/// `std::make_shared<Net>(...)`: the module made (family MakeSharedModule).
AbsValue madeModuleValue(TransferState &St, const CallSite &S);

// models/ModuleStateLoops.cpp: parameters(), buffers(), children() ...
// (family ModuleStateList).
/// What parameters() gives: the module's dtype and device (its floating
/// parameters all have them); the other lists, unknown.
AbsValue stateListValue(TransferState &St, const CallSite &S);

// models/Conversions.cpp: to, toType, type_as, cpu, cuda, toBackend (the
// conversion rules of api.json), a part of family TensorMethod.
AbsValue conversion(TransferState &St, ConversionRule Rule, const CallSite &S);

// models/Factories.cpp: Base as the dtype, device and options arguments
// of Callee (a factory, a conversion, a module's to) say; Explicit: a dtype
// was named.
AbsValue applyDTypeDeviceArgs(TransferState &St, AbsValue Base,
                              const clang::FunctionDecl *Callee,
                              llvm::ArrayRef<const clang::Expr *> Args,
                              bool &Explicit);

// models/Factories.cpp: zeros, tensor, arange, from_blob, *_like ... (a
// part of family LibTorchOp), as the factory's rule in api.json says.
AbsValue factoryValue(TransferState &St, FactoryRule Rule, const CallSite &S);

// models/Options.cpp: TensorOptions (families OptionsMethod,
// OptionsBuilder) and caffe2::TypeMeta::Make<T>() (TypeMetaMake).
AbsValue optionsMethod(TransferState &St, const CallSite &S);
AbsValue optionsBuilder(TransferState &St, const CallSite &S);
AbsValue typeMetaMake(TransferState &St, const CallSite &S);

// models/Autocast.cpp: the at::autocast setters and queries, and
// set_default_dtype (families Autocast and DefaultDType).
void setterEffects(TransferState &St, const CallSite &S, const AbsValue &V);
/// `set_cpu_enabled(flag)` with a bool the path knows nothing of: the
/// flag, for the solver to split the path by (a path per value).
std::optional<Assumption> autocastFlagToSplit(TransferState &St,
                                              const clang::CallExpr *CE);
/// An op's result R inside an autocast region: the region's dtype for ops
/// on the lower-precision list, float32 for the float32 list, unknown
/// where autocast may or may not be on.
AbsValue autocastResult(TransferState &St, const CallSite &S,
                        llvm::StringRef Op, AbsValue R,
                        llvm::ArrayRef<AbsValue> Operands);
/// A dtype argument was given to the call (such calls are not autocast).
bool hasExplicitDType(const ApiModel &Api, const CallSite &S);

// models/Dispatch.cpp: AT_DISPATCH_* (family DispatchType), and the
// dtypes a switch on a tensor's dtype names (Conditions.cpp refines by them).
void dispatchEffects(TransferState &St, const CallSite &S, const AbsValue &V);
/// The tensor whose dtype E is: `x.scalar_type()`, `x.dtype()`, through
/// unchanged local copies and detail::scalar_type (AT_DISPATCH_*).
const clang::Expr *dtypeSource(TransferState &St, const clang::Expr *E);
/// The dtype a case label names, if a known ScalarType.
std::optional<DType> caseDType(const TransferState &St,
                               const clang::CaseStmt &CS);
/// The dtypes of a switch's cases, if each is a known ScalarType.
std::optional<uint32_t> caseDTypes(const TransferState &St,
                                   const clang::SwitchStmt &SW);

// models/Optimizers.cpp: step() of a torch::optim class (family
// OptimizerStep).
void optimizerStep(TransferState &St, const CallSite &S, const AbsValue &V);

// models/Optionals.cpp: std::optional and c10::optional, a carrier of
// every kind of value (read before the family table, as lists and tuples).
/// An optional of type T made from From (null: default, empty).
AbsValue optionalOf(TransferState &St, clang::QualType T,
                    const clang::Expr *From);
/// value(), operator*, value_or() of an optional.
std::optional<AbsValue> optionalRead(TransferState &St, const CallSite &S);
/// reset(), emplace().
void optionalEffects(TransferState &St, const CallSite &S);
/// What `LHS = RHS` stores (an optional: filled or emptied).
AbsValue assignedValue(TransferState &St, const clang::Expr *LHS,
                       const clang::Expr *RHS);

} // namespace torchdtype::models

#endif
