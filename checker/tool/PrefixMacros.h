//===- PrefixMacros.h - the macros a file starts with -----------*- C++ -*-===//
//
// The conditionals and defines a file may start with, before its includes
// (`#ifdef WITH_PYTHON` / `#include <Python.h>` / `#endif`, as every file of
// pytorch_scatter does, or `#define _USE_MATH_DEFINES`), evaluated as the
// preprocessor would: under the macros of the file's command (clang's
// predefined ones for its target and language, -D, -U) and the file's own
// defines. An expression that cannot be decided from those alone (a
// function-like macro, `__has_include`, a character literal) is not
// guessed: it is said to be unknown.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_PREFIXMACROS_H
#define TORCHDTYPE_TOOL_PREFIXMACROS_H

#include "llvm/ADT/StringRef.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace torchdtype {

class MacroTable {
public:
  struct Macro {
    bool FunctionLike = false;
    std::string Body;
  };

  /// A table of `#define NAME BODY` and `#undef NAME` lines (clang's
  /// predefines buffer, which ends with the command's -D and -U).
  static MacroTable fromDirectives(llvm::StringRef Text);

  /// Applies a #define; Rest is what follows `define` (`NAME BODY`,
  /// `NAME(ARGS) BODY`). False when it names no macro.
  bool define(llvm::StringRef Rest);
  void undefine(llvm::StringRef Name) { Macros.erase(Name.str()); }
  const Macro *find(llvm::StringRef Name) const;
  size_t size() const { return Macros.size(); }

private:
  std::map<std::string, Macro> Macros;
};

/// The name a #define or #undef line's rest starts with ("" when none).
llvm::StringRef macroName(llvm::StringRef Rest);

/// Whether Name is one of the preprocessor's own macros that no table
/// holds (`__has_include`, `__FILE__`, ...): defined, and not a constant.
bool isBuiltinMacro(llvm::StringRef Name);

/// The value of a #if or #elif expression under M; nothing when it cannot
/// be decided from M alone, with Why saying what stopped it.
std::optional<bool> evaluateCondition(llvm::StringRef Expr, const MacroTable &M,
                                      std::string &Why);

/// The identifiers a #if expression names (its macros, `defined`'s
/// operands), in order.
std::vector<std::string> conditionIdentifiers(llvm::StringRef Expr);

/// The macros a command's file starts with: clang's predefined ones for
/// the command's target and language, then its -D and -U, as the checks'
/// parse sees them. Flags: a compiler and its flags, without the source;
/// Source: the file (absolute). Nothing when clang cannot make an
/// invocation of them.
std::optional<MacroTable> commandMacros(const std::vector<std::string> &Flags,
                                        const std::string &Source);

} // namespace torchdtype

#endif
