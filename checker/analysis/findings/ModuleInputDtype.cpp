//===- ModuleInputDtype.cpp - torchdtype-module-input-dtype's finder ------===//
//
// A module called on an input of another dtype than its parameters'. Its
// events: ModuleCallEvent (models/Modules.cpp); its report:
// checks/ModuleInputDtypeCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

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
        Builtin
            ? autocastMayCover(MC.Autocast, Api, MC.Op, MC.Input.V.DV.single(),
                               /*Inside=*/true)
            : llvm::any_of(MC.Autocast, [](AutocastState S) {
                return S == AutocastState::On || S == AutocastState::Unknown;
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

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void moduleInputDtypeThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  for (const ModuleInputFinding &M : F.moduleInputDtype(false))
    Add(M.Call->Call, M.Call->Via, M.Call->Assumed);
}

} // namespace torchdtype
