// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
// Const maps written as braced lists of {constant, dtype} entries: a lookup
// (`at`, `find(k)->second`, the `->second` of an iterator `find` gave) is the
// entry's dtype where the path knows the key, the join of every entry's
// dtype where it does not.
#include <torch/torch.h>
#include <map>
#include <string>
#include <unordered_map>

#define DTYPE_OF(table, name) ((table).at(name))

void literal_key() {
  const std::map<std::string, torch::Dtype> kByName = {
      {"float", torch::kFloat}, {"double", torch::kDouble}};
  auto a = torch::randn({4, 4}, kByName.at("double"));
  auto y = torch::mm(a, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void through_macro() {
  const std::map<std::string, torch::Dtype> kByName = {
      {"half", torch::kHalf}, {"float", torch::kFloat}};
  auto y = torch::mm(torch::randn({4, 4}, DTYPE_OF(kByName, "half")),
                     torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 'mm' requires operands of the same dtype but gets Half and Float; {{.*}} [torchdtype-mixed-precision]
}

template <typename T> void in_template(const T &name) {
  const std::map<std::string, torch::Dtype> kByName = {
      {"float", torch::kFloat}, {"double", torch::kDouble}};
  auto y = torch::mm(torch::randn({4, 4}, kByName.at(name)),
                     torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void lambda_with_table() {
  auto make = [](const std::string &name) {
    static const std::map<std::string, torch::Dtype> kByName = {
        {"float", torch::kFloat}, {"double", torch::kDouble}};
    return torch::randn({4, 4}, kByName.at(name));
  };
  in_template(std::string("double"));
  auto y = torch::mm(make("float"), torch::randn({4, 4}));
}

// ---- Negatives --------------------------------------------------------------

// A table a function builds once and hands out.
const std::map<std::string, torch::Dtype> &dtype_table() {
  static const std::map<std::string, torch::Dtype> table = {
      {"float", torch::kFloat}, {"double", torch::kDouble}};
  return table;
}

void table_from_a_function() {
  auto a = torch::randn({4, 4}, dtype_table().at("double"));
  auto y = torch::mm(a, torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void table_from_a_function_same_dtype() {
  auto a = torch::randn({4, 4}, dtype_table().at("float"));
  auto y = torch::mm(a, torch::randn({4, 4}));
}

enum class Precision { Single, Wide };

void enum_key_through_an_iterator() {
  // An enumerator as the key cannot change between find and the read.
  const std::map<Precision, torch::Dtype> kDtypes = {
      {Precision::Single, torch::kFloat}, {Precision::Wide, torch::kDouble}};
  auto it = kDtypes.find(Precision::Wide);
  auto y = torch::mm(torch::randn({4, 4}, it->second), torch::randn({4, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void key_from_the_command_line(char **argv) {
  const std::map<std::string, torch::Dtype> kByName = {
      {"float", torch::kFloat}, {"double", torch::kDouble}};
  std::string name = argv[1];
  auto y = torch::mm(torch::randn({4, 4}, kByName.at(name)),
                     torch::randn({4, 4})); // Float or Double
}

void one_dtype_for_every_key(char **argv) {
  const std::map<std::string, torch::Dtype> kByName = {
      {"fp32", torch::kFloat}, {"float", torch::kFloat}};
  auto y = torch::mm(torch::randn({4, 4}, kByName.at(argv[1])),
                     torch::randn({4, 4}));
}

void table_not_const(bool wide) {
  std::map<std::string, torch::Dtype> byName = {{"x", torch::kDouble}};
  if (wide)
    byName["x"] = torch::kFloat;
  auto y = torch::mm(torch::randn({4, 4}, byName.at("x")),
                     torch::randn({4, 4}));
}

void key_changed_after_find() {
  const std::map<std::string, torch::Dtype> kByName = {
      {"float", torch::kFloat}, {"double", torch::kDouble}};
  std::string name = "double";
  auto it = kByName.find(name);
  name = "float";
  auto y = torch::mm(torch::randn({4, 4}, it->second), torch::randn({4, 4}));
}
