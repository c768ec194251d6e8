//===- OptimizerSteps.cpp - what an optimizer's step() runs ---------------===//
//
// The ops each torch::optim class's step() runs on a parameter that has a
// gradient (api.json optimizer_steps), for the model of step() calls
// (models/Optimizers.cpp): the first op the targeted version has no CPU
// kernel for, for the parameters' dtype, is what step() raises.
//
//===----------------------------------------------------------------------===//

#include "ApiModel.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace torchdtype {

void ApiModel::loadOptimizerSteps() {
#define TD_OPTIMIZER_STEP(Class, Op) OptimizerSteps[Class].push_back(Op);
#include "ApiTables.inc"
#undef TD_OPTIMIZER_STEP
}

llvm::ArrayRef<std::string>
ApiModel::optimizerStepOps(const CXXRecordDecl *RD) const {
  // The class itself, or the torch::optim class a user's subclass of it
  // derives from (the first base, as far as it goes).
  for (unsigned Depth = 0; RD && Depth < 8; ++Depth) {
    RD = RD->getDefinition() ? RD->getDefinition() : RD;
    auto It = OptimizerSteps.find(RD->getQualifiedNameAsString());
    if (It != OptimizerSteps.end())
      return It->second;
    if (!RD->hasDefinition() || RD->getNumBases() == 0)
      return {};
    RD = RD->bases_begin()->getType()->getAsCXXRecordDecl();
  }
  return {};
}

} // namespace torchdtype
