//===- PythonWrappers.h - an extension's Python calls -------*- C++ -*-===//
//
// An extension function bound with pybind11 gets its tensors from Python.
// When the package's Python casts every argument to one dtype before the
// call (apex's _cast_if_autocast_enabled, torch's
// custom_fwd(cast_inputs=...), apex amp's half_function), the function never
// sees autocast's mixed dtypes. This reads the package's Python sources, as
// text: which files call a bound name, and whether each of them casts. No
// clang includes.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_ANALYSIS_PYTHONWRAPPERS_H
#define TORCHDTYPE_ANALYSIS_PYTHONWRAPPERS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include <memory>
#include <string>
#include <vector>

namespace torchdtype {

class PythonWrappers {
public:
  /// One Python source: its path (relative to the package root) and text.
  struct Source {
    std::string Path;
    std::string Text;
  };
  explicit PythonWrappers(const std::vector<Source> &Files);

  /// The wrappers of the Python package holding SourceFile: the nearest
  /// directory above it with setup.py or pyproject.toml (at most 8 levels
  /// up), every *.py below it but in hidden, build and dist directories (at
  /// most 5,000 files of 1 MB each). Read once per root and process;
  /// thread-safe. Null when SourceFile is in no such package.
  static std::shared_ptr<const PythonWrappers>
  forSource(llvm::StringRef SourceFile);

  /// The Python files read for SourceFile's package, as absolute paths, if
  /// forSource has read them in this process (a result cache keeps them
  /// among the unit's inputs); empty otherwise. Reads nothing itself.
  static std::vector<std::string> filesReadFor(llvm::StringRef SourceFile);

  enum class Callers {
    None,    ///< no Python file calls the name
    Casting, ///< every file calling it casts its arguments first
    Plain    ///< a file calls it without casting
  };
  /// How the package's Python calls Name (as module.Name(...), or Name(...)
  /// after `from ... import Name`).
  Callers callersOf(llvm::StringRef Name) const;

  /// The files calling Name (for notes and tests), sorted.
  std::vector<std::string> filesCalling(llvm::StringRef Name) const;

private:
  struct File {
    std::string Path;
    bool Casts = false;
    llvm::StringSet<> Called;
  };
  std::vector<File> Files;
  std::string Root; ///< set by forSource
};

} // namespace torchdtype

#endif
