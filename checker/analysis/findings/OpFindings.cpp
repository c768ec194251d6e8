//===- OpFindings.cpp - what the checks report, from analysis events --------===//

#include "Findings.h"
#include "analysis/DeviceGuards.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include <cmath>
#include <functional>

namespace torchdtype {

namespace {

/// Why autocast does not make the op's operands agree, or "" when it does.
std::string autocastGap(const OpEvent &Ev, const ApiModel &Api,
                        AutocastDevice Dev, const std::vector<DType> &DTypes) {
  if (Ev.InPlace)
    return "in-place ops are not autocast";
  if (Ev.OutVariant)
    return "'out=' variants are not autocast";
  if (Ev.ExplicitDType)
    return "ops given an explicit dtype are not autocast";
  AutocastPolicy P = Api.autocastPolicy(Dev, Ev.Op);
  std::optional<DType> Default = Api.autocastDefault(Dev);
  if (P == AutocastPolicy::NotListed || P == AutocastPolicy::Banned || !Default)
    return "'" + Ev.Op + "' is not autocast on this device in PyTorch " +
           Api.autocastDataVersion().str();
  DType Lower = Ev.AutocastDType[unsigned(Dev)].value_or(*Default);
  DType Widest = Lower;
  for (DType D : DTypes)
    if (D == DType::Float)
      Widest = DType::Float;
  std::optional<DType> First;
  bool Agree = true, HasDouble = false;
  for (DType D : DTypes) {
    DType C = castByAutocast(D, P, Lower, Widest);
    HasDouble |= D == DType::Double;
    if (First && *First != C)
      Agree = false;
    First = C;
  }
  if (Agree)
    return "";
  return HasDouble ? "autocast leaves float64 operands unchanged"
                   : "autocast does not make the operands agree";
}

/// May autocast be on for a device that the operands are (or may be) on,
/// with the op on that device's list (or, with Inside, an op the op runs
/// inside: ApiModel::autocastInside)? Then it would recast the operands.
bool autocastMayCover(const AutocastArray &Autocast, const ApiModel &Api,
                      llvm::StringRef Op, std::optional<Device> Dev,
                      bool Inside = false) {
  for (unsigned I = 0; I < NumAutocastDevices; ++I) {
    AutocastDevice AD = AutocastDevice(I);
    if (Dev && autocastDeviceOf(*Dev) != AD)
      continue;
    AutocastState S = Autocast[I];
    if (S == AutocastState::Off || S == AutocastState::Entry)
      continue;
    AutocastPolicy P = Api.autocastPolicy(AD, Op);
    if ((P != AutocastPolicy::NotListed && P != AutocastPolicy::Banned) ||
        (Inside && Api.autocastInside(AD, Op)))
      return true;
  }
  return false;
}

} // namespace

std::optional<Device> commonDevice(llvm::ArrayRef<Operand> Ops) {
  std::optional<Device> D;
  for (const Operand &O : Ops) {
    std::optional<Device> V = O.V.DV.single();
    if (!V)
      continue;
    if (D && *D != *V)
      return std::nullopt;
    D = V;
  }
  return D;
}

bool autocastMayCover(const OpEvent &Ev, const ApiModel &Api,
                      llvm::StringRef Op, std::optional<Device> Dev) {
  return !Ev.InPlace && !Ev.OutVariant && !Ev.ExplicitDType &&
         autocastMayCover(Ev.Autocast, Api, Op, Dev);
}

std::vector<MixedPrecisionFinding> findMixedPrecision(const FunctionResult &R,
                                                      const ApiModel &Api) {
  std::vector<MixedPrecisionFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!Ev.SameDType || Ev.FromModule)
      continue;
    const Operand *A = nullptr, *B = nullptr;
    std::vector<DType> DTypes;
    std::optional<Device> Dev;
    bool DevKnown = true;
    // Any two dtypes throw in these ops, integral ones too (observed on
    // LibTorch 1.13.1: mm of Float and Long, Long and Int, Float and Bool).
    for (const Operand &O : Ev.Operands) {
      std::optional<DType> D = O.V.DT.single();
      if (D) {
        if (isFloating(*D))
          DTypes.push_back(*D);
        if (!A)
          A = &O;
        else if (!B && *D != *A->V.DT.single())
          B = &O;
      }
      std::optional<Device> V = O.V.DV.single();
      if (!V || (Dev && *Dev != *V))
        DevKnown = false;
      Dev = V;
    }
    if (!A || !B)
      continue;
    // The list of ops needing one dtype is coarser than the measured
    // table: baddbmm and addmv add a float64 self to float32 products
    // (observed on 1.13.1). Where the table has the call running, quiet.
    llvm::SmallVector<DType, 3> Measured;
    if (std::optional<ContractOutcome> M =
            measuredOutcome(Ev, Api, nullptr, Measured);
        M && M->K == ContractOutcome::Runs)
      continue;
    // Autocast casts floating operands only: it never reconciles an
    // integral one (observed: mm of Float and Long under CPU autocast).
    bool Integral =
        !isFloating(*A->V.DT.single()) || !isFloating(*B->V.DT.single());
    // Which autocast states could apply to the operands' device?
    std::string Reason;
    bool MayBeCovered = false;
    auto Consider = [&](AutocastDevice AD) {
      AutocastState S = Ev.Autocast[unsigned(AD)];
      if (S == AutocastState::Off || S == AutocastState::Entry || Integral)
        return;
      std::string Gap = autocastGap(Ev, Api, AD, DTypes);
      if (Gap.empty())
        MayBeCovered = true;
      else if (Reason.empty())
        Reason = Gap;
    };
    if (DevKnown && Dev) {
      if (std::optional<AutocastDevice> AD = autocastDeviceOf(*Dev))
        Consider(*AD);
    } else {
      for (unsigned I = 0; I < NumAutocastDevices; ++I)
        Consider(AutocastDevice(I));
    }
    if (MayBeCovered)
      continue;
    Out.push_back({&Ev, A, B, *A->V.DT.single(), *B->V.DT.single(), Reason});
  }
  return Out;
}

std::vector<DeviceMismatchFinding> findDeviceMismatch(const FunctionResult &R,
                                                      const ApiModel &Api,
                                                      bool OpaqueModules) {
  std::vector<DeviceMismatchFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    // A loss of class indices: its CUDA kernel checks that self, target
    // and weight share a device (check_and_update_common_device in the
    // generated wrapper of nll_loss_forward, 1.13.1's source); other ops
    // the model has no operand rule for are left out, and module calls are
    // judged below.
    std::optional<LossRule> Loss = Api.loss(Ev.Op);
    bool ClassIndexLoss = Loss && (*Loss == LossRule::ClassIndex ||
                                   *Loss == LossRule::ClassIndexOrProbabilities);
    if ((Ev.Generic && !ClassIndexLoss) || Ev.FromModule)
      continue;
    const Operand *A = nullptr;
    for (const Operand &O : Ev.Operands) {
      std::optional<Device> D = O.V.DV.single();
      if (!D)
        continue;
      // TensorIterator ops accept a 0-dim CPU tensor beside any device.
      if (Ev.Elementwise && *D == Device::CPU && !O.V.nonScalar())
        continue;
      if (!A) {
        A = &O;
        continue;
      }
      if (*D != *A->V.DV.single()) {
        Out.push_back({Ev.Call, Ev.Op, A, &O, *A->V.DV.single(), *D, nullptr,
                       Ev.Via, Ev.Assumed, &Ev});
        break;
      }
    }
  }
  for (const ModuleCallEvent &MC : R.ModuleCalls) {
    std::optional<Device> M = MC.Module.DV.single();
    std::optional<Device> I = MC.Input.V.DV.single();
    if (!M || !I || *M == *I || MC.ForwardJudged ||
        MC.Module.Fwd == AbsValue::Forward::Converts ||
        (MC.Module.Fwd == AbsValue::Forward::Opaque && !OpaqueModules))
      continue;
    DeviceMismatchFinding F{MC.Call, "",  nullptr, &MC.Input, *M,
                            *I,      &MC, MC.Via,  MC.Assumed};
    F.OpaqueForward = MC.Module.Fwd == AbsValue::Forward::Opaque;
    Out.push_back(F);
  }
  return Out;
}

std::vector<const MpsFloat64Event *> findMpsFloat64(const FunctionResult &R) {
  std::vector<const MpsFloat64Event *> Out;
  if (R.Skipped)
    return Out;
  for (const MpsFloat64Event &P : R.MpsFloat64)
    Out.push_back(&P);
  return Out;
}

std::vector<const AutocastDTypeEvent *>
findRefusedAutocastDType(const FunctionResult &R) {
  std::vector<const AutocastDTypeEvent *> Out;
  if (R.Skipped)
    return Out;
  for (const AutocastDTypeEvent &E : R.RefusedAutocastDTypes)
    Out.push_back(&E);
  return Out;
}

} // namespace torchdtype

namespace torchdtype {

std::vector<const OpEvent *> findHalfOnCpu(const FunctionResult &R,
                                           const ApiModel &Api) {
  std::vector<const OpEvent *> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    // An op given a dtype computes in it (log_softmax(x, 1, kFloat) runs
    // on a float16 x: observed on LibTorch 1.13.1).
    if (Ev.Operands.empty() || Ev.ExplicitDType)
      continue;
    // Every operand's dtype is known; the floating ones all have one
    // 16-bit dtype (index and target tensors are integral). An op whose
    // kernel the input's dtype alone chooses needs only the input's.
    std::optional<DType> Low;
    bool ByInput = Api.cpuKernelByInput(Ev.Op);
    llvm::ArrayRef<Operand> Judged = Ev.Operands;
    if (ByInput)
      Judged = Judged.take_front(1);
    bool Known = llvm::all_of(Judged, [&](const Operand &O) {
      std::optional<DType> D = O.V.DT.single();
      if (!D)
        return false;
      if (isIntegral(*D))
        return true;
      if (*D != DType::Half && *D != DType::BFloat16)
        return false;
      if (!Low)
        Low = *D;
      return *Low == *D;
    });
    if (!Known || !Low || !Api.cpuKernelMissing(Ev.Op, *Low))
      continue;
    bool OnCpu = commonDevice(Ev.Operands) == Device::CPU;
    if (!OnCpu || autocastMayCover(Ev, Api, Ev.Op, Device::CPU))
      continue;
    Out.push_back(&Ev);
  }
  return Out;
}

std::vector<ModuleInputFinding> findModuleInputDtype(const FunctionResult &R,
                                                     const ApiModel &Api,
                                                     bool OpaqueModules) {
  std::vector<ModuleInputFinding> Out;
  if (R.Skipped)
    return Out;
  for (const ModuleCallEvent &MC : R.ModuleCalls) {
    std::optional<DType> P = MC.Module.DT.single(), I = MC.Input.V.DT.single();
    // Indices of a lookup layer must be int64 or int32, whatever its
    // weight's dtype and autocast (observed on 1.13.1).
    if (MC.IndexInput) {
      if (I && (isFloating(*I) || *I == DType::Bool))
        Out.push_back({&MC, P.value_or(*I), *I, MC.Kb, /*Index=*/true});
      continue;
    }
    if (!P || !I || *P == *I || !isFloating(*P) || MC.ForwardJudged)
      continue;
    // An integer input of a layer: never cast by autocast, it throws where
    // that was observed (integer_kb).
    if (isIntegral(*I)) {
      if (!MC.IntKb.empty() && MC.Module.FloatModule)
        Out.push_back({&MC, *P, *I, MC.IntKb});
      continue;
    }
    if (!isFloating(*I))
      continue;
    // A layer that takes this input beside float32 parameters, or whose
    // error was seen on the CPU only.
    if ((*P == DType::Float && ((MC.MixedInput >> unsigned(*I)) & 1)) ||
        (MC.CpuOnly && MC.Input.V.DV.single() != Device::CPU))
      continue;
    bool Builtin = !MC.Op.empty();
    if (Builtin
            ? !MC.Module.FloatModule
            : (MC.Module.Fwd == AbsValue::Forward::Converts ||
               (MC.Module.Fwd == AbsValue::Forward::Opaque && !OpaqueModules)))
      continue;
    // Autocast casts a layer's input and weights alike where its op is on a
    // list, and may where the op runs listed ops inside (LSTM's composite
    // lstm runs linear, which CPU autocast casts); for the user's own
    // modules it depends on the ops inside: any autocast may cover them.
    bool Covered =
        Builtin ? autocastMayCover(MC.Autocast, Api, MC.Op,
                                   MC.Input.V.DV.single(), /*Inside=*/true)
                : llvm::any_of(MC.Autocast, [](AutocastState S) {
                    return S == AutocastState::On ||
                           S == AutocastState::Unknown;
                  });
    // Autocast never casts a float64 tensor: a float64 input meets the
    // layer's weights cast to the lower precision (observed on 1.13.1
    // under CPU autocast: linear throws 'mat1 and mat2 must have the same
    // dtype', conv2d 'Input type (double) and bias type (c10::BFloat16)
    // should be the same').
    bool Float64Left = Builtin && *I == DType::Double;
    if (Covered && !Float64Left)
      continue;
    ModuleInputFinding F{&MC, *P, *I,
                         Builtin ? MC.Kb : "pytorch/scalar-type-mismatch"};
    F.AutocastLeavesInput = Covered;
    F.OpaqueForward = !Builtin && MC.Module.Fwd == AbsValue::Forward::Opaque;
    Out.push_back(F);
  }
  return Out;
}

std::vector<UnsafeAutocastFinding> findAutocastUnsafe(const FunctionResult &R,
                                                      const ApiModel &Api) {
  std::vector<UnsafeAutocastFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    for (AutocastDevice AD : {AutocastDevice::CUDA, AutocastDevice::XPU}) {
      if (Api.autocastPolicy(AD, Ev.Op) != AutocastPolicy::Banned ||
          Ev.Autocast[unsigned(AD)] != AutocastState::On)
        continue;
      // The operands are on that device, or not known to be elsewhere.
      bool Elsewhere = llvm::any_of(Ev.Operands, [&](const Operand &O) {
        std::optional<Device> D = O.V.DV.single();
        return D && autocastDeviceOf(*D) != AD;
      });
      if (!Elsewhere) {
        Out.push_back({&Ev, AD});
        break;
      }
    }
  }
  return Out;
}

/// An element accessor that checks the tensor's dtype (data_ptr<T>,
/// accessor<T, N> ...): the tensor method itself, its receiver operand 0,
/// by the name it was called with.
static bool isCheckedAccessor(const OpEvent &Ev, const ApiModel &Api) {
  return Ev.Generic && !Ev.Operands.empty() && Ev.Operands[0].Pos == 0 &&
         Api.isDTypeCheckedAccessor(Ev.Written);
}

std::vector<DataPtrFinding> findDataPtrDtype(const FunctionResult &R,
                                             const ApiModel &Api,
                                             clang::ASTContext &Ctx) {
  std::vector<DataPtrFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!isCheckedAccessor(Ev, Api))
      continue;
    const auto *Call = llvm::dyn_cast<clang::CXXMemberCallExpr>(Ev.Call);
    const clang::FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const clang::TemplateArgumentList *TA =
        Callee ? Callee->getTemplateSpecializationArgs() : nullptr;
    if (!TA || TA->size() < 1 ||
        TA->get(0).getKind() != clang::TemplateArgument::Type)
      continue;
    clang::QualType Elem = TA->get(0).getAsType();
    std::optional<DType> Asked =
        dtypeOfCxxType(Elem.getUnqualifiedType(), Ctx);
    std::optional<DType> Got = Ev.Operands[0].V.DT.single();
    if (!Asked || !Got || *Asked == *Got)
      continue;
    Out.push_back({&Ev, *Asked, *Got,
                   Elem.getUnqualifiedType().getAsString(
                       Ctx.getPrintingPolicy())});
  }
  return Out;
}

std::vector<HostLaunchFinding> findHostTensorLaunch(const FunctionResult &R,
                                                    const ApiModel &Api,
                                                    clang::ASTContext &Ctx) {
  std::vector<HostLaunchFinding> Out;
  if (R.Skipped || !Ctx.getLangOpts().CUDA)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!isCheckedAccessor(Ev, Api) ||
        Ev.Operands[0].V.DV.single() != Device::CPU)
      continue;
    if (const clang::CallExpr *L = launchTaking(Ev.Call, Ctx))
      Out.push_back({&Ev, L});
  }
  return Out;
}

std::vector<DispatchFinding> findDispatchMissingDtype(const FunctionResult &R) {
  std::vector<DispatchFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    if (!Ev.Covers || Ev.Operands.empty())
      continue;
    std::optional<DType> Got = Ev.Operands[0].V.DT.single();
    if (Got && !(Ev.Covers & (1u << unsigned(*Got))))
      Out.push_back({&Ev, *Got});
  }
  return Out;
}

std::vector<OverflowFinding> findHalfOverflow(const FunctionResult &R,
                                              const ApiModel &Api,
                                              clang::ASTContext &Ctx) {
  constexpr double HalfMax = 65504.0; // the largest finite float16
  std::vector<OverflowFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    std::optional<FillValueRule> Rule = Api.fillValueOp(Ev.Written);
    const auto *Call = llvm::dyn_cast_or_null<clang::CallExpr>(Ev.Call);
    if (!Rule || !Call)
      continue;
    // The op's operands: the object of a method first, then the arguments.
    llvm::SmallVector<const clang::Expr *, 4> Ops;
    if (const clang::Expr *Obj =
            splitCall(Call, Call->getDirectCallee(), Ops))
      Ops.insert(Ops.begin(), Obj);
    if (Rule->Value >= Ops.size())
      continue;
    const Operand *Self = nullptr;
    for (const Operand &O : Ev.Operands)
      if (Rule->Self < 0 ? O.E == Ev.Call : int(O.Pos) == Rule->Self)
        Self = &O;
    if (!Self || Self->V.DT.single() != DType::Half)
      continue;
    std::optional<double> V = numberValue(Ops[Rule->Value], Ctx);
    // Infinities and NaN convert; finite numbers past the largest do not.
    if (!V || !std::isfinite(*V) || std::fabs(*V) <= HalfMax)
      continue;
    Out.push_back({&Ev, Self, Ops[Rule->Value], *V, DType::Half});
  }
  return Out;
}

/// The switch a declaration is in (scalar_t, declared by a case of an
/// AT_DISPATCH_* macro).
static const clang::SwitchStmt *switchAround(const clang::Decl *D,
                                             clang::ASTContext &Ctx) {
  clang::DynTypedNode N = clang::DynTypedNode::create(*D);
  for (int I = 0; I < 8; ++I) {
    clang::DynTypedNodeList Parents = Ctx.getParents(N);
    if (Parents.size() != 1)
      return nullptr;
    N = Parents[0];
    if (const auto *SW = N.get<clang::SwitchStmt>())
      return SW;
    if (N.get<clang::FunctionDecl>() || N.get<clang::LambdaExpr>())
      return nullptr;
  }
  return nullptr;
}

std::vector<DispatchOperandFinding>
findDispatchOperand(const FunctionResult &R, const ApiModel &Api,
                    CallerIndex &Callers, bool Strict,
                    llvm::function_ref<const PythonWrappers *()> Python) {
  std::vector<DispatchOperandFinding> Out;
  if (R.Skipped)
    return Out;
  clang::ASTContext &Ctx = Callers.ast();
  std::optional<bool> InSight; // the function's entry, asked once
  for (const OpEvent &Ev : R.Ops) {
    // An accessor of the function's own (not a callee's judged for a
    // call), in a dispatch body.
    if (!Ev.InLambda || !Ev.Via.empty() || !isCheckedAccessor(Ev, Api))
      continue;
    const auto *Call = llvm::dyn_cast<clang::CXXMemberCallExpr>(Ev.Call);
    const auto *ME = Call ? llvm::dyn_cast<clang::MemberExpr>(
                                Call->getCallee()->IgnoreParenImpCasts())
                          : nullptr;
    if (!ME || ME->getNumTemplateArgs() < 1)
      continue;
    // Its element type written as the dispatch's scalar_t.
    const clang::TypeSourceInfo *TSI =
        ME->getTemplateArgs()[0].getArgument().getKind() ==
                clang::TemplateArgument::Type
            ? ME->getTemplateArgs()[0].getTypeSourceInfo()
            : nullptr;
    const auto *TT =
        TSI ? TSI->getType()->getAs<clang::TypedefType>() : nullptr;
    const clang::SwitchStmt *SW =
        TT ? switchAround(TT->getDecl(), Ctx) : nullptr;
    // The tensor the switch is on, as the macro reads it (its locals are
    // never written).
    bool ThroughReader = false;
    const clang::Expr *Dispatched =
        SW ? dtypeReadTensor(
                 SW->getCond(), Api, [](const clang::VarDecl *) { return true; },
                 &ThroughReader)
           : nullptr;
    if (!Dispatched || !ThroughReader)
      continue;
    const Operand &Read = Ev.Operands[0];
    const clang::Decl *ReadVar = storageOf(Read.E);
    if (!ReadVar || ReadVar == storageOf(Dispatched))
      continue;
    // The read tensor's dtype is its caller's choice: a parameter's
    // (symbolic, or unknown where a lambda captured it), never tied to the
    // dispatched tensor's by a check or a derivation (those make it the
    // case's dtype).
    const DTypeFact &DT = Read.V.DT;
    bool CallersChoice =
        DT.Param.isParam() ||
        (DT.isUnknown() && llvm::isa<clang::ParmVarDecl>(ReadVar));
    if (!CallersChoice)
      continue;
    if (!Strict && !InSight) {
      const clang::FunctionDecl *F = Callers.enclosingFunction(Ev.Call);
      InSight = F && Callers.entryInSight(F, Python);
    }
    if (Strict || *InSight)
      Out.push_back({&Ev, Dispatched, SW});
  }
  return Out;
}

} // namespace torchdtype
