// scenario: a document re-ranker runs its cross-encoder blocks under CPU bfloat16 autocast to speed up batch scoring
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

namespace {

struct AutocastConfig {
  bool enabled = true;
  at::ScalarType dtype = at::kBFloat16;
};

class ScopedCpuAutocast {
public:
  explicit ScopedCpuAutocast(const AutocastConfig &cfg) : saved_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_autocast_cpu_dtype(cfg.dtype);
    at::autocast::set_cpu_enabled(cfg.enabled);
  }
  ~ScopedCpuAutocast() {
    at::autocast::set_cpu_enabled(saved_);
    at::autocast::clear_cache();
  }

private:
  bool saved_;
};

class CrossBlockImpl : public torch::nn::Module {
public:
  explicit CrossBlockImpl(int64_t dim) {
    mix_ = register_module("mix", torch::nn::Linear(dim, dim));
    norm_ = register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::gelu(mix_(x));
    return x + norm_(h); // BUG
  }

private:
  torch::nn::Linear mix_{nullptr};
  torch::nn::LayerNorm norm_{nullptr};
};
TORCH_MODULE(CrossBlock);

class Reranker {
public:
  Reranker(int64_t dim, int depth) : blocks_(torch::nn::ModuleList()), score_(torch::nn::Linear(dim, 1)) {
    for (int i = 0; i < depth; ++i) blocks_->push_back(CrossBlock(dim));
  }

  torch::Tensor score(const torch::Tensor &pair_features, const AutocastConfig &cfg) {
    torch::NoGradGuard no_grad;
    ScopedCpuAutocast autocast(cfg);
    torch::Tensor x = pair_features;
    for (const auto &block : *blocks_) x = block->as<CrossBlock>()->forward(x);
    return score_(x).squeeze(-1).to(torch::kFloat32);
  }

private:
  torch::nn::ModuleList blocks_;
  torch::nn::Linear score_;
};

} // namespace

int main() {
  Reranker reranker(256, 2);
  AutocastConfig cfg;
  auto scores = reranker.score(torch::randn({32, 256}), cfg);
  auto order = scores.argsort(0, /*descending=*/true);
  std::cout << "best document " << order[0].item<int64_t>() << "\n";
  return 0;
}
