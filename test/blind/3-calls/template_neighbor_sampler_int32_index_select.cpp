// scenario: graph neighbour sampler templated on the node-id type and instantiated with int32_t; its ids feed index_select and an Embedding, both of which accept int32 indices
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

template <typename node_t>
struct CsrGraph {
  std::vector<node_t> row_ptr;
  std::vector<node_t> col;
};

template <typename node_t>
torch::Tensor sample_neighbors(const CsrGraph<node_t>& g, const std::vector<node_t>& seeds,
                               int64_t fanout) {
  std::vector<node_t> picked;
  for (node_t s : seeds) {
    for (node_t e = g.row_ptr[s], k = 0; e < g.row_ptr[s + 1] && k < fanout; ++e, ++k)
      picked.push_back(g.col[e]);
  }
  auto opts = torch::TensorOptions().dtype(c10::CppTypeToScalarType<node_t>::value);
  return torch::from_blob(picked.data(), {static_cast<int64_t>(picked.size())}, opts).clone();
}

template <typename node_t>
torch::Tensor aggregate(const torch::Tensor& features, torch::nn::Embedding& node_bias,
                        const CsrGraph<node_t>& g, const std::vector<node_t>& seeds) {
  auto nbrs = sample_neighbors(g, seeds, /*fanout=*/2);
  auto gathered = features.index_select(0, nbrs);
  return gathered.mean(0) + node_bias(nbrs).mean(0);
}

int main() {
  torch::manual_seed(97);
  CsrGraph<int32_t> g{{0, 2, 4, 5, 7, 8}, {1, 2, 0, 3, 4, 0, 1, 2}};
  auto features = torch::randn({5, 6});
  torch::nn::Embedding node_bias(5, 6);
  torch::NoGradGuard no_grad;
  auto h = aggregate<int32_t>(features, node_bias, g, {0, 3});
  std::cout << "aggregated " << h << "\n";
  return 0;
}
