// scenario: few-shot evaluation embeds queries under bf16 autocast and scores them against float32 class prototypes in a helper
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Float
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <map>
#include <string>

namespace {

template <typename Fn>
auto with_autocast(bool enabled, Fn&& fn) {
  const bool prev = at::autocast::is_cpu_enabled();
  at::autocast::set_cpu_enabled(enabled);
  at::autocast::increment_nesting();
  auto out = fn();
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  at::autocast::set_cpu_enabled(prev);
  return out;
}

torch::Tensor build_prototypes(torch::nn::Sequential& encoder, const torch::Tensor& support,
                               const torch::Tensor& support_labels, int64_t ways) {
  torch::NoGradGuard no_grad;
  auto emb = encoder->forward(support);
  auto protos = torch::zeros({ways, emb.size(1)});
  protos.index_add_(0, support_labels, emb);
  auto counts = torch::bincount(support_labels, {}, ways).to(torch::kFloat).unsqueeze(1);
  return protos / counts;
}

torch::Tensor score(const torch::Tensor& queries, const torch::Tensor& protos) {
  auto sq = queries.pow(2).sum(1, true) + protos.pow(2).sum(1).unsqueeze(0);
  return -(sq - 2 * torch::matmul(queries, protos.t())); // BUG
}

}  // namespace

int main() {
  torch::manual_seed(31);
  const int64_t ways = 5, shots = 3;
  torch::nn::Sequential encoder(torch::nn::Linear(40, 64), torch::nn::ReLU(), torch::nn::Linear(64, 32));
  encoder->eval();
  std::map<std::string, double> report;

  for (int episode = 0; episode < 2; ++episode) {
    auto support = torch::randn({ways * shots, 40});
    auto support_labels = torch::arange(ways, torch::kLong).repeat_interleave(shots);
    auto protos = build_prototypes(encoder, support, support_labels, ways);

    auto query = torch::randn({ways * 4, 40});
    auto query_labels = torch::arange(ways, torch::kLong).repeat_interleave(4);
    auto q_emb = with_autocast(true, [&] {
      torch::NoGradGuard no_grad;
      return encoder->forward(query);
    });
    auto logits = score(q_emb, protos);
    auto acc = logits.argmax(1).eq(query_labels).to(torch::kFloat).mean().item<double>();
    report["episode_" + std::to_string(episode)] = acc;
  }
  for (const auto& [k, v] : report) std::cout << k << " acc " << v << "\n";
  return 0;
}
