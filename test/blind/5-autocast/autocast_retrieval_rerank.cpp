// scenario: query embeddings are computed under CPU autocast, then scored against a float32 gallery cached at startup
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace {

template <typename Fn>
auto with_cpu_autocast(Fn &&fn) -> decltype(fn()) {
  const bool prev = at::autocast::is_cpu_enabled();
  at::autocast::set_cpu_enabled(true);
  auto out = fn();
  at::autocast::set_cpu_enabled(prev);
  at::autocast::clear_cache();
  return out;
}

struct QueryEncoderImpl : torch::nn::Module {
  QueryEncoderImpl()
      : fc1(register_module("fc1", torch::nn::Linear(32, 64))),
        fc2(register_module("fc2", torch::nn::Linear(64, 16))) {}
  torch::Tensor forward(const torch::Tensor &x) { return fc2(torch::relu(fc1(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(QueryEncoder);

torch::Tensor l2_normalize(const torch::Tensor &x) { return x / x.norm(2, {-1}, true).clamp_min(1e-6); }

} // namespace

int main() {
  torch::manual_seed(4);
  QueryEncoder encoder;
  encoder->eval();
  torch::NoGradGuard no_grad;

  // gallery embeddings were exported by the indexing job in float32
  auto gallery = l2_normalize(torch::randn({100, 16}));
  std::vector<std::string> ids;
  for (int i = 0; i < 100; ++i)
    ids.push_back("doc-" + std::to_string(i));

  auto raw_queries = torch::randn({3, 32});
  auto queries = with_cpu_autocast([&] { return encoder->forward(raw_queries); });
  queries = l2_normalize(queries);

  auto sims = torch::mm(queries, gallery.t()); // BUG
  auto top = sims.topk(5, 1);
  auto idx = std::get<1>(top);
  for (int64_t q = 0; q < idx.size(0); ++q)
    std::cout << "query " << q << " -> " << ids[idx[q][0].item<int64_t>()] << "\n";
  return 0;
}
