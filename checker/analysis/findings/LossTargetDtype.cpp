//===- LossTargetDtype.cpp - torchdtype-loss-target-dtype's finder --------===//
//
// The rules of api.json "losses" for each loss op's target, and the class
// weights its options give it. Its events: OpEvent (models/TensorOps.cpp);
// its report: checks/LossTargetDtypeCheck.cpp. No clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"

namespace torchdtype {

/// A loss call given its input and target only (a module's, or a
/// functional one whose options are left to their defaults).
static bool withoutOptions(const OpEvent &Ev) {
  if (Ev.FromModule)
    return true;
  const auto *CE = llvm::dyn_cast<clang::CallExpr>(Ev.Call);
  if (!CE)
    return false;
  for (unsigned I = 2; I < CE->getNumArgs(); ++I)
    if (!llvm::isa<clang::CXXDefaultArgExpr>(CE->getArg(I)))
      return false;
  return true;
}

std::vector<LossTargetFinding> findLossTargetDtype(const FunctionResult &R,
                                                   const ApiModel &Api,
                                                   clang::ASTContext &Ctx) {
  std::vector<LossTargetFinding> Out;
  if (R.Skipped)
    return Out;
  for (const OpEvent &Ev : R.Ops) {
    std::optional<LossRule> Rule = Api.loss(Ev.Op);
    if (!Rule || Ev.Operands.size() < 2)
      continue;
    const Operand &In = Ev.Operands[0], &Tg = Ev.Operands[1];
    std::optional<DType> ID = In.V.DT.single(), TD = Tg.V.DT.single();
    if (!TD)
      continue;
    // Class weights with class indices: the kernel reads them as the
    // input's dtype and throws for another (observed on 1.13.1: float64
    // weights for float32 logits, 'expected scalar type Float but found
    // Double', also with label smoothing; with probabilities as the target
    // cross_entropy promotes and runs).
    const Operand *W = operandAt(Ev.Operands, 2);
    std::optional<DType> WD = W ? W->V.DT.single() : std::nullopt;
    if (W && WD && ID && Tg.Pos == 1 && isFloating(*ID) && isFloating(*WD) &&
        *WD != *ID && isIntegral(*TD) && *TD != DType::Bool &&
        (*Rule == LossRule::ClassIndex ||
         *Rule == LossRule::ClassIndexOrProbabilities) &&
        !autocastMayCover(Ev, Api, Ev.Op, commonDevice(Ev.Operands))) {
      LossTargetFinding F{&Ev, &In, W, *ID, *WD, false};
      F.Weight = true;
      Out.push_back(F);
      continue;
    }
    // An integer target where a floating one is needed throws in the
    // forward of these (observed on 1.13.1); bool targets fail otherwise.
    bool IntTarget =
        isIntegral(*TD) && *TD != DType::Bool && ID && isFloating(*ID) &&
        (*Rule == LossRule::FloatingTarget || Ev.Op == "binary_cross_entropy");
    if (IntTarget) {
      LossTargetFinding F{&Ev, &In, &Tg, *ID, *TD, false};
      F.FloatingTarget = *Rule == LossRule::FloatingTarget;
      Out.push_back(F);
      continue;
    }
    if (*Rule == LossRule::FloatingTarget)
      continue;
    if (*Rule == LossRule::SameDType) {
      // Only binary_cross_entropy refuses them in the forward; the others
      // throw in a backward, which does not run under a no-grad guard.
      if (Ev.NoGrad && Ev.Op != "binary_cross_entropy")
        continue;
      // mse_loss and huber_loss: any other target dtype, integral and bool
      // ones too, throws in backward (observed on 1.13.1: 'Found dtype Long
      // but expected Float'); binary_cross_entropy: another floating one.
      bool BackwardOnly = Ev.Op != "binary_cross_entropy";
      if (!ID || !isFloating(*ID) || *ID == *TD ||
          (!isFloating(*TD) && !BackwardOnly) ||
          autocastMayCover(Ev, Api, Ev.Op, commonDevice(Ev.Operands)))
        continue;
      LossTargetFinding F{&Ev, &In, &Tg, *ID, *TD, false};
      // Their forward runs (observed on 1.13.1): they throw in the
      // backward their value reaches, where there is one.
      if (BackwardOnly) {
        // In the function computing it, else in a caller the value of the
        // call leading to it reaches.
        const clang::Expr *From = Ev.Call;
        llvm::ArrayRef<const clang::Expr *> Outer = Ev.Via;
        while (!(F.Backward = backwardReached(From, Ctx)) && !Outer.empty()) {
          From = Outer.front();
          Outer = Outer.drop_front();
        }
        if (!F.Backward)
          continue;
        F.BackwardVia = Outer;
      }
      Out.push_back(F);
      continue;
    }
    // Class indices must be int64: a floating target of class indices, or
    // an integer target of another width, throws. uint8 class ids run
    // (cross_entropy and nll_loss of 1-D targets, observed on LibTorch
    // 1.13.1): not reported.
    bool Bad = (isIntegral(*TD) && *TD != DType::Long && *TD != DType::Bool &&
                *TD != DType::Byte) ||
               (isFloating(*TD) && *Rule == LossRule::ClassIndex);
    // cross_entropy reads a target of the input's shape as probabilities
    // and any other as class indices (1.13.1's LossNLL.cpp compares their
    // sizes): a floating target with another number of dimensions than
    // the input is class indices, and throws (observed on 1.13.1). Its
    // options may ask for label smoothing, which fails otherwise: only
    // calls given none are judged so.
    bool ByRank = isFloating(*TD) &&
                  *Rule == LossRule::ClassIndexOrProbabilities && In.V.rank() &&
                  Tg.V.rank() && *In.V.rank() != *Tg.V.rank() &&
                  Tg.Pos == 1 && withoutOptions(Ev);
    if (Bad || ByRank) {
      LossTargetFinding F{&Ev, &In, &Tg, ID.value_or(DType::Other), *TD, true};
      if (ByRank) {
        F.InputRank = *In.V.rank();
        F.TargetRank = *Tg.V.rank();
      }
      Out.push_back(F);
    }
  }
  return Out;
}

// Where its findings throw (checks.json marks it "throws"): the throw order
// (ThrowOrder.cpp) ends their paths there.
void lossTargetDtypeThrowSites(FunctionFindings &F, ThrowSiteFn Add) {
  // A loss whose backward throws stops the program there.
  for (const LossTargetFinding &L : F.lossTargetDtype())
    if (L.Backward)
      Add(L.Backward, L.BackwardVia, L.Ev->Assumed);
    else
      Add(L.Ev->Call, L.Ev->Via, L.Ev->Assumed);
}

} // namespace torchdtype
