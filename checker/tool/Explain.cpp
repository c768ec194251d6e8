//===- Explain.cpp - which records explain a runtime message --------------===//

#include "Explain.h"

namespace torchdtype {

Explanation explainMessage(const KnowledgeBase &KB, const OpContracts &C,
                           const std::string &Text) {
  Explanation E;
  E.Records = KB.match(Text);
  std::optional<unsigned> M = C.findMessage(Text);
  if (!M)
    return E;
  E.Measured = C.message(*M).str();
  E.OtherDTypes =
      !llvm::StringRef(Text).contains(llvm::StringRef(E.Measured).trim());
  for (unsigned I : C.raisers(*M)) {
    const ContractOverload &O = C.overload(I);
    E.RaisedBy.push_back("aten::" + O.Name.str() +
                         (O.Overload.empty() ? "" : "." + O.Overload.str()));
  }
  if (E.Records.empty())
    if (const KbRecord *R = KB.find("pytorch/op-dtype-contract"))
      E.Records.push_back(R);
  return E;
}

} // namespace torchdtype
