//===- HeaderVersion.cpp - the version LibTorch's headers declare --------===//

#include "HeaderVersion.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include <algorithm>

using namespace clang;

namespace torchdtype {

TorchVersion defaultTorchVersion() { return TorchVersion{}; }

const std::vector<TorchVersion> &knownTorchVersions() {
  static const std::vector<TorchVersion> Known = [] {
    std::vector<TorchVersion> Out;
    auto Add = [&](llvm::StringRef S) {
      if (std::optional<TorchVersion> V = TorchVersion::parse(S))
        Out.push_back(*V);
    };
#define TD_CPU_HALF(Ver, DT, Op, Message)
#define TD_CPU_HALF_VERSION(Ver) Add(Ver);
#define TD_AUTOCAST_VERSION(Ver) Add(Ver);
#include "ApiTables.inc"
#undef TD_CPU_HALF
#undef TD_CPU_HALF_VERSION
#undef TD_AUTOCAST_VERSION
    Add(defaultTorchVersion().str());
    std::sort(Out.begin(), Out.end());
    Out.erase(std::unique(Out.begin(), Out.end(),
                          [](const TorchVersion &A, const TorchVersion &B) {
                            return !(A < B) && !(B < A);
                          }),
              Out.end());
    return Out;
  }();
  return Known;
}

std::string knownTorchVersionsText() {
  std::string Out;
  for (const TorchVersion &V : knownTorchVersions())
    Out += (Out.empty() ? "" : ", ") + V.str();
  return Out;
}

TorchVersion nearestKnownVersion(TorchVersion V) {
  const std::vector<TorchVersion> &Known = knownTorchVersions();
  std::optional<TorchVersion> Below, Above; // the neighbours of V
  for (const TorchVersion &K : Known) {
    if (!(K < V) && !(V < K))
      return K;
    if (K < V)
      Below = K;
    else if (!Above)
      Above = K;
  }
  if (!Below || !Above)
    return Below ? *Below : Above ? *Above : defaultTorchVersion();
  bool BelowSame = Below->Major == V.Major, AboveSame = Above->Major == V.Major;
  if (BelowSame && AboveSame)
    return V.Minor - Below->Minor <= Above->Minor - V.Minor ? *Below : *Above;
  if (AboveSame)
    return *Above;
  return *Below;
}

std::optional<TorchVersion> parseVersionHeader(llvm::StringRef Text) {
  std::optional<unsigned> Major, Minor;
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.trim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("define"))
      continue;
    auto [Name, Value] = Line.ltrim().split(' ');
    unsigned N;
    if (Value.trim().getAsInteger(10, N))
      continue;
    if (Name == "TORCH_VERSION_MAJOR")
      Major = N;
    else if (Name == "TORCH_VERSION_MINOR")
      Minor = N;
  }
  if (!Major || !Minor)
    return std::nullopt;
  return TorchVersion{*Major, *Minor};
}

/// The value of an object-like macro defined as one integer, if it is
/// defined at the end of the unit.
static std::optional<unsigned> macroNumber(Preprocessor &PP,
                                           llvm::StringRef Name) {
  // The identifier through the preprocessor's own (out-of-line) lookup: the
  // IdentifierTable::get that Preprocessor::getIdentifierInfo inlines would
  // allocate from the table's allocator in this code, which a sanitizer
  // build instruments and LLVM's libraries are not (ASan then reports their
  // later allocations from the same slab as use-after-poison).
  Token Raw;
  Raw.startToken();
  Raw.setKind(tok::raw_identifier);
  Raw.setRawIdentifierData(Name.data());
  Raw.setLength(Name.size());
  IdentifierInfo *II = PP.LookUpIdentifierInfo(Raw);
  const MacroInfo *MI = II ? PP.getMacroInfo(II) : nullptr;
  if (!MI || MI->isFunctionLike() || MI->getNumTokens() != 1 ||
      MI->getReplacementToken(0).isNot(tok::numeric_constant))
    return std::nullopt;
  bool Invalid = false;
  std::string Text = PP.getSpelling(MI->getReplacementToken(0), &Invalid);
  unsigned N;
  if (Invalid || llvm::StringRef(Text).getAsInteger(10, N))
    return std::nullopt;
  return N;
}

std::optional<TorchVersion> headerTorchVersion(Preprocessor &PP) {
  std::optional<unsigned> Major = macroNumber(PP, "TORCH_VERSION_MAJOR");
  std::optional<unsigned> Minor = macroNumber(PP, "TORCH_VERSION_MINOR");
  if (Major && Minor)
    return TorchVersion{*Major, *Minor};
  // A unit including some of LibTorch (<ATen/ATen.h> say) but not
  // torch/version.h: the file its include path finds (from 2.9 on the
  // macros are in torch/headeronly/version.h, which torch/version.h
  // includes).
  for (llvm::StringRef Name :
       {"torch/headeronly/version.h", "torch/version.h"}) {
    OptionalFileEntryRef File = PP.getHeaderSearchInfo().LookupFile(
        Name, SourceLocation(), /*isAngled=*/true, /*FromDir=*/nullptr,
        /*CurDir=*/nullptr, /*Includers=*/{}, /*SearchPath=*/nullptr,
        /*RelativePath=*/nullptr, /*RequestingModule=*/nullptr,
        /*SuggestedModule=*/nullptr, /*IsMapped=*/nullptr,
        /*IsFrameworkFound=*/nullptr);
    if (!File)
      continue;
    if (auto Buf = PP.getFileManager().getBufferForFile(*File))
      if (std::optional<TorchVersion> V =
              parseVersionHeader((*Buf)->getBuffer()))
        return V;
  }
  return std::nullopt;
}

} // namespace torchdtype
