//===- FamilyModels.h - models written against TransferState --*- C++ -*-===//
//
// The transfer functions of the API families, free functions of the state
// they are given (TransferState.h). FlowDriver.cpp's routing table
// (FamilyModels) names them: every family's value rule, and the effects of
// the families that have their own, and the effects of calls no row
// claims (callEffects). The analysis' own interprocedural step, a user
// function's summary applied to a call, is reached through TransferState
// (userCallValue, userCallEffects, forwardEffects; docs/design.md, "Adding
// an API family"). No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_MODELS_FAMILYMODELS_H
#define TORCHDTYPE_ANALYSIS_MODELS_FAMILYMODELS_H

#include "TransferState.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceLocation.h"

namespace torchdtype::models {

// FlowDriver.cpp: the small rules of families without a file of their own,
// and the effects of a call whose family's row names none.
/// A LibTorch call's: an ATen/TensorUtils.h check's, a module call's, else
/// a free function's as an op's; a call of the user's function's.
void callEffects(TransferState &St, const CallSite &S, const AbsValue &V);
/// A call of the user's function (family UserFunction): a module's forward
/// of the user's is a module call; else its summary applied
/// (TransferState::userCallEffects).
void userFunctionEffects(TransferState &St, const CallSite &S,
                         const AbsValue &V);
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

// models/Modules.cpp: torch::nn modules (family ModuleForward).
/// What a module call returns: its forward's result (the user's, bound to
/// this module and input), a Sequential's layers applied in order, or a
/// layer's output.
AbsValue moduleForwardValue(TransferState &St, const CallSite &S);
/// The layer a Sequential's input goes to (past activations).
std::optional<ModuleInfo> firstLayer(const ApiModel &Api, const AbsValue &M);
/// The user's forward() that a module call runs, if it is defined here.
const clang::FunctionDecl *userForward(const ApiModel &Api, const CallSite &S);
/// A module call's effects: to() converting its parameters, a state
/// list, or a forward (the module call event, its forward's events bound to
/// this module and input, the op a layer or loss runs); false if S is not a
/// call on a module.
bool moduleCallEffects(TransferState &St, const CallSite &S);
/// Module parameter P (M where the path has not changed it) still has the
/// argument's own facts (not changed here, or only submodules converted
/// through it): its value on the path, whose callers keep their module's
/// facts and take its fields; nullopt if changed another way.
std::optional<AbsValue>
ownFactsKept(TransferState &St, const clang::ParmVarDecl *P, const AbsValue &M);
/// `net->head->to(...)`: the converted submodule R kept in the value of the
/// module variable it was reached through.
void convertSubmodule(TransferState &St, const clang::Expr *Obj,
                      const AbsValue &R);

// models/TensorArgChecks.cpp: at::checkScalarType, checkSameType,
// checkSameGPU ... of ATen/TensorUtils.h: they throw unless their TensorArgs
// have (share) the dtypes (device) they name, so past them the path knows
// it. Returns whether S was one.
bool tensorArgChecks(TransferState &St, const CallSite &S);

// models/ModuleStateLoops.cpp: parameters(), buffers(), children() ...
// (family ModuleStateList).
/// What parameters() gives: the module's dtype and device (its floating
/// parameters all have them); the other lists, unknown.
AbsValue stateListValue(TransferState &St, const CallSite &S);

// models/ModuleArguments.cpp: what a user's function leaves in a module.
/// The variable (or member of `this`) that holds the module an expression
/// reaches: `model` of `model->fc`, `*model`, `model.get()`.
const clang::Decl *moduleRoot(const clang::Expr *E);

// models/NamedStateLoops.cpp: named_parameters() loops filtered by name.
/// A member of a module's class that its constructor registers under a
/// name of its own (`head_ = register_module("head", ...)`).
struct RegisteredMember {
  const clang::FieldDecl *Field;
  std::string Name;
  bool IsModule; ///< a submodule (else a parameter or buffer)
};
/// The members RD's one constructor registers, or nullopt where a name is
/// not a literal (or RD has other constructors or bases).
std::optional<llvm::SmallVector<RegisteredMember, 4>>
registeredMembers(const clang::CXXRecordDecl *RD, const ApiModel &Api);

// models/Conversions.cpp: to, toType, type_as, cpu, cuda, toBackend (the
// conversion rules of api.json), a part of family TensorMethod.
AbsValue conversion(TransferState &St, ConversionRule Rule, const CallSite &S);

/// What a conversion leaves: its placement (float64 on MPS), unless what
/// it converts already was; a parameter converted.
void conversionEffects(TransferState &St, const CallSite &S, const AbsValue &V);
/// E is, or reads its dtype or device from, a float64 tensor on MPS.
bool derivedFromFloat64OnMps(TransferState &St, const clang::Expr *E,
                             unsigned Depth = 0);
/// A tensor method (family TensorMethod): a conversion's rule, the dtype,
/// device and options readers, else the op on the receiver and arguments.
AbsValue tensorMethodValue(TransferState &St, const CallSite &S);

// models/TensorOps.cpp: ops on tensors (family LibTorchOp, and the tensor
// methods that are ops): the rules of checker/data/api.json, the measured
// contracts where it has none, then autocast. models/TensorOpEffects.cpp:
// the op events recorded.
/// A LibTorch function: a factory's rule, else the op's (tensorOpValue).
AbsValue libTorchOpValue(TransferState &St, const CallSite &S);
/// The op's result for its operands Ops (the receiver, then the
/// arguments, for a method).
AbsValue tensorOpValue(TransferState &St, const CallSite &S,
                       llvm::ArrayRef<const clang::Expr *> Ops);
/// The effects of a tensor method or LibTorch op (families TensorMethod and
/// LibTorchOp): a conversion's or a factory's, else tensorOpEffects.
void opEffects(TransferState &St, const CallSite &S, const AbsValue &V);
/// The op event of a LibTorch op (not a conversion or a factory), for the
/// checks to judge.
void tensorOpEffects(TransferState &St, const CallSite &S, const AbsValue &V);
/// How many out= tensors Callee takes first (or Last).
unsigned outParams(const ApiModel &Api, const clang::FunctionDecl *Callee,
                   bool Last);

// models/Contracts.cpp: the measured dtype contracts (OpContracts.h).
/// The measured overloads a call of an op may run (Ops: the receiver,
/// then the arguments), if its arguments stand where theirs do.
std::optional<ContractCall>
matchContract(const ApiModel &Api, clang::ASTContext &Ctx, const CallSite &S,
              llvm::ArrayRef<const clang::Expr *> Ops);
/// The result the measured contract gives the call, when its operands'
/// dtypes are known and no number argument may change it.
std::optional<AbsValue> contractValue(TransferState &St, const CallSite &S,
                                      llvm::ArrayRef<const clang::Expr *> Ops);

// models/Containers.cpp: lists of tensors as operands.
/// The join of a braced list's tensors (`{a, b}`); unknown when an element
/// is not a tensor, the bottom when the list is empty. Of a list of records
/// (ListT a RecordList), the join of its records.
AbsValue bracedListJoin(TransferState &St, const clang::InitListExpr *IL,
                        clang::QualType ListT = clang::QualType());
/// The std::vector of tensors an argument names, through the list views
/// made from it (at::TensorList), or null.
const clang::Expr *tensorListArgument(const ApiModel &Api,
                                      const clang::Expr *A);
/// cat, stack: the promoted dtype of the tensors of a braced list, or the
/// one dtype of a vector's.
AbsValue listPromotion(TransferState &St, const CallSite &S,
                       const clang::Expr *List);

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
/// What a factory leaves: its placement, a from_blob's buffer event, the
/// op event of a fill value (full, full_like).
void factoryEffects(TransferState &St, const CallSite &S, const AbsValue &V);

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
