//===- EventFacts.cpp - what several finders ask of an event --------------===//
//
// The device an event's operands share, whether autocast may recast them,
// and whether a call is an element accessor that checks its dtype: the
// questions several checks' finders ask. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "Findings.h"

namespace torchdtype {

bool autocastMayCover(const AutocastArray &Autocast, const ApiModel &Api,
                      llvm::StringRef Op, std::optional<Device> Dev,
                      bool Inside) {
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

bool isCheckedAccessor(const OpEvent &Ev, const ApiModel &Api) {
  return Ev.Generic && !Ev.Operands.empty() && Ev.Operands[0].Pos == 0 &&
         Api.isDTypeCheckedAccessor(Ev.Written);
}

} // namespace torchdtype
