//===- HeaderVersion.h - the version LibTorch's headers declare -*- C++ -*-===//
//
// Without a PyTorchVersion option, a translation unit is judged as the
// version its LibTorch headers declare (torch/version.h), snapped to the
// nearest version the data tables know.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_CHECKER_HEADERVERSION_H
#define TORCHDTYPE_CHECKER_HEADERVERSION_H

#include "analysis/ApiModel.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace torchdtype {

/// The version the checks assume when neither the option nor the headers
/// name one.
TorchVersion defaultTorchVersion();

/// The versions of checker/data's tables (autocast lists, CPU kernels),
/// oldest first.
const std::vector<TorchVersion> &knownTorchVersions();

/// "1.13, 2.6, 2.14".
std::string knownTorchVersionsText();

/// Of the known versions, the one nearest to V: V itself when known, else
/// the closest minor version of V's major, else the newest of an older
/// major (or the oldest known, for a V older than all of them).
TorchVersion nearestKnownVersion(TorchVersion V);

/// TORCH_VERSION_MAJOR and TORCH_VERSION_MINOR as defined at the end of the
/// unit PP preprocessed (from its own includes or its precompiled header);
/// when the unit did not include torch/version.h, as the file declares them
/// where the unit's include path finds it (torch/headeronly/version.h from
/// 2.9 on, else torch/version.h). None without either.
std::optional<TorchVersion> headerTorchVersion(clang::Preprocessor &PP);

/// TORCH_VERSION_MAJOR and TORCH_VERSION_MINOR of a torch/version.h's text.
std::optional<TorchVersion> parseVersionHeader(llvm::StringRef Text);

} // namespace torchdtype

#endif
