//===- CompdbCommand.h - a compile database from a setup.py -----*- C++ -*-===//
//
// `torchdtype compdb DIR` writes the compile commands of a PyTorch extension
// built by a setup.py (torch.utils.cpp_extension), without building it:
// setup.py runs build_ext with the compiler's spawn and link recording
// instead of running. `torchdtype check -p DIR` uses it when DIR has a
// setup.py and no compile_commands.json.
//
//===----------------------------------------------------------------------===//

#ifndef TORCHDTYPE_TOOL_COMPDBCOMMAND_H
#define TORCHDTYPE_TOOL_COMPDBCOMMAND_H

#include <string>
#include <vector>

namespace torchdtype {

/// Writes Out (a compile_commands.json) from Dir's setup.py, run by Python;
/// false with Error set when it cannot.
bool writeSetupPyDatabase(const std::string &Dir, const std::string &Out,
                          const std::string &Python, std::string &Error);

/// The Python that runs setup.py: Debian's /usr/bin/python3 (the one
/// python3-torch is for) when it exists, else python3 on PATH.
std::string defaultPython();

/// torchdtype compdb [-o FILE] [--python PY] DIR.
int runCompdb(const std::vector<std::string> &Args);

/// For `torchdtype check`: when Args give -p DIR whose DIR has no
/// compile_commands.json but a setup.py, writes its database into DIR's
/// cache directory and points -p there (said on stderr). False with Error
/// set when that fails.
bool useSetupPyDatabase(std::vector<std::string> &Args, std::string &Error);

} // namespace torchdtype

#endif
