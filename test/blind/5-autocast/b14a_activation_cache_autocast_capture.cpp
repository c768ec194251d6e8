// scenario: interpretability hook captures layer activations into a member cache, some under CPU bfloat16 autocast, and a later report projects them in float32
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <ATen/autocast_mode.h>
#include <torch/torch.h>

#include <map>
#include <string>

namespace {

class CpuAutocastScope {
public:
  explicit CpuAutocastScope(c10::ScalarType dtype)
      : prev_enabled_(at::autocast::is_cpu_enabled()),
        prev_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::set_autocast_cpu_dtype(dtype);
    at::autocast::increment_nesting();
  }
  ~CpuAutocastScope() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(prev_enabled_);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
  }

private:
  bool prev_enabled_;
  c10::ScalarType prev_dtype_;
};

struct Captured {
  torch::Tensor activation;
  bool low_precision = false;
};

class ActivationProbe {
public:
  ActivationProbe() : fc1_(8, 16), fc2_(16, 4) {}

  void capture(const torch::Tensor &x, bool fast) {
    torch::NoGradGuard no_grad;
    if (fast) {
      CpuAutocastScope autocast(torch::kBFloat16);
      auto h = torch::relu(fc1_->forward(x));
      cache_["fc1"] = {h, true};
      cache_["fc2"] = {fc2_->forward(h), true};
      return;
    }
    auto h = torch::relu(fc1_->forward(x));
    cache_["fc1"] = {h, false};
    cache_["fc2"] = {fc2_->forward(h), false};
  }

  // Projects every cached activation on a fixed float32 direction.
  std::map<std::string, torch::Tensor> report() const {
    std::map<std::string, torch::Tensor> out;
    for (const auto &entry : cache_) {
      torch::Tensor act = entry.second.activation;
      if (entry.second.low_precision)
        act = act.to(torch::kFloat);
      auto direction = torch::ones({act.size(1), 1}) / static_cast<double>(act.size(1));
      out[entry.first] = torch::mm(act, direction).squeeze(1);
    }
    return out;
  }

  torch::Tensor fc2_table(int64_t rows) const {
    auto table = torch::zeros({rows, 4});
    const Captured &c = cache_.at("fc2");
    auto idx = torch::arange(c.activation.size(0));
    table.index_put_({idx}, c.activation.to(table.scalar_type()));
    return table;
  }

  const Captured &entry(const std::string &name) const { return cache_.at(name); }

private:
  torch::nn::Linear fc1_;
  torch::nn::Linear fc2_;
  std::map<std::string, Captured> cache_;
};

} // namespace

int main() {
  torch::manual_seed(0);
  ActivationProbe probe;
  auto x = torch::randn({6, 8});

  probe.capture(x, /*fast=*/false);
  auto exact = probe.report();
  auto exact_table = probe.fc2_table(6);

  probe.capture(x, /*fast=*/true);
  if (probe.entry("fc2").activation.scalar_type() != torch::kBFloat16)
    return 1;
  if (at::autocast::is_cpu_enabled())
    return 1;
  auto fast = probe.report();
  auto fast_table = probe.fc2_table(6);

  for (const auto &entry : exact) {
    const auto &approx = fast.at(entry.first);
    if (approx.scalar_type() != torch::kFloat)
      return 1;
    if (!torch::allclose(entry.second, approx, /*rtol=*/5e-2, /*atol=*/5e-2))
      return 1;
  }
  return torch::allclose(exact_table, fast_table, 5e-2, 5e-2) ? 0 : 1;
}
