//===- IncludePrefix.h - the system includes a file starts with -*- C++ -*-===//
//
// The part of a translation unit that a shared precompiled header can stand
// for: the `#include <...>` directives the preprocessor meets before any
// other token of the user's code. Quoted includes of the user's headers are
// followed (a header that only includes others is part of the prefix), as
// are a header's include guard (`#ifndef X` / `#define X`), `#pragma once`,
// `#define` and `#undef`, and conditionals met before the first angle
// include (`#ifdef WITH_PYTHON` / `#include <Python.h>` / `#endif`), which
// are evaluated under the command's macros: only the included branches
// count. The scan stops at the first line of code, or at a directive it
// cannot prove the meaning of (a conditional after an angle include, which
// that header may decide; one that needs `__has_include` or a function-like
// macro; `#pragma` ...); the angle includes met until then, in order, are
// the prefix.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_INCLUDEPREFIX_H
#define TORCHDTYPE_TOOL_INCLUDEPREFIX_H

#include "PrefixMacros.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <string>
#include <vector>

namespace torchdtype {

/// The macros of a file's command, asked for at its first conditional (null
/// when they cannot be known).
using MacroSource = llvm::function_ref<const MacroTable *()>;

/// What a file's first lines give a precompiled header.
struct PrefixScan {
  /// One `#include <...>` line per angle include, in order.
  std::string Prefix;
  /// The macros the file (or a header of its own it follows) defines or
  /// undefines before the last of those includes, each once: the
  /// precompiled headers must not read them.
  std::vector<std::string> Defined;
  /// The macros its conditionals test (and those their definitions name):
  /// the precompiled headers must not define them.
  std::vector<std::string> Tested;
  /// Why the scan stopped at a directive rather than at code, or "".
  std::string Stop;
  /// When Defined is not empty: the includes, defines and undefines up to
  /// the last include, in order, as lines (a prefix whose PCH holds the
  /// defines where the file has them).
  std::string Exact;
};

PrefixScan scanPrefix(const std::string &MainFile,
                      const std::vector<std::string> &QuoteDirs,
                      MacroSource Macros);

/// The prefix of MainFile as a header text: one `#include <...>` line per
/// include, "" when the file does not start with any. QuoteDirs are the
/// directories of -iquote and -I, in order, for quoted includes that are
/// not beside their includer. Without macros: a conditional stops it.
std::string includePrefix(const std::string &MainFile,
                          const std::vector<std::string> &QuoteDirs);

/// The part of a prefix that units share: its LibTorch headers (torch/,
/// ATen/, c10/, caffe2/) alone, in order and each once, when every include before the last
/// of them is a LibTorch or a standard library header, whose order cannot
/// change what LibTorch's headers mean (the other headers are then parsed by
/// the unit itself, after the precompiled ones, as with a forced include).
/// The prefix unchanged otherwise, or when it names no LibTorch header.
std::string sharedPrefix(const std::string &Prefix);

/// Whether every line of a prefix names a LibTorch header: such prefixes,
/// with the same flags, can be merged into one precompiled header that all
/// their files are given (a forced include: LibTorch's headers only add
/// declarations, whatever other LibTorch headers come with them).
bool libTorchOnly(const std::string &Prefix);

/// Whether a prefix names a LibTorch header at all.
bool namesLibTorch(const std::string &Prefix);

/// The first header of a prefix that is neither LibTorch's nor the standard
/// library's (pybind11's, say), as `<name>`; "" when there is none.
std::string firstOtherHeader(const std::string &Prefix);

/// One prefix holding the headers of all of Prefixes, each once, sorted (so
/// it does not depend on the order the files come in).
std::string mergePrefixes(const std::vector<std::string> &Prefixes);

} // namespace torchdtype

#endif
