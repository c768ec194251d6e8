//===- TransferState.h - what a model may do to the path it runs on -*- C++
//-*-===//
//
// The explicit state a family's transfer functions are given, as clang's
// dataflow models are given a LatticeTransferState: they evaluate
// expressions, assign storages, record events and read or set the path's
// autocast state through it, never through the function's analysis
// itself. FunctionAnalyzer implements it for the path being transferred;
// a unit test may implement it for a snippet (test/unit/ModelsTest.cpp).
// The models written against it are declared in FamilyModels.h.
// No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_MODELS_TRANSFERSTATE_H
#define TORCHDTYPE_ANALYSIS_MODELS_TRANSFERSTATE_H

#include "analysis/AnalysisContext.h"
#include "analysis/CallSite.h"
#include "analysis/FlowState.h"
#include <optional>

namespace torchdtype {

class TransferState {
public:
  virtual ~TransferState() = default;

  // The unit and the function the path runs in.
  virtual const ApiModel &api() const = 0;
  virtual clang::ASTContext &astContext() const = 0;
  virtual const clang::FunctionDecl *function() const = 0;

  // Evaluate.
  /// The call classified once (CallSite.h); a virtual call on an object
  /// whose dynamic class the path knows, as a call of its override.
  virtual const CallSite &site(const clang::CallExpr *CE) = 0;
  /// What E evaluates to on this path (kept per path and expression).
  virtual AbsValue eval(const clang::Expr *E) = 0;
  /// What a variable, parameter or member named directly holds here.
  virtual AbsValue valueOf(const clang::ValueDecl *D, clang::QualType T) = 0;
  /// A member of the object a method runs on, as this path, every method
  /// or a module's to() leaves it; none if it is not followed.
  virtual std::optional<AbsValue> thisMember(const clang::FieldDecl *F,
                                             clang::QualType T) = 0;
  /// Nothing known, of type T (the lattice's top for T's kind).
  virtual AbsValue unknownOf(clang::QualType T) const = 0;
  /// V as a value of type T (a tensor read as its options, a module as its
  /// holder ...).
  virtual AbsValue convertTo(const AbsValue &V, clang::QualType T) const = 0;
  /// A constant expression of a ScalarType or DeviceType: its dtype or
  /// device (none for other types).
  virtual AbsValue constantOf(const clang::Expr *E) const = 0;
  /// The constant a scalar expression holds on this path: its own, what
  /// the path assumed of a variable, what a call of the user's returns.
  virtual std::optional<Constant> knownConstant(const clang::Expr *E) = 0;
  /// The variable keeps its value through this function.
  virtual bool stableVar(const clang::VarDecl *VD) = 0;
  /// Every change of the variable is one the analysis sees.
  virtual bool trackedVar(const clang::VarDecl *VD) = 0;

  // Assign and assume.
  /// The storage LHS names (a variable, a member, a struct's field) holds V.
  virtual void assign(const clang::Expr *LHS, const AbsValue &V) = 0;
  /// The storage D (a variable, parameter or member) holds V.
  virtual void store(const clang::Decl *D, const AbsValue &V) = 0;
  /// The module the holder in D holds (null: a holder not in a variable,
  /// an element of a container) was converted to R: D and the holders that
  /// share its module hold R; those that may share it, nothing known.
  virtual void moduleConverted(const clang::Decl *D, const AbsValue &R) = 0;
  /// Past a call that throws otherwise: the tensor Storage holds has one of
  /// the dtypes of Bits (known at Where), as past a condition's edge.
  virtual void assumeDTypes(const clang::Decl *Storage, uint32_t Bits,
                            clang::SourceLocation Where) = 0;
  /// Past a call that throws otherwise: the tensors A and B hold share
  /// their dtype (IsDevice: their device).
  virtual void assumeSame(const clang::Decl *A, const clang::Decl *B,
                          bool IsDevice) = 0;

  // Record an event.
  /// Records Ev with the state it runs in (autocast, guards, the path's
  /// assumptions, whether a lambda runs it).
  virtual OpEvent &recordEvent(OpEvent Ev) = 0;
  /// The op event of a call with these operands (null if it has none to
  /// judge); valid until the next event is recorded.
  virtual OpEvent *recordOp(const clang::CallExpr *CE, llvm::StringRef Op,
                            bool SameDType, bool Elementwise, unsigned Mask,
                            llvm::ArrayRef<const clang::Expr *> Operands,
                            bool InPlace, bool Out, bool Explicit) = 0;
  /// A module called on an input (keyed by Ev.Call), with the state it
  /// runs in.
  virtual void recordModuleCall(ModuleCallEvent Ev) = 0;
  /// An autocast dtype the device's autocast refuses (keyed by Ev.Call).
  virtual void recordAutocastDType(AutocastDTypeEvent Ev) = 0;
  /// A tensor or module placed at E with value V (a factory's result, a
  /// conversion's): judged as float64 on MPS now, or kept for this
  /// function's callers when its dtype or device is still a parameter's.
  virtual void recordPlacement(const clang::Expr *E, const AbsValue &V) = 0;
  /// from_blob and its kin wrapping a buffer of the user's.
  virtual void recordFromBlob(FromBlobEvent Ev) = 0;
  /// A parameter of the function converted (`x = x.to(...)`'s receiver, a
  /// module's to()): its callers' argument may not keep its facts.
  virtual void paramConverted(const clang::ParmVarDecl *P) = 0;

  // The autocast state and the rest of the path.
  /// The path being transferred: its autocast state per device, autocast
  /// dtypes, default dtype, guards alive and assumptions.
  virtual FlowState &path() = 0;
  /// The path's autocast state, Entry resolved to the function's entry.
  virtual AutocastArray autocast() const = 0;

  // The rules of other families a model builds on.
  /// What a call of the user's function returns, judged with this call's
  /// arguments (its summary bound, or the callee analysed again for them:
  /// models/UserCalls.cpp).
  virtual AbsValue userCallValue(const CallSite &S) = 0;
  /// What the user's forward Fwd returns when module M (its receiver) is
  /// called at S with S's arguments.
  virtual AbsValue forwardValue(const CallSite &S,
                                const clang::FunctionDecl *Fwd,
                                const AbsValue &M) = 0;
  /// What a call of the user's function leaves: its summary's events judged
  /// with this call's arguments, its writes to them and to its object, its
  /// placement of a tensor (V, what the call returns; models/UserCalls.cpp).
  virtual void userCallEffects(const CallSite &S, const AbsValue &V) = 0;
  /// The events of the user's forward Fwd judged with module M (its
  /// receiver) and S's arguments; true if its ops were judged there, so
  /// the module call is not judged as a whole.
  virtual bool forwardEffects(const CallSite &S, const clang::FunctionDecl *Fwd,
                              const AbsValue &M) = 0;
  /// parameters(), buffers(), children() ... called on a module: what a
  /// loop over them may change (models/ModuleStateLoops.cpp).
  virtual void moduleStateList(const CallSite &S) = 0;
  /// A module of type T made at Where: what its constructor gives its
  /// parameters and submodules (models/Modules.cpp).
  virtual AbsValue madeModule(clang::QualType T,
                              clang::SourceLocation Where) = 0;
};

/// What a guard made now saves: the path's autocast state, autocast dtypes
/// and default dtype.
inline GuardSnapshot snapshotOf(const FlowState &S) {
  GuardSnapshot G;
  G.Autocast = S.Autocast;
  G.AutocastDType = S.AutocastDType;
  G.DefaultDType = S.DefaultDType;
  return G;
}

} // namespace torchdtype

#endif
