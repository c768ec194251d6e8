// A non-const reference to an element of a followed map or vector of
// tensors (`auto &sums = totals[name];`) holds what the list holds there;
// in-place writes through it keep the list followed, an assignment to it
// rebinds the element (the list takes the new tensor), and a reference given
// to other code leaves the list unfollowed. `m[k]` of a map inserts an
// undefined tensor where k is not in it (models/Containers.cpp).
// RUN: %check_clang_tidy %s torchdtype-inplace-dtype,torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

#define ACCUMULATE(ref, idx, src) (ref).index_add_(0, (idx), (src))

// ---- Positives ------------------------------------------------------------

void double_residuals_into_a_float_sum(const std::vector<std::string> &names,
                                       bool log_scale) {
  std::map<std::string, torch::Tensor> sums;
  for (const auto &n : names)
    sums[n] = torch::zeros({8});
  auto residual = torch::rand({8});
  if (log_scale)
    residual = torch::exp(residual.to(torch::kDouble));
  auto &s = sums[names[0]];
  s.index_add_(0, torch::arange(8), residual);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_add_' needs a source of the dtype of 's' (Float) but gets Double; {{.*}} [torchdtype-inplace-dtype]
}

void lazily_made_long_tally(const std::vector<std::string> &names) {
  std::map<std::string, torch::Tensor> tallies;
  for (int round = 0; round < 2; ++round)
    for (const auto &n : names) {
      auto &tally = tallies[n];
      if (!tally.defined())
        tally = torch::zeros({4}, torch::kLong);
      tally.add_(torch::rand({4}));
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: {{.*}} [torchdtype-inplace-dtype]
    }
}

void through_a_macro() {
  std::map<std::string, torch::Tensor> sums;
  sums["a"] = torch::zeros({8});
  auto &s = sums["a"];
  ACCUMULATE(s, torch::arange(8), torch::rand({8}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_add_' needs a source {{.*}} [torchdtype-inplace-dtype]
}

template <typename Key> void template_key(const Key &k) {
  std::map<Key, torch::Tensor> sums;
  sums[k] = torch::zeros({8});
  auto &s = sums[k];
  s.index_add_(0, torch::arange(8), torch::rand({8}, torch::kDouble));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'index_add_' needs a source {{.*}} [torchdtype-inplace-dtype]
}
template void template_key<std::string>(const std::string &);

void made_in_a_lambda() {
  std::vector<torch::Tensor> scales{torch::ones({4})};
  auto apply = [&scales](const torch::Tensor &x) {
    auto &scale = scales[0];
    scale.index_add_(0, torch::arange(4), x);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'index_add_' needs a source {{.*}} [torchdtype-inplace-dtype]
  };
  apply(torch::rand({4}, torch::kDouble));
}

// ---- Negatives ------------------------------------------------------------

void rebound_to_double_first() {
  std::map<std::string, torch::Tensor> sums;
  sums["a"] = torch::zeros({8});
  auto &s = sums["a"];
  s = torch::zeros({8}, torch::kDouble);
  sums["a"].index_add_(0, torch::arange(8), torch::rand({8}, torch::kDouble));
}

void map_written_after_the_reference() {
  std::map<std::string, torch::Tensor> sums;
  sums["a"] = torch::zeros({8});
  auto &s = sums["a"];
  sums["a"] = torch::zeros({8}, torch::kDouble);
  s.index_add_(0, torch::arange(8), torch::rand({8}, torch::kDouble));
}

void widen(torch::Tensor &t);
void reference_given_away() {
  std::map<std::string, torch::Tensor> sums;
  sums["a"] = torch::zeros({8});
  auto &s = sums["a"];
  widen(s);
  sums["a"].index_add_(0, torch::arange(8), torch::rand({8}, torch::kDouble));
}

void converted_on_every_path(bool log_scale) {
  std::map<std::string, torch::Tensor> sums;
  sums["a"] = torch::zeros({8});
  auto residual = torch::rand({8});
  if (log_scale)
    residual = torch::exp(residual.to(torch::kDouble));
  auto &s = sums["a"];
  s.index_add_(0, torch::arange(8), residual.to(s.scalar_type()));
}

void lazily_made_float_tally(const std::vector<std::string> &names) {
  std::map<std::string, torch::Tensor> tallies;
  for (const auto &n : names) {
    auto &tally = tallies[n];
    if (!tally.defined())
      tally = torch::zeros({4});
    tally.add_(torch::rand({4}));
  }
}
