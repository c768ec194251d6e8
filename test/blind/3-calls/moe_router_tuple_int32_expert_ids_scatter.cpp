// scenario: a mixture-of-experts router returns (gate weights, expert ids) as a std::tuple, with the ids narrowed to int32 for the fused dispatch kernel; the fallback path scatters the weights into a dense routing matrix with those ids
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: scatter(): Expected dtype int64 for index
#include <torch/torch.h>
#include <iostream>
#include <tuple>

struct RouterOutput {
  torch::Tensor dense_routing; // [tokens, experts]
  torch::Tensor load;          // tokens per expert
};

std::tuple<torch::Tensor, torch::Tensor> top_k_gating(const torch::Tensor& gate_logits, int64_t k) {
  torch::Tensor probs = torch::softmax(gate_logits, -1);
  torch::Tensor weights, expert_ids;
  std::tie(weights, expert_ids) = probs.topk(k, -1);
  weights = weights / weights.sum(-1, /*keepdim=*/true);
  // The fused dispatch kernel reads 32-bit expert ids.
  return std::make_tuple(weights, expert_ids.to(torch::kInt32));
}

RouterOutput route(const torch::Tensor& tokens, const torch::Tensor& gate_weight, int64_t k) {
  const int64_t num_experts = gate_weight.size(0);
  torch::Tensor gate_logits = torch::mm(tokens, gate_weight.t());
  auto gating = top_k_gating(gate_logits, k);

  RouterOutput out;
  out.dense_routing = torch::zeros({tokens.size(0), num_experts});
  out.dense_routing.scatter_(1, std::get<1>(gating), std::get<0>(gating)); // BUG
  out.load = (out.dense_routing > 0).sum(0);
  return out;
}

int main() {
  torch::manual_seed(41);
  torch::Tensor tokens = torch::randn({6, 16});
  torch::Tensor gate_weight = torch::randn({4, 16}) * 0.2;

  RouterOutput routed = route(tokens, gate_weight, /*k=*/2);
  std::cout << "routing\n" << routed.dense_routing << "\nload " << routed.load << "\n";
  return 0;
}
