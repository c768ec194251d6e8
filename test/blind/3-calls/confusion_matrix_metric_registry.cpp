// scenario: evaluation loop looks metrics up by name in a registry of std::function; the confusion-matrix metric scatters float ones into an int64 count matrix with index_put_
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Index put requires the source and destination dtypes match, got Long for the destination and Float for the source
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace {
constexpr int64_t kNumClasses = 4;

using MetricUpdate = std::function<void(torch::Tensor &state, const torch::Tensor &pred, const torch::Tensor &target)>;

struct MetricSpec {
  std::function<torch::Tensor()> init;
  MetricUpdate update;
};

std::unordered_map<std::string, MetricSpec> &metric_registry() {
  static std::unordered_map<std::string, MetricSpec> registry = {
      {"accuracy",
       {[] { return torch::zeros({2}, torch::kLong); },
        [](torch::Tensor &state, const torch::Tensor &pred, const torch::Tensor &target) {
          state[0] += pred.eq(target).sum();
          state[1] += target.numel();
        }}},
      {"confusion",
       {[] { return torch::zeros({kNumClasses, kNumClasses}, torch::kLong); },
        [](torch::Tensor &state, const torch::Tensor &pred, const torch::Tensor &target) {
          auto ones = torch::ones({target.numel()});
          state.index_put_({target, pred}, ones, /*accumulate=*/true); // BUG
        }}},
  };
  return registry;
}

std::optional<MetricSpec> find_metric(const std::string &name) {
  auto &reg = metric_registry();
  auto it = reg.find(name);
  if (it == reg.end())
    return std::nullopt;
  return it->second;
}
} // namespace

int main() {
  torch::manual_seed(8);
  torch::nn::Linear classifier(6, kNumClasses);
  const std::vector<std::string> wanted = {"accuracy", "confusion", "f1"};

  std::vector<std::pair<std::string, MetricSpec>> active;
  std::unordered_map<std::string, torch::Tensor> states;
  for (const auto &name : wanted) {
    auto spec = find_metric(name);
    if (!spec) {
      std::cout << "skipping unknown metric " << name << "\n";
      continue;
    }
    states[name] = spec->init();
    active.emplace_back(name, *spec);
  }

  torch::NoGradGuard no_grad;
  for (int batch = 0; batch < 3; ++batch) {
    auto x = torch::randn({20, 6});
    auto target = torch::randint(0, kNumClasses, {20});
    auto pred = classifier(x).argmax(1);
    for (auto &[name, spec] : active)
      spec.update(states[name], pred, target);
  }
  std::cout << "accuracy " << states["accuracy"] << "\nconfusion\n" << states["confusion"] << "\n";
  return 0;
}
