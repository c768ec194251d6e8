// scenario: a multi-head trainer describes each loss by a struct holding a std::function and the target kind it expects; the dispatcher widens int32 labels to int64 for class-index losses and to float for the binary head
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

enum class TargetKind { ClassIndex, Binary };

struct LossSpec {
  std::string head;
  TargetKind kind;
  std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&)> fn;
};

torch::Tensor prepare_target(const torch::Tensor& raw, TargetKind kind) {
  switch (kind) {
    case TargetKind::ClassIndex:
      return raw.to(torch::kLong);
    case TargetKind::Binary:
      return raw.to(torch::kFloat);
  }
  return raw;
}

int main() {
  torch::manual_seed(19);
  std::vector<LossSpec> specs = {
      {"intent", TargetKind::ClassIndex,
       [](const torch::Tensor& logits, const torch::Tensor& y) { return F::cross_entropy(logits, y); }},
      {"spam", TargetKind::Binary,
       [](const torch::Tensor& logits, const torch::Tensor& y) {
         return F::binary_cross_entropy(torch::sigmoid(logits.squeeze(-1)), y);
       }},
  };

  torch::Tensor features = torch::randn({4, 6});
  torch::nn::Linear intent_head(6, 5), spam_head(6, 1);
  std::vector<int32_t> intent_ids = {4, 0, 2, 2};
  std::vector<int32_t> spam_flags = {0, 1, 0, 0};

  torch::Tensor total = torch::zeros({});
  for (const auto& spec : specs) {
    const bool is_intent = spec.head == "intent";
    torch::Tensor logits = is_intent ? intent_head->forward(features) : spam_head->forward(features);
    std::vector<int32_t>& ids = is_intent ? intent_ids : spam_flags;
    torch::Tensor raw = torch::from_blob(ids.data(), {static_cast<int64_t>(ids.size())}, torch::kInt32);
    total = total + spec.fn(logits, prepare_target(raw, spec.kind));
  }
  total.backward();
  std::cout << "total loss " << total.item<float>() << "\n";
  return 0;
}
