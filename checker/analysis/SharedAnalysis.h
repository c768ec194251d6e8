//===- SharedAnalysis.h - one analysis per translation unit -----*- C++ -*-===//
//
// The checks share one AnalysisContext per translation unit and targeted
// version, so each function is analysed once whatever the number of checks.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_SHAREDANALYSIS_H
#define TORCHDTYPE_ANALYSIS_SHAREDANALYSIS_H

#include "AnalysisContext.h"

namespace torchdtype {

AnalysisContext &sharedAnalysis(clang::ASTContext &Ctx,
                                const AnalysisConfig &Config);
/// Drops the analyses of a translation unit (at its end).
void releaseSharedAnalysis(clang::ASTContext &Ctx);

} // namespace torchdtype

#endif
