//===- PchCommand.cpp - torchdtype pch ------------------------------------===//

#include "PchCommand.h"
#include "ProjectTree.h"
#include "Stamps.h"
#include "UserCodeRunner.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <iostream>

namespace torchdtype {

namespace {

const char *const PchUsage =
    "usage: torchdtype pch -o OUT [--deps FILE] [--all-bodies] HEADER --\n"
    "                      COMPILER FLAGS...\n"
    "\n"
    "Builds the precompiled header of HEADER with the compile flags after\n"
    "--, as `torchdtype check` builds its own: the headers' templates are\n"
    "instantiated and their vtables defined in it, so that clang-tidy (or\n"
    "torchdtype-tidy) given -include-pch OUT and the same flags does not do\n"
    "that again at the end of every file (about 2 s a file on LibTorch's\n"
    "headers). The bodies of LibTorch's, the standard library's and\n"
    "pybind11's functions are skipped (the torchdtype checks model those by\n"
    "name; the build takes half the time); --all-bodies keeps them, for\n"
    "other checks that read them. --deps FILE writes a Makefile rule of the\n"
    "files it read.\n"
    "Exit status 0, 1 when HEADER does not compile with the flags, 2 on bad\n"
    "arguments or an output that cannot be written.\n";

int usageError(const std::string &Message) {
  std::cerr << "torchdtype pch: " << Message << "\n" << PchUsage;
  return 2;
}

} // namespace

int runPch(const std::vector<std::string> &Args) {
  std::string Out, Deps, Header;
  std::vector<std::string> Flags;
  bool AllBodies = false;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if (A == "--") {
      Flags.assign(Args.begin() + I + 1, Args.end());
      break;
    }
    if (A == "-h" || A == "--help") {
      std::cout << PchUsage;
      return 0;
    }
    if (A == "--all-bodies") {
      AllBodies = true;
    } else if (A == "-o" || A == "--deps") {
      if (I + 1 == Args.size())
        return usageError(A + " needs a file");
      (A == "-o" ? Out : Deps) = Args[++I];
    } else if (A.size() > 1 && A[0] == '-') {
      return usageError("unknown option '" + A + "'");
    } else if (!Header.empty()) {
      return usageError("one header, not '" + Header + "' and '" + A + "'");
    } else {
      Header = A;
    }
  }
  if (Out.empty() || Header.empty() || Flags.empty())
    return usageError("needs -o OUT, a HEADER and a compile command after --");
  if (!llvm::sys::fs::is_regular_file(Header)) {
    std::cerr << "torchdtype pch: cannot read " << Header << "\n";
    return 2;
  }
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  PchBuild B = buildPch(Flags, std::string(Cwd), absoluteNormalPath(Header),
                        absoluteNormalPath(Out), AllBodies);
  if (!B.Ok) {
    std::cerr << "torchdtype pch: " << Header
              << " does not compile with these flags (compile it with them "
                 "to see the errors)\n";
    return 1;
  }
  std::error_code EC;
  if (!writeAtomically(Out, llvm::StringRef(B.Bytes.data(), B.Bytes.size()),
                       &EC)) {
    std::cerr << "torchdtype pch: cannot write " << Out << ": " << EC.message()
              << "\n";
    return 2;
  }
  if (!Deps.empty()) {
    std::string Rule = Out + ":";
    for (const std::string &In : B.Inputs)
      Rule += " \\\n  " + In;
    if (!writeAtomically(Deps, Rule + "\n", &EC)) {
      std::cerr << "torchdtype pch: cannot write " << Deps << ": "
                << EC.message() << "\n";
      return 2;
    }
  }
  return 0;
}

} // namespace torchdtype
