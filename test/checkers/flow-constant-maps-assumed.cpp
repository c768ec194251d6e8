// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// Const maps of {constant, dtype} entries looked up with a key the path
// assumed (`name` from `argc > 1 ? argv[1] : "double"`, an enum set on a
// branch). Also on real headers (test/real/shared-inputs.txt): there the
// map's find() comes from the precompiled header, where a library member
// has no body until it is read; the key was a path subject without a PCH
// and not with one (ConditionSubjects.cpp now asks isDefined). Literal
// keys are in flow-constant-maps.cpp.
#include <torch/torch.h>
#include <map>
#include <string>
#include <unordered_map>

enum class Precision { Single, Double };

int default_on_one_path(int argc, char **argv) {
  const std::map<std::string, torch::Dtype> kByName = {
      {"float", torch::kFloat32}, {"double", torch::kFloat64}};
  const std::string name = argc > 1 ? argv[1] : "double";
  auto found = kByName.find(name);
  if (found == kByName.end())
    return 2;
  const torch::Dtype dtype = found->second;
  auto a = torch::randn({4, 4}, torch::TensorOptions().dtype(dtype));
  auto y = torch::mm(a, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  return 0;
}

void enum_key_in_branch(bool wide) {
  const std::unordered_map<Precision, torch::Dtype> kOf = {
      {Precision::Single, torch::kFloat}, {Precision::Double, torch::kDouble}};
  Precision p = Precision::Single;
  if (wide)
    p = Precision::Double;
  auto a = torch::randn({4, 4}, kOf.find(p)->second);
  if (wide) {
    auto y = torch::mm(a, torch::randn({4, 4}));
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
  }
}

