//===- FunctionAnalyzer.h - the analysis of one function -----*- C++ -*-===//
// Internal to checker/analysis. One FunctionAnalyzer runs the forward
// analysis of one function body over clang::CFG; its members live in one
// file per job:
//   FlowDriver.cpp          the worklist, statements, routing of calls
//   Evaluate.cpp            what an expression evaluates to
//   CollectEvents.cpp       recording events; a function's, once it ran
//   models/Conversions.cpp  placements kept for callers, and instantiated
//   models/Tuples.cpp       tuples and pairs of tensors, ops returning them
//   models/Modules.cpp      modules made, and module calls' events
//   models/UserCalls.cpp    calls of the user's own functions (summaries)
//   models/CallFlags.cpp    a flag given to such a call: a path per value
//   models/CalleeEvents.cpp     a callee's events judged at a call
//   models/UserCallEffects.cpp  what those calls leave behind
//   models/GuardScopes.cpp  guard objects that save and restore state
//   Conditions.cpp          what branch conditions say of tensors
//   ConditionSubjects.cpp   the variables branch conditions test
//   VarUses.cpp             how the body uses its variables (the walk:
//   ContainerUses.cpp       UseClassifier.h; containers and iterators)
//   models/ConstantLists.cpp  loops over braced lists, a path per value
//   models/ConstantMaps.cpp   lookups in const maps of constants
// The API families' rules are free functions of a TransferState (which
// this class implements for the path being transferred), declared in
// models/FamilyModels.h; some of those files hold members too. No clang-tidy.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_FUNCTIONANALYZER_H
#define TORCHDTYPE_ANALYSIS_FUNCTIONANALYZER_H

#include "AnalysisContext.h"
#include "CallSite.h"
#include "EventTable.h"
#include "FlowState.h"
#include "PathStates.h"
#include "VarUses.h"
#include "models/FamilyModels.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>
#include <map>
#include <memory>

namespace torchdtype {

struct AnalysisContext::Entry {
  FunctionResult Result;
  Summary Sum;
  bool InProgress = true;
};

class FunctionAnalyzer final : public TransferState {
public:
  /// Analyses a method for one receiver: the members read have its facts.
  void bindReceiver(const AbsValue &R) { BoundReceiver = R; }
  /// Seed: the state a lambda starts from (its point of creation).
  /// InvariantMode: only member writes are wanted; member reads do not ask
  /// for the class invariant (which is being computed).
  FunctionAnalyzer(AnalysisContext &AC, const clang::FunctionDecl *FD,
                   FunctionResult &Result, Summary &Sum, const FlowState *Seed,
                   bool InvariantMode);

  void run();

  // The domain of the solver (solver/PathSolver.h), in FlowDriver.cpp.
  using State = FlowState;
  FlowState initialState() const { return Initial; }
  /// S along the edge from P to its successor Succ: the conditions' and the
  /// tests' refinements; false when the edge is impossible on S's path.
  bool edge(FlowState &S, const clang::CFGBlock &P, unsigned Succ);
  /// A number a changing variable is compared with (a loop counter).
  bool isMinor(const Assumption &A);
  void beginVisit(const clang::CFGBlock &) { ++Visit; }
  void beginPath(FlowState &S) {
    Cur = &S;
    ExprVals.clear();
    ValsPath = &S;
  }
  void transfer(const clang::CFGElement &El, FlowState &S) {
    onPath(S);
    transferElement(El);
  }
  /// An atom to split the path by before El (a path per value): a setter
  /// of autocast given a flag the path knows nothing of (Autocast.cpp), a
  /// loop variable's value (ConstantLists.cpp), a flag that picks what a
  /// call of the user's returns (CallFlags.cpp).
  std::optional<Assumption> splitAt(const clang::CFGElement &El,
                                    FlowState &S) {
    std::optional<clang::CFGStmt> CS = El.getAs<clang::CFGStmt>();
    if (!CS)
      return std::nullopt;
    onPath(S);
    std::optional<Assumption> A;
    if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(CS->getStmt()))
      A = listValueToSplit(DS);
    else if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(CS->getStmt()))
      if (!(A = models::autocastFlagToSplit(*this, CE)))
        A = callFlagToSplit(CE);
    return A;
  }
  void atExit(const PathStates &Exit);

  // TransferState (models/TransferState.h), for the path being transferred.
  const ApiModel &api() const override { return Api; }
  clang::ASTContext &astContext() const override { return Ctx; }
  const clang::FunctionDecl *function() const override { return FD; }
  const CallSite &site(const clang::CallExpr *CE) override;
  AbsValue eval(const clang::Expr *E) override;
  AbsValue valueOf(const clang::ValueDecl *D, clang::QualType T) override {
    return evalDeclRef(D, T);
  }
  std::optional<AbsValue> thisMember(const clang::FieldDecl *Field,
                                     clang::QualType T) override;
  AbsValue unknownOf(clang::QualType T) const override;
  AbsValue convertTo(const AbsValue &V, clang::QualType T) const override;
  AbsValue constantOf(const clang::Expr *E) const override;
  std::optional<Constant> knownConstant(const clang::Expr *E) override;
  bool stableVar(const clang::VarDecl *VD) override;
  bool trackedVar(const clang::VarDecl *VD) override;
  void assign(const clang::Expr *LHS, const AbsValue &V) override;
  /// A write through a pointer whose target is not known: the variables
  /// whose address was taken are unknown now.
  void addressTakenUnknown();
  void store(const clang::Decl *D, const AbsValue &V) override;
  void moduleConverted(const clang::Decl *D, const AbsValue &R) override;
  void assumeDTypes(const clang::Decl *Storage, uint32_t Bits,
                    clang::SourceLocation Where) override {
    applyTest(*Cur, Storage, /*IsDevice=*/false, Bits, Where, /*Holds=*/true);
  }
  void assumeSame(const clang::Decl *A, const clang::Decl *B,
                  bool IsDevice) override {
    unifyFacts(*Cur, A, B, IsDevice);
  }
  void recordModuleCall(ModuleCallEvent Ev) override;
  OpEvent &recordEvent(OpEvent Ev) override;
  OpEvent *recordOp(const clang::CallExpr *CE, llvm::StringRef Op,
                    bool SameDType, bool Elementwise, unsigned Mask,
                    llvm::ArrayRef<const clang::Expr *> Operands, bool InPlace,
                    bool Out, bool Explicit) override;
  void recordAutocastDType(AutocastDTypeEvent Ev) override;
  void recordPlacement(const clang::Expr *E, const AbsValue &V) override;
  void recordFromBlob(FromBlobEvent Ev) override;
  void paramConverted(const clang::ParmVarDecl *P) override;
  FlowState &path() override { return *Cur; }
  AutocastArray autocast() const override { return currentAutocast(); }
  AbsValue userCallValue(const CallSite &S) override { return userCall(S); }
  AbsValue forwardValue(const CallSite &S, const clang::FunctionDecl *Fwd,
                        const AbsValue &M) override;
  void userCallEffects(const CallSite &S, const AbsValue &V) override;
  bool forwardEffects(const CallSite &S, const clang::FunctionDecl *Fwd,
                      const AbsValue &M) override;
  void moduleStateList(const CallSite &S) override;
  AbsValue madeModule(clang::QualType T, clang::SourceLocation Where) override {
    return moduleValue(T, Where);
  }

private:
  // FlowDriver.cpp
  void transferElement(const clang::CFGElement &El);
  /// Refines S by what the condition of P says of a tensor's dtype or
  /// device on the edge to its successor Succ (Conditions.cpp); false when
  /// S's facts rule that edge out.
  bool refineEdge(FlowState &S, const clang::CFGBlock &P, unsigned Succ);
  /// The same for the edge of a switch on a tensor's dtype to a case (the
  /// tensor has that dtype) or to the default (none of the cases').
  bool refineSwitch(FlowState &S, const clang::SwitchStmt &SW,
                    const clang::CFGBlock &P, unsigned Succ);
  /// Keeps in S only what a test of Storage's dtype (device) allows: one
  /// of TestBits if Holds, else none of them; false if nothing is left.
  bool applyTest(FlowState &S, const clang::Decl *Storage, bool IsDevice,
                 uint32_t TestBits, clang::SourceLocation Where, bool Holds);
  /// Where two tensors' dtypes (devices) are equal: each takes what the
  /// other's says; false if they cannot be.
  bool unifyFacts(FlowState &S, const clang::Decl *A, const clang::Decl *B,
                  bool IsDevice);
  /// What a condition tests of a tensor storage knows of it: its value on
  /// the path, or a parameter's symbolic value (testedValue's comment).
  std::optional<AbsValue> testedValue(const FlowState &S, const clang::Decl *D);
  /// A tensor, or a dtype or device a variable holds: what a condition
  /// refines.
  bool testable(clang::QualType T) const;
  /// A parameter of the function a lambda without parameters (nested in
  /// such lambdas only) is written in: its value there is symbolic.
  bool capturedParam(const clang::ParmVarDecl *PD) const;
  void processStmt(const clang::Stmt *S);
  /// A call's effects and value, routed by its family through one table
  /// (familyModel in FlowDriver.cpp).
  void processCall(const clang::CallExpr *CE);
  AbsValue evalCall(const clang::CallExpr *CE);

  /// What a call of the user's function returns (models/UserCalls.cpp).
  AbsValue userCall(const CallSite &S);
  /// A user function's return for this call's argument facts, where its
  /// summary does not follow them (AnalysisContext::returnFor).
  std::optional<AbsValue>
  returnFor(const CallSite &S, const clang::FunctionDecl *Def,
            const Summary &Callee, const AbsValue *Receiver,
            const AutocastArray &Autocast, bool ForAutocast);
  /// What a call of a user function (Def, with summary Callee) returns:
  /// the summary bound to the arguments, or the callee analysed again for
  /// this call (its facts, or the autocast state here).
  AbsValue callResult(const CallSite &S, const clang::FunctionDecl *Def,
                      const Summary &Callee, const AbsValue *Recv);
  const CallSite &devirtualized(const CallSite &S);
  /// A call of a std::function whose lambda is known: a call of the
  /// lambda's body (models/CallConstants.cpp).
  const CallSite &heldCall(const CallSite &S);
  /// S as a call of M's body Def (kept per call and body).
  const CallSite &runsBody(const CallSite &S, const clang::CXXMethodDecl *M,
                           const clang::FunctionDecl *Def);
  /// A call of each lambda a loop over a container of std::function runs
  /// through S (models/CallableLoops.cpp); null if none is known.
  const llvm::SmallVector<CallSite, 2> *loopedCallees(const CallSite &S);
  // ConditionSubjects.cpp
  // stableVar: const, or never changed in the body; trackedVar: every
  // change is an assignment or increment of it or its fields, seen by
  // writeSubject (PathStates.h, TrackedVar).
  /// A variable a lambda captures by reference that neither this function
  /// nor any lambda in it changes: the lambda reads it as it was made.
  bool unchangedCapture(const clang::VarDecl *VD);
  /// The variables and fields the function's branch conditions test.
  void collectSubjects(const clang::CFG &G);
  /// LHS is set to Value (null: to something unknown): what was assumed of
  /// it is forgotten, and a constant value of a tested subject assumed.
  void writeSubject(const clang::Expr *LHS, const clang::Expr *Value);
  void setSubject(const Subject &Sub, const clang::Expr *Value);
  /// LHS stepped up (Up) or down by a known amount (`++step`, `epoch +=
  /// 2`): what the path assumed of it is forgotten but the bounds the step
  /// keeps true (`step > 3` after `++step`), so a branch a loop takes from
  /// some iteration on stays apart from the others across the back edge.
  void stepSubject(const clang::Expr *LHS, bool Up);
  /// A struct variable made by its default constructor or an initializer
  /// list: its tested fields hold the constants they were given.
  void initFieldSubjects(const clang::VarDecl *VD);
  AutocastArray currentAutocast() const;
  /// The facts of a call's arguments, one per parameter of Def (none where
  /// the caller knows them only in terms of its own parameters).
  struct CallFacts {
    llvm::SmallVector<AbsValue, 4> Facts;
    /// A lambda's variables captured by reference: their values here.
    Captures Captured;
    /// The constants the arguments hold, as the callee's parameters and
    /// their fields (`vocab == 20`, `cfg.precision == "fp64"`).
    Assumptions Constants;
    bool Definite = false;  ///< a tensor's dtype or device is known
    bool AnyRecord = false; ///< a plain struct holding tensors
    /// A module of known class (the override its virtual forward runs).
    bool ModuleClass = false;
  };
  /// Obj: the object a method is called on (its dynamic class, if known,
  /// is a constant of the call).
  CallFacts callFacts(const clang::FunctionDecl *Def,
                      llvm::ArrayRef<const clang::Expr *> Args,
                      const clang::Expr *Obj = nullptr);
  /// Def analysed for a call with these facts, in the autocast state here
  /// (AnalysisContext::contextRun).
  const AnalysisContext::ContextRun *
  runFor(const clang::FunctionDecl *Def, const CallFacts &Facts,
         const AbsValue *Receiver = nullptr);
  /// R (a tensor, or a pair or struct of them) with the dimensions the
  /// callee's run for this call's arguments gives it, where its summary
  /// left it possibly 0-dim.
  AbsValue dimsFor(const CallSite &S, const clang::FunctionDecl *Def,
                   AbsValue R, const AbsValue *Recv);
  /// A module or struct a user function returns, of more than one dtype
  /// or device in its summary: as the call's constants decide it.
  /// A struct a user call returns, its mixed tensor fields as the callee
  /// run for the call's arguments makes them.
  AbsValue recordFor(const CallSite &S, const clang::FunctionDecl *Def,
                     const Summary &Callee, AbsValue R, const AbsValue *Recv);
  AbsValue decidedFor(const CallSite &S, const clang::FunctionDecl *Def,
                      const AbsValue &Summarised);
  /// The constant a call of the user's returns for the constants it
  /// passes (`parse_precision("fp16")`), or none.
  std::optional<Constant> returnedConstant(const clang::CallExpr *CE);
  /// A return statement's constant, joined into the summary's.
  void returnedConstantHere(const clang::Expr *RV);
  /// The constants Arg holds (itself, or the fields of a plain struct), as
  /// assumptions of parameter P and its fields.
  void argumentConstants(const clang::ParmVarDecl *P, const clang::Expr *Arg,
                         Assumptions &Out);
  /// The constants of the object Method is called on: its dynamic class,
  /// and the fields of a plain object, as `this` and its members there.
  void receiverConstants(const clang::CXXMethodDecl *Method,
                         const clang::Expr *Obj, Assumptions &Out);
  /// Of the constants a call seeded, those the body cannot change out of
  /// sight (models/CallConstants.cpp).
  void keepCallConstants();
  /// Summary.ParamExit from the paths that reach the exit.
  void paramExits(const PathStates &Exit);
  /// What a call leaves in argument I, passed by non-const reference to
  /// Def, which reassigns it: the summary's exit value bound to the
  /// arguments, or the callee analysed for this call's facts.
  std::optional<AbsValue>
  argumentAfter(const clang::FunctionDecl *Def, const Summary &Callee,
                unsigned I, llvm::ArrayRef<const clang::Expr *> Args);
  void collectEvents();

  // Evaluate.cpp
  AbsValue evalUncached(const clang::Expr *E);
  AbsValue evalConstruct(const clang::CXXConstructExpr *CE);
  /// A plain struct made by its implicit default constructor: its optional
  /// fields hold nothing.
  AbsValue defaultRecord(const clang::CXXConstructExpr *CE);
  AbsValue evalDeclRef(const clang::ValueDecl *D, clang::QualType T);
  AbsValue paramValue(const clang::ParmVarDecl *P, clang::QualType T) const;
  /// A member of a torch::nn::Module subclass read in one of its methods:
  /// relative to the receiver module (ParamRef::ThisModule); none if the
  /// field is not such a member.
  AbsValue moduleMember(const clang::FieldDecl *Field, clang::QualType T);

  // models/Factories.cpp

  // models/Contracts.cpp
  /// `m[key] = t` of a map of tensors (models/Containers.cpp).
  void mapEntryAssigned(const clang::Expr *LHS, const AbsValue &V);
  /// A list's (or map's) storage D of type T joins a tensor added to it.
  void joinIntoList(const clang::Decl *D, clang::QualType T, const AbsValue &V,
                    bool Appends = false);

  /// A std::pair or std::tuple of tensors built from its elements.
  std::optional<AbsValue> tupleOf(clang::QualType T,
                                  llvm::ArrayRef<const clang::Expr *> Elements);
  /// std::make_pair, std::make_tuple.
  std::optional<AbsValue> madeTuple(const CallSite &S);
  /// `std::tie(a, b) = pair`: each variable takes its element of V; false
  /// if LHS is not a std::tie.
  bool tieAssigned(const clang::Expr *LHS, const AbsValue &V);

  // models/Conversions.cpp
  /// A placement whose dtype or device is still a parameter's, kept in the
  /// summary for the callers (false if it is not, or too deep).
  bool keepPlacement(MpsFloat64Event P);
  /// The callee's placements (Summary::SymbolicPlacements) with these
  /// arguments: recorded here, or kept for this function's callers; true if
  /// any was (the call is then not judged by its result).
  bool instantiatePlacements(const Summary &Callee,
                             llvm::ArrayRef<const clang::Expr *> Args,
                             const AbsValue *Receiver,
                             const clang::CallExpr *Call);

  // models/Modules.cpp
  AbsValue moduleValue(clang::QualType ModuleType, clang::SourceLocation Where);
  /// torch::nn::Sequential built from a list of layers.
  AbsValue sequentialValue(const clang::CXXConstructExpr *CE,
                           llvm::ArrayRef<const clang::Expr *> Args);
  /// A member of the module a method runs on, as its to() leaves it.
  void relativeToModule(const clang::FieldDecl *Field, AbsValue &V);
  /// parameters(), buffers(), children() ... of a module: a loop or code
  /// that may change what they give makes the module unknown.
  /// Whether the tensor a lookup of a module's parameters gives is set
  /// anew in this function (set_data, set_), or escapes where it may be.
  bool elementReset(const clang::CallExpr *Lookup);
  /// A named_parameters() loop setting the data of the parameters whose
  /// names pass a test, the module Obj (M, in D) (NamedStateLoops.cpp):
  /// true if the loop's effect is now in the state.
  bool nameFilteredSetData(const clang::CXXForRangeStmt *Loop,
                           const clang::Expr *Obj, const clang::Decl *D,
                           AbsValue M);
  /// What argument I holds when Def returns, as this call's constants
  /// pick Def's paths; none without constants.
  std::optional<AbsValue>
  argumentExitFor(const clang::FunctionDecl *Def, unsigned I,
                  llvm::ArrayRef<const clang::Expr *> Args,
                  const clang::Expr *Obj);
  /// After a call of the user's given a module: what the callee did to it.
  void moduleArgumentsAfter(const clang::FunctionDecl *Def,
                            const Summary &Callee,
                            llvm::ArrayRef<const clang::Expr *> Args,
                            const clang::Expr *Obj = nullptr);

  // models/Containers.cpp
  /// push_back, emplace_back, clear ... on a std::vector of IValues or
  /// tensors.
  void listEffects(const CallSite &S);
  /// List D changed: the references to its elements (VarUses::ElementRefs)
  /// no longer know what they hold.
  void listWritten(const clang::Decl *D);
  /// After a call of Def: the lists of tensors given it by non-const
  /// reference hold what it put in (Summary::ListAdds).
  void listArgumentsAfter(const clang::FunctionDecl *Def,
                          const Summary &Callee,
                          llvm::ArrayRef<const clang::Expr *> Args);
  /// A reference to an element of List (VarUses::ElementRefs) assigned V.
  void elementRebound(const clang::VarDecl *List, const AbsValue &V);
  /// A module converted to R through a handle that may be an element of a
  /// list of modules: each list the path holds joins R.
  void moduleListsMayHold(const AbsValue &R);
  /// An element of a vector of tensors (`v[i]`, `for (auto &x : v)`), or
  /// none; a torch::data loader's batch (models/DataLoaders.cpp).
  std::optional<AbsValue> listElement(const CallSite &S);
  std::optional<AbsValue> loaderBatch(const clang::CXXOperatorCallExpr *OC);
  /// A map's entry through an iterator (`it->second`, `(*it).second`).
  std::optional<AbsValue> iteratorEntry(const clang::CXXOperatorCallExpr *OC);
  AbsValue mapEntry(clang::QualType PairT, const AbsValue &Value);
  /// The field of a map's value for Key, when the path knows Key.
  std::optional<unsigned> mapKey(const clang::Expr *Key);
  /// The constant a map's key is on this path (a std::string built from
  /// one too).
  std::optional<Constant> knownKey(const clang::Expr *Key);
  /// A key read again later: a constant, or a variable nothing changes.
  bool keyUnchanged(const clang::Expr *Key);
  /// Key of map D now maps to V (Overwrites: `m[k] = v`, insert_or_assign;
  /// else emplace, which keeps a value already there; Before: the map's
  /// value before).
  void putKey(const clang::Decl *D, const clang::Expr *Key, const AbsValue &V,
              bool Overwrites, const AbsValue &Before);
  // models/ConstantMaps.cpp: a lookup in a const map of constants.
  std::optional<AbsValue> constantMapLookup(const clang::CXXMemberCallExpr *MC,
                                            clang::QualType ValueT);
  std::optional<AbsValue>
  constantMapEntry(const clang::CXXOperatorCallExpr *Arrow,
                   clang::QualType ValueT);
  /// A std::vector of tensors made empty, from a braced list or a copy.
  AbsValue listValue(const clang::CXXConstructExpr *CE,
                     llvm::ArrayRef<const clang::Expr *> Args);
  AbsValue bracedMap(const clang::InitListExpr *IL, clang::QualType T);

  // models/ConstantLists.cpp: a range-for over a braced list of constants
  // makes a path per value (splitAt); each declaration keeps its path's.
  llvm::SmallVector<Assumption, 4> listValues(const clang::DeclStmt *DS);
  std::optional<Assumption> listValueToSplit(const clang::DeclStmt *DS);
  std::optional<Assumption> listValueHeld(const clang::DeclStmt *DS);

  // models/CallFlags.cpp
  /// A bool the path knows nothing of, given to a call of the user's whose
  /// result it picks (the runs for true and for false return values of
  /// different dtypes or devices): the atom to split the path by before
  /// the call.
  std::optional<Assumption> callFlagToSplit(const clang::CallExpr *CE);
  /// The bools a call gives its callee: arguments, and the bool fields of
  /// a plain struct argument or of the object a method runs on that the
  /// function's subjects name.
  void callFlags(const CallSite &S, llvm::SmallVectorImpl<Subject> &Out);
  /// The machine queries (`torch::cuda::is_available()`) Def's body calls,
  /// as the path assumptions a call of Def may split on.
  llvm::ArrayRef<Assumption> machineQueriesOf(const clang::FunctionDecl *Def);
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<Assumption, 1>>
      MachineQueriesOf;
  // models/UserCalls.cpp
  AbsValue applySummary(const Summary &Sum,
                        llvm::ArrayRef<const clang::Expr *> Args,
                        const AbsValue *Receiver,
                        clang::SourceLocation CallLoc);
  /// The object a method runs on: a module, or a plain object held in a
  /// variable or made in the expression (`Builder().width(4)`) with known
  /// fields.
  std::optional<AbsValue> receiverOf(const CallSite &S);
  /// The receiver a callee's run for one call binds: a module with a known
  /// history, or a plain object whose fields are known; else null.
  static const AbsValue *boundReceiver(const AbsValue *R);
  static bool definiteFields(const AbsValue *R);
  /// A module some of whose submodules were converted alone (Fields).
  static bool convertedSubmodules(const AbsValue *R);
  /// A non-const method called on a plain object in a variable, or on
  /// this: the fields are what the method's run for this call left.
  void objectAfterMethod(const CallSite &S, const AbsValue &Before);
  /// A method called on a module that converts it on some path
  /// (Summary::ExitThisModule): the module as the method leaves it.
  void moduleAfterMethod(const CallSite &S, const AbsValue &Before);
  /// The object as a non-const method's run for this call leaves it
  /// (`builder.precision(kDouble)` returning `*this`); none if not run.
  std::optional<AbsValue> objectAfter(const CallSite &S, const AbsValue &Before);
  /// A plain object made by its own constructor: the fields it leaves, run
  /// for these arguments; none for copies and constructors without a body.
  std::optional<AbsValue>
  constructedObject(const clang::CXXConstructExpr *CE,
                    llvm::ArrayRef<const clang::Expr *> Args);
  /// A value of the callee's, its parameters replaced by the arguments'
  /// facts.
  AbsValue bindParams(AbsValue V, llvm::ArrayRef<const clang::Expr *> Args,
                      const AbsValue *Receiver);
  /// The callee's ops and module calls that depend on its parameters,
  /// judged with this call's arguments and autocast state.
  AbsValue fieldOfArg(ParamRef P, llvm::ArrayRef<const clang::Expr *> Args);
  // models/Tuples.cpp
  /// The tuple of tensors an op returns (max(dim), sort, linalg_qr ...).
  AbsValue tupleResult(const CallSite &S);
  /// std::get<N>(t) of a tuple or pair of tensors.
  std::optional<AbsValue> tupleElement(const CallSite &S);
  // models/CalleeEvents.cpp
  /// The callee's events that depend on its parameters, judged with these
  /// arguments; true if a conversion in it placed by the arguments is
  /// judged there (now, or with this function's callers' arguments).
  bool instantiateCallee(const Summary &Callee,
                         llvm::ArrayRef<const clang::Expr *> Args,
                         const AbsValue *Receiver, const clang::CallExpr *Call);
  /// The callee's ops analysed again for this call where its summary lost
  /// what the arguments say; true when it added any.
  bool instantiateContext(const clang::FunctionDecl *Def, const Summary &Callee,
                          llvm::ArrayRef<const clang::Expr *> Args,
                          const AbsValue *Receiver,
                          const clang::CallExpr *Call);
  // models/UserCallEffects.cpp
  void applyCalleeEffects(const clang::FunctionDecl *Def,
                          const clang::Expr *Obj,
                          llvm::ArrayRef<const clang::Expr *> Args);
  void processConstruct(const clang::CXXConstructExpr *CE);
  /// Obj's reference members its constructor bound to arguments (RefBound,
  /// GuardClasses.h boundParam): M writing one leaves its argument unknown.
  void referencesWritten(const clang::Decl *Obj, const clang::FunctionDecl *M);
  using FieldArgs = llvm::SmallVector<
      std::pair<const clang::FieldDecl *, const clang::Expr *>, 1>;
  llvm::DenseMap<const clang::Decl *, FieldArgs> RefBound;
  // models/GuardScopes.cpp: objects of guard classes (GuardClasses.h).
  void guardMade(const clang::CXXConstructorDecl *Ctor,
                 const clang::Decl *Holder, const GuardSnapshot &Before);
  /// The guard Holder holds is destroyed; DtorRan: its dtor already ran.
  void guardEnds(const clang::Decl *Holder, bool DtorRan);
  /// A local's scope ends: its destructor runs (no-grad guard, user class).
  void objectDestroyed(const clang::VarDecl *VD);
  /// A call making or destroying a guard object: true if it did.
  bool guardCall(const CallSite &S);
  void guardAssigned(const clang::Expr *LHS, const clang::Expr *RHS);

  AnalysisContext &AC;
  const ApiModel &Api;
  clang::ASTContext &Ctx;
  const clang::FunctionDecl *FD;
  FunctionResult &Result;
  Summary &Sum;
  bool InvariantMode;
  /// The receiver the method is analysed for (bindReceiver), if any.
  std::optional<AbsValue> BoundReceiver;
  FlowState Initial;
  /// The state of the path being transferred (the solver's).
  FlowState *Cur = nullptr;
  llvm::DenseMap<const clang::Expr *, AbsValue> ExprVals;
  /// The path ExprVals holds the values of: one path's values are not
  /// another's (a block's paths split, each transferred in turn; an edge
  /// taken by each path leaving a block).
  const FlowState *ValsPath = nullptr;
  void onPath(FlowState &S) {
    Cur = &S;
    if (ValsPath != &S)
      ExprVals.clear();
    ValsPath = &S;
  }
  llvm::DenseMap<const clang::CallExpr *, CallSite> Sites;
  std::map<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>,
           CallSite>
      Devirtualized;
  llvm::DenseMap<const clang::CallExpr *, llvm::SmallVector<CallSite, 2>>
      Looped;
  template <typename EventT>
  EventT &record(EventTable<EventT> &Table, const clang::Expr *Key,
                 EventT Ev) {
    return Table.record(Key, Visit, std::move(Ev));
  }
  /// Counts the visits of blocks (all paths of one visit share a number).
  unsigned Visit = 0;
  EventTable<OpEvent> Ops;
  EventTable<ModuleCallEvent> ModuleCalls;
  EventTable<MpsFloat64Event> MpsFloat64;
  EventTable<FromBlobEvent> FromBlobs;
  EventTable<AutocastDTypeEvent> RefusedAutocastDTypes;
  /// Per call site: the callee's events judged with its facts.
  EventTable<OpEvent> CalleeOps;
  EventTable<ModuleCallEvent> CalleeModuleCalls;
  llvm::DenseMap<const clang::LambdaExpr *, FlowState> LambdaSeeds;
  const VarUses &uses();
  std::unique_ptr<VarUses> Uses;
  std::function<bool(const clang::VarDecl *)> TrackedFn =
      [this](const clang::VarDecl *V) { return trackedVar(V); };
  /// What calls return, for knownValue (models/CallConstants.cpp).
  std::function<std::optional<Constant>(const clang::CallExpr *)> CallsFn =
      [this](const clang::CallExpr *CE) { return returnedConstant(CE); };
  llvm::DenseSet<std::pair<const clang::VarDecl *, const clang::FieldDecl *>>
      Subjects;
  /// models/ConstantLists.cpp: range-for loops; the variables of those
  /// over constant lists (minor atoms: a new value each iteration).
  llvm::DenseMap<const clang::DeclStmt *, const clang::CXXForRangeStmt *>
      RangeLoopOf;
  llvm::DenseSet<const clang::VarDecl *> ListVars;
  /// Variables a loop's condition reads or its init declares: counters.
  llvm::DenseSet<const clang::VarDecl *> LoopCounters;
  bool RangeLoopsFound = false;
  /// A range-for over a map whose keys the path all knows (2 to 8), or a
  /// sequence whose element values it knows: `entry.first == key` for each
  /// key, an atom for each element value; the loop's variable V's values.
  llvm::SmallVector<Assumption, 4>
  mapEntryValues(const clang::VarDecl *V, const clang::Expr *Range);
  /// The key (element value) field an entry variable's path assumes it
  /// holds (mapEntryValues), if any.
  std::optional<unsigned> assumedEntryKey(const clang::VarDecl *LoopVar,
                                          const AbsValue &Map);
  std::vector<const clang::LambdaExpr *> LambdaOrder;
};

/// The facts a finding depends on are the same in both events.
bool sameFacts(const OpEvent &A, const OpEvent &B);
bool sameFacts(const ModuleCallEvent &A, const ModuleCallEvent &B);
/// An empty std::vector<IValue>: no tensor yet (the lattice's bottom).
inline AbsValue emptyInputs() { // (as a map)
  return AbsValue::noTensor().withField(MapKeysKnown, AbsValue::none());
}

} // namespace torchdtype

#endif
