// torchdtype-module-input-dtype: a module holder (torch::nn::Linear ...) or a
// std::shared_ptr of a module copied into another variable shares its module
// (observed on 1.13.1: test/runtime's holder_copy_shares_its_module case), so
// a to() through either converts both; a module converted through an element
// of a container may be any holder that went into one, which is then not
// followed.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype %t
#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

#define TO_DOUBLE(m) (m)->to(torch::kDouble)

// ---- Positives ------------------------------------------------------------

void converted_through_a_copy() {
  torch::nn::Linear fc(4, 3);
  torch::nn::Linear alias = fc;
  alias->to(torch::kDouble);
  fc(torch::randn({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void original_converted_copy_called() {
  torch::nn::Linear fc(4, 3);
  auto alias = fc;
  fc->to(torch::kDouble);
  alias(torch::randn({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'alias' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

void converted_through_a_copy_by_a_macro(bool twice) {
  torch::nn::Linear fc(4, 3);
  torch::nn::Linear alias = fc;
  if (twice)
    TO_DOUBLE(alias);
  TO_DOUBLE(alias);
  fc(torch::randn({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}

template <typename M> void converted_through_a_copy_in_a_template(M fc) {
  M alias = fc;
  alias->to(torch::kDouble);
  fc(torch::randn({2, 4}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'fc' has Double parameters but gets a Float input; {{.*}} [torchdtype-module-input-dtype]
}
template void converted_through_a_copy_in_a_template(torch::nn::Linear);

// ---- Negatives ------------------------------------------------------------

void copy_converted_original_given_double() {
  torch::nn::Linear fc(4, 3);
  torch::nn::Linear alias = fc;
  alias->to(torch::kDouble);
  fc(torch::randn({2, 4}, torch::kDouble));
}

void copy_rebound_before_the_conversion() {
  torch::nn::Linear fc(4, 3);
  torch::nn::Linear other = fc;
  other = torch::nn::Linear(4, 3);
  other->to(torch::kDouble);
  fc(torch::randn({2, 4}, torch::kDouble));
}

void converted_through_a_vector_element() {
  torch::nn::Linear fc(4, 3);
  std::vector<torch::nn::Linear> heads{fc};
  heads[0]->to(torch::kDouble);
  fc(torch::randn({2, 4}, torch::kDouble));
}

void converted_through_a_map_entry() {
  torch::nn::Linear fc(4, 3);
  std::map<std::string, torch::nn::Linear> heads;
  heads.emplace("a", fc);
  heads.at("a")->to(torch::kDouble);
  fc(torch::randn({2, 4}, torch::kDouble));
}

void converted_in_a_loop_over_copies() {
  torch::nn::Linear fc(4, 3);
  std::vector<torch::nn::Linear> heads;
  heads.push_back(fc);
  for (auto &h : heads)
    h->to(torch::kDouble);
  fc(torch::randn({2, 4}, torch::kDouble));
}

void converted_in_a_lambda() {
  torch::nn::Linear fc(4, 3);
  auto widen = [](torch::nn::Linear m) { m->to(torch::kDouble); };
  widen(fc);
  fc(torch::randn({2, 4}, torch::kDouble));
}
