// RUN: %check_clang_tidy %s torchdtype-inplace-dtype %t
// A tensor's compound assignment (`x /= n`, `m["k"] += t`) is its in-place
// op (div_, add_): the handle keeps its tensor, so a map, a vector or a
// loop variable it is used on stays followed, as with div_ itself.
#include <torch/torch.h>
#include <map>
#include <string>
#include <vector>

void means_of_a_map(int64_t batches) {
  std::map<std::string, torch::Tensor> totals;
  totals["loss"] = torch::rand({});
  totals["hits"] = torch::zeros({}, torch::kLong);
  totals["hits"] += torch::ones({}, torch::kLong);
  for (auto &kv : totals)
    kv.second /= batches;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'operator/=' on 'second' of dtype Long with true division {{.*}} [torchdtype-inplace-dtype]
}

void scaled_vector() {
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kInt)};
  for (auto &t : v)
    t *= 0.5;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'operator*=' on 't' of dtype Int with a floating number {{.*}} [torchdtype-inplace-dtype]
}

// Negatives: integer updates of integer tensors, floats of floats.
void counters(int64_t n) {
  std::map<std::string, torch::Tensor> totals;
  totals["hits"] = torch::zeros({}, torch::kLong);
  totals["count"] = torch::zeros({}, torch::kLong);
  for (auto &kv : totals)
    kv.second += n;
  std::vector<torch::Tensor> v{torch::ones({2}), torch::ones({2}, torch::kDouble)};
  for (auto &t : v)
    t /= 2.0;
}

void reassigned_after(int64_t n) {
  std::map<std::string, torch::Tensor> totals;
  totals["hits"] = torch::zeros({}, torch::kLong);
  totals["hits"] = totals["hits"].to(torch::kFloat);
  for (auto &kv : totals)
    kv.second /= n;
}
