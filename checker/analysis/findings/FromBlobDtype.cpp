//===- FromBlobDtype.cpp - torchdtype-from-blob-dtype's finder ------------===//
//
// from_blob wraps memory it does not own: it believes the dtype it is
// told, and told the wrong element type it reinterprets the bytes (the
// device it is told: FromBlobDevice.cpp). Its events: FromBlobEvent
// (models/Factories.cpp); its report: checks/FromBlobDtypeCheck.cpp. No
// clang-tidy includes.
//
//===----------------------------------------------------------------------===//

#include "FunctionFindings.h"
#include "analysis/ExprUtil.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

namespace torchdtype {

std::vector<FromBlobFinding> findFromBlobDtype(const FunctionResult &R,
                                               clang::ASTContext &Ctx) {
  std::vector<FromBlobFinding> Out;
  if (R.Skipped)
    return Out;
  for (const FromBlobEvent &F : R.FromBlobs) {
    if (F.Call->getNumArgs() < 1)
      continue;
    std::optional<DType> Told = F.V.DT.single();
    if (!Told)
      continue;
    // The buffer as the user passed it: through the implicit conversion to
    // void*, and static_cast<void*>; an explicit reinterpret_cast states the
    // user's intent and is left alone.
    const clang::Expr *Arg = F.Call->getArg(0)->IgnoreParenImpCasts();
    if (const auto *SC = llvm::dyn_cast<clang::CXXStaticCastExpr>(Arg))
      Arg = SC->getSubExpr()->IgnoreParenImpCasts();
    clang::QualType PT = Arg->getType();
    clang::QualType Elem;
    if (PT->isPointerType())
      Elem = PT->getPointeeType();
    else if (const clang::ArrayType *AT = PT->getAsArrayTypeUnsafe())
      Elem = AT->getElementType(); // an array, decayed to its first element
    else
      continue;
    if (Elem->isCharType())
      continue; // char buffers are raw bytes of anything
    std::optional<DType> Buffer = dtypeOfCxxType(Elem, Ctx);
    if (!Buffer || *Buffer == *Told)
      continue;
    Out.push_back(
        {&F, *Buffer, *Told,
         Elem.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy())});
  }
  return Out;
}

} // namespace torchdtype
