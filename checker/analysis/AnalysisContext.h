//===- AnalysisContext.h - dtype/device flow analysis over clang::CFG -*- C++
//-*-===//
//
// A forward analysis per function over clang::CFG. For every tracked storage
// (locals, parameters, members of `this`, lambda captures) it keeps an
// abstract dtype and device (TensorValue.h), joins where paths meet, iterates
// loops to a bounded fixpoint, and records the events the checks judge: ops
// that need equal dtypes or devices, module calls, tensors placed on MPS.
// Function summaries (what a function returns given its arguments, and what
// it does to the autocast state) are applied at call sites in the same
// translation unit. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_ANALYSISCONTEXT_H
#define TORCHDTYPE_ANALYSIS_ANALYSISCONTEXT_H

#include "ApiModel.h"
#include "GuardClasses.h"
#include "KnownConstants.h"
#include "TensorValue.h"
#include "solver/Assumption.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/SmallVector.h"
#include <array>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace torchdtype {

struct AnalysisConfig {
  TorchVersion Version;
  /// Work cap: CFG elements processed per function, loops included.
  unsigned MaxStepsPerFunction = 200000;
  /// How many calls deep an op of a callee is judged with its callers'
  /// facts.
  unsigned MaxCallDepth = 4;
  /// Paths kept apart per program point (by the bool flags their branches
  /// assumed); past it they are joined. 1: no path sensitivity.
  unsigned MaxPathsPerBlock = 8;
  /// An op that throws ends its path: what runs only after it is not
  /// reported (option ReportAfterThrow turns this off).
  bool DropAfterThrow = true;
};


/// One operand of a recorded op.
struct Operand {
  const clang::Expr *E = nullptr;
  AbsValue V;
  std::string Name; ///< variable or member name, or "" for an expression
  /// Argument position in the call (0: self or the first argument; out=
  /// arguments are not counted).
  unsigned Pos = 0;
};

using AutocastArray = std::array<AutocastState, NumAutocastDevices>;
using AutocastDTypeArray = std::array<std::optional<DType>, NumAutocastDevices>;

/// A call of an op the model knows, with its tensor operands.
/// The operand at argument position Pos (Operand::Pos), or null.
inline const Operand *operandAt(llvm::ArrayRef<Operand> Ops, unsigned Pos) {
  for (const Operand &O : Ops)
    if (O.Pos == Pos)
      return &O;
  return nullptr;
}

/// A call of an op whose dtype contract was measured (OpContracts.h): the
/// overloads it may run and, per contract slot, the position of the call's
/// operand (Operand::Pos) in it.
struct ContractCall {
  llvm::SmallVector<unsigned, 2> Overloads;
  llvm::SmallVector<unsigned, 3> SlotPos;
  /// Per overload, how the call gives its Scalar arguments (the letters of
  /// ContractOverload::Scalars; '?' a kind the table never ran).
  llvm::SmallVector<std::string, 2> Scalars;
  bool ScalarGiven = false; ///< a Scalar argument not left to its default
  bool FloatScalar = false; ///< ... one not an integral number
  /// A bool given the other value than the one measured (`out_int32=true`,
  /// `keepdim=true`): the dtype checks of the arguments are the measured
  /// call's, the result's dtype may not be.
  bool OtherBool = false;
};

/// What the overloads of M did with these dtypes of its slots, when they
/// agree (models/Contracts.cpp).
std::optional<ContractOutcome> contractOutcome(const OpContracts &C,
                                               const ContractCall &M,
                                               llvm::ArrayRef<DType> SlotDTypes);

/// The base overload of Op called with its one tensor first and every other
/// argument as measured: an op a LibTorch function runs inside
/// (models/Contracts.cpp). With Tensors = 2, the overload taking two tensors
/// first (`sub_.Tensor`, which `1 - t` runs on a tensor of t's dtype).
std::optional<ContractCall> innerContract(const OpContracts &C,
                                          llvm::StringRef Op,
                                          unsigned Tensors = 1);

struct OpEvent {
  const clang::Expr *Call = nullptr;
  std::string Op;           ///< base op name ("mm", "addmm", "add", ...)
  std::string Written;      ///< the callee as written ("addmm_", "operator+")
  bool SameDType = false;   ///< the op needs equal dtypes of its operands
  bool Elementwise = false; ///< TensorIterator op: CPU scalars allowed
  /// An op the model has no operand rule for: recorded for the checks that
  /// look at one op's dtypes (Half on CPU, losses), never for device rules.
  bool Generic = false;
  /// Run by a torch::nn module's forward: the module's parameters are the
  /// last operand (layers), or the operands are forward's (losses).
  bool FromModule = false;
  bool InPlace = false, OutVariant = false, ExplicitDType = false;
  /// A number on the left of -, / or %: the op runs in place on an
  /// empty_like of its right tensor, both operands being that tensor
  /// (api.json "reverse_scalar_operators").
  bool ReverseScalar = false;
  /// The operands are the elements of one list argument (einsum's): which
  /// of them the op's message names first is not known.
  bool ListOperands = false;
  llvm::SmallVector<Operand, 3> Operands;
  /// The out= tensors the op writes, in order, when the callee takes them
  /// (all of them are known tensors only if Outs.size() is their count).
  llvm::SmallVector<Operand, 0> Outs; // rare: no inline room (events are many)
  /// The tensors of a braced index list (index_put_'s indices); complete
  /// only if IndexListSeen.
  llvm::SmallVector<Operand, 0> Indices;
  bool IndexListSeen = false;
  AutocastArray Autocast{};
  AutocastDTypeArray AutocastDType{};
  /// Autocast as the function running the op left it (Entry: as its caller
  /// had it), for judging the op again at a call site.
  AutocastArray LocalAutocast{};
  /// For an op of a callee judged with a caller's facts: the calls that
  /// lead to it, innermost first.
  llvm::SmallVector<const clang::Expr *, 2> Via;
  /// The branches its path took, when its facts differ between paths.
  Assumptions Assumed;
  /// Run while a guard turned gradients off: no backward follows.
  bool NoGrad = false;
  /// A dispatch (Op "dispatch", Written the kernel's name, operand 0 the
  /// tensor dispatched on): the dtypes its cases cover.
  uint32_t Covers = 0;
  /// The op's measured contract, when the call matches one.
  std::optional<ContractCall> Contract;
  /// Run in a lambda: its facts symbolic in the enclosing function's
  /// parameters are judged only by a run of that function for a call.
  bool InLambda = false;
};

/// forward()/operator() of a torch::nn or TorchScript module.
struct ModuleCallEvent {
  const clang::Expr *Call = nullptr;
  std::string ModuleName;
  AbsValue Module;
  Operand Input;
  bool Jit = false;
  AutocastArray Autocast{};
  AutocastArray LocalAutocast{};                 ///< as in OpEvent
  llvm::SmallVector<const clang::Expr *, 2> Via; ///< as in OpEvent
  Assumptions Assumed;                           ///< as in OpEvent
  /// The user's forward is visible and its own ops were judged with this
  /// call's facts: the call is not judged as a whole.
  bool ForwardJudged = false;
  std::string Op;    ///< for torch::nn layers: the aten op it runs
  std::string Kb;    ///< for torch::nn layers: record of a mismatched input
  std::string IntKb; ///< for torch::nn layers: of an integer input, or ""
  unsigned MixedInput = 0; ///< for torch::nn layers: ModuleInfo::MixedInput
  bool CpuOnly = false;    ///< for torch::nn layers: ModuleInfo::CpuOnly
  bool IndexInput = false; ///< for torch::nn layers: takes integer indices
};

/// A buffer wrapped as a tensor (from_blob) and what it was told.
struct FromBlobEvent {
  const clang::CallExpr *Call = nullptr;
  AbsValue V;
};

/// A tensor (or module) that ends up float64 on MPS at a creation or
/// conversion.
struct MpsFloat64Event {
  const clang::Expr *E = nullptr;
  AbsValue V;
  /// For a conversion of a callee placed by a caller's arguments: the calls
  /// that lead to it, innermost first (as in OpEvent).
  llvm::SmallVector<const clang::Expr *, 2> Via;
};

/// An at::autocast setter given a dtype this version's setter for the device
/// refuses (ApiModel::autocastDTypeRefusal): the call throws.
struct AutocastDTypeEvent {
  const clang::Expr *Call = nullptr;
  AutocastDevice Device = AutocastDevice::CPU;
  DType DT = DType::Half;
  Operand Arg;         ///< the dtype argument, where DT came from
  Assumptions Assumed; ///< as in OpEvent
};

struct FunctionResult {
  std::vector<OpEvent> Ops;
  std::vector<ModuleCallEvent> ModuleCalls;
  std::vector<MpsFloat64Event> MpsFloat64;
  std::vector<FromBlobEvent> FromBlobs;
  std::vector<AutocastDTypeEvent> RefusedAutocastDTypes;
  bool Skipped = false; ///< the work cap was hit; nothing is reported
  /// A virtual call on an object of no known class (a parameter's): a
  /// caller that knows the class may run the override (instantiateContext).
  bool OpenVirtualCalls = false;
};

/// What a call of a function does, in terms of its arguments.
struct Summary {
  AbsValue Return; ///< may refer to parameters symbolically
  bool HasReturn = false;
  /// The constant every path returns (a bool, number, enum, string or an
  /// object's class), where they agree; ReturnsOther: some path returns
  /// something else.
  std::optional<Constant> ReturnConstant;
  bool ReturnsOther = false;
  /// Every return of the method is `*this` (a builder's setter).
  bool ReturnsThis = false;
  AutocastArray ExitAutocast{}; ///< Entry where the function leaves it alone
  AutocastDTypeArray ExitAutocastDType{};
  std::optional<DTypeFact> ExitDefaultDType;
  uint64_t ParamsReassigned = 0; ///< bit i: parameter i converted or assigned
  /// The value at exit of each parameter passed by non-const reference and
  /// reassigned (`void compress_(Tensor &t) { t = t.half(); }`), joined
  /// over the paths; may refer to parameters symbolically.
  llvm::SmallDenseMap<unsigned, AbsValue, 2> ParamExit;
  /// Lists of tensors passed by non-const reference: the join of what the
  /// function puts in parameter i's list (`cache[k] = t`, push_back), where
  /// it does nothing else to it (bit i of ListParamsOther: it clears,
  /// assigns or gives away the list).
  llvm::SmallDenseMap<unsigned, AbsValue, 1> ListAdds;
  uint64_t ListParamsOther = 0;
  bool WritesMembers = false;
  /// Writes through a pointer whose target it does not know (one it was
  /// given or took from a container: `*p = p->to(kFloat)`), itself or in a
  /// callee: the caller's variables whose address was taken may hold
  /// anything after the call.
  bool WritesThroughPointers = false;
  /// Every value written to each member (joined), for class invariants.
  llvm::DenseMap<const clang::FieldDecl *, AbsValue> MemberWrites;
  /// Member values at exit (constructors: the initial state of the object).
  llvm::DenseMap<const clang::FieldDecl *, AbsValue> ExitMembers;
  /// A method of a torch::nn::Module subclass that converts its own module
  /// (`to(dtype)` in `set_precision(dtype)`) on some path: the module at
  /// exit, joined over the paths (ParamRef::ThisModule where unconverted).
  std::optional<AbsValue> ExitThisModule;
  /// What every path leaving a method assumes of its object's fields
  /// (`fitted_ == true` after `fit()`; a field it does not touch keeps
  /// what the call's constants said).
  Assumptions ExitThisFields;
  /// Ops and module calls whose operands depend on the parameters: judged
  /// at each call site with the arguments' facts.
  std::vector<OpEvent> SymbolicOps;
  std::vector<ModuleCallEvent> SymbolicModuleCalls;
  /// Conversions whose dtype or device is a parameter's: judged at each
  /// call with its arguments (a float64 tensor placed on an MPS device).
  std::vector<MpsFloat64Event> SymbolicPlacements;
};

/// Variables a lambda captures by reference, with their values where it is
/// called.
using Captures =
    llvm::SmallVector<std::pair<const clang::VarDecl *, AbsValue>, 2>;

class CallerIndex;
class FunctionFindings;

/// Per translation unit: caches results and summaries, prescans the user's
/// code for autocast and default-dtype changes.
class AnalysisContext {
public:
  AnalysisContext(clang::ASTContext &Ctx, AnalysisConfig Config);
  ~AnalysisContext();

  /// Analyses a function definition (cached). Lambdas are analysed with the
  /// function that contains them and reported in its result.
  const FunctionResult &analyze(const clang::FunctionDecl *FD);
  /// The findings of a result analyze gave, each finder run once
  /// (findings/FunctionFindings.h).
  FunctionFindings &findings(const FunctionResult &R);

  const Summary *summary(const clang::FunctionDecl *FD);
  /// Whether a class of this unit overrides the user's method M: a call of
  /// M on an object of unknown class may run another body.
  bool overridden(const clang::CXXMethodDecl *M);
  /// The initializer of a non-const global or static member the unit only
  /// reads (and that no other unit can write: internal linkage, or this unit
  /// defines main); null otherwise.
  const clang::Expr *unchangedGlobalInit(const clang::VarDecl *V);
  /// Whether a function may run: false only for a non-virtual method of the
  /// user's that nothing in a program (a unit defining main) calls or names
  /// (`reset_prototypes` never called): its writes to members do not count.
  bool mayRun(const clang::FunctionDecl *F);
  /// The lambda (its closure type) every write of the unit gives a
  /// std::function member, if one and the unit sees all its uses
  /// (HeldLambdas.cpp); null otherwise.
  const clang::CXXRecordDecl *heldLambda(const clang::FieldDecl *F);
  /// The constant (a flag, number, enum, dtype or device) every value of
  /// the field is: its initializers and each write of the methods that may
  /// run give it, and nothing outside the class writes it
  /// (FieldConstants.cpp); none otherwise.
  std::optional<Constant> fieldConstant(const clang::FieldDecl *F);
  /// Joined value of every write to a member in its class, if all are known.
  std::optional<AbsValue> memberInvariant(const clang::FieldDecl *FD);
  /// The same join for a member of any class of the user's (a
  /// torch::nn::Module subclass's too): what its constructors leave in it
  /// and what its other methods assign, if all are known and nothing
  /// outside the class writes it.
  std::optional<AbsValue> classWrites(const clang::FieldDecl *FD);

  /// What the constructors of a torch::nn::Module subclass create: each
  /// tensor or module member's value, and the dtype its floating members
  /// share and the device all share (unknown where they differ).
  struct ModuleInit {
    llvm::DenseMap<const clang::FieldDecl *, AbsValue> Members;
    DTypeFact DT;
    DeviceFact DV;
    bool Known = false;
  };
  const ModuleInit &moduleInit(const clang::CXXRecordDecl *RD);
  /// What Module::to() does to a tensor or module member of a
  /// torch::nn::Module subclass (models/ModuleMembers.cpp): converts it
  /// (registered), leaves it as made (plain), or not known.
  enum class MemberRole : uint8_t { Registered, Plain, Unknown };
  MemberRole memberRole(const clang::FieldDecl *F);
  /// What a tensor or module member of a torch::nn::Module subclass may hold
  /// beside what its constructors made, when code outside them changes it:
  /// a method's rebinding (`head_ = replace_module("head", calibrated)`),
  /// the class's writes joined (classWrites, if Compute); a submodule a
  /// method converts alone (`head->to(kDouble)` in `enable_precise_head()`)
  /// or writes not known, a value of no kind. None if nothing does.
  std::optional<AbsValue> laterValues(const clang::FieldDecl *F,
                                      bool Compute);
  /// The modules code outside its class's constructors puts in a plain
  /// list-of-modules member (a layer made there, with the default dtype the
  /// function starts with): what the list holds beside what the
  /// constructors left.
  llvm::ArrayRef<AbsValue> moduleListAdds(const clang::FieldDecl *F);
  /// What objects made by Ctor restore when destroyed (GuardClasses.h).
  const GuardClass &guardClass(const clang::CXXConstructorDecl *Ctor);

  /// What a function returns for one call, analysed again with the facts of
  /// its arguments (Args[i]: parameter i's value, None for one not known)
  /// where its summary's return does not follow them (`u / 255.0 - mean`).
  /// Memoised per distinct facts; none past MaxCallDepth nested calls.
  /// Autocast: the caller's state at the call, when it may be on (the
  /// callee's ops are then cast as the caller's region says). Receiver: the
  /// module a method runs on, whose facts its members then have, or the
  /// plain object (a Record) whose known fields its members start with.
  std::optional<AbsValue>
  returnFor(const clang::FunctionDecl *Def, llvm::ArrayRef<AbsValue> Args,
            const AutocastArray *Autocast = nullptr,
            const AutocastDTypeArray *AutocastDType = nullptr,
            const AbsValue *Receiver = nullptr,
            llvm::ArrayRef<std::pair<const clang::VarDecl *, AbsValue>>
                Captured = {},
            llvm::ArrayRef<Assumption> Constants = {});
  /// The analysis of a function for one call (as returnFor): what it
  /// returns and the ops and module calls it records with those facts.
  struct ContextRun {
    std::optional<AbsValue> Return;
    /// The constant it returns on every path (Summary::ReturnConstant).
    std::optional<Constant> ReturnConstant;
    llvm::SmallDenseMap<unsigned, AbsValue, 2> ParamExit;
    /// Member values at exit (Summary::ExitMembers).
    llvm::DenseMap<const clang::FieldDecl *, AbsValue> MemberExit;
    /// The module the method runs on at exit (Summary::ExitThisModule).
    std::optional<AbsValue> ExitThisModule;
    /// Summary::ExitThisFields.
    Assumptions ExitThisFields;
    std::vector<OpEvent> Ops;
    std::vector<ModuleCallEvent> ModuleCalls;
    /// Autocast as the run leaves it (Summary::ExitAutocast...).
    AutocastArray ExitAutocast{};
    AutocastDTypeArray ExitAutocastDType{};
  };
  /// Captured: a lambda's by-reference captures, which its body reads.
  /// Constants: what the call's arguments hold of the parameters and their
  /// fields (`vocab == 20`, `cfg.precision == "fp64"`), which pick the
  /// callee's paths.
  const ContextRun *
  contextRun(const clang::FunctionDecl *Def, llvm::ArrayRef<AbsValue> Args,
             const AutocastArray *Autocast,
             const AutocastDTypeArray *AutocastDType, const AbsValue *Receiver,
             llvm::ArrayRef<std::pair<const clang::VarDecl *, AbsValue>>
                 Captured = {},
             llvm::ArrayRef<Assumption> Constants = {});
  /// Whether the function records an op or module call with an operand
  /// whose dtype or device is unknown and not symbolic: facts a call's
  /// arguments may supply (`x - mean` of a parameter and a member).
  bool hasOpaqueOperands(const clang::FunctionDecl *Def);
  /// Whether the function records an op or module call with an operand
  /// (or module) of more than one dtype or device: facts a call's
  /// constants may decide (`cfg.compact ? kInt32 : kInt64`).
  bool hasUndecidedOperands(const clang::FunctionDecl *Def);
  /// Def makes a virtual call whose override its callers' constants (the
  /// dynamic class of an argument) may pick.
  bool hasOpenVirtualCalls(const clang::FunctionDecl *Def) {
    return analyze(Def).OpenVirtualCalls;
  }

  /// The autocast state at entry of a function: unknown when the function
  /// may be called, in this translation unit, while autocast is on (a
  /// function that turns it on, or one calling such a function, calls it
  /// directly or transitively); off otherwise, and always for main(). The
  /// default dtype likewise.
  AutocastState entryAutocast(const clang::FunctionDecl *FD) const;
  DTypeFact entryDefaultDType(const clang::FunctionDecl *FD) const;

  clang::ASTContext &ast() { return Ctx; }
  const ApiModel &api() const { return Api; }
  /// Who calls the unit's functions (built on first use).
  CallerIndex &callers();
  const AnalysisConfig &config() const { return Config; }

  struct Entry;

private:
  Entry &run(const clang::FunctionDecl *FD);
  void prescan();

  clang::ASTContext &Ctx;
  AnalysisConfig Config;
  ApiModel Api;
  bool Prescanned = false;
  llvm::DenseSet<const clang::CXXMethodDecl *> Overridden;
  /// Functions the unit calls or names, the member names used in templates
  /// (not resolved there), and whether it defines main (prescan).
  llvm::DenseSet<const clang::FunctionDecl *> Referenced;
  llvm::StringSet<> DependentNames;
  bool HasMain = false;
  llvm::DenseSet<const clang::VarDecl *> WrittenGlobals;
  /// Fields the unit writes other than through `this` (prescan).
  llvm::DenseSet<const clang::FieldDecl *> FieldsWrittenOutside;
  /// Classes whose objects the unit gives to code it does not show.
  llvm::DenseSet<const clang::CXXRecordDecl *> EscapedRecords;
  llvm::DenseSet<const clang::FunctionDecl *> InsideAutocast;
  llvm::DenseSet<const clang::FunctionDecl *> InsideDefaultDType;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<Entry>> Cache;
  llvm::DenseMap<const FunctionResult *, std::unique_ptr<FunctionFindings>>
      Found;
  llvm::DenseMap<const clang::CXXRecordDecl *,
                 llvm::DenseMap<const clang::FieldDecl *, AbsValue>>
      Invariants;
  llvm::DenseMap<const clang::CXXRecordDecl *, bool> InvariantsInProgress;
  llvm::DenseMap<const clang::CXXRecordDecl *,
                 llvm::DenseMap<const clang::FieldDecl *, Constant>>
      FieldConstants;
  std::map<const clang::CXXRecordDecl *, ModuleInit> ModuleInits;
  llvm::DenseMap<const clang::CXXRecordDecl *,
                 llvm::DenseMap<const clang::FieldDecl *, MemberRole>>
      MemberRoles;
  /// Members of modules that code outside their constructors rebinds, or
  /// changes in place (set_data, to(), non-const references).
  llvm::DenseSet<const clang::FieldDecl *> OtherRebinds, OtherChanges;
  /// ... of them, the submodules a method of their class converts alone.
  llvm::DenseSet<const clang::FieldDecl *> ChangedByOwnMethods;

public:
  /// The constant keys the unit's maps were read or written with, by the
  /// field of a map's value that holds what the key maps to
  /// (models/Containers.cpp's mapKey): a callee's loop over a map its
  /// caller filled names the caller's keys.
  llvm::DenseMap<unsigned, Constant> MapKeys;

private:
  /// Lists of modules: what other code puts in them (each a new layer,
  /// else the member is in OtherChanges).
  llvm::DenseMap<const clang::FieldDecl *, llvm::SmallVector<AbsValue, 1>>
      OtherListAdds;
  bool MemberWritesDone = false;
  void findMemberWrites();
  std::map<std::pair<const clang::FunctionDecl *, std::string>, ContextRun>
      Returns;
  llvm::DenseMap<const clang::FunctionDecl *, bool> OpaqueOperands;
  llvm::DenseMap<const clang::FunctionDecl *, bool> UndecidedOperands;
  llvm::DenseMap<const clang::CXXConstructorDecl *, GuardClass> Guards;
  llvm::DenseMap<const clang::FieldDecl *, const clang::CXXRecordDecl *>
      HeldLambdas;
  bool HeldLambdasDone = false;
  unsigned ReturnDepth = 0;
  std::unique_ptr<CallerIndex> Callers;
};

/// Text of the place a dtype or device came from, for notes: the variable
/// or member name of an operand expression, or "".
std::string operandName(const clang::Expr *E);

} // namespace torchdtype

#endif
