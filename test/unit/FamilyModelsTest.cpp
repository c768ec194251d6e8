//===- FamilyModelsTest.cpp - family models on a state of the test's own -===//
//
// The models of models/FamilyModels.h are functions of the TransferState
// they are given: here each runs on a snippet's calls with a state the test
// makes (facts given by variable name, events and assignments collected),
// without the function's analysis.
//
//===----------------------------------------------------------------------===//

#include "analysis/models/FamilyModels.h"
#include "CfgTestUtil.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/StringMap.h"
#include "gtest/gtest.h"
#include <map>

using namespace clang;
using namespace clang::ast_matchers;
using namespace torchdtype;

namespace family_models_test {

/// A path with the facts a test gives its variables; nothing else known.
class SnippetState final : public TransferState {
public:
  SnippetState(const ParsedFunction &P, const ApiModel &Api)
      : Ctx(P.AST->getASTContext()), F(P.F), Api(Api) {
    Path.Reached = true;
    Path.Autocast.fill(AutocastState::Off);
  }

  llvm::StringMap<AbsValue> Facts;
  FlowState Path;
  std::vector<OpEvent> Events;
  std::vector<AutocastDTypeEvent> AutocastDTypes;
  std::vector<std::pair<const Expr *, AbsValue>> Placements;
  std::vector<FromBlobEvent> FromBlobs;
  std::vector<const ParmVarDecl *> Converted;
  std::vector<std::pair<const Expr *, AbsValue>> Assigned;
  std::vector<ModuleCallEvent> ModuleCalls;
  std::vector<std::pair<const Decl *, uint32_t>> AssumedDTypes;
  std::vector<std::tuple<const Decl *, const Decl *, bool>> AssumedSame;
  unsigned UserEffects = 0;

  const ApiModel &api() const override { return Api; }
  ASTContext &astContext() const override { return Ctx; }
  const FunctionDecl *function() const override { return F; }
  const CallSite &site(const CallExpr *CE) override {
    auto It = Sites.find(CE);
    if (It == Sites.end())
      It = Sites.emplace(CE, classifyCall(CE, Api, Ctx)).first;
    return It->second;
  }
  AbsValue eval(const Expr *E) override {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<CXXConstructExpr>(E);
        C && C->getNumArgs() == 1)
      return eval(C->getArg(0));
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      return eval(M->getSubExpr());
    if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      return eval(B->getSubExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return valueOf(DRE->getDecl(), DRE->getType());
    return unknownOf(E->getType());
  }
  AbsValue valueOf(const ValueDecl *D, QualType T) override {
    auto It = Facts.find(D->getName());
    return It == Facts.end() ? unknownOf(T) : It->second;
  }
  std::optional<AbsValue> thisMember(const FieldDecl *, QualType) override {
    return std::nullopt;
  }
  AbsValue unknownOf(QualType T) const override {
    TypeKind K = Api.classify(T);
    return K == TypeKind::Tensor || K == TypeKind::Optional
               ? AbsValue::unknownTensor()
               : AbsValue::none();
  }
  AbsValue convertTo(const AbsValue &V, QualType) const override { return V; }
  /// A constant ScalarType: its dtype (the enumerator of its value).
  AbsValue constantOf(const Expr *E) const override {
    Expr::EvalResult R;
    const auto *ET = E->getType().getNonReferenceType()->getAs<EnumType>();
    if (Api.classify(E->getType()) != TypeKind::ScalarType || !ET ||
        E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
      return AbsValue::none();
    for (const EnumConstantDecl *EC : ET->getDecl()->enumerators())
      if (llvm::APSInt::isSameValue(EC->getInitVal(), R.Val.getInt()))
        if (std::optional<DType> D = dtypeFromEnumerator(EC->getName())) {
          AbsValue V;
          V.K = AbsValue::Kind::DType;
          V.DT = DTypeFact::of(*D, E->getExprLoc());
          return V;
        }
    return AbsValue::none();
  }
  std::optional<Constant> knownConstant(const Expr *E) override {
    bool B = false;
    if (!E->isValueDependent() && E->EvaluateAsBooleanCondition(B, Ctx))
      return Constant::boolean(B);
    return std::nullopt;
  }
  bool stableVar(const VarDecl *) override { return true; }
  bool trackedVar(const VarDecl *) override { return true; }
  void assign(const Expr *LHS, const AbsValue &V) override {
    Assigned.push_back({LHS, V});
  }
  OpEvent &recordEvent(OpEvent Ev) override {
    Events.push_back(std::move(Ev));
    return Events.back();
  }
  OpEvent *recordOp(const CallExpr *CE, llvm::StringRef Op, bool, bool,
                    unsigned Mask, llvm::ArrayRef<const Expr *> Operands, bool,
                    bool, bool) override {
    OpEvent Ev;
    Ev.Call = CE;
    Ev.Op = Op.str();
    for (unsigned I = 0; I < Operands.size(); ++I)
      if (Mask & (1u << I))
        Ev.Operands.push_back(Operand{Operands[I], eval(Operands[I]), "", I});
    return &recordEvent(std::move(Ev));
  }
  void recordAutocastDType(AutocastDTypeEvent Ev) override {
    AutocastDTypes.push_back(std::move(Ev));
  }
  void recordPlacement(const Expr *E, const AbsValue &V) override {
    Placements.push_back({E, V});
  }
  void recordFromBlob(FromBlobEvent Ev) override {
    FromBlobs.push_back(std::move(Ev));
  }
  void paramConverted(const ParmVarDecl *P) override { Converted.push_back(P); }
  FlowState &path() override { return Path; }
  AutocastArray autocast() const override { return Path.Autocast; }
  void userCallEffects(const CallSite &, const AbsValue &) override {
    ++UserEffects;
  }
  bool forwardEffects(const CallSite &, const FunctionDecl *,
                      const AbsValue &) override {
    ++Forwards;
    return false;
  }
  void moduleStateList(const CallSite &) override {}
  void store(const Decl *, const AbsValue &) override {}
  void moduleConverted(const Decl *, const AbsValue &) override {}
  void assumeDTypes(const Decl *D, uint32_t Bits, SourceLocation) override {
    AssumedDTypes.push_back({D, Bits});
  }
  void assumeSame(const Decl *A, const Decl *B, bool IsDevice) override {
    AssumedSame.push_back({A, B, IsDevice});
  }
  void recordModuleCall(ModuleCallEvent Ev) override {
    ModuleCalls.push_back(std::move(Ev));
  }
  AbsValue userCallValue(const CallSite &) override {
    ++UserCalls;
    return AbsValue::unknownTensor();
  }
  AbsValue forwardValue(const CallSite &, const FunctionDecl *,
                        const AbsValue &) override {
    ++Forwards;
    return AbsValue::unknownTensor();
  }
  AbsValue madeModule(QualType, SourceLocation) override {
    ++Made;
    return AbsValue::unknownModule();
  }
  unsigned Made = 0;
  unsigned Forwards = 0;
  unsigned UserCalls = 0;

private:
  ASTContext &Ctx;
  const FunctionDecl *F;
  const ApiModel &Api;
  std::map<const CallExpr *, CallSite> Sites;
};

ParsedFunction parse(llvm::StringRef Code) {
  return parseFunction("#include <torch/torch.h>\n" + Code.str(),
                       {"-isystem", TORCHDTYPE_MOCK_INCLUDE, "-include-pch",
                        TORCHDTYPE_MOCK_PCH});
}

/// The calls of f whose callee is named Name, in the order written.
std::vector<const CallExpr *> callsOf(const ParsedFunction &P,
                                      llvm::StringRef Name) {
  std::vector<const CallExpr *> Out;
  for (const BoundNodes &N :
       match(findAll(callExpr(callee(functionDecl(hasName(Name)))).bind("c")),
             *P.F->getBody(), P.AST->getASTContext()))
    Out.push_back(N.getNodeAs<CallExpr>("c"));
  return Out;
}

/// The one call of f named Name, if it is classified as Family.
const CallSite *onlySite(SnippetState &St, const ParsedFunction &P,
                         llvm::StringRef Name, CallFamily Family) {
  std::vector<const CallExpr *> C = callsOf(P, Name);
  if (C.size() != 1)
    return nullptr;
  const CallSite &S = St.site(C.front());
  return S.Family == Family ? &S : nullptr;
}

ApiModel model(llvm::StringRef Version) {
  return ApiModel(*TorchVersion::parse(Version));
}

AbsValue tensorOf(DType D, Device V = Device::CPU) {
  return AbsValue::tensor(DTypeFact::of(D, SourceLocation()),
                          DeviceFact::of(V, SourceLocation()), true);
}

/// A module whose parameters have dtype D on device V.
AbsValue moduleOf(DType D, Device V) {
  AbsValue M = AbsValue::unknownModule();
  M.DT = DTypeFact::of(D, SourceLocation());
  M.DV = DeviceFact::of(V, SourceLocation());
  return M;
}

/// The operator() and method calls of f, in the order found.
std::vector<const CallExpr *> objectCallsOf(const ParsedFunction &P) {
  std::vector<const CallExpr *> Calls;
  for (const BoundNodes &N :
       match(findAll(callExpr(anyOf(cxxOperatorCallExpr(), cxxMemberCallExpr()))
                         .bind("c")),
             *P.F->getBody(), P.AST->getASTContext()))
    Calls.push_back(N.getNodeAs<CallExpr>("c"));
  return Calls;
}

/// A ScalarType (or TypeMeta) value holding D.
AbsValue dtypeValue(DType D) {
  AbsValue V;
  V.K = AbsValue::Kind::DType;
  V.DT = DTypeFact::of(D, SourceLocation());
  return V;
}

constexpr unsigned Cpu = unsigned(AutocastDevice::CPU);

// A setter given a constant turns the device's autocast on or off; given a
// flag the path knows nothing of, it leaves it unknown, and that flag is
// what the solver splits the path by.
TEST(FamilyModelsTest, AutocastSettersSetThePathsState) {
  ParsedFunction P = parse(R"cc(
    #include <ATen/autocast_mode.h>
    void f(bool amp) {
      at::autocast::set_cpu_enabled(true);
      at::autocast::set_cpu_enabled(false);
      at::autocast::set_cpu_enabled(amp);
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  std::vector<const CallExpr *> Calls = callsOf(P, "set_cpu_enabled");
  ASSERT_EQ(Calls.size(), 3u);
  auto Run = [&](const CallExpr *CE) {
    const CallSite &S = St.site(CE);
    ASSERT_EQ(S.Family, CallFamily::Autocast);
    models::setterEffects(St, S, AbsValue::none());
  };
  EXPECT_FALSE(models::autocastFlagToSplit(St, Calls[0]));
  Run(Calls[0]);
  EXPECT_EQ(St.Path.Autocast[Cpu], AutocastState::On);
  Run(Calls[1]);
  EXPECT_EQ(St.Path.Autocast[Cpu], AutocastState::Off);
  std::optional<Assumption> Split = models::autocastFlagToSplit(St, Calls[2]);
  ASSERT_TRUE(Split);
  EXPECT_EQ(Split->Var, P.F->getParamDecl(0));
  Run(Calls[2]);
  EXPECT_EQ(St.Path.Autocast[Cpu], AutocastState::Unknown);
  EXPECT_EQ(St.UserEffects, 0u);
}

// set_default_dtype takes the dtype its argument holds on the path.
TEST(FamilyModelsTest, DefaultDTypeSetterReadsItsArgument) {
  ParsedFunction P = parse(R"cc(
    void f(caffe2::TypeMeta wide) { c10::set_default_dtype(wide); }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  St.Facts["wide"] = dtypeValue(DType::Double);
  std::vector<const CallExpr *> Calls = callsOf(P, "set_default_dtype");
  ASSERT_EQ(Calls.size(), 1u);
  const CallSite &S = St.site(Calls[0]);
  ASSERT_EQ(S.Family, CallFamily::DefaultDType);
  models::setterEffects(St, S, AbsValue::none());
  EXPECT_EQ(St.Path.DefaultDType.single(), DType::Double);
}

// Inside a CPU autocast region an op on the lower-precision list gives the
// region's dtype; outside it, and with an explicit dtype, the op's own.
TEST(FamilyModelsTest, AutocastResultFollowsTheRegion) {
  ParsedFunction P = parse(R"cc(
    void f(at::Tensor a, at::Tensor b) { auto c = torch::mm(a, b); }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  std::vector<const CallExpr *> Calls = callsOf(P, "mm");
  ASSERT_EQ(Calls.size(), 1u);
  const CallSite &S = St.site(Calls[0]);
  AbsValue F32 = tensorOf(DType::Float);
  EXPECT_EQ(models::autocastResult(St, S, "mm", F32, {F32, F32}).DT.single(),
            DType::Float);
  St.Path.Autocast[Cpu] = AutocastState::On;
  EXPECT_EQ(models::autocastResult(St, S, "mm", F32, {F32, F32}).DT.single(),
            DType::BFloat16);
  St.Path.AutocastDType[Cpu] = DType::Half;
  EXPECT_EQ(models::autocastResult(St, S, "mm", F32, {F32, F32}).DT.single(),
            DType::Half);
  EXPECT_FALSE(models::hasExplicitDType(Api, S));
}

// An optional read with value_or gives its fallback when it is empty and
// the join of both when that is not known; reset() empties it.
TEST(FamilyModelsTest, OptionalsCarryTheirValue) {
  ParsedFunction P = parse(R"cc(
    #include <optional>
    void f(std::optional<at::Tensor> o, at::Tensor t) {
      at::Tensor r = o.value_or(t);
      o.reset();
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("2.14");
  SnippetState St(P, Api);
  AbsValue Held = tensorOf(DType::Half);
  St.Facts["t"] = tensorOf(DType::Float);
  std::vector<const CallExpr *> Reads = callsOf(P, "value_or");
  ASSERT_EQ(Reads.size(), 1u);
  const CallSite &Read = St.site(Reads[0]);
  Held.Opt = AbsValue::Engaged::No;
  St.Facts["o"] = Held;
  std::optional<AbsValue> R = models::optionalRead(St, Read);
  ASSERT_TRUE(R);
  EXPECT_EQ(R->DT.single(), DType::Float);
  Held.Opt = AbsValue::Engaged::Unknown;
  St.Facts["o"] = Held;
  R = models::optionalRead(St, Read);
  ASSERT_TRUE(R);
  EXPECT_FALSE(R->DT.single());
  EXPECT_TRUE(R->DT.Bits & (1u << unsigned(DType::Half)));
  EXPECT_TRUE(R->DT.Bits & (1u << unsigned(DType::Float)));

  std::vector<const CallExpr *> Resets = callsOf(P, "reset");
  ASSERT_EQ(Resets.size(), 1u);
  models::optionalEffects(St, St.site(Resets[0]));
  ASSERT_EQ(St.Assigned.size(), 1u);
  EXPECT_EQ(St.Assigned[0].second.Opt, AbsValue::Engaged::No);
}

// step() of an optimizer made from float16 parameters records the first op
// of its update the version has no CPU kernel for, where a backward runs;
// without one it records nothing.
TEST(FamilyModelsTest, OptimizerStepRecordsItsMissingKernel) {
  ParsedFunction P = parse(R"cc(
    void f(std::vector<at::Tensor> params, at::Tensor loss) {
      torch::optim::Adam opt(params, torch::optim::AdamOptions(1e-3));
      loss.backward();
      opt.step();
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  St.Facts["params"] = tensorOf(DType::Half);
  std::vector<const CallExpr *> Steps = callsOf(P, "step");
  ASSERT_EQ(Steps.size(), 1u);
  const CallSite &S = St.site(Steps[0]);
  ASSERT_EQ(S.Family, CallFamily::OptimizerStep);
  models::optimizerStep(St, S, AbsValue::none());
  ASSERT_EQ(St.Events.size(), 1u);
  EXPECT_EQ(St.Events[0].Op, "addcmul");
  EXPECT_EQ(St.Events[0].Written, "Adam::step");
  ASSERT_EQ(St.Events[0].Operands.size(), 1u);
  EXPECT_EQ(St.Events[0].Operands[0].V.DT.single(), DType::Half);

  ParsedFunction NoBackward = parse(R"cc(
    void f(std::vector<at::Tensor> params) {
      torch::optim::Adam opt(params, torch::optim::AdamOptions(1e-3));
      opt.step();
    }
  )cc");
  ASSERT_TRUE(NoBackward.F);
  SnippetState Quiet(NoBackward, Api);
  Quiet.Facts["params"] = tensorOf(DType::Half);
  std::vector<const CallExpr *> Step = callsOf(NoBackward, "step");
  ASSERT_EQ(Step.size(), 1u);
  models::optimizerStep(Quiet, Quiet.site(Step[0]), AbsValue::none());
  EXPECT_TRUE(Quiet.Events.empty());
}

// A TensorOptions builder sets only what it names; a setter on options
// keeps the rest; a conversion's result is its argument's dtype on the
// receiver's device, and cpu() moves it to the CPU.
TEST(FamilyModelsTest, OptionsAndConversionsReadTheirArguments) {
  ParsedFunction P = parse(R"cc(
    void f(at::Tensor x, c10::ScalarType wide, c10::TensorOptions o) {
      (void)c10::dtype(wide);
      (void)o.dtype(wide);
      x.to(wide);
      x.cpu();
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  St.Facts["wide"] = dtypeValue(DType::Double);
  St.Facts["x"] = tensorOf(DType::Half, Device::CUDA);
  AbsValue O;
  O.K = AbsValue::Kind::Options;
  O.DeviceSet = true;
  O.DV = DeviceFact::of(Device::CUDA, SourceLocation());
  St.Facts["o"] = O;

  std::vector<const CallExpr *> DTypes = callsOf(P, "dtype");
  ASSERT_EQ(DTypes.size(), 2u);
  const CallSite &Builder = St.site(DTypes[0]);
  ASSERT_EQ(Builder.Family, CallFamily::OptionsBuilder);
  AbsValue B = models::optionsBuilder(St, Builder);
  EXPECT_TRUE(B.DTypeSet);
  EXPECT_FALSE(B.DeviceSet);
  EXPECT_EQ(B.DT.single(), DType::Double);

  const CallSite &Setter = St.site(DTypes[1]);
  ASSERT_EQ(Setter.Family, CallFamily::OptionsMethod);
  AbsValue S = models::optionsMethod(St, Setter);
  EXPECT_TRUE(S.DTypeSet && S.DeviceSet);
  EXPECT_EQ(S.DT.single(), DType::Double);
  EXPECT_EQ(S.DV.single(), Device::CUDA);

  std::vector<const CallExpr *> To = callsOf(P, "to");
  ASSERT_EQ(To.size(), 1u);
  const CallSite &ToSite = St.site(To[0]);
  ASSERT_EQ(ToSite.Family, CallFamily::TensorMethod);
  ASSERT_EQ(Api.conversion("to"), ConversionRule::To);
  AbsValue R = models::conversion(St, ConversionRule::To, ToSite);
  EXPECT_EQ(R.DT.single(), DType::Double);
  EXPECT_EQ(R.DV.single(), Device::CUDA);

  std::vector<const CallExpr *> Cpu = callsOf(P, "cpu");
  ASSERT_EQ(Cpu.size(), 1u);
  std::optional<ConversionRule> CpuRule = Api.conversion("cpu");
  ASSERT_TRUE(CpuRule);
  AbsValue C = models::conversion(St, *CpuRule, St.site(Cpu[0]));
  EXPECT_EQ(C.DT.single(), DType::Half);
  EXPECT_EQ(C.DV.single(), Device::CPU);
  EXPECT_TRUE(St.Events.empty());
}

// A holder's accessor gives the module it holds, parameters() the
// module's facts as a list (buffers(): unknown, they may be integral), and
// make_shared of a module what the module's model makes.
TEST(FamilyModelsTest, HoldersAndStateListsGiveTheModulesFacts) {
  ParsedFunction P = parse(R"cc(
    void f(torch::nn::Linear held, torch::nn::LinearImpl &lin) {
      (void)held.get();
      (void)lin.parameters();
      (void)lin.buffers();
      (void)std::make_shared<torch::nn::LinearImpl>(2, 3);
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("2.14");
  SnippetState St(P, Api);
  AbsValue M = AbsValue::unknownModule();
  M.DT = DTypeFact::of(DType::Double, SourceLocation());
  M.DV = DeviceFact::of(Device::CUDA, SourceLocation());
  St.Facts["held"] = M;
  St.Facts["lin"] = M;

  const CallSite *Get = onlySite(St, P, "get", CallFamily::Accessor);
  ASSERT_TRUE(Get);
  AbsValue H = models::holderValue(St, *Get);
  EXPECT_EQ(H.K, AbsValue::Kind::Module);
  EXPECT_EQ(H.DT.single(), DType::Double);
  EXPECT_EQ(St.UserCalls, 0u);

  const CallSite *Params =
      onlySite(St, P, "parameters", CallFamily::ModuleStateList);
  ASSERT_TRUE(Params);
  AbsValue L = models::stateListValue(St, *Params);
  EXPECT_TRUE(L.isTensor());
  EXPECT_EQ(L.DT.single(), DType::Double);
  EXPECT_EQ(L.DV.single(), Device::CUDA);

  const CallSite *Buffers =
      onlySite(St, P, "buffers", CallFamily::ModuleStateList);
  ASSERT_TRUE(Buffers);
  EXPECT_FALSE(models::stateListValue(St, *Buffers).DT.single());

  const CallSite *Made =
      onlySite(St, P, "make_shared", CallFamily::MakeSharedModule);
  ASSERT_TRUE(Made);
  EXPECT_EQ(models::madeModuleValue(St, *Made).K, AbsValue::Kind::Module);
  EXPECT_EQ(St.Made, 1u);
}

// A factory's rule reads its data, its dtype argument and the path's
// default dtype.
TEST(FamilyModelsTest, FactoriesReadTheirDataAndTheDefaultDType) {
  ParsedFunction P = parse(R"cc(
    void f(c10::TensorOptions wide) {
      (void)torch::zeros({2, 3}, wide);
      (void)torch::tensor({1, 2, 3});
      (void)torch::ones({4});
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("2.14");
  SnippetState St(P, Api);
  AbsValue O;
  O.K = AbsValue::Kind::Options;
  O.DTypeSet = true;
  O.DeviceSet = false;
  O.DT = DTypeFact::of(DType::Double, SourceLocation());
  St.Facts["wide"] = O;
  St.Path.DefaultDType = DTypeFact::of(DType::Half, SourceLocation());
  auto Value = [&](llvm::StringRef Name) {
    std::vector<const CallExpr *> C = callsOf(P, Name);
    EXPECT_EQ(C.size(), 1u);
    const CallSite &S = St.site(C.front());
    std::optional<FactoryRule> R = Api.factory(S.Name);
    EXPECT_TRUE(R);
    return R ? models::factoryValue(St, *R, S) : AbsValue::none();
  };
  AbsValue Z = Value("zeros");
  EXPECT_EQ(Z.DT.single(), DType::Double);
  EXPECT_GE(Z.Dims, 2u);
  EXPECT_EQ(Z.DV.single(), Device::CPU);
  EXPECT_EQ(Value("tensor").DT.single(), DType::Long);
  EXPECT_EQ(Value("ones").DT.single(), DType::Half);
}

// The tensor-op family's rules, on the operands' facts: promotion (with
// the 0-dim rule's category test), a list's promotion, true division of
// integers into the path's default dtype, an integral sum widening to
// Long; and the op event its effects record for the checks.
TEST(FamilyModelsTest, TensorOpsPromoteAsTheRulesSay) {
  ParsedFunction P = parse(R"cc(
    void f(at::Tensor a, at::Tensor b, at::Tensor i, at::Tensor j) {
      (void)torch::add(a, b);
      (void)torch::cat({a, b});
      (void)torch::div(i, j);
      (void)torch::sum(i);
      (void)torch::mm(a, b);
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  St.Facts["a"] = tensorOf(DType::Float);
  St.Facts["b"] = tensorOf(DType::Double);
  St.Facts["i"] = tensorOf(DType::Int);
  St.Facts["j"] = tensorOf(DType::Int);
  St.Path.DefaultDType = DTypeFact::of(DType::Half, SourceLocation());
  auto Value = [&](llvm::StringRef Name) -> std::optional<DType> {
    const CallSite *S = onlySite(St, P, Name, CallFamily::LibTorchOp);
    EXPECT_TRUE(S) << Name.str();
    if (!S)
      return std::nullopt;
    return models::libTorchOpValue(St, *S).DT.single();
  };
  EXPECT_EQ(Value("add"), DType::Double);
  EXPECT_EQ(Value("cat"), DType::Double);
  EXPECT_EQ(Value("div"), DType::Half);
  EXPECT_EQ(Value("sum"), DType::Long);
  EXPECT_EQ(St.Events.size(), 0u);

  const CallSite *Mm = onlySite(St, P, "mm", CallFamily::LibTorchOp);
  ASSERT_TRUE(Mm);
  EXPECT_FALSE(models::libTorchOpValue(St, *Mm).DT.single()); // they differ
  models::tensorOpEffects(St, *Mm, AbsValue::none());
  ASSERT_EQ(St.Events.size(), 1u);
  EXPECT_EQ(St.Events[0].Op, "mm");
  ASSERT_EQ(St.Events[0].Operands.size(), 2u);
  EXPECT_EQ(St.Events[0].Operands[1].V.DT.single(), DType::Double);
}

// A module call: a layer's output has its parameters' dtype and device
// (an embedding's, whatever its indices); a module of the user's is its
// forward, bound to the module (TransferState::forwardValue).
TEST(FamilyModelsTest, ModuleCallsGiveTheirLayersOutput) {
  ParsedFunction P = parse(R"cc(
    struct Net : torch::nn::Module {
      at::Tensor forward(at::Tensor x) { return x; }
    };
    void f(torch::nn::Linear lin, torch::nn::Embedding emb, Net net,
           at::Tensor x, at::Tensor ids) {
      (void)lin(x);
      (void)emb(ids);
      (void)net.forward(x);
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  AbsValue M = moduleOf(DType::Double, Device::CUDA);
  St.Facts["lin"] = M;
  St.Facts["emb"] = M;
  St.Facts["net"] = M;
  St.Facts["x"] = tensorOf(DType::Double, Device::CUDA);
  St.Facts["ids"] = tensorOf(DType::Long, Device::CUDA);
  unsigned Forwards = 0;
  for (const CallExpr *CE : objectCallsOf(P)) {
    const CallSite &S = St.site(CE);
    if (S.Family != CallFamily::ModuleForward)
      continue;
    ++Forwards;
    AbsValue R = models::moduleForwardValue(St, S);
    std::string Obj =
        S.Obj ? Lexer::getSourceText(
                    CharSourceRange::getTokenRange(S.Obj->getSourceRange()),
                    P.AST->getSourceManager(), P.AST->getLangOpts())
                    .str()
              : "";
    if (Obj == "net")
      continue;
    EXPECT_EQ(R.DT.single(), DType::Double) << Obj;
    EXPECT_EQ(R.DV.single(), Device::CUDA) << Obj;
  }
  EXPECT_EQ(Forwards, 3u);
  EXPECT_EQ(St.Forwards, 1u);
  EXPECT_EQ(St.UserCalls, 0u);
}

// A module called on a tensor records its call event with the input and
// the module's facts, and a layer's op judged against its parameters; a
// forward of the user's is judged through the state (forwardEffects).
TEST(FamilyModelsTest, ModuleCallEffectsRecordTheCallAndItsOp) {
  ParsedFunction P = parse(R"cc(
    struct Net : torch::nn::Module {
      at::Tensor forward(at::Tensor x) { return x; }
    };
    void f(torch::nn::Linear lin, Net net, at::Tensor x) {
      (void)lin(x);
      (void)net.forward(x);
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  St.Facts["lin"] = moduleOf(DType::Float, Device::CPU);
  St.Facts["net"] = St.Facts["lin"];
  St.Facts["x"] = tensorOf(DType::Double);
  unsigned Calls = 0;
  for (const CallExpr *CE : objectCallsOf(P)) {
    const CallSite &S = St.site(CE);
    if (S.Family != CallFamily::ModuleForward)
      continue;
    ++Calls;
    EXPECT_TRUE(models::moduleCallEffects(St, S));
  }
  EXPECT_EQ(Calls, 2u);
  ASSERT_EQ(St.ModuleCalls.size(), 2u);
  EXPECT_EQ(St.ModuleCalls[0].Input.V.DT.single(), DType::Double);
  EXPECT_EQ(St.ModuleCalls[0].Module.DT.single(), DType::Float);
  EXPECT_EQ(St.ModuleCalls[0].Op, "linear");
  EXPECT_EQ(St.Forwards, 1u);
  ASSERT_EQ(St.Events.size(), 1u); // linear on the input and the weights
  EXPECT_EQ(St.Events[0].Op, "linear");
  EXPECT_EQ(St.Events[0].Operands.size(), 2u);
  EXPECT_EQ(St.UserEffects, 0u);
}

// ATen/TensorUtils.h's checks throw unless their TensorArgs have the dtype
// named (share a dtype, a device): past them the path assumes it.
TEST(FamilyModelsTest, TensorArgChecksAssumeWhatTheyCheck) {
  ParsedFunction P = parse(R"cc(
    #include <ATen/TensorUtils.h>
    void f(at::Tensor a, at::Tensor b) {
      at::TensorArg a_arg{a, "a", 1}, b_arg{b, "b", 2};
      at::checkScalarType("f", a_arg, at::kHalf);
      at::checkScalarTypes("f", b_arg, {at::kFloat, at::kDouble});
      at::checkSameType("f", a_arg, b_arg);
      at::checkSameGPU("f", a_arg, b_arg);
      at::checkAllContiguous("f", {a_arg, b_arg});
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  const ParmVarDecl *A = P.F->getParamDecl(0), *B = P.F->getParamDecl(1);
  auto Run = [&](llvm::StringRef Name) {
    std::vector<const CallExpr *> C = callsOf(P, Name);
    EXPECT_EQ(C.size(), 1u) << Name.str();
    return !C.empty() && models::tensorArgChecks(St, St.site(C.front()));
  };
  EXPECT_TRUE(Run("checkScalarType"));
  EXPECT_TRUE(Run("checkScalarTypes"));
  EXPECT_TRUE(Run("checkSameType"));
  EXPECT_TRUE(Run("checkSameGPU"));
  EXPECT_FALSE(Run("checkAllContiguous"));
  ASSERT_EQ(St.AssumedDTypes.size(), 2u);
  EXPECT_EQ(St.AssumedDTypes[0].first, A);
  EXPECT_EQ(St.AssumedDTypes[0].second, 1u << unsigned(DType::Half));
  EXPECT_EQ(St.AssumedDTypes[1].first, B);
  EXPECT_EQ(St.AssumedDTypes[1].second,
            (1u << unsigned(DType::Float)) | (1u << unsigned(DType::Double)));
  ASSERT_EQ(St.AssumedSame.size(), 2u);
  EXPECT_EQ(St.AssumedSame[0], std::make_tuple<const Decl *>(A, B, false));
  EXPECT_EQ(St.AssumedSame[1], std::make_tuple<const Decl *>(A, B, true));
}

// The effects of the op families: a conversion of a parameter records its
// placement and the parameter converted; from_blob, its buffer's event; a
// fill value, an op event on the factory's result; an op, its event.
TEST(FamilyModelsTest, OpEffectsRecordPlacementsBuffersAndEvents) {
  ParsedFunction P = parse(R"cc(
    void f(at::Tensor x, float *buf) {
      (void)x.to(at::kDouble);
      (void)torch::from_blob(buf, {4});
      (void)torch::full({2}, 70000.0, at::kHalf);
      (void)torch::mm(x, x);
    }
  )cc");
  ASSERT_TRUE(P.F);
  ApiModel Api = model("1.13");
  SnippetState St(P, Api);
  St.Facts["x"] = tensorOf(DType::Float);
  auto Run = [&](llvm::StringRef Name, CallFamily Family) {
    const CallSite *S = onlySite(St, P, Name, Family);
    ASSERT_TRUE(S) << Name.str();
    models::opEffects(St, *S, AbsValue::unknownTensor());
  };
  Run("to", CallFamily::TensorMethod);
  ASSERT_EQ(St.Converted.size(), 1u);
  EXPECT_EQ(St.Converted[0], P.F->getParamDecl(0));
  EXPECT_EQ(St.Placements.size(), 1u);
  EXPECT_TRUE(St.Events.empty());

  Run("from_blob", CallFamily::LibTorchOp);
  EXPECT_EQ(St.FromBlobs.size(), 1u);
  EXPECT_EQ(St.Placements.size(), 2u);

  Run("full", CallFamily::LibTorchOp);
  ASSERT_EQ(St.Events.size(), 1u);
  EXPECT_EQ(St.Events[0].Op, "full");

  Run("mm", CallFamily::LibTorchOp);
  ASSERT_EQ(St.Events.size(), 2u);
  EXPECT_EQ(St.Events[1].Op, "mm");
  EXPECT_EQ(St.Placements.size(), 3u); // the factory's, not the op's
  EXPECT_EQ(St.UserEffects, 0u);
}

} // namespace family_models_test
