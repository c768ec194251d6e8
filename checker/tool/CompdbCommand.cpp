//===- CompdbCommand.cpp - a compile database from a setup.py -------------===//

#include "CompdbCommand.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <iostream>
#include <optional>

namespace fs = llvm::sys::fs;

namespace torchdtype {

namespace {

/// Runs setup.py build_ext in a temporary build directory with distutils'
/// spawn recording the compile commands and link doing nothing, and
/// BuildExtension's ninja backend off (its commands then go through spawn
/// too, nvcc's included). argv: OUT DIR.
const char *const Recorder = R"py(
import json, os, shutil, sys, tempfile
out, project = sys.argv[1], os.path.abspath(sys.argv[2])
os.chdir(project)
sys.path.insert(0, project)
SOURCES = (".c", ".cc", ".cpp", ".cxx", ".c++", ".cu")
entries, seen = [], set()

def record(self, cmd, **kw):
    cmd = [str(c) for c in cmd]
    if "-c" not in cmd:
        return
    for a in cmd:
        if a.endswith(SOURCES) and os.path.isfile(a):
            f = os.path.abspath(a)
            if f not in seen:
                seen.add(f)
                entries.append({"directory": project, "file": f, "arguments": cmd})

def no_link(self, *a, **kw):
    return None

for name in ("setuptools._distutils.ccompiler", "distutils.ccompiler"):
    try:
        m = __import__(name, fromlist=["CCompiler"])
    except Exception:
        continue
    m.CCompiler.spawn = record
    m.CCompiler.link = no_link
try:
    import torch.utils.cpp_extension as ce
except Exception as e:
    sys.exit("torch is not importable by %s: %s" % (sys.executable, e))
init = ce.BuildExtension.__init__
def without_ninja(self, *a, **kw):
    init(self, *a, **kw)
    self.use_ninja = False
ce.BuildExtension.__init__ = without_ninja
tmp = tempfile.mkdtemp(prefix="torchdtype-compdb-")
try:
    sys.argv = ["setup.py", "build_ext", "--build-temp", os.path.join(tmp, "temp"),
                "--build-lib", os.path.join(tmp, "lib")]
    code = compile(open("setup.py").read(), "setup.py", "exec")
    exec(code, {"__name__": "__main__", "__file__": os.path.join(project, "setup.py")})
finally:
    shutil.rmtree(tmp, ignore_errors=True)
if not entries:
    sys.exit("setup.py compiled no C, C++ or CUDA source (build_ext)")
with open(out, "w") as f:
    json.dump(entries, f, indent=1)
)py";

std::string absolute(llvm::StringRef P) {
  llvm::SmallString<256> S(P);
  fs::make_absolute(S);
  llvm::sys::path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S);
}

} // namespace

std::string defaultPython() {
  if (fs::can_execute("/usr/bin/python3"))
    return "/usr/bin/python3";
  if (llvm::ErrorOr<std::string> P = llvm::sys::findProgramByName("python3"))
    return *P;
  return "";
}

bool writeSetupPyDatabase(const std::string &Dir, const std::string &Out,
                          const std::string &Python, std::string &Error) {
  std::string Project = absolute(Dir);
  if (!fs::is_regular_file(Project + "/setup.py")) {
    Error = "no setup.py in '" + Dir + "'";
    return false;
  }
  if (Python.empty() || !fs::can_execute(Python)) {
    Error = "no Python to run setup.py (python3 not found; give --python)";
    return false;
  }
  llvm::SmallString<128> Script, Log, Tmp;
  int FD;
  if (fs::createTemporaryFile("torchdtype-compdb", "py", FD, Script)) {
    Error = "cannot write a temporary file";
    return false;
  }
  llvm::FileRemover RemoveScript(Script);
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Recorder;
  }
  if (fs::createTemporaryFile("torchdtype-compdb", "log", Log) ||
      fs::createTemporaryFile("torchdtype-compdb", "json", Tmp)) {
    Error = "cannot write a temporary file";
    return false;
  }
  llvm::FileRemover RemoveLog(Log), RemoveTmp(Tmp);
  std::string OutAbs = absolute(Out);
  std::vector<llvm::StringRef> Argv = {Python, Script, Tmp, Project};
  std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Log), llvm::StringRef(Log)};
  std::string ExecError;
  int RC = llvm::sys::ExecuteAndWait(Python, Argv, std::nullopt, Redirects,
                                     /*SecondsToWait=*/600, 0, &ExecError);
  if (RC != 0) {
    std::string Tail;
    if (auto Buf = llvm::MemoryBuffer::getFile(Log)) {
      llvm::StringRef Text = (*Buf)->getBuffer().rtrim();
      Tail = Text.substr(Text.size() > 1500 ? Text.size() - 1500 : 0).str();
    }
    Error = "running " + Dir + "/setup.py with " + Python + " failed" +
            (ExecError.empty() ? "" : " (" + ExecError + ")") +
            (Tail.empty() ? "" : ":\n" + Tail);
    return false;
  }
  // Written whole or not at all.
  llvm::SmallString<256> Parent(OutAbs);
  llvm::sys::path::remove_filename(Parent);
  if (std::error_code EC = fs::create_directories(Parent)) {
    Error = "cannot make '" + std::string(Parent) + "': " + EC.message();
    return false;
  }
  if (std::error_code EC = fs::copy_file(Tmp, OutAbs)) {
    Error = "cannot write '" + OutAbs + "': " + EC.message();
    return false;
  }
  return true;
}

int runCompdb(const std::vector<std::string> &Args) {
  const char *Usage =
      "usage: torchdtype compdb [-o FILE] [--python PY] DIR\n"
      "Writes the compile commands of the PyTorch extension DIR/setup.py\n"
      "builds (torch.utils.cpp_extension) to FILE (default\n"
      "DIR/compile_commands.json), without building it: setup.py runs\n"
      "build_ext with the commands recorded instead of run. PY: the Python\n"
      "with torch (default /usr/bin/python3, else python3 on PATH).\n"
      "Exit status: 0 written, 2 errors.\n";
  std::string Dir, Out, Python = defaultPython();
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "-h" || A == "--help") {
      std::cout << Usage;
      return 0;
    }
    if ((A == "-o" || A == "--python") && I + 1 == Args.size()) {
      std::cerr << "torchdtype compdb: " << A.str() << " needs a value\n";
      return 2;
    }
    if (A == "-o")
      Out = Args[++I];
    else if (A.consume_front("-o="))
      Out = A.str();
    else if (A == "--python")
      Python = Args[++I];
    else if (A.consume_front("--python="))
      Python = A.str();
    else if (A.starts_with("-")) {
      std::cerr << "torchdtype compdb: unknown option '" << A.str() << "'\n"
                << Usage;
      return 2;
    } else if (Dir.empty())
      Dir = A.str();
    else {
      std::cerr << "torchdtype compdb: one directory only\n" << Usage;
      return 2;
    }
  }
  if (Dir.empty()) {
    std::cerr << Usage;
    return 2;
  }
  if (Out.empty())
    Out = Dir + "/compile_commands.json";
  std::string Error;
  if (!writeSetupPyDatabase(Dir, Out, Python, Error)) {
    std::cerr << "torchdtype compdb: " << Error << "\n";
    return 2;
  }
  std::cerr << "torchdtype compdb: wrote " << Out << "\n";
  return 0;
}

bool useSetupPyDatabase(std::vector<std::string> &Args, std::string &Error) {
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    size_t At;
    std::string Dir;
    if (A == "-p" && I + 1 < Args.size()) {
      At = I + 1;
      Dir = Args[At];
    } else if (A.starts_with("-p=")) {
      At = I;
      Dir = A.drop_front(3).str();
    } else {
      continue;
    }
    if (fs::exists(Dir + "/compile_commands.json") ||
        fs::exists(Dir + "/compile_flags.txt") ||
        !fs::is_regular_file(Dir + "/setup.py"))
      return true; // the usual database, or its usual error
    std::string Db = Dir + "/.torchdtype-cache/setup-py";
    if (!writeSetupPyDatabase(Dir, Db + "/compile_commands.json",
                              defaultPython(), Error))
      return false;
    std::cerr << "torchdtype check: no compile_commands.json in " << Dir
              << ": the commands its setup.py runs (torchdtype compdb), in "
              << Db << "\n";
    Args[At] = At == I ? "-p=" + Db : Db;
    return true;
  }
  return true;
}

} // namespace torchdtype
