// scenario: applies low-rank adapters whose factors are shipped in bfloat16 to float32 activations, inside and outside a CPU autocast region
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

struct LoraFactors {
  torch::Tensor down; // [rank, hidden], bfloat16
  torch::Tensor up;   // [hidden, rank], bfloat16
  double scale;
};

LoraFactors load_adapter(int64_t hidden, int64_t rank) {
  auto down = torch::randn({rank, hidden}) / std::sqrt(static_cast<double>(hidden));
  auto up = torch::randn({hidden, rank}) * 0.1;
  return {down.to(torch::kBFloat16), up.to(torch::kBFloat16), 2.0 / rank};
}

int main() {
  torch::manual_seed(41);
  const int64_t hidden = 64, rank = 4, tokens = 10, layers = 3;

  std::vector<torch::nn::Linear> blocks;
  std::vector<LoraFactors> adapters;
  for (int64_t l = 0; l < layers; ++l) {
    blocks.emplace_back(hidden, hidden);
    adapters.push_back(load_adapter(hidden, rank));
  }

  torch::NoGradGuard no_grad;
  auto input = torch::randn({tokens, hidden});

  // fast path: bf16 autocast
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  auto fast = input.clone();
  float merge_gap = 0.0f;
  for (int64_t l = 0; l < layers; ++l) {
    auto &a = adapters[l];
    auto base = blocks[l]->forward(fast);
    auto delta = torch::mm(torch::mm(fast, a.down.t()), a.up.t()) * a.scale;
    auto h = base + delta;
    if (l == 0) {
      // merged-weight variant, as the exporter would fold it
      auto merged = blocks[l]->weight + a.scale * torch::mm(a.up, a.down);
      auto folded = torch::nn::functional::linear(fast, merged, blocks[l]->bias);
      merge_gap = (h - folded).abs().max().item<float>();
    }
    fast = fast + torch::tanh(h).to(torch::kFloat);
  }
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  // reference path: float32 throughout
  auto ref = input.clone();
  for (int64_t l = 0; l < layers; ++l) {
    auto down = adapters[l].down.to(torch::kFloat);
    auto up = adapters[l].up.to(torch::kFloat);
    auto base = blocks[l]->forward(ref);
    auto delta = ref.mm(down.t()).mm(up.t()) * adapters[l].scale;
    ref = ref + torch::tanh(base + delta);
  }

  auto rel = ((fast - ref).norm() / ref.norm()).item<float>();
  std::cout << "fast " << fast.dtype() << " vs reference " << ref.dtype()
            << ": relative error " << rel << ", merge gap " << merge_gap << "\n";
  if (fast.scalar_type() != torch::kFloat)
    return 1;
  return rel < 0.05f && merge_gap < 0.1f ? 0 : 1;
}
